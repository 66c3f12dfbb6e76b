import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * API keys: the service keeps only SHA-256 hashes, so a stolen key file reveals no key, and a key
 * is shown once, at creation.
 */

export const KeyFile = z.object({
  version: z.literal(1),
  keys: z.array(
    z.object({
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      created_at: z.string(),
      label: z.string().optional(),
    }),
  ),
});
export type KeyFile = z.infer<typeof KeyFile>;

export const defaultKeyFile = () =>
  process.env.COURIER_API_KEYS ?? path.join(os.homedir(), '.courier', 'api-keys.json');

export const hashKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

export function readKeyFile(file: string): KeyFile {
  if (!existsSync(file)) return { version: 1, keys: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = KeyFile.safeParse(raw);
  if (!parsed.success) throw new Error(`${file} is not a Courier key file: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/** Creates a key, appends its hash to `file` (written atomically) and returns the raw key. */
export function createKey(file: string, label?: string): string {
  const store = readKeyFile(file);
  const key = `courier_${randomBytes(24).toString('base64url')}`;
  store.keys.push({ sha256: hashKey(key), created_at: new Date().toISOString(), ...(label ? { label } : {}) });
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(store, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, file);
  return key;
}

export class KeyRing {
  private readonly hashes: Buffer[];
  constructor(hashes: readonly string[]) {
    this.hashes = hashes.map((h) => Buffer.from(h, 'hex'));
  }
  static fromFile(file: string): KeyRing {
    return new KeyRing(readKeyFile(file).keys.map((k) => k.sha256));
  }
  get size(): number {
    return this.hashes.length;
  }
  /** Constant-time per comparison, so timing does not reveal how much of a hash matched. */
  isValid(key: string | undefined): boolean {
    if (!key) return false;
    const candidate = Buffer.from(hashKey(key), 'hex');
    let found = false;
    for (const h of this.hashes) found = timingSafeEqual(h, candidate) || found;
    return found;
  }
}
