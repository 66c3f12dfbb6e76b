/**
 * storage.local's byte budget, per kind of data.
 *
 * storage.local has one quota for everything (10 MB in Chrome without `unlimitedStorage`). What
 * Courier keeps there is of two kinds:
 * - important state: settings, the API key (Chrome), connected sites, tracked transactions, the
 *   badge mark. Losing a write of it loses the user's work or choice.
 * - cached API data: the chain and asset lists (directory/cache.ts). Re-derivable: dropping it
 *   costs one fetch.
 *
 * Cached data is bounded in bytes (CACHE_BUDGET_BYTES, enforced by its owner), and the guard
 * below makes sure it can never block important state: when a write of important state fails
 * for quota, cached entries are dropped (in their owner's order) and the write is tried again.
 * A cache write that fails for quota drops nothing: it is refused.
 */
import { z } from 'zod';
import { ProtocolError } from '../protocol-error';
import type { Logger, StorageAreaLike } from './versioned';

/**
 * All cached API data together, as storage counts it. The local service's full chain and asset
 * lists take 0.84 MB; this leaves room for an API that lists twice as much, and keeps the cache
 * to a fifth of the quota, the rest being for important state (tracked transactions alone may
 * reach 4 MB: 500 items of at most 8 KB).
 */
export const CACHE_BUDGET_BYTES = 2 * 1024 * 1024;

/**
 * storage.local's quota where the browser does not say (`QUOTA_BYTES`, which Firefox's
 * storage.local lacks): Chrome's 10 MB, the budget Courier designs for in every browser.
 */
export const LOCAL_QUOTA_BYTES = 10 * 1024 * 1024;

/** From this share of the quota on, the popup says storage is near its limit. */
export const NEAR_LIMIT_RATIO = 0.8;

/** Removal steps one failed write may take before giving up (each drops one cache key). */
const MAX_EVICTIONS = 64;

const utf8 = new TextEncoder();

/** Bytes one item takes, counted as Chrome counts it: the key plus the value's JSON, in UTF-8. */
export function storedBytes(key: string, value: unknown): number {
  const json = JSON.stringify(value);
  return utf8.encode(key).length + (json === undefined ? 0 : utf8.encode(json).length);
}

/** `1.4 MB` (MiB, one decimal): for messages. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}

/**
 * The browser's "storage is full": Chrome rejects with `QUOTA_BYTES quota exceeded`; Firefox
 * with a QuotaExceededError (a DOMException from IndexedDB, or its name in the message).
 */
export function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'QuotaExceededError') return true;
  return typeof message === 'string' && /QUOTA_BYTES|QuotaExceeded|quota exceeded/i.test(message);
}

/** A write that storage has no room for, even after dropping everything cached. */
export class StorageFullError extends ProtocolError {
  constructor(message: string) {
    super('storage-full', message);
  }
}

/** How full storage.local is, for the popup (`courier:storage:usage`). */
export const StorageUsage = z.object({
  bytesInUse: z.number().int().nonnegative(),
  quotaBytes: z.number().int().positive(),
  /** bytesInUse ≥ NEAR_LIMIT_RATIO of the quota. */
  nearLimit: z.boolean(),
  /** `browser`: getBytesInUse; `estimate`: summed from the stored values (Firefox has no getBytesInUse for storage.local). */
  measured: z.enum(['browser', 'estimate']),
});
export type StorageUsage = z.infer<typeof StorageUsage>;

/** storage.local as the guard uses it: listing and measuring are optional (they differ per browser). */
export interface LocalArea extends StorageAreaLike {
  get(keys: string | string[] | null): Promise<Record<string, unknown>>;
  getKeys?(): Promise<string[]>;
  getBytesInUse?(keys?: string | string[] | null): Promise<number>;
  QUOTA_BYTES?: number;
}

/** One kind of cached data: which keys are its own, in which order to drop them. */
export interface CacheKind {
  owns(key: string): boolean;
  /** Its keys now stored, the first to drop first (default: as listed). */
  order?(keys: readonly string[]): Promise<readonly string[]> | readonly string[];
  /** Told after keys were dropped, so in-memory copies follow. */
  dropped?(keys: readonly string[]): void;
}

/**
 * storage.local behind the budget. Every background write goes through `set`; reads and removals
 * pass straight through.
 */
export class StorageGuard implements LocalArea {
  private readonly kinds: CacheKind[] = [];
  private readonly log: Logger;

  constructor(
    private readonly inner: LocalArea,
    options: { log?: Logger } = {},
  ) {
    this.log = options.log ?? console;
  }

  /** Declares a kind of cached data: its keys may be dropped to make room for important state. */
  addCache(kind: CacheKind): void {
    this.kinds.push(kind);
  }

  isCache(key: string): boolean {
    return this.kinds.some((kind) => kind.owns(key));
  }

  get(keys: string | string[] | null): Promise<Record<string, unknown>> {
    return this.inner.get(keys);
  }

  remove(keys: string | string[]): Promise<void> {
    return this.inner.remove(keys);
  }

  /** The area's own getKeys (absent or failing in older browsers; callers fall back to get(null)). */
  getKeys(): Promise<string[]> {
    if (typeof this.inner.getKeys !== 'function') return Promise.reject(new Error('storage.local.getKeys is not available'));
    return this.inner.getKeys();
  }

  async set(items: Record<string, unknown>): Promise<void> {
    try {
      await this.inner.set(items);
      return;
    } catch (error) {
      if (!isQuotaError(error)) throw error;
    }
    const keys = Object.keys(items);
    if (keys.every((key) => this.isCache(key))) {
      // Cached data yields to everything else: it never drops anything to make room for itself.
      throw new StorageFullError('Courier’s storage is full, so the routing API’s lists were not kept; your settings and transfers keep the room they need.');
    }
    const dropped: string[] = [];
    for (let step = 0; step < MAX_EVICTIONS; step++) {
      const next = await this.nextToDrop();
      if (next === undefined) break;
      await this.drop(next);
      dropped.push(next.key);
      try {
        await this.inner.set(items);
        this.log.warn(`[courier] storage.local was full: dropped the cached ${dropped.join(', ')} to store ${keys.join(', ')}`);
        return;
      } catch (error) {
        if (!isQuotaError(error)) throw error;
      }
    }
    this.log.error(`[courier] storage.local is full even without cached data; ${keys.join(', ')} not stored`);
    throw new StorageFullError(
      'Courier’s storage is full, so this change was not saved. Remove finished transfers in Activity or disconnect sites you no longer use, then try again.',
    );
  }

  /** How full storage.local is: the browser's count where it has one, else summed from the values. */
  async usage(): Promise<StorageUsage> {
    const quota = typeof this.inner.QUOTA_BYTES === 'number' && this.inner.QUOTA_BYTES > 0 ? this.inner.QUOTA_BYTES : LOCAL_QUOTA_BYTES;
    let bytes: number | undefined;
    let measured: StorageUsage['measured'] = 'browser';
    if (typeof this.inner.getBytesInUse === 'function') {
      try {
        bytes = await this.inner.getBytesInUse(null);
      } catch {
        bytes = undefined; // listed but not implemented (Firefox's storage.local, test fakes)
      }
    }
    if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) {
      measured = 'estimate';
      const all = await this.inner.get(null);
      bytes = Object.entries(all).reduce((sum, [key, value]) => sum + storedBytes(key, value), 0);
    }
    const bytesInUse = Math.round(bytes);
    return { bytesInUse, quotaBytes: quota, nearLimit: bytesInUse >= quota * NEAR_LIMIT_RATIO, measured };
  }

  /** The first cached key to drop: kinds in the order they were added, each in its own order. */
  private async nextToDrop(): Promise<{ key: string; kind: CacheKind } | undefined> {
    const stored = await this.listKeys();
    for (const kind of this.kinds) {
      const own = stored.filter((key) => kind.owns(key));
      if (own.length === 0) continue;
      const ordered = kind.order ? await kind.order(own) : own;
      // The owner's order, then anything it did not name (still its key, still droppable).
      const key = [...ordered, ...own].find((candidate) => own.includes(candidate));
      if (key !== undefined) return { key, kind };
    }
    return undefined;
  }

  private async drop({ key, kind }: { key: string; kind: CacheKind }): Promise<void> {
    await this.inner.remove(key);
    try {
      kind.dropped?.([key]);
    } catch (error) {
      this.log.warn('[courier] a cache could not follow a dropped key', error);
    }
  }

  private async listKeys(): Promise<string[]> {
    if (typeof this.inner.getKeys === 'function') {
      try {
        return await this.inner.getKeys();
      } catch {
        // listed but not implemented: read everything instead
      }
    }
    return Object.keys(await this.inner.get(null));
  }
}
