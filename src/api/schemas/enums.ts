/**
 * Every enum of the API, open: the listed values are what openapi.yml knows today, any other
 * string is accepted and kept (DESIGN: an unknown enum value is shown as "unknown", never a crash).
 * For each: `X_VALUES` (the known literals), schema `X`, type `X` (known | any string),
 * type `KnownX` (the literals only).
 */
import type { z } from 'zod';
import { BRIDGE_IDS } from '../bridge-ids';
import { openEnum } from './primitives';

// Written once, in ../bridge-ids.ts (plain constants the popup's first render loads without zod).
export const BRIDGE_TYPES = BRIDGE_IDS;
export const BridgeType = openEnum(BRIDGE_TYPES);
export type BridgeType = z.infer<typeof BridgeType>;
export type KnownBridgeType = (typeof BRIDGE_TYPES)[number];

/**
 * Overall state of a tracked transaction (`state` in status). The spec lists six; the vendor's
 * documentation adds STATE_UNKNOWN and STATE_RECEIVED (neither terminal).
 */
export const TX_STATES = [
  'STATE_UNKNOWN',
  'STATE_SUBMITTED',
  'STATE_RECEIVED',
  'STATE_PENDING',
  'STATE_ABANDONED',
  'STATE_COMPLETED_SUCCESS',
  'STATE_COMPLETED_ERROR',
  'STATE_PENDING_ERROR',
] as const;
export const TxState = openEnum(TX_STATES);
export type TxState = z.infer<typeof TxState>;
export type KnownTxState = (typeof TX_STATES)[number];

/** State of an IBC packet transfer (ibc_transfer and eureka_transfer events). */
export const TRANSFER_STATES = ['TRANSFER_UNKNOWN', 'TRANSFER_PENDING', 'TRANSFER_RECEIVED', 'TRANSFER_SUCCESS', 'TRANSFER_FAILURE'] as const;
export const TransferState = openEnum(TRANSFER_STATES);
export type TransferState = z.infer<typeof TransferState>;
export type KnownTransferState = (typeof TRANSFER_STATES)[number];

export const AXELAR_TRANSFER_STATES = [
  'AXELAR_TRANSFER_UNKNOWN',
  'AXELAR_TRANSFER_PENDING_CONFIRMATION',
  'AXELAR_TRANSFER_PENDING_RECEIPT',
  'AXELAR_TRANSFER_SUCCESS',
  'AXELAR_TRANSFER_FAILURE',
] as const;
export const AxelarTransferState = openEnum(AXELAR_TRANSFER_STATES);
export type AxelarTransferState = z.infer<typeof AxelarTransferState>;
export type KnownAxelarTransferState = (typeof AXELAR_TRANSFER_STATES)[number];

export const AXELAR_TRANSFER_TYPES = ['AXELAR_TRANSFER_CONTRACT_CALL_WITH_TOKEN', 'AXELAR_TRANSFER_SEND_TOKEN'] as const;
export const AxelarTransferType = openEnum(AXELAR_TRANSFER_TYPES);
export type AxelarTransferType = z.infer<typeof AxelarTransferType>;
export type KnownAxelarTransferType = (typeof AXELAR_TRANSFER_TYPES)[number];

export const CCTP_TRANSFER_STATES = [
  'CCTP_TRANSFER_UNKNOWN',
  'CCTP_TRANSFER_SENT',
  'CCTP_TRANSFER_PENDING_CONFIRMATION',
  'CCTP_TRANSFER_CONFIRMED',
  'CCTP_TRANSFER_RECEIVED',
] as const;
export const CctpTransferState = openEnum(CCTP_TRANSFER_STATES);
export type CctpTransferState = z.infer<typeof CctpTransferState>;
export type KnownCctpTransferState = (typeof CCTP_TRANSFER_STATES)[number];

export const HYPERLANE_TRANSFER_STATES = [
  'HYPERLANE_TRANSFER_UNKNOWN',
  'HYPERLANE_TRANSFER_SENT',
  'HYPERLANE_TRANSFER_FAILED',
  'HYPERLANE_TRANSFER_RECEIVED',
] as const;
export const HyperlaneTransferState = openEnum(HYPERLANE_TRANSFER_STATES);
export type HyperlaneTransferState = z.infer<typeof HyperlaneTransferState>;
export type KnownHyperlaneTransferState = (typeof HYPERLANE_TRANSFER_STATES)[number];

export const OP_INIT_TRANSFER_STATES = ['OPINIT_TRANSFER_UNKNOWN', 'OPINIT_TRANSFER_SENT', 'OPINIT_TRANSFER_RECEIVED'] as const;
export const OpInitTransferState = openEnum(OP_INIT_TRANSFER_STATES);
export type OpInitTransferState = z.infer<typeof OpInitTransferState>;
export type KnownOpInitTransferState = (typeof OP_INIT_TRANSFER_STATES)[number];

export const GO_FAST_TRANSFER_STATES = [
  'GO_FAST_TRANSFER_UNKNOWN',
  'GO_FAST_TRANSFER_SENT',
  'GO_FAST_POST_ACTION_FAILED',
  'GO_FAST_TRANSFER_TIMEOUT',
  'GO_FAST_TRANSFER_FILLED',
  'GO_FAST_TRANSFER_REFUNDED',
] as const;
export const GoFastTransferState = openEnum(GO_FAST_TRANSFER_STATES);
export type GoFastTransferState = z.infer<typeof GoFastTransferState>;
export type KnownGoFastTransferState = (typeof GO_FAST_TRANSFER_STATES)[number];

export const STARGATE_TRANSFER_STATES = [
  'STARGATE_TRANSFER_UNKNOWN',
  'STARGATE_TRANSFER_SENT',
  'STARGATE_TRANSFER_PENDING_CONFIRMATION',
  'STARGATE_TRANSFER_CONFIRMED',
  'STARGATE_TRANSFER_RECEIVED',
  'STARGATE_TRANSFER_FAILED',
] as const;
export const StargateTransferState = openEnum(STARGATE_TRANSFER_STATES);
export type StargateTransferState = z.infer<typeof StargateTransferState>;
export type KnownStargateTransferState = (typeof STARGATE_TRANSFER_STATES)[number];

export const LAYER_ZERO_TRANSFER_STATES = [
  'LAYER_ZERO_TRANSFER_UNKNOWN',
  'LAYER_ZERO_TRANSFER_SENT',
  'LAYER_ZERO_TRANSFER_WAITING_FOR_COMPOSE',
  'LAYER_ZERO_TRANSFER_RECEIVED',
  'LAYER_ZERO_TRANSFER_FAILED',
] as const;
export const LayerZeroTransferState = openEnum(LAYER_ZERO_TRANSFER_STATES);
export type LayerZeroTransferState = z.infer<typeof LayerZeroTransferState>;
export type KnownLayerZeroTransferState = (typeof LAYER_ZERO_TRANSFER_STATES)[number];

export const PACKET_ERROR_TYPES = ['PACKET_ERROR_UNKNOWN', 'PACKET_ERROR_ACKNOWLEDGEMENT', 'PACKET_ERROR_TIMEOUT'] as const;
export const PacketErrorType = openEnum(PACKET_ERROR_TYPES);
export type PacketErrorType = z.infer<typeof PacketErrorType>;

export const SEND_TOKEN_ERROR_TYPES = ['SEND_TOKEN_EXECUTION_ERROR'] as const;
export const SendTokenErrorType = openEnum(SEND_TOKEN_ERROR_TYPES);
export type SendTokenErrorType = z.infer<typeof SendTokenErrorType>;

export const CONTRACT_CALL_WITH_TOKEN_ERROR_TYPES = ['CONTRACT_CALL_WITH_TOKEN_EXECUTION_ERROR'] as const;
export const ContractCallWithTokenErrorType = openEnum(CONTRACT_CALL_WITH_TOKEN_ERROR_TYPES);
export type ContractCallWithTokenErrorType = z.infer<typeof ContractCallWithTokenErrorType>;

export const STATUS_ERROR_TYPES = [
  'STATUS_ERROR_UNKNOWN',
  'STATUS_ERROR_TRANSACTION_EXECUTION',
  'STATUS_ERROR_INDEXING',
  'STATUS_ERROR_TRANSFER',
] as const;
export const StatusErrorType = openEnum(STATUS_ERROR_TYPES);
export type StatusErrorType = z.infer<typeof StatusErrorType>;

export const FEE_TYPES = ['SMART_RELAY'] as const;
export const FeeType = openEnum(FEE_TYPES);
export type FeeType = z.infer<typeof FeeType>;

export const FEE_BEHAVIORS = ['FEE_BEHAVIOR_DEDUCTED', 'FEE_BEHAVIOR_ADDITIONAL'] as const;
export const FeeBehavior = openEnum(FEE_BEHAVIORS);
export type FeeBehavior = z.infer<typeof FeeBehavior>;

/** `recommendation_reason` / `reason` of asset recommendations. */
export const RECOMMENDATION_REASONS = ['UNKNOWN', 'MOST_LIQUID', 'BASE_TOKEN', 'DIRECT'] as const;
export const RecommendationReason = openEnum(RECOMMENDATION_REASONS);
export type RecommendationReason = z.infer<typeof RecommendationReason>;

export const ROUTE_WARNING_TYPES = ['LOW_INFO_WARNING', 'BAD_PRICE_WARNING'] as const;
export const RouteWarningType = openEnum(ROUTE_WARNING_TYPES);
export type RouteWarningType = z.infer<typeof RouteWarningType>;

/** `warning.type` of a msgs answer asked with `enable_gas_warnings` (openapi does not show it; production's values). */
export const GAS_WARNING_TYPES = ['INSUFFICIENT_GAS_AT_INTERMEDIATE', 'INSUFFICIENT_GAS_AT_DEST_EOA'] as const;
export const GasWarningType = openEnum(GAS_WARNING_TYPES);
export type GasWarningType = z.infer<typeof GasWarningType>;

/** `reason` of an error detail. */
export const ERROR_DETAIL_REASONS = ['LOW_INFO_ERROR', 'BAD_PRICE_ERROR', 'HIGH_LOSS_ERROR'] as const;
export const ErrorDetailReason = openEnum(ERROR_DETAIL_REASONS);
export type ErrorDetailReason = z.infer<typeof ErrorDetailReason>;

export const CHAIN_TYPES = ['cosmos', 'evm', 'svm'] as const;
export const ChainType = openEnum(CHAIN_TYPES);
export type ChainType = z.infer<typeof ChainType>;

export const AUTOPILOT_ACTIONS = ['LIQUID_STAKE', 'CLAIM'] as const;
export const AutopilotAction = openEnum(AUTOPILOT_ACTIONS);
export type AutopilotAction = z.infer<typeof AutopilotAction>;
