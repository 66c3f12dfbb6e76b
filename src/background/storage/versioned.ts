import type { z } from 'zod';
import type { Clock } from '../clock';
import type { KeyedMutex } from './mutex';

/** The part of a `storage.*` area the records use (fakeBrowser's and the real one fit). */
export interface StorageAreaLike {
  get(keys: string | string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
}

/** One step of a record's history: turns a record of version `from` into one of `from + 1`. */
export interface Migration {
  from: number;
  migrate(record: Record<string, unknown>): Record<string, unknown>;
}

export interface VersionedRecordSpec<T extends { version: number }> {
  /** Storage key, prefixed `courier:`. */
  key: string;
  /** The version this build writes. */
  version: number;
  /** The whole record, `version` included. */
  schema: z.ZodType<T>;
  /** Every step from version 1 up to `version`; a missing step makes old records corrupt. */
  migrations: readonly Migration[];
  /** The record when nothing is stored yet. */
  initial(): T;
  /** Best effort for a record that fails its schema (e.g. keep the items that still parse). */
  salvage?(raw: unknown): T | undefined;
}

export type Logger = Pick<Console, 'warn' | 'error'>;

export interface RecordDeps {
  area: StorageAreaLike;
  mutex: KeyedMutex;
  clock: Clock;
  log?: Logger;
}

export class StoredRecordError extends Error {
  override name = 'StoredRecordError';
}

/**
 * Runs the migrations from `record.version` up to `target`, one step at a time. Pure; throws
 * StoredRecordError when a step is missing or a step does not land on the next version.
 */
export function migrateRecord(
  record: Record<string, unknown>,
  target: number,
  migrations: readonly Migration[],
): Record<string, unknown> {
  let current = record;
  for (;;) {
    const version = current.version;
    if (typeof version !== 'number' || !Number.isInteger(version)) throw new StoredRecordError('record has no version');
    if (version === target) return current;
    if (version > target) throw new StoredRecordError(`record version ${version} is newer than ${target}`);
    const step = migrations.find((m) => m.from === version);
    if (!step) throw new StoredRecordError(`no migration from version ${version}`);
    const next = step.migrate(current);
    if (next.version !== version + 1) {
      throw new StoredRecordError(`migration from ${version} produced version ${String(next.version)}`);
    }
    current = next;
  }
}

/**
 * A versioned record in a storage area. Every read is zod-parsed (after migrations); every
 * change is written before it is acknowledged, one at a time per key (the mutex). A record that
 * cannot be read is never silently dropped: its raw value is copied to a backup key first.
 *
 * The parsed value is cached for the worker's lifetime because only the background writes these
 * keys; callers must treat what they get as immutable and return new objects from `update`.
 */
export class VersionedRecord<T extends { version: number }> {
  private cached: T | undefined;
  private readonly log: Logger;

  constructor(
    readonly spec: VersionedRecordSpec<T>,
    private readonly deps: RecordDeps,
  ) {
    this.log = deps.log ?? console;
  }

  get key(): string {
    return this.spec.key;
  }

  /** The current record (the initial one when nothing is stored). */
  read(): Promise<T> {
    return this.deps.mutex.run(this.spec.key, () => this.load());
  }

  /**
   * Read-modify-write under the key's lock. `fn` returns the next record (or `undefined` to
   * leave it unchanged) and a result for the caller.
   */
  update<R>(fn: (current: T) => { next: T | undefined; result: R }): Promise<R> {
    return this.deps.mutex.run(this.spec.key, async () => {
      const current = await this.load();
      const { next, result } = fn(current);
      if (next !== undefined && next !== current) await this.store(next);
      return result;
    });
  }

  /** Removes the record; the next read starts from `initial()`. */
  clear(): Promise<void> {
    return this.deps.mutex.run(this.spec.key, async () => {
      await this.deps.area.remove(this.spec.key);
      this.cached = undefined;
    });
  }

  /** Forgets the cache (tests, or after another context wrote the key). */
  invalidate(): void {
    this.cached = undefined;
  }

  private async store(next: T): Promise<void> {
    // Parse before writing too: a bug must not persist a record the next start cannot read.
    const checked = this.spec.schema.parse(next);
    await this.deps.area.set({ [this.spec.key]: checked });
    this.cached = checked;
  }

  private async load(): Promise<T> {
    if (this.cached !== undefined) return this.cached;
    const { key, version } = this.spec;
    const raw = (await this.deps.area.get(key))[key];
    if (raw === undefined || raw === null) {
      this.cached = this.spec.initial();
      return this.cached;
    }

    const storedVersion = isRecord(raw) && typeof raw.version === 'number' ? raw.version : undefined;
    if (storedVersion !== undefined && storedVersion > version) {
      // Written by a newer Courier, then downgraded. Keep it aside untouched; carry on with what
      // the current schema can still read.
      await this.backup(`${key}:backup:v${storedVersion}`, raw);
      this.log.warn(`[courier] ${key} has version ${storedVersion}, newer than ${version}; kept a backup`);
      return this.recover(raw, 'newer version');
    }

    let migrated: Record<string, unknown>;
    try {
      if (!isRecord(raw)) throw new StoredRecordError('record is not an object');
      migrated = migrateRecord(raw, version, this.spec.migrations);
    } catch (error) {
      return this.recoverCorrupt(raw, error instanceof Error ? error.message : String(error));
    }
    const parsed = this.spec.schema.safeParse(migrated);
    if (!parsed.success) {
      // Paths and codes only: a record may hold a secret, so its values are never logged.
      const where = parsed.error.issues
        .slice(0, 5)
        .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.code}`)
        .join('; ');
      return this.recoverCorrupt(raw, `schema mismatch (${where})`);
    }
    if (storedVersion !== version) {
      await this.backup(`${key}:backup:v${String(storedVersion)}`, raw);
      await this.deps.area.set({ [key]: parsed.data });
    }
    this.cached = parsed.data;
    return parsed.data;
  }

  private async recoverCorrupt(raw: unknown, reason: string): Promise<T> {
    const backupKey = `${this.spec.key}:corrupt:${this.deps.clock.now()}`;
    await this.backup(backupKey, raw);
    this.log.error(`[courier] ${this.spec.key} could not be read (${reason}); the raw record is kept in ${backupKey}`);
    const value = await this.recover(raw, reason);
    await this.deps.area.set({ [this.spec.key]: value });
    return value;
  }

  private async recover(raw: unknown, _reason: string): Promise<T> {
    let value: T | undefined;
    try {
      value = this.spec.salvage?.(raw);
    } catch {
      value = undefined;
    }
    const checked = value === undefined ? undefined : this.spec.schema.safeParse(value);
    this.cached = checked?.success ? checked.data : this.spec.initial();
    return this.cached;
  }

  private async backup(backupKey: string, raw: unknown): Promise<void> {
    const existing = (await this.deps.area.get(backupKey))[backupKey];
    if (existing === undefined) await this.deps.area.set({ [backupKey]: raw });
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
