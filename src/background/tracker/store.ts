/**
 * The persisted list of tracked transactions: `courier:tracked` = { version: 2, items }.
 * Deduplicated by id (chain id + normalised hash), capped, and written on every change.
 */
import { normaliseTxHash } from '../../chains/tx-hash';
import { isRecord, type Migration, type RecordDeps, VersionedRecord } from '../storage/versioned';
import {
  TRACKED_KEY,
  TRACKED_VERSION,
  TrackedRecord,
  TrackedTx,
  trackedId,
  type Requester,
} from './model';
import { isTerminalState, outcomeOfState } from './status';

export const DEFAULT_CAP = 500;
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

/** Keeps every item that still parses when the record as a whole does not. */
function salvageTracked(raw: unknown): TrackedRecord | undefined {
  if (!isRecord(raw) || !Array.isArray(raw.items)) return undefined;
  const items: TrackedTx[] = [];
  const seen = new Set<string>();
  for (const candidate of raw.items) {
    const parsed = TrackedTx.safeParse(candidate);
    if (parsed.success && !seen.has(parsed.data.id)) {
      seen.add(parsed.data.id);
      items.push(parsed.data);
    }
  }
  return { version: TRACKED_VERSION, items };
}

export function createTrackedRecord(deps: RecordDeps): VersionedRecord<TrackedRecord> {
  return new VersionedRecord<TrackedRecord>(
    {
      key: TRACKED_KEY,
      version: TRACKED_VERSION,
      schema: TrackedRecord,
      migrations: trackedMigrations,
      initial: () => ({ version: TRACKED_VERSION, items: [] }),
      salvage: salvageTracked,
    },
    deps,
  );
}

/**
 * At most `cap` items. Finished ones (done or expired) go first, oldest finish first; only if
 * every item is still pending do the oldest pending ones go (a page flooding the list must not
 * block Courier, and 500 unfinished transfers at once is not a real situation). `keepId` (the
 * item just added) is never evicted. Returns the kept items and the evicted ones.
 */
export function enforceCap(
  items: readonly TrackedTx[],
  cap: number,
  keepId?: string,
): { kept: TrackedTx[]; evicted: TrackedTx[] } {
  if (items.length <= cap) return { kept: [...items], evicted: [] };
  const excess = items.length - cap;
  const finishedAt = (item: TrackedTx) => item.finishedAt ?? item.updatedAt;
  const finished = items
    .filter((item) => item.phase !== 'pending' && item.id !== keepId)
    .sort((a, b) => finishedAt(a) - finishedAt(b));
  const pending = items
    .filter((item) => item.phase === 'pending' && item.id !== keepId)
    .sort((a, b) => a.createdAt - b.createdAt);
  const evicted = [...finished, ...pending].slice(0, excess);
  const gone = new Set(evicted.map((item) => item.id));
  return { kept: items.filter((item) => !gone.has(item.id)), evicted };
}

/** Newest first (the order the lists show). */
export function newestFirst(items: readonly TrackedTx[]): TrackedTx[] {
  return [...items].sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id));
}
