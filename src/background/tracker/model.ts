/**
 * What the tracker persists about a transaction. Deliberately small: the last status is a
 * compact digest (see status.ts), not the API's whole answer, so 500 items stay well inside
 * storage.local's quota and every write stays cheap.
 *
 * Field names: the item is camelCase (Courier's own model); the compact status and the route
 * summary's wire-derived parts use the API's snake_case because they are handed to dApps as is.
 */
import { z } from 'zod';

const text = (max: number) => z.string().max(max);
const maybe = <T extends z.ZodType>(schema: T) => schema.nullable();

/** Who asked Courier to follow this transaction. */
export const Requester = z.discriminatedUnion('kind', [
  /** The popup or another Courier page. */
  z.object({ kind: z.literal('extension') }),
  /** A web page through the bridge; the origin comes from the sender, never from the page. */
  z.object({ kind: z.literal('origin'), origin: text(512) }),
]);
export type Requester = z.infer<typeof Requester>;

/**
 * How the UI should present the transaction.
 * - pending: not finished (STATE_SUBMITTED, STATE_PENDING, no status yet, or an unknown state)
 * - failing: STATE_PENDING_ERROR — still moving, an error happened; polling goes on
 * - success / failure / abandoned: STATE_COMPLETED_SUCCESS / STATE_COMPLETED_ERROR / STATE_ABANDONED
 * - expired: unfinished after the tracking window; no more polls until the user retries
 */
export const TX_OUTCOMES = ['pending', 'failing', 'success', 'failure', 'abandoned', 'expired'] as const;
export const TxOutcome = z.enum(TX_OUTCOMES);
export type TxOutcome = z.infer<typeof TxOutcome>;

/** The tracker's own lifecycle: polling, finished (terminal state seen), or given up. */
export const TrackPhase = z.enum(['pending', 'done', 'expired']);
export type TrackPhase = z.infer<typeof TrackPhase>;

export const CompactChainTx = z.object({
  /** The slot's name without `_tx`: send, receive, acknowledge, timeout, confirm, execute, … */
  role: text(64),
  chain_id: maybe(text(128)),
  tx_hash: maybe(text(256)),
  explorer_link: maybe(text(1024)),
});
export type CompactChainTx = z.infer<typeof CompactChainTx>;

export const CompactHop = z.object({
  /** The event key (`ibc_transfer`, `axelar_transfer`, …) or, for an unknown one, its raw key. */
  kind: text(64),
  from_chain_id: maybe(text(128)),
  to_chain_id: maybe(text(128)),
  state: maybe(text(128)),
  outcome: z.enum(['pending', 'success', 'failure', 'unknown']),
  txs: z.array(CompactChainTx).max(8),
  /** A tracker page for the hop when the API gives one (e.g. axelar_scan_link). */
  link: maybe(text(1024)),
  error: maybe(text(512)),
});
export type CompactHop = z.infer<typeof CompactHop>;

export const CompactRelease = z.object({
  chain_id: maybe(text(128)),
  denom: maybe(text(256)),
  amount: maybe(text(80)),
  released: maybe(z.boolean()),
});
export type CompactRelease = z.infer<typeof CompactRelease>;

export const CompactTransfer = z.object({
  state: text(128),
  hops: z.array(CompactHop).max(12),
  /** Where the funds were (or will be) released. */
  release: maybe(CompactRelease),
  error: maybe(text(512)),
  next_blocking_index: maybe(z.number().int().nonnegative()),
});
export type CompactTransfer = z.infer<typeof CompactTransfer>;

export const CompactStatus = z.object({
  /** The overall state Courier derived (see overallState). */
  state: text(128),
  /** Where it came from: the top-level `state`, the transfers' states combined, or nothing. */
  state_source: z.enum(['state', 'transfers', 'none']),
  /** The high-level `status` indicator, e.g. "STATE_COMPLETED". */
  indicator: maybe(text(128)),
  error: maybe(text(512)),
  transfers: z.array(CompactTransfer).max(12),
});
export type CompactStatus = z.infer<typeof CompactStatus>;

export const AssetHint = z.object({
  symbol: text(32),
  decimals: z.number().int().min(0).max(36),
});
export type AssetHint = z.infer<typeof AssetHint>;

/** One fee of the route, counted once (src/routes/fees.ts), as Activity's export lists it. */
export const StoredFee = z.object({
  label: text(128),
  chain_id: maybe(text(128)),
  denom: maybe(text(256)),
  /** Base units; null when the API left it blank. */
  amount: maybe(text(80)),
  usd: maybe(text(40)),
  payer: z.enum(['deducted', 'additional', 'unknown']),
  /** The fee token's symbol and decimals when the API named them. */
  symbol: maybe(text(32)),
  decimals: maybe(z.number().int().min(0).max(36)),
});
export type StoredFee = z.infer<typeof StoredFee>;

/** What moved and where, from the route the user accepted (when the caller knows it). */
export const RouteSummary = z.object({
  sourceDenom: text(256),
  sourceChainId: text(128),
  destDenom: text(256),
  destChainId: text(128),
  amountIn: text(80),
  /** The estimated output (estimated_amount_out, else amount_out). */
  amountOut: text(80),
  chainIds: z.array(text(128)).max(16),
  /** The API's estimate; null when it gave none (production often does not). */
  estimatedDurationSeconds: maybe(z.number().int().nonnegative()),
  /**
   * Without an estimate: Courier's typical duration for the route's bridges
   * (typical-duration.ts). Absent on items stored before it existed.
   */
  typicalDurationSeconds: maybe(z.number().int().nonnegative()).optional(),
  /**
   * The route's crossings in order: operation kind and Courier's typical seconds
   * (typical-duration.ts), so the polls follow the time scale of the step in progress
   * (schedule.ts). Absent on items stored before it existed.
   */
  steps: z
    .array(z.object({ kind: text(64), seconds: z.number().int().nonnegative() }))
    .max(12)
    .optional(),
  /** null when the API did not say. */
  txsRequired: maybe(z.number().int().nonnegative()),
  doesSwap: z.boolean(),
  /** The route's fees, each once, for the export. Absent on items stored before it existed. */
  fees: z.array(StoredFee).max(16).optional(),
  /** The bridge ids the route crosses, in order. Absent on items stored before it existed. */
  bridges: z.array(text(32)).max(12).optional(),
  /** Display hints from the UI's catalog; the route itself has no symbols or decimals. */
  source: maybe(AssetHint),
  dest: maybe(AssetHint),
});
export type RouteSummary = z.infer<typeof RouteSummary>;

export const LastError = z.object({
  at: z.number(),
  /** An ApiError kind (`http`, `network`, …) or `not-found`. */
  kind: text(64),
  message: text(512),
  httpStatus: maybe(z.number().int()),
});
export type LastError = z.infer<typeof LastError>;

export const TrackedTx = z.object({
  /** `${chainId}:${txHash}`, the dedupe key. */
  id: text(400),
  chainId: text(128),
  /** Normalised per chain kind (src/chains/tx-hash.ts). */
  txHash: text(256),
  via: z.enum(['submit', 'track']),
  /** Who asked first. */
  requester: Requester,
  /** Every page origin that asked for it (events and per-origin lists use this). */
  origins: z.array(text(512)).max(32),
  /**
   * When each origin joined (asked for it). A site's view starts there: its own `created_at`,
   * and a status only from an answer received after it. Absent in items from before v3: every
   * origin then counts as having joined at `createdAt`.
   */
  joined: z.record(text(512), z.number()).optional(),
  /** The user asked for it from Courier's own pages (also when a site asked first): no site evicts it. */
  user: z.boolean().optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
  route: maybe(RouteSummary),
  explorerLink: maybe(text(1024)),
  phase: TrackPhase,
  /** The last overall state seen, as the API spelled it; null before the first status. */
  state: maybe(text(128)),
  outcome: TxOutcome,
  lastStatus: maybe(CompactStatus),
  lastCheckedAt: maybe(z.number()),
  /** When the API last answered with a status (lastCheckedAt also counts failed polls). */
  answeredAt: maybe(z.number()).optional(),
  /**
   * A finished item a site just joined gets one more status check at this time, so the site's
   * view fills the way a new transaction's would (and learns nothing about who came before).
   */
  refreshAt: maybe(z.number()).optional(),
  /**
   * The route step (route.steps) the status last showed in progress, and when a poll first saw
   * it so: the next step's clock starts there when the one before it ran late (schedule.ts).
   */
  step: z.object({ index: z.number().int().nonnegative(), since: z.number() }).optional(),
  /** When the next status poll is due; null when not polling. */
  nextPollAt: maybe(z.number()),
  /** Unfinished by then, the transaction is marked expired locally. */
  deadlineAt: z.number(),
  /** Status polls made. */
  attempts: z.number().int().nonnegative(),
  /** Consecutive failed polls (reset by an answer). */
  errorCount: z.number().int().nonnegative(),
  lastError: maybe(LastError),
  /** The service confirmed it knows the tx (submit or track answered). */
  registered: z.boolean(),
  /** The one /v2/tx/track call made after a "not found" status. */
  trackRetried: z.boolean(),
  /** A terminal-state notification was shown (or deliberately skipped): never again. */
  notified: z.boolean(),
  finishedAt: maybe(z.number()),
});
export type TrackedTx = z.infer<typeof TrackedTx>;

/**
 * Layout v3: `courier:tracked` holds only `{ version: 3 }`, and each item lives under its own key
 * `courier:tracked:item:<id>`, so a change writes that one item, never the whole list. Versions
 * 1 and 2 kept every item in `courier:tracked` itself (store.ts migrates them).
 */
export const TRACKED_KEY = 'courier:tracked';
export const TRACKED_VERSION = 3;
export const TRACKED_ITEM_PREFIX = 'courier:tracked:item:';

export const TrackedMarker = z.object({ version: z.literal(TRACKED_VERSION) });

/** The whole-list record of layout v2 (what the v2 → v3 migration reads). */
export const TrackedRecordV2 = z.object({
  version: z.literal(2),
  items: z.array(z.unknown()),
});

export function trackedItemKey(id: string): string {
  return `${TRACKED_ITEM_PREFIX}${id}`;
}

/** When `origin` joined the item (its createdAt for items from before per-site joins). */
export function joinedAtOf(item: TrackedTx, origin: string): number | undefined {
  if (!item.origins.includes(origin)) return undefined;
  return item.joined?.[origin] ?? item.createdAt;
}

/** The user follows it from Courier's own pages. */
export function isUserTracked(item: TrackedTx): boolean {
  return item.requester.kind === 'extension' || item.user === true;
}

/** When the API last answered (older items: their last check, if they have a status). */
export function answeredAtOf(item: TrackedTx): number | null {
  if (item.answeredAt !== undefined) return item.answeredAt;
  return item.lastStatus !== null ? (item.lastCheckedAt ?? item.createdAt) : null;
}

export function trackedId(chainId: string, txHash: string): string {
  return `${chainId}:${txHash}`;
}

/** Cuts a string to `max` characters so one odd value cannot make a record fail its schema. */
export function clip(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}

export function clipOrNull(value: unknown, max: number): string | null {
  return typeof value === 'string' ? clip(value, max) : null;
}
