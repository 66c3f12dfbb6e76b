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
  /** null when the API did not say. */
  txsRequired: maybe(z.number().int().nonnegative()),
  doesSwap: z.boolean(),
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

export const TRACKED_KEY = 'courier:tracked';
export const TRACKED_VERSION = 2;

export const TrackedRecord = z.object({
  version: z.literal(TRACKED_VERSION),
  items: z.array(TrackedTx),
});
export type TrackedRecord = z.infer<typeof TrackedRecord>;

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
