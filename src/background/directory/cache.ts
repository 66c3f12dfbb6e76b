/**
 * The API's chain and asset lists, cached in storage.local per base URL and revalidated in the
 * background (stale-while-revalidate): the popup gets what is cached at once, however old, and a
 * fetch starts when it is older than the time-to-live; `refresh()` waits for that fetch.
 *
 * Fetched once per base URL with every kind included (include_evm / include_svm on chains,
 * include_evm_assets / include_svm_assets / include_cw20_assets on assets): the popup filters by
 * the form's options, which gives the same lists the API would give for those flags without a
 * request (and a cache entry) per combination.
 *
 * A cache is re-derivable, so a record that fails its schema is removed (and logged by key only)
 * rather than backed up: the next fetch replaces it. At most `maxEntries` base URLs are kept;
 * the least recently fetched one goes first.
 *
 * Bounded in bytes too (storage/budget.ts): all records together stay within `budgetBytes`
 * (CACHE_BUDGET_BYTES), older base URLs' lists being dropped to make room; lists that alone take
 * more are refused and the ones cached before stay. Its keys are declared to the storage guard
 * (`cacheKind()`), which drops them, least recently fetched first, when important state needs room.
 */
import type { ApiClient } from '../../api';
import type { Clock } from '../clock';
import { toProtocolError } from '../api-proxy';
import { CACHE_BUDGET_BYTES, formatMegabytes, storedBytes, type CacheKind } from '../storage/budget';
import type { KeyedMutex } from '../storage/mutex';
import type { Logger, StorageAreaLike } from '../storage/versioned';
import { ProtocolError } from '../protocol-error';
import { normaliseDirectory } from './normalise';
import {
  DIRECTORY_VERSION,
  DirectoryIndex,
  DirectoryRecord,
  type DirectorySnapshot,
} from './schema';

export const DIRECTORY_KEY_PREFIX = 'courier:directory:';
export const DIRECTORY_INDEX_KEY = 'courier:directory:index';
/** Chains and assets change over days, not minutes: an hour keeps the pickers current enough. */
export const DIRECTORY_TTL_MS = 60 * 60_000;
export const DIRECTORY_MAX_ENTRIES = 4;
/** After a failed fetch, `get()` does not start another for this long (an offline popup opened often). */
export const DIRECTORY_RETRY_AFTER_MS = 60_000;

export const directoryKey = (baseUrl: string): string => `${DIRECTORY_KEY_PREFIX}${baseUrl}`;

export interface DirectoryCacheDeps {
  area: StorageAreaLike;
  mutex: KeyedMutex;
  clock: Clock;
  /** The client for the current settings; its baseUrl names the cache entry. */
  getClient(): Promise<ApiClient>;
  ttlMs?: number;
  maxEntries?: number;
  /** Bytes all records may take together (default CACHE_BUDGET_BYTES). */
  budgetBytes?: number;
  log?: Logger;
}

/** ProtocolError code of lists refused for their size. */
export const DIRECTORY_TOO_LARGE_CODE = 'directory-too-large';

export class DirectoryCache {
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly budgetBytes: number;
  private readonly log: Logger;
  /** Parsed records by base URL: only this class writes them, so they stay true for the worker's life. */
  private readonly memory = new Map<string, DirectoryRecord | null>();
  private readonly inFlight = new Map<string, Promise<DirectoryRecord>>();
  private readonly failures = new Map<string, { at: number; message: string }>();

  constructor(private readonly deps: DirectoryCacheDeps) {
    this.ttlMs = deps.ttlMs ?? DIRECTORY_TTL_MS;
    this.maxEntries = deps.maxEntries ?? DIRECTORY_MAX_ENTRIES;
    this.budgetBytes = deps.budgetBytes ?? CACHE_BUDGET_BYTES;
    this.log = deps.log ?? console;
  }

  /**
   * For the storage guard: every `courier:directory:*` key is cache. Dropped first: records the
   * index does not list, then the least recently fetched; the index itself last.
   */
  cacheKind(): CacheKind {
    return {
      owns: (key) => key.startsWith(DIRECTORY_KEY_PREFIX),
      order: async (keys) => {
        const raw = (await this.deps.area.get(DIRECTORY_INDEX_KEY))[DIRECTORY_INDEX_KEY];
        const parsed = DirectoryIndex.safeParse(raw);
        const usedAt = new Map((parsed.success ? parsed.data.entries : []).map((e) => [directoryKey(e.baseUrl), e.usedAt]));
        const rank = (key: string) => (key === DIRECTORY_INDEX_KEY ? Infinity : (usedAt.get(key) ?? -Infinity));
        return [...keys].sort((a, b) => rank(a) - rank(b));
      },
      dropped: (keys) => {
        for (const key of keys) {
          if (key !== DIRECTORY_INDEX_KEY) this.memory.delete(key.slice(DIRECTORY_KEY_PREFIX.length));
        }
      },
    };
  }

  /** What is cached for the current API, at once; starts a revalidation when it is stale or missing. */
  async get(): Promise<DirectorySnapshot> {
    const client = await this.deps.getClient();
    const record = await this.read(client.baseUrl);
    const fresh = this.isFresh(record);
    const failure = this.failures.get(client.baseUrl);
    const backingOff = failure !== undefined && this.deps.clock.now() - failure.at < DIRECTORY_RETRY_AFTER_MS;
    if (!fresh && !backingOff) this.revalidate(client).catch(() => undefined); // refresh() reports it
    return this.snapshot(client.baseUrl, record, failure?.message ?? null);
  }

  /**
   * Waits for the revalidation under way, or starts one when the entry is stale, missing or
   * `force`d; answers the new lists. When the fetch fails, the cached lists are answered with
   * the reason in `error`; with nothing cached, the failure is thrown (ProtocolError `api`).
   */
  async refresh(force = false): Promise<DirectorySnapshot> {
    const client = await this.deps.getClient();
    const cached = await this.read(client.baseUrl);
    if (!force && this.isFresh(cached) && !this.inFlight.has(client.baseUrl)) return this.snapshot(client.baseUrl, cached, null);
    try {
      const record = await this.revalidate(client);
      return this.snapshot(client.baseUrl, record, null);
    } catch (error) {
      if (cached) return this.snapshot(client.baseUrl, cached, this.failures.get(client.baseUrl)?.message ?? messageOf(error));
      throw toProtocolError(error);
    }
  }

  private isFresh(record: DirectoryRecord | null): boolean {
    // cached before the bridge list was kept: served, and fetched again
    if (!record || record.directory.bridges === undefined) return false;
    const age = this.deps.clock.now() - record.fetchedAt;
    // a record from the future (the clock was set back) is not trusted to be fresh
    return age >= 0 && age < this.ttlMs;
  }

  private snapshot(baseUrl: string, record: DirectoryRecord | null, error: string | null): DirectorySnapshot {
    return {
      baseUrl,
      directory: record?.directory ?? null,
      fetchedAt: record?.fetchedAt ?? null,
      fresh: this.isFresh(record),
      revalidating: this.inFlight.has(baseUrl),
      error,
    };
  }

  /** One fetch per base URL at a time; callers join the one under way. */
  private revalidate(client: ApiClient): Promise<DirectoryRecord> {
    const baseUrl = client.baseUrl;
    const running = this.inFlight.get(baseUrl);
    if (running) return running;
    const work = (async () => {
      const [chains, assets, bridges] = await Promise.all([
        client.chains({ include_evm: true, include_svm: true }),
        client.assets({ include_evm_assets: true, include_svm_assets: true, include_cw20_assets: true }),
        // Only route comparison needs it: the pickers' lists do not fail with it.
        client.bridges().catch((error: unknown) => {
          this.log.warn(`[courier] the bridge list of ${baseUrl} could not be fetched: ${messageOf(error)}`);
          return null;
        }),
      ]);
      const record: DirectoryRecord = {
        version: DIRECTORY_VERSION,
        baseUrl,
        fetchedAt: this.deps.clock.now(),
        directory: normaliseDirectory(chains, assets, bridges),
      };
      await this.write(DirectoryRecord.parse(record));
      this.failures.delete(baseUrl);
      return record;
    })();
    this.inFlight.set(baseUrl, work);
    work.then(
      () => this.inFlight.delete(baseUrl),
      (error: unknown) => {
        this.inFlight.delete(baseUrl);
        this.failures.set(baseUrl, { at: this.deps.clock.now(), message: messageOf(error) });
        this.log.warn(`[courier] the chain and asset lists of ${baseUrl} could not be fetched: ${messageOf(error)}`);
      },
    );
    return work;
  }

  private async read(baseUrl: string): Promise<DirectoryRecord | null> {
    const known = this.memory.get(baseUrl);
    if (known !== undefined) return known;
    const key = directoryKey(baseUrl);
    const raw = (await this.deps.area.get(key))[key];
    let record: DirectoryRecord | null = null;
    if (raw !== undefined && raw !== null) {
      const parsed = DirectoryRecord.safeParse(raw);
      if (parsed.success && storedBytes(key, raw) > this.budgetBytes) {
        // Cached by a build without the byte budget (a hostile API's lists): given back, fetched again.
        this.log.warn(`[courier] ${key} takes more than the cache's ${formatMegabytes(this.budgetBytes)}; it is dropped and fetched again`);
        await this.deps.area.remove(key);
      } else if (parsed.success && parsed.data.baseUrl === baseUrl) {
        record = parsed.data;
      } else {
        // Another version's layout, or damaged: the cache is rebuilt from the API.
        this.log.warn(`[courier] ${key} could not be read; it is dropped and fetched again`);
        await this.deps.area.remove(key);
      }
    }
    this.memory.set(baseUrl, record);
    return record;
  }

  private write(record: DirectoryRecord): Promise<void> {
    const key = directoryKey(record.baseUrl);
    const bytes = storedBytes(key, record);
    if (bytes > this.budgetBytes) {
      const had = this.memory.get(record.baseUrl);
      throw new ProtocolError(
        DIRECTORY_TOO_LARGE_CODE,
        `Courier did not keep the chain and asset lists of ${record.baseUrl}: they take ${formatMegabytes(bytes)}, more than the ` +
          `${formatMegabytes(this.budgetBytes)} it keeps for the routing API's lists. ` +
          (had ? 'The lists it had stay in use.' : 'The pickers offer the bundled lists instead.'),
        { bytes, budgetBytes: this.budgetBytes },
      );
    }
    return this.deps.mutex.run(DIRECTORY_INDEX_KEY, async () => {
      const raw = (await this.deps.area.get(DIRECTORY_INDEX_KEY))[DIRECTORY_INDEX_KEY];
      const parsed = DirectoryIndex.safeParse(raw);
      const others = (parsed.success ? parsed.data.entries : []).filter((e) => e.baseUrl !== record.baseUrl).sort((a, b) => b.usedAt - a.usedAt);
      // The newest others that fit beside this record, in count and in bytes; an entry of unknown
      // size (an index from before sizes were kept) is taken to fill the budget.
      const kept: DirectoryIndex['entries'] = [{ baseUrl: record.baseUrl, usedAt: record.fetchedAt, bytes }];
      let total = bytes;
      const dropped: string[] = [];
      for (const entry of others) {
        const size = entry.bytes ?? this.budgetBytes;
        if (kept.length < this.maxEntries && total + size <= this.budgetBytes) {
          kept.push(entry);
          total += size;
        } else {
          dropped.push(entry.baseUrl);
        }
      }
      // Room first: the record may only fit once older lists are gone.
      if (dropped.length > 0) {
        await this.deps.area.remove(dropped.map(directoryKey));
        for (const url of dropped) this.memory.delete(url);
      }
      try {
        await this.deps.area.set({ [key]: record });
        this.memory.set(record.baseUrl, record);
      } catch (error) {
        // The index forgets the lists dropped above; the record's own error is the one to report.
        const index = { version: DIRECTORY_VERSION, entries: kept.slice(1) } satisfies DirectoryIndex;
        await this.deps.area.set({ [DIRECTORY_INDEX_KEY]: index }).catch(() => undefined);
        throw error;
      }
      await this.deps.area.set({ [DIRECTORY_INDEX_KEY]: { version: DIRECTORY_VERSION, entries: kept } satisfies DirectoryIndex });
    });
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
