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

// ───────────────────────────── submit / track ─────────────────────────────

/** POST /v2/tx/submit: a signed transaction, base64 (the server checks the encoding, code 3). */
export const SubmitRequest = z.looseObject(pick('tx', 'chain_id'));
export type SubmitRequest = z.infer<typeof SubmitRequest>;

/** POST /v2/tx/track: register an already broadcast transaction. */
export const TrackRequest = z.looseObject(pick('tx_hash', 'chain_id'));
export type TrackRequest = z.infer<typeof TrackRequest>;

/** submit and track answer the same: the hash and an explorer link. */
const TxAccepted = z.looseObject({
  ...pick('tx_hash'),
  explorer_link: F.explorer_link.optional(),
});
export const SubmitResponse = TxAccepted;
export type SubmitResponse = z.infer<typeof SubmitResponse>;
export const TrackResponse = TxAccepted;
export type TrackResponse = z.infer<typeof TrackResponse>;

// ──────────────────────────────── status ────────────────────────────────

/** GET /v2/tx/status query. Strict: the client serialises these two keys and nothing else. */
export const StatusRequest = z.strictObject(pick('tx_hash', 'chain_id'));
export type StatusRequest = z.infer<typeof StatusRequest>;

/** A transaction seen on some chain during a transfer. */
export const ChainTransaction = z.looseObject({
  ...pick('explorer_link'),
  chain_id: F.chain_id.optional(),
  tx_hash: F.tx_hash.optional(),
  /** RFC 3339 UTC timestamp. */
  on_chain_at: z.string().optional(),
});
export type ChainTransaction = z.infer<typeof ChainTransaction>;

/** Every tx slot of a transfer event: null (not happened yet) or absent. */
const slot = ChainTransaction.nullable().optional();

const errorDetails = z.looseObject({ code: z.number().optional(), message: F.message.optional() });

export const PacketError = z.looseObject({
  details: errorDetails.nullable().optional(),
  message: F.message.optional(),
  type: PacketErrorType.optional(),
});
export type PacketError = z.infer<typeof PacketError>;

export const Packet = z.looseObject({
  send_tx: slot,
  receive_tx: slot,
  acknowledge_tx: slot,
  timeout_tx: slot,
  error: PacketError.nullable().optional(),
});
export type Packet = z.infer<typeof Packet>;

const hop = pick('from_chain_id', 'to_chain_id');

export const IbcTransferInfo = z.looseObject({ ...hop, state: TransferState, packet_txs: Packet });
export type IbcTransferInfo = z.infer<typeof IbcTransferInfo>;

export const SendTokenTxs = z.looseObject({
  send_tx: slot,
  confirm_tx: slot,
  execute_tx: slot,
  error: z.looseObject({ message: F.message.optional(), type: SendTokenErrorType.optional() }).nullable().optional(),
});
export type SendTokenTxs = z.infer<typeof SendTokenTxs>;

export const ContractCallWithTokenTxs = z.looseObject({
  approve_tx: slot,
  confirm_tx: slot,
  execute_tx: slot,
  gas_paid_tx: slot,
  send_tx: slot,
  error: z
    .looseObject({ message: F.message.optional(), type: ContractCallWithTokenErrorType.optional() })
    .nullable()
    .optional(),
});
export type ContractCallWithTokenTxs = z.infer<typeof ContractCallWithTokenTxs>;

/** Axelar `txs`: `{ send_token_txs }` or `{ contract_call_with_token_txs }`, by transfer type. */
export const AxelarTransferTxs = z
  .looseObject({
    send_token_txs: SendTokenTxs.optional(),
    contract_call_with_token_txs: ContractCallWithTokenTxs.optional(),
  })
  .check((payload) => {
    if (payload.value.send_token_txs !== undefined && payload.value.contract_call_with_token_txs !== undefined) {
      payload.issues.push({
        code: 'custom',
        message: 'axelar txs must hold one of send_token_txs, contract_call_with_token_txs',
        input: payload.value,
        path: [],
      });
    }
  });
export type AxelarTransferTxs = z.infer<typeof AxelarTransferTxs>;

export const AxelarTransferInfo = z.looseObject({
  ...hop,
  state: AxelarTransferState,
  txs: AxelarTransferTxs,
  type: AxelarTransferType.optional(),
  axelar_scan_link: z.string().optional(),
});
export type AxelarTransferInfo = z.infer<typeof AxelarTransferInfo>;

/** openapi declares no required field for CCTP events. */
export const CctpTransferInfo = z
  .looseObject({ ...hop, state: CctpTransferState, txs: z.looseObject({ send_tx: slot, receive_tx: slot }) })
  .partial();
export type CctpTransferInfo = z.infer<typeof CctpTransferInfo>;

export const HyperlaneTransferInfo = z.looseObject({
  ...hop,
  state: HyperlaneTransferState,
  txs: z.looseObject({ send_tx: slot, receive_tx: slot }),
});
export type HyperlaneTransferInfo = z.infer<typeof HyperlaneTransferInfo>;

export const OpInitTransferInfo = z.looseObject({
  ...hop,
  state: OpInitTransferState,
  txs: z.looseObject({ send_tx: slot, receive_tx: slot }),
});
export type OpInitTransferInfo = z.infer<typeof OpInitTransferInfo>;

export const GoFastTransferInfo = z.looseObject({
  ...hop,
  state: GoFastTransferState,
  txs: z.looseObject({
    order_submitted_tx: slot,
    order_filled_tx: slot,
    order_refunded_tx: slot,
    order_timeout_tx: slot,
  }),
  /** Set when the order was filled but a later action failed. */
  error_message: z.string().nullable().optional(),
});
export type GoFastTransferInfo = z.infer<typeof GoFastTransferInfo>;

/** openapi declares no required field for Stargate events. */
export const StargateTransferInfo = z
  .looseObject({
    ...hop,
    state: StargateTransferState,
    txs: z.looseObject({ send_tx: slot, receive_tx: slot, error_tx: slot }),
  })
  .partial();
export type StargateTransferInfo = z.infer<typeof StargateTransferInfo>;

export const LayerZeroTransferInfo = z.looseObject({
  ...hop,
  state: LayerZeroTransferState,
  txs: z.looseObject({ send_tx: slot, receive_tx: slot, compose_tx: slot, error_tx: slot }),
});
export type LayerZeroTransferInfo = z.infer<typeof LayerZeroTransferInfo>;

export const EurekaTransferInfo = z.looseObject({ ...hop, state: TransferState, packet_txs: Packet });
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

export const TransferAssetRelease = z.looseObject({
  ...pick('chain_id', 'denom'),
  amount: F.amount.nullable(),
  /** Released and accessible (possibly still in transit). */
  released: z.boolean(),
}).partial();
export type TransferAssetRelease = z.infer<typeof TransferAssetRelease>;

export const NextBlockingTransfer = z.looseObject({
  /** Index in `transfer_sequence` of the event progress waits on. */
  transfer_sequence_index: z.number().int().nonnegative().optional(),
});
export type NextBlockingTransfer = z.infer<typeof NextBlockingTransfer>;

/** The status `error` object. */
export const StatusError = z.looseObject({
  details: errorDetails.nullable().optional(),
  message: F.message.optional(),
  type: StatusErrorType.optional(),
});
export type StatusError = z.infer<typeof StatusError>;

/** The fields a transfer leg and the (legacy) top level share. */
const legFields = {
  transfer_sequence: z.array(TransferEvent),
  next_blocking_transfer: NextBlockingTransfer.nullable().optional(),
  transfer_asset_release: TransferAssetRelease.nullable().optional(),
  error: StatusError.nullable().optional(),
};

/** One element of `transfers`, in order of initiation. */
export const TransferStatus = z.looseObject({ state: TxState, ...legFields });
export type TransferStatus = z.infer<typeof TransferStatus>;

/**
 * The status body as on the wire. openapi marks `state` and the flat `transfer_sequence`
 * required, yet its own examples carry only `transfers`, and the flat list is deprecated:
 * so a body needs `transfers` or the flat list, and the flat (legacy) shape needs `state`.
 */
const StatusWireSchema = z
  .looseObject({
    transfers: z.array(TransferStatus).optional(),
    state: TxState.optional(),
    ...legFields,
    /** @deprecated Flat list of all events; use `transfers` (normalise.ts synthesises it). */
    transfer_sequence: legFields.transfer_sequence.optional(),
    /** High-level indicator, e.g. "STATE_COMPLETED". */
    status: z.string().optional(),
  })
  .check((payload) => {
    const { transfers, transfer_sequence, state } = payload.value;
    if (transfers === undefined && transfer_sequence === undefined) {
      payload.issues.push({ code: 'custom', message: 'status needs transfers', input: payload.value, path: ['transfers'] });
    } else if (transfers === undefined && state === undefined) {
      payload.issues.push({
        code: 'custom',
        message: 'a status with only the flat transfer_sequence needs state',
        input: payload.value,
        path: ['state'],
      });
    }
  });
export type StatusWire = z.infer<typeof StatusWireSchema>;

/** GET /v2/tx/status response, normalised: `transfers` is always present. */
export const StatusResponse = StatusWireSchema.transform(normaliseStatus);
export type StatusResponse = z.infer<typeof StatusResponse>;
