/**
 * From a status answer to what the tracker keeps: the overall state (derived robustly) and a
 * compact digest. The overall state decides success or failure, never an individual leg.
 */
import {
  describeTransferEvent,
  transferEventOutcome,
  txStateOrUnknown,
  type KnownTxState,
  type StatusResponse,
  type TransferEvent,
  type TransferStatus,
} from '../../api';
import { isRecord } from '../storage/versioned';
import {
  clip,
  clipOrNull,
  type CompactChainTx,
  type CompactHop,
  type CompactStatus,
  type CompactTransfer,
  type TxOutcome,
} from './model';

/** Exactly these end tracking; STATE_PENDING_ERROR does not (the transfer may still recover). */
export const TERMINAL_STATES = ['STATE_COMPLETED_SUCCESS', 'STATE_COMPLETED_ERROR', 'STATE_ABANDONED'] as const;

export function isTerminalState(state: string | null | undefined): boolean {
  return (TERMINAL_STATES as readonly (string | null | undefined)[]).includes(state);
}

const ERROR_STATES: readonly KnownTxState[] = ['STATE_COMPLETED_ERROR', 'STATE_PENDING_ERROR', 'STATE_ABANDONED'];

/**
 * The overall state when the answer has no top-level `state`: the transfers' end-to-end states
 * combined. All finished: success only if every one succeeded, else error (or abandoned when
 * that is the only failure). Some unfinished: pending-with-error if any failed, else pending
 * (submitted while every one is still submitted). Unknown values count as unfinished.
 */
export function combineTransferStates(states: readonly string[]): KnownTxState | null {
  if (states.length === 0) return null;
  const known = states.map(txStateOrUnknown);
  if (known.every((s) => isTerminalState(s))) {
    if (known.every((s) => s === 'STATE_COMPLETED_SUCCESS')) return 'STATE_COMPLETED_SUCCESS';
    return known.includes('STATE_COMPLETED_ERROR') ? 'STATE_COMPLETED_ERROR' : 'STATE_ABANDONED';
  }
  if (known.some((s) => s !== 'unknown' && ERROR_STATES.includes(s))) return 'STATE_PENDING_ERROR';
  if (known.every((s) => s === 'STATE_SUBMITTED')) return 'STATE_SUBMITTED';
  return 'STATE_PENDING';
}

export function overallState(status: StatusResponse): { state: string | null; source: CompactStatus['state_source'] } {
  // The top-level state is the service's own verdict; an unknown value is kept as it came.
  if (typeof status.state === 'string' && status.state !== '') return { state: status.state, source: 'state' };
  // A transfer whose state is unknown (reading policy) counts as unfinished.
  const combined = combineTransferStates(status.transfers.map((t) => (typeof t.state === 'string' ? t.state : 'STATE_UNKNOWN')));
  return combined === null ? { state: null, source: 'none' } : { state: combined, source: 'transfers' };
}

/** How an overall state is presented (null or an unknown value: still pending). */
export function outcomeOfState(state: string | null): TxOutcome {
  switch (txStateOrUnknown(state)) {
    case 'STATE_COMPLETED_SUCCESS':
      return 'success';
    case 'STATE_COMPLETED_ERROR':
      return 'failure';
    case 'STATE_ABANDONED':
      return 'abandoned';
    case 'STATE_PENDING_ERROR':
      return 'failing';
    // STATE_UNKNOWN and STATE_RECEIVED (vendor documentation): not terminal, keep following.
    case 'STATE_UNKNOWN':
    case 'STATE_SUBMITTED':
    case 'STATE_RECEIVED':
    case 'STATE_PENDING':
    case 'unknown':
      return 'pending';
  }
}

const MAX_TRANSFERS = 12;
const MAX_HOPS = 12;
const MAX_TXS = 8;

/** Per item; 500 items × 8 KB stays far inside storage.local's 10 MB. Real answers are ~1 KB. */
export const COMPACT_STATUS_BUDGET = 8 * 1024;

export function compactStatus(status: StatusResponse): CompactStatus {
  const { state, source } = overallState(status);
  return fitBudget({
    state: clip(state ?? 'STATE_UNKNOWN', 128),
    state_source: source,
    indicator: clipOrNull(status.status, 128),
    error: errorMessage(status.error),
    transfers: status.transfers.slice(0, MAX_TRANSFERS).map(compactTransfer),
  });
}

/**
 * An odd answer (dozens of hops, long links) must not bloat storage: shed detail in steps —
 * fewer txs per hop, then fewer hops, then fewer transfers — until it fits. The overall state
 * and the first transfer's outline always stay.
 */
function fitBudget(status: CompactStatus): CompactStatus {
  const steps: [transfers: number, hops: number, txs: number][] = [
    [MAX_TRANSFERS, MAX_HOPS, 2],
    [MAX_TRANSFERS, 4, 1],
    [2, 2, 1],
    [1, 1, 0],
  ];
  let fitted = status;
  for (const [transfers, hops, txs] of steps) {
    if (JSON.stringify(fitted).length <= COMPACT_STATUS_BUDGET) return fitted;
    fitted = {
      ...status,
      transfers: status.transfers.slice(0, transfers).map((transfer) => ({
        ...transfer,
        hops: transfer.hops.slice(0, hops).map((hop) => ({ ...hop, txs: hop.txs.slice(0, txs) })),
      })),
    };
  }
  return fitted;
}

function compactTransfer(transfer: TransferStatus): CompactTransfer {
  const release = transfer.transfer_asset_release;
  const blocking = transfer.next_blocking_transfer?.transfer_sequence_index;
  return {
    state: clip(typeof transfer.state === 'string' && transfer.state !== '' ? transfer.state : 'STATE_UNKNOWN', 128),
    // An unreadable sequence (reading policy) shows no hops rather than refusing the status.
    hops: (transfer.transfer_sequence ?? []).slice(0, MAX_HOPS).map(compactHop),
    release: release
      ? {
          chain_id: clipOrNull(release.chain_id, 128),
          denom: clipOrNull(release.denom, 256),
          amount: clipOrNull(release.amount, 80),
          released: typeof release.released === 'boolean' ? release.released : null,
        }
      : null,
    error: errorMessage(transfer.error),
    next_blocking_index: typeof blocking === 'number' ? blocking : null,
  };
}

function compactHop(event: TransferEvent): CompactHop {
  const described = describeTransferEvent(event);
  const body = isRecord(described.body) ? described.body : {};
  const containers = txContainers(body);
  const containerError = containers.map((c) => errorMessage(c.error)).find((m) => m !== null) ?? null;
  return {
    kind: clip(described.kind === 'unknown' ? described.rawKind || 'unknown' : described.kind, 64),
    from_chain_id: clipOrNull(body.from_chain_id, 128),
    to_chain_id: clipOrNull(body.to_chain_id, 128),
    state: clipOrNull(body.state, 128),
    outcome: transferEventOutcome(event),
    txs: containers.flatMap(chainTxs).slice(0, MAX_TXS),
    link: clipOrNull(body.axelar_scan_link, 1024),
    error: containerError ?? clipOrNull(body.error_message, 512) ?? errorMessage(body.error),
  };
}

/** The objects holding `*_tx` slots: `packet_txs`, `txs`, or Axelar's nested `txs.*_txs`. */
function txContainers(body: Record<string, unknown>): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  if (isRecord(body.packet_txs)) out.push(body.packet_txs);
  if (isRecord(body.txs)) {
    const nested = Object.entries(body.txs).filter(([key, value]) => key.endsWith('_txs') && isRecord(value));
    if (nested.length > 0) for (const [, value] of nested) out.push(value as Record<string, unknown>);
    else out.push(body.txs);
  }
  return out;
}

function chainTxs(container: Record<string, unknown>): CompactChainTx[] {
  const out: CompactChainTx[] = [];
  for (const [key, value] of Object.entries(container)) {
    if (!key.endsWith('_tx') || !isRecord(value)) continue;
    out.push({
      role: clip(key.slice(0, -3), 64),
      chain_id: clipOrNull(value.chain_id, 128),
      tx_hash: clipOrNull(value.tx_hash, 256),
      explorer_link: clipOrNull(value.explorer_link, 1024),
    });
  }
  return out;
}

function errorMessage(error: unknown): string | null {
  if (!isRecord(error)) return null;
  if (typeof error.message === 'string' && error.message !== '') return clip(error.message, 512);
  const details = error.details;
  if (isRecord(details) && typeof details.message === 'string' && details.message !== '') return clip(details.message, 512);
  return typeof error.type === 'string' ? clip(error.type, 512) : null;
}
