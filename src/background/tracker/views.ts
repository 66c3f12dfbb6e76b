/** What leaves the background about a tracked transaction, for pages (dApps) via the bridge. */
import type { CompactStatus, TrackedTx, TxOutcome } from './model';

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
  return { tx_hash: item.txHash, chain_id: item.chainId, state: item.state, status: item.lastStatus };
}

/** One entry of the bridge's `tracked` / `status` answers. */
export interface PageTrackedView extends StatusChangedPayload {
  explorer_link: string | null;
  created_at: number;
  /** Courier's reading: pending, failing, success, failure, abandoned or expired. */
  outcome: TxOutcome;
}

export function pageView(item: TrackedTx): PageTrackedView {
  return {
    ...statusChangedPayload(item),
    explorer_link: item.explorerLink,
    created_at: item.createdAt,
    outcome: item.outcome,
  };
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
