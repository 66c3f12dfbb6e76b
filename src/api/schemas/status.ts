/** submit, track and status: broadcasting, registering and following a transaction. */
import { z } from 'zod';
import { normaliseStatus } from '../normalise';
import {
  AxelarTransferState,
  AxelarTransferType,
  CctpTransferState,
  ContractCallWithTokenErrorType,
  GoFastTransferState,
  HyperlaneTransferState,
  LayerZeroTransferState,
  OpInitTransferState,
  PacketErrorType,
  SendTokenErrorType,
  StargateTransferState,
  StatusErrorType,
  TransferState,
  TxState,
} from './enums';
import { F, pick } from './fields';
import { keyedUnion, unknownBranch, wrapperBranches } from './primitives';
import { lenient, unknownable } from '../reading-policy';

// ───────────────────────────── submit / track ─────────────────────────────

/** POST /v2/tx/submit: a signed transaction, base64 (the server checks the encoding, code 3). */
export const SubmitRequest = z.looseObject(pick('tx', 'chain_id'));
export type SubmitRequest = z.infer<typeof SubmitRequest>;

/** POST /v2/tx/track: register an already broadcast transaction. */
export const TrackRequest = z.looseObject(pick('tx_hash', 'chain_id'));
export type TrackRequest = z.infer<typeof TrackRequest>;

/** submit and track answer the same: the hash (essential: it is what Courier tracks) and an explorer link. */
const TxAccepted = z.looseObject({
  ...pick('tx_hash'),
  explorer_link: unknownable(F.explorer_link),
});
export const SubmitResponse = TxAccepted;
export type SubmitResponse = z.infer<typeof SubmitResponse>;
export const TrackResponse = TxAccepted;
export type TrackResponse = z.infer<typeof TrackResponse>;

// ──────────────────────────────── status ────────────────────────────────

/** GET /v2/tx/status query. Strict: the client serialises these two keys and nothing else. */
export const StatusRequest = z.strictObject(pick('tx_hash', 'chain_id'));
export type StatusRequest = z.infer<typeof StatusRequest>;

/**
 * Reading policy for status (../reading-policy.ts): a body needs `state` or `transfers`;
 * everything inside a transfer (its state, its events, their txs and links) is read
 * leniently. Production leaves `explorer_link` out of tx entries.
 */

/** A transaction seen on some chain during a transfer. */
export const ChainTransaction = z.looseObject(
  lenient({
    ...pick('explorer_link', 'chain_id', 'tx_hash'),
    /** RFC 3339 UTC timestamp. */
    on_chain_at: z.string(),
  }),
);
export type ChainTransaction = z.infer<typeof ChainTransaction>;

/** Every tx slot of a transfer event: null (not happened yet), absent, or unknown. */
const slot = unknownable(ChainTransaction.nullable());

const errorDetails = z.looseObject(lenient({ code: z.number(), message: F.message }));

export const PacketError = z.looseObject(
  lenient({
    details: errorDetails.nullable(),
    message: F.message,
    type: PacketErrorType,
  }),
);
export type PacketError = z.infer<typeof PacketError>;

export const Packet = z.looseObject({
  send_tx: slot,
  receive_tx: slot,
  acknowledge_tx: slot,
  timeout_tx: slot,
  error: unknownable(PacketError.nullable()),
});
export type Packet = z.infer<typeof Packet>;

const hop = pick('from_chain_id', 'to_chain_id');

export const IbcTransferInfo = z.looseObject(lenient({ ...hop, state: TransferState, packet_txs: Packet }));
export type IbcTransferInfo = z.infer<typeof IbcTransferInfo>;

export const SendTokenTxs = z.looseObject({
  send_tx: slot,
  confirm_tx: slot,
  execute_tx: slot,
  error: unknownable(z.looseObject(lenient({ message: F.message, type: SendTokenErrorType })).nullable()),
});
export type SendTokenTxs = z.infer<typeof SendTokenTxs>;

export const ContractCallWithTokenTxs = z.looseObject({
  approve_tx: slot,
  confirm_tx: slot,
  execute_tx: slot,
  gas_paid_tx: slot,
  send_tx: slot,
  error: unknownable(z.looseObject(lenient({ message: F.message, type: ContractCallWithTokenErrorType })).nullable()),
});
export type ContractCallWithTokenTxs = z.infer<typeof ContractCallWithTokenTxs>;

/** Axelar `txs`: `{ send_token_txs }` or `{ contract_call_with_token_txs }`, by transfer type. */
export const AxelarTransferTxs = z.looseObject(
  lenient({
    send_token_txs: SendTokenTxs,
    contract_call_with_token_txs: ContractCallWithTokenTxs,
  }),
);
export type AxelarTransferTxs = z.infer<typeof AxelarTransferTxs>;

export const AxelarTransferInfo = z.looseObject(
  lenient({
    ...hop,
    state: AxelarTransferState,
    txs: AxelarTransferTxs,
    type: AxelarTransferType,
    axelar_scan_link: z.string(),
  }),
);
export type AxelarTransferInfo = z.infer<typeof AxelarTransferInfo>;

export const CctpTransferInfo = z.looseObject(
  lenient({ ...hop, state: CctpTransferState, txs: z.looseObject({ send_tx: slot, receive_tx: slot }) }),
);
export type CctpTransferInfo = z.infer<typeof CctpTransferInfo>;

export const HyperlaneTransferInfo = z.looseObject(
  lenient({ ...hop, state: HyperlaneTransferState, txs: z.looseObject({ send_tx: slot, receive_tx: slot }) }),
);
export type HyperlaneTransferInfo = z.infer<typeof HyperlaneTransferInfo>;

export const OpInitTransferInfo = z.looseObject(
  lenient({ ...hop, state: OpInitTransferState, txs: z.looseObject({ send_tx: slot, receive_tx: slot }) }),
);
export type OpInitTransferInfo = z.infer<typeof OpInitTransferInfo>;

export const GoFastTransferInfo = z.looseObject(
  lenient({
    ...hop,
    state: GoFastTransferState,
    txs: z.looseObject({
      order_submitted_tx: slot,
      order_filled_tx: slot,
      order_refunded_tx: slot,
      order_timeout_tx: slot,
    }),
    /** Set when the order was filled but a later action failed. */
    error_message: z.string().nullable(),
  }),
);
export type GoFastTransferInfo = z.infer<typeof GoFastTransferInfo>;

export const StargateTransferInfo = z.looseObject(
  lenient({
    ...hop,
    state: StargateTransferState,
    txs: z.looseObject({ send_tx: slot, receive_tx: slot, error_tx: slot }),
  }),
);
export type StargateTransferInfo = z.infer<typeof StargateTransferInfo>;

export const LayerZeroTransferInfo = z.looseObject(
  lenient({
    ...hop,
    state: LayerZeroTransferState,
    txs: z.looseObject({ send_tx: slot, receive_tx: slot, compose_tx: slot, error_tx: slot }),
  }),
);
export type LayerZeroTransferInfo = z.infer<typeof LayerZeroTransferInfo>;

export const EurekaTransferInfo = z.looseObject(lenient({ ...hop, state: TransferState, packet_txs: Packet }));
export type EurekaTransferInfo = z.infer<typeof EurekaTransferInfo>;
/** Event key → event body schema, for every transfer-event kind we know. */
export const TRANSFER_EVENT_BODIES = {
  ibc_transfer: IbcTransferInfo,
  axelar_transfer: AxelarTransferInfo,
  cctp_transfer: CctpTransferInfo,
  hyperlane_transfer: HyperlaneTransferInfo,
  op_init_transfer: OpInitTransferInfo,
  go_fast_transfer: GoFastTransferInfo,
  stargate_transfer: StargateTransferInfo,
  layer_zero_transfer: LayerZeroTransferInfo,
  eureka_transfer: EurekaTransferInfo,
} as const;
export type TransferEventKind = keyof typeof TRANSFER_EVENT_BODIES;
export const TRANSFER_EVENT_KINDS = Object.keys(TRANSFER_EVENT_BODIES) as TransferEventKind[];
export type TransferEventBodies = { [K in TransferEventKind]: z.infer<(typeof TRANSFER_EVENT_BODIES)[K]> };

/** A transfer event whose key we do not know: kept as received, classified as unknown. */
export const UnknownTransferEvent = unknownBranch('transfer event', {});
export type UnknownTransferEvent = z.infer<typeof UnknownTransferEvent>;

/** One element of `transfer_sequence`: exactly one key naming the event kind. */
export const TransferEvent = keyedUnion('transfer event', wrapperBranches({}, TRANSFER_EVENT_BODIES), UnknownTransferEvent);
export type TransferEvent = z.infer<typeof TransferEvent>;

export const TransferAssetRelease = z.looseObject(
  lenient({
    ...pick('chain_id', 'denom'),
    amount: F.amount.nullable(),
    /** Released and accessible (possibly still in transit). */
    released: z.boolean(),
  }),
);
export type TransferAssetRelease = z.infer<typeof TransferAssetRelease>;

export const NextBlockingTransfer = z.looseObject({
  /** Index in `transfer_sequence` of the event progress waits on. */
  transfer_sequence_index: unknownable(z.number().int().nonnegative()),
});
export type NextBlockingTransfer = z.infer<typeof NextBlockingTransfer>;

/** The status `error` object. */
export const StatusError = z.looseObject(
  lenient({
    details: errorDetails.nullable(),
    message: F.message,
    type: StatusErrorType,
  }),
);
export type StatusError = z.infer<typeof StatusError>;

/**
 * The fields a transfer leg and the (legacy) top level share, all read leniently: a
 * sequence with a malformed event reads as unknown hops, not as a refused status.
 */
const legFields = lenient({
  transfer_sequence: z.array(TransferEvent),
  next_blocking_transfer: NextBlockingTransfer.nullable(),
  transfer_asset_release: TransferAssetRelease.nullable(),
  error: StatusError.nullable(),
});

/** One element of `transfers`, in order of initiation; its state may be unknown. */
export const TransferStatus = z.looseObject({ state: unknownable(TxState), ...legFields });
export type TransferStatus = z.infer<typeof TransferStatus>;

/**
 * The status body as on the wire. openapi marks `state` and the flat `transfer_sequence`
 * required, yet its own examples carry only `transfers`, and the flat list is deprecated.
 * Reading policy: a body needs `state` or `transfers` (essential), the rest is lenient.
 */
const StatusWireSchema = z
  .looseObject({
    transfers: unknownable(z.array(TransferStatus)),
    state: unknownable(TxState),
    /** `transfer_sequence` here is the deprecated flat list; normalise.ts makes `transfers` of it. */
    ...legFields,
    /** High-level indicator, e.g. "STATE_COMPLETED". */
    status: unknownable(z.string()),
  })
  .check((payload) => {
    const { transfers, state } = payload.value;
    if (transfers === undefined && state === undefined) {
      payload.issues.push({
        code: 'custom',
        message: 'status needs state or transfers',
        input: payload.value,
        path: ['state'],
      });
    }
  });
export type StatusWire = z.infer<typeof StatusWireSchema>;

/** GET /v2/tx/status response, normalised: `transfers` is always present. */
export const StatusResponse = StatusWireSchema.transform(normaliseStatus);
export type StatusResponse = z.infer<typeof StatusResponse>;
