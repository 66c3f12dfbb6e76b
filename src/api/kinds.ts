/**
 * Classification of open wire values for the UI and the tracker. Parsing keeps every value as
 * received, so what we do not know is still there; these helpers turn it into an EXPLICIT
 * 'unknown' the caller must handle (a switch over `kind` is exhaustive only with the 'unknown' arm).
 */
import {
  AXELAR_TRANSFER_STATES,
  BRIDGE_TYPES,
  CCTP_TRANSFER_STATES,
  GO_FAST_TRANSFER_STATES,
  HYPERLANE_TRANSFER_STATES,
  LAYER_ZERO_TRANSFER_STATES,
  OP_INIT_TRANSFER_STATES,
  STARGATE_TRANSFER_STATES,
  TRANSFER_STATES,
  TX_STATES,
  type KnownBridgeType,
  type KnownTxState,
} from './schemas/enums';
import {
  OPERATION_KINDS,
  OPERATION_SIBLING_KEYS,
  SWAP_KINDS,
  type Operation,
  type OperationBodies,
  type OperationKind,
  type Swap,
  type SwapKind,
} from './schemas/operations';
import { isKnown, unknownKindKey } from './schemas/primitives';
import { TRANSFER_EVENT_KINDS, type TransferEvent, type TransferEventBodies, type TransferEventKind } from './schemas/status';
import { MSG_KINDS, TX_KINDS, type Msg, type MsgKind, type Tx, type TxKind } from './schemas/txs';

/** What a wrapper-keyed value is: a known kind with its typed body, or explicitly unknown. */
export type Described<Bodies> =
  | { [K in keyof Bodies & string]: { kind: K; body: Bodies[K] } }[keyof Bodies & string]
  | { kind: 'unknown'; rawKind: string; body: unknown };

function kindOf<K extends string>(value: object, kinds: readonly K[]): K | 'unknown' {
  return kinds.find((k) => Object.hasOwn(value, k)) ?? 'unknown';
}

function describe<Bodies>(value: object, kinds: readonly string[], siblings: readonly string[]): Described<Bodies> {
  const record = value as Record<string, unknown>;
  const kind = kinds.find((k) => Object.hasOwn(record, k));
  if (kind !== undefined) return { kind, body: record[kind] } as Described<Bodies>;
  const rawKind = unknownKindKey(record, siblings) ?? '';
  return { kind: 'unknown', rawKind, body: rawKind === '' ? undefined : record[rawKind] };
}

// ─────────────────────────────── operations ───────────────────────────────

export type DescribedOperation = Described<OperationBodies>;

export function operationKind(op: Operation): OperationKind | 'unknown' {
  return kindOf(op, OPERATION_KINDS);
}

/** `{ kind: 'transfer', body }` … or `{ kind: 'unknown', rawKind: 'quantum_transfer', body }`. */
export function describeOperation(op: Operation): DescribedOperation {
  return describe<OperationBodies>(op, OPERATION_KINDS, OPERATION_SIBLING_KEYS);
}

export function swapKind(swap: Swap): SwapKind | 'unknown' {
  return kindOf(swap, SWAP_KINDS);
}

// ───────────────────────────── msgs and txs ─────────────────────────────

export function msgKind(msg: Msg): MsgKind | 'unknown' {
  return kindOf(msg, MSG_KINDS);
}

export function txKind(tx: Tx): TxKind | 'unknown' {
  return kindOf(tx, TX_KINDS);
}

// ──────────────────────────── transfer events ────────────────────────────

export type DescribedTransferEvent = Described<TransferEventBodies>;

export function transferEventKind(event: TransferEvent): TransferEventKind | 'unknown' {
  return kindOf(event, TRANSFER_EVENT_KINDS);
}

export function describeTransferEvent(event: TransferEvent): DescribedTransferEvent {
  return describe<TransferEventBodies>(event, TRANSFER_EVENT_KINDS, []);
}

/** The states each event kind may report (IBC and Eureka share the packet states). */
export const TRANSFER_EVENT_STATES = {
  ibc_transfer: TRANSFER_STATES,
  axelar_transfer: AXELAR_TRANSFER_STATES,
  cctp_transfer: CCTP_TRANSFER_STATES,
  hyperlane_transfer: HYPERLANE_TRANSFER_STATES,
  op_init_transfer: OP_INIT_TRANSFER_STATES,
  go_fast_transfer: GO_FAST_TRANSFER_STATES,
  stargate_transfer: STARGATE_TRANSFER_STATES,
  layer_zero_transfer: LAYER_ZERO_TRANSFER_STATES,
  eureka_transfer: TRANSFER_STATES,
} as const satisfies Record<TransferEventKind, readonly string[]>;

export type KnownTransferEventState = (typeof TRANSFER_EVENT_STATES)[TransferEventKind][number];

/** The event's state when both its kind and that state are known, else 'unknown'. */
export function transferEventState(event: TransferEvent): KnownTransferEventState | 'unknown' {
  const described = describeTransferEvent(event);
  if (described.kind === 'unknown') return 'unknown';
  const state = (described.body as { state?: unknown }).state;
  return isKnown(TRANSFER_EVENT_STATES[described.kind], state) ? state : 'unknown';
}

export type TransferOutcome = 'pending' | 'success' | 'failure' | 'unknown';

/** Per-state outcome, from the state descriptions in openapi.yml. `*_UNKNOWN` stays unknown. */
const OUTCOME: Record<KnownTransferEventState, TransferOutcome> = {
  TRANSFER_UNKNOWN: 'unknown',
  TRANSFER_PENDING: 'pending',
  // Received can still revert within a multi-hop PFM transfer.
  TRANSFER_RECEIVED: 'pending',
  TRANSFER_SUCCESS: 'success',
  TRANSFER_FAILURE: 'failure',
  AXELAR_TRANSFER_UNKNOWN: 'unknown',
  AXELAR_TRANSFER_PENDING_CONFIRMATION: 'pending',
  AXELAR_TRANSFER_PENDING_RECEIPT: 'pending',
  AXELAR_TRANSFER_SUCCESS: 'success',
  AXELAR_TRANSFER_FAILURE: 'failure',
  CCTP_TRANSFER_UNKNOWN: 'unknown',
  CCTP_TRANSFER_SENT: 'pending',
  CCTP_TRANSFER_PENDING_CONFIRMATION: 'pending',
  CCTP_TRANSFER_CONFIRMED: 'pending',
  CCTP_TRANSFER_RECEIVED: 'success',
  HYPERLANE_TRANSFER_UNKNOWN: 'unknown',
  HYPERLANE_TRANSFER_SENT: 'pending',
  HYPERLANE_TRANSFER_FAILED: 'failure',
  HYPERLANE_TRANSFER_RECEIVED: 'success',
  OPINIT_TRANSFER_UNKNOWN: 'unknown',
  OPINIT_TRANSFER_SENT: 'pending',
  OPINIT_TRANSFER_RECEIVED: 'success',
  GO_FAST_TRANSFER_UNKNOWN: 'unknown',
  GO_FAST_TRANSFER_SENT: 'pending',
  GO_FAST_POST_ACTION_FAILED: 'failure',
  GO_FAST_TRANSFER_TIMEOUT: 'failure',
  GO_FAST_TRANSFER_FILLED: 'success',
  // Refunded: the user has the funds back, but the transfer did not happen.
  GO_FAST_TRANSFER_REFUNDED: 'failure',
  STARGATE_TRANSFER_UNKNOWN: 'unknown',
  STARGATE_TRANSFER_SENT: 'pending',
  STARGATE_TRANSFER_PENDING_CONFIRMATION: 'pending',
  STARGATE_TRANSFER_CONFIRMED: 'pending',
  STARGATE_TRANSFER_RECEIVED: 'success',
  STARGATE_TRANSFER_FAILED: 'failure',
  LAYER_ZERO_TRANSFER_UNKNOWN: 'unknown',
  LAYER_ZERO_TRANSFER_SENT: 'pending',
  LAYER_ZERO_TRANSFER_WAITING_FOR_COMPOSE: 'pending',
  LAYER_ZERO_TRANSFER_RECEIVED: 'success',
  LAYER_ZERO_TRANSFER_FAILED: 'failure',
};

export function transferEventOutcome(event: TransferEvent): TransferOutcome {
  const state = transferEventState(event);
  return state === 'unknown' ? 'unknown' : OUTCOME[state];
}

// ───────────────────────────────── enums ─────────────────────────────────

export function isKnownBridgeType(value: unknown): value is KnownBridgeType {
  return isKnown(BRIDGE_TYPES, value);
}

export function bridgeTypeOrUnknown(value: unknown): KnownBridgeType | 'unknown' {
  return isKnownBridgeType(value) ? value : 'unknown';
}

export function isKnownTxState(value: unknown): value is KnownTxState {
  return isKnown(TX_STATES, value);
}

export function txStateOrUnknown(value: unknown): KnownTxState | 'unknown' {
  return isKnownTxState(value) ? value : 'unknown';
}

/** Any other open enum: its known value, or 'unknown'. */
export function knownOrUnknown<const T extends readonly string[]>(values: T, value: unknown): T[number] | 'unknown' {
  return isKnown(values, value) ? value : 'unknown';
}
