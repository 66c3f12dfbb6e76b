/**
 * What leaves the background about a tracked transaction, for pages (dApps) via the bridge.
 *
 * A site sees only its own history of a transaction: `created_at` is when that site asked for
 * it, and state and status appear only from the first answer the API gave after that moment
 * (the tracker asks for one as soon as it would for a new transaction). Whether the user or
 * another site followed the hash before cannot be read from it.
 */
import { waitingOnIndex } from './hop-progress';
import { blockingWords, hopStateWords } from './hop-words';
import { answeredAtOf, joinedAtOf, type CompactStatus, type TrackedTx, type TxOutcome } from './model';

/** The `statusChanged` event payload (DESIGN.md: `{ tx_hash, chain_id, state, status }`). */
export interface StatusChangedPayload {
  tx_hash: string;
  chain_id: string;
  /** The last overall state as the API spells it; null before the first answer. */
  state: string | null;
  /** The compact status (snake_case, see model.ts); null before the first answer. */
  status: CompactStatus | null;
}

export function statusChangedPayload(item: TrackedTx): StatusChangedPayload {
  return { tx_hash: item.txHash, chain_id: item.chainId, state: item.state, status: inWords(item.lastStatus, item.createdAt, item.outcome === 'success') };
}

/** A status for pages: each hop with `words` (its step as a person would say it), each transfer with `waiting_on`. */
function inWords(status: CompactStatus | null, sentAt: number, succeeded: boolean): CompactStatus | null {
  if (!status) return null;
  const ctx = { chain: (id: string | null) => id ?? 'an unknown chain', sentAt, now: Date.now(), succeeded };
  return {
    ...status,
    transfers: status.transfers.map((t) => {
      // never a hop that has arrived or failed (hop-progress.ts)
      const waiting = waitingOnIndex(t);
      const blocking = waiting !== null ? t.hops[waiting] : undefined;
      return {
        ...t,
        hops: t.hops.map((h) => ({ ...h, words: hopStateWords(h, ctx) })),
        waiting_on: blocking ? blockingWords(blocking, ctx) : null,
      };
    }),
  };
}

/** One entry of the bridge's `tracked` / `status` answers. */
export interface PageTrackedView extends StatusChangedPayload {
  explorer_link: string | null;
  created_at: number;
  /** Courier's reading: pending, failing, success, failure, abandoned or expired. */
  outcome: TxOutcome;
}

/** What `origin` may see of the item, from the moment it joined; null when it does not follow it. */
export function siteView(item: TrackedTx, origin: string): PageTrackedView | null {
  const joinedAt = joinedAtOf(item, origin);
  if (joinedAt === undefined) return null;
  const answeredAt = answeredAtOf(item);
  const seen = answeredAt !== null && answeredAt >= joinedAt;
  const expiredSinceJoining = item.phase === 'expired' && (item.finishedAt ?? 0) >= joinedAt;
  return {
    tx_hash: item.txHash,
    chain_id: item.chainId,
    state: seen ? item.state : null,
    status: seen ? inWords(item.lastStatus, item.createdAt, item.outcome === 'success') : null,
    explorer_link: item.explorerLink,
    created_at: joinedAt,
    outcome: seen ? item.outcome : expiredSinceJoining ? 'expired' : 'pending',
  };
}

/** The event payload for `origin`, from its view. */
export function siteEventPayload(view: PageTrackedView): StatusChangedPayload {
  return { tx_hash: view.tx_hash, chain_id: view.chain_id, state: view.state, status: view.status };
}

/** True when a page would see a difference (bookkeeping such as the next poll time is not one). */
export function pageVisibleChange(previous: TrackedTx | null, item: TrackedTx): boolean {
  if (previous === null) return true;
  return (
    previous.state !== item.state ||
    previous.outcome !== item.outcome ||
    JSON.stringify(previous.lastStatus) !== JSON.stringify(item.lastStatus)
  );
}

/** True when `origin`'s own view changed (it just joined, or something it may see moved). */
export function siteVisibleChange(previous: TrackedTx | null, item: TrackedTx, origin: string): boolean {
  const after = siteView(item, origin);
  if (after === null) return false;
  const before = previous === null ? null : siteView(previous, origin);
  if (before === null) return true;
  return (
    before.state !== after.state ||
    before.outcome !== after.outcome ||
    JSON.stringify(before.status) !== JSON.stringify(after.status)
  );
}
