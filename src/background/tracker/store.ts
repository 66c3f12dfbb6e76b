/**
 * The persisted tracked transactions, one storage key per item (layout v3, see model.ts):
 * deduplicated by id (chain id + normalised hash), capped, and each change writes only the
 * items it touched. Reads come from memory once loaded and never wait for a write in progress,
 * so one site's burst of `track` calls does not hold up another site's `tracked`.
 */
import { normaliseTxHash } from '../../chains/tx-hash';
import type { KeyedMutex } from '../storage/mutex';
import { isRecord, migrateRecord, type Logger, type Migration, type StorageAreaLike } from '../storage/versioned';
import type { Clock } from '../clock';
import {
  TRACKED_ITEM_PREFIX,
  TRACKED_KEY,
  TRACKED_VERSION,
  TrackedTx,
  isUserTracked,
  trackedId,
  trackedItemKey,
  type Requester,
} from './model';
import { isTerminalState, outcomeOfState } from './status';

const DAY_MS = 24 * 60 * 60_000;

/**
 * v1 → v2. v1 (the pre-release draft) kept `txs`, each `{ chain_id, tx_hash, origin (string or
 * null), created_at, state, next_poll_at, attempts, errors, notified, explorer_link? }` with
 * hashes as received. v2 normalises hashes (merging duplicates that only differed in spelling),
 * records who asked as a Requester, keeps a tracking deadline and a compact status.
 */
export const trackedMigrations: readonly Migration[] = [
  {
    from: 1,
    migrate(record) {
      const txs = Array.isArray(record.txs) ? record.txs : [];
      const items: unknown[] = [];
      const seen = new Set<string>();
      for (const raw of txs) {
        if (!isRecord(raw)) continue;
        const item = migrateV1Item(raw);
        if (!item || seen.has(item.id)) continue;
        seen.add(item.id);
        items.push(item);
      }
      return { version: 2, items };
    },
  },
];

function migrateV1Item(raw: Record<string, unknown>): TrackedTx | undefined {
  const chainId = typeof raw.chain_id === 'string' ? raw.chain_id : undefined;
  const hashIn = typeof raw.tx_hash === 'string' ? raw.tx_hash : undefined;
  if (!chainId || !hashIn) return undefined;
  const normalised = normaliseTxHash(chainId, hashIn);
  const txHash = normalised.ok ? normalised.hash : hashIn.trim();
  const createdAt = typeof raw.created_at === 'number' ? raw.created_at : 0;
  const state = typeof raw.state === 'string' ? raw.state : null;
  const terminal = isTerminalState(state);
  const origin = typeof raw.origin === 'string' ? raw.origin : null;
  const requester: Requester = origin ? { kind: 'origin', origin } : { kind: 'extension' };
  const nextPollAt = typeof raw.next_poll_at === 'number' ? raw.next_poll_at : createdAt;
  const int = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0);
  return {
    id: trackedId(chainId, txHash),
    chainId,
    txHash,
    via: 'track',
    requester,
    origins: origin ? [origin] : [],
    createdAt,
    updatedAt: createdAt,
    route: null,
    explorerLink: typeof raw.explorer_link === 'string' ? raw.explorer_link : null,
    phase: terminal ? 'done' : 'pending',
    state,
    outcome: outcomeOfState(state),
    lastStatus: null,
    lastCheckedAt: null,
    nextPollAt: terminal ? null : nextPollAt,
    deadlineAt: createdAt + DAY_MS,
    attempts: int(raw.attempts),
    errorCount: int(raw.errors),
    lastError: null,
    registered: true,
    trackRetried: false,
    notified: raw.notified === true,
    finishedAt: terminal ? createdAt : null,
  };
}

/**
 * storage.local as the store uses it. `getKeys` (Chrome 130+, Firefox 143+) lets the first load
 * read only the tracked keys; without it `get(null)` reads every key (Chrome, Firefox and the
 * fake agree).
 */
export interface TrackedArea extends StorageAreaLike {
  get(keys: string | string[] | null): Promise<Record<string, unknown>>;
  getKeys?(): Promise<string[]>;
}

export interface TrackedStoreDeps {
  area: StorageAreaLike;
  mutex: KeyedMutex;
  clock: Clock;
  log?: Logger;
}

/** What one update writes: items to store (whole, by id) and ids to delete. */
export interface TrackedWrite<R> {
  put?: readonly TrackedTx[];
  remove?: readonly string[];
  result: R;
}

/** v2 → v3: the same items, each given what v3 adds (who joined when, the user's flag, the last answer). */
export function upgradeV2Item(raw: unknown): TrackedTx | undefined {
  if (!isRecord(raw)) return undefined;
  const parsed = TrackedTx.safeParse(raw);
  if (!parsed.success) return undefined;
  const item = parsed.data;
  return {
    ...item,
    joined: item.joined ?? Object.fromEntries(item.origins.map((origin) => [origin, item.createdAt])),
    user: item.user ?? item.requester.kind === 'extension',
    answeredAt: item.answeredAt !== undefined ? item.answeredAt : item.lastStatus !== null ? (item.lastCheckedAt ?? item.createdAt) : null,
    refreshAt: item.refreshAt ?? null,
  };
}

/**
 * The tracked items in storage.local. Every write goes through `update`, one at a time (the
 * mutex), and lands in storage before the in-memory copy changes; reads take that copy without
 * queueing, so they see every write that has landed and never wait for one in flight.
 */
export class TrackedStore {
  private items: Map<string, TrackedTx> | undefined;
  private loading: Promise<Map<string, TrackedTx>> | undefined;
  /** The v3 marker is in storage (written with the first item of a fresh install). */
  private marked = false;
  private readonly log: Logger;

  constructor(private readonly deps: TrackedStoreDeps) {
    this.log = deps.log ?? console;
  }

  get key(): string {
    return TRACKED_KEY;
  }

  /** Every item (insertion order). */
  async all(): Promise<TrackedTx[]> {
    return [...(await this.map()).values()];
  }

  async get(id: string): Promise<TrackedTx | undefined> {
    return (await this.map()).get(id);
  }

  /** Read-modify-write under the lock; `fn` sees the current items and says what to write. */
  update<R>(fn: (items: ReadonlyMap<string, TrackedTx>) => TrackedWrite<R>): Promise<R> {
    return this.deps.mutex.run(TRACKED_KEY, async () => {
      const items = await this.map();
      const { put = [], remove = [], result } = fn(items);
      if (put.length === 0 && remove.length === 0) return result;
      // Parse before writing: a bug must not persist an item the next start cannot read.
      const checked = put.map((item) => TrackedTx.parse(item));
      const gone = remove.filter((id) => items.has(id) && !checked.some((item) => item.id === id));
      if (checked.length > 0) {
        const entries = Object.fromEntries(checked.map((item) => [trackedItemKey(item.id), item]));
        await this.deps.area.set(this.marked ? entries : { ...entries, [TRACKED_KEY]: { version: TRACKED_VERSION } });
        this.marked = true;
      }
      if (gone.length > 0) await this.deps.area.remove(gone.map(trackedItemKey));
      for (const id of gone) items.delete(id);
      for (const item of checked) items.set(item.id, item);
      return result;
    });
  }

  /** Forgets the in-memory copy (tests, or after another context wrote the keys). */
  invalidate(): void {
    this.items = undefined;
    this.loading = undefined;
    this.marked = false;
  }

  private map(): Promise<Map<string, TrackedTx>> {
    if (this.items) return Promise.resolve(this.items);
    this.loading ??= this.load().then(
      (items) => (this.items = items),
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
    return this.loading;
  }

  /**
   * The marker and every item key. Read once per worker start, so it must not pay for the rest
   * of storage.local (the pickers' cached lists run to megabytes).
   */
  private async readTracked(): Promise<Record<string, unknown>> {
    const area = this.deps.area as TrackedArea;
    let keys: string[];
    try {
      if (typeof area.getKeys !== 'function') return area.get(null);
      keys = await area.getKeys();
    } catch {
      return area.get(null); // listed but not implemented (older browsers, test fakes)
    }
    const tracked = keys.filter((key) => key === TRACKED_KEY || key.startsWith(TRACKED_ITEM_PREFIX));
    return tracked.length > 0 ? area.get(tracked) : {};
  }

  private async load(): Promise<Map<string, TrackedTx>> {
    const all = await this.readTracked();
    const marker = all[TRACKED_KEY];
    const version = isRecord(marker) && typeof marker.version === 'number' ? marker.version : undefined;
    if (marker !== undefined && version !== undefined && version < TRACKED_VERSION) return this.migrate(marker as object, version);
    if (marker !== undefined && version !== TRACKED_VERSION) {
      // Written by a newer Courier (then downgraded), or not a marker at all: keep it aside and
      // carry on with the items this build can still read.
      await this.backup(version !== undefined ? `${TRACKED_KEY}:backup:v${version}` : `${TRACKED_KEY}:corrupt:${this.deps.clock.now()}`, marker);
      this.log.warn(`[courier] ${TRACKED_KEY} has ${version !== undefined ? `version ${version}` : 'no version'}; kept a backup`);
    }
    const items = new Map<string, TrackedTx>();
    const broken: string[] = [];
    for (const [key, raw] of Object.entries(all)) {
      if (!key.startsWith(TRACKED_ITEM_PREFIX)) continue;
      const parsed = TrackedTx.safeParse(raw);
      if (parsed.success && trackedItemKey(parsed.data.id) === key) items.set(parsed.data.id, parsed.data);
      else broken.push(key);
    }
    if (broken.length > 0) {
      // Never dropped silently: each unreadable item is moved aside with its raw value.
      const at = this.deps.clock.now();
      const aside = Object.fromEntries(broken.map((key) => [`${TRACKED_KEY}:corrupt:${at}:${key.slice(TRACKED_ITEM_PREFIX.length)}`, all[key]]));
      await this.deps.area.set(aside);
      await this.deps.area.remove(broken);
      this.log.error(`[courier] ${broken.length} tracked item(s) could not be read; kept under ${TRACKED_KEY}:corrupt:${at}:*`);
    }
    if (marker === undefined && items.size > 0) await this.deps.area.set({ [TRACKED_KEY]: { version: TRACKED_VERSION } });
    this.marked = marker !== undefined || items.size > 0;
    return items;
  }

  /**
   * v1/v2 (the whole list in `courier:tracked`) → v3. The old record is kept as a backup, every
   * item is written under its own key, and only then the marker says v3: a worker killed midway
   * starts the same migration again from the untouched old record.
   */
  private async migrate(raw: object, version: number): Promise<Map<string, TrackedTx>> {
    let list: unknown[] = [];
    try {
      const v2 = migrateRecord(raw as Record<string, unknown>, 2, trackedMigrations);
      list = Array.isArray(v2.items) ? v2.items : [];
    } catch (error) {
      this.log.error(`[courier] ${TRACKED_KEY} v${version} could not be migrated (${error instanceof Error ? error.message : String(error)}); kept a backup`);
    }
    const items = new Map<string, TrackedTx>();
    let dropped = 0;
    for (const candidate of list) {
      const item = upgradeV2Item(candidate);
      if (item && !items.has(item.id)) items.set(item.id, item);
      else dropped++;
    }
    await this.backup(`${TRACKED_KEY}:backup:v${version}`, raw);
    if (items.size > 0) await this.deps.area.set(Object.fromEntries([...items.values()].map((item) => [trackedItemKey(item.id), item])));
    await this.deps.area.set({ [TRACKED_KEY]: { version: TRACKED_VERSION } });
    this.marked = true;
    if (dropped > 0) this.log.warn(`[courier] ${dropped} unreadable tracked item(s) left out of v${TRACKED_VERSION}; they stay in ${TRACKED_KEY}:backup:v${version}`);
    return items;
  }

  private async backup(key: string, raw: unknown): Promise<void> {
    const existing = (await this.deps.area.get(key))[key];
    if (existing === undefined) await this.deps.area.set({ [key]: raw });
  }
}

export function createTrackedRecord(deps: TrackedStoreDeps): TrackedStore {
  return new TrackedStore(deps);
}

/** Most items kept, all requesters together. */
export const DEFAULT_CAP = 500;

/**
 * At most `cap` items once `item` is added, choosing whom to evict by who asks:
 * - the user (Courier's pages): finished items first (oldest finish first), then the oldest
 *   pending ones — the user may displace anything, and 500 unfinished transfers at once is not
 *   a real situation;
 * - a site: finished items nobody follows from the popup (oldest finish first), then that
 *   site's own pending items that no one else follows (oldest first). Never another site's
 *   pending transfer and never one the user tracks; when that is not enough, `ok: false`.
 * `keepId` (the item being added) is never evicted.
 */
export function evictionFor(
  items: readonly TrackedTx[],
  cap: number,
  asker: Requester,
  keepId: string,
): { ok: true; evicted: TrackedTx[] } | { ok: false } {
  const excess = items.length - cap;
  if (excess <= 0) return { ok: true, evicted: [] };
  const finishedAt = (item: TrackedTx) => item.finishedAt ?? item.updatedAt;
  const others = items.filter((item) => item.id !== keepId);
  const finished = others.filter((item) => item.phase !== 'pending').sort((a, b) => finishedAt(a) - finishedAt(b));
  const pending = others.filter((item) => item.phase === 'pending').sort((a, b) => a.createdAt - b.createdAt);
  if (asker.kind === 'extension') return { ok: true, evicted: [...finished, ...pending].slice(0, excess) };
  const own = (item: TrackedTx) => !isUserTracked(item) && item.origins.length === 1 && item.origins[0] === asker.origin;
  const candidates = [...finished.filter((item) => !isUserTracked(item)), ...pending.filter(own)];
  if (candidates.length < excess) return { ok: false };
  return { ok: true, evicted: candidates.slice(0, excess) };
}

/** Newest first (the order the lists show). */
export function newestFirst(items: readonly TrackedTx[]): TrackedTx[] {
  return [...items].sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id));
}
