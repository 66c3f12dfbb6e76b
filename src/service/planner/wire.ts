/**
 * The Route object as this service writes it (spec: Route, Operation, Fee). These are the
 * shapes `RouteResponse` in src/api/schemas.ts validates; they are spelled out here so the
 * planner's output is checked field by field at compile time, not only at run time.
 */
import type { BridgeId } from '../bridges/types';
import type { WireAsset, WireVenue } from '../world';

export interface WireTransfer {
  port: string;
  channel: string;
  from_chain_id: string;
  to_chain_id: string;
  pfm_enabled: boolean;
  supports_memo: boolean;
  denom_in: string;
  denom_out: string;
  fee_amount: string | null;
  usd_fee_amount: string | null;
  fee_asset: WireAsset | null;
  bridge_id: 'IBC';
  smart_relay: boolean;
  to_chain_entry_contract_address: string | null;
  to_chain_callback_contract_address: string | null;
  /** Deprecated alias of denom_out, still sent (the fixtures carry it). */
  dest_denom: string;
}

export interface WireSwapOperation {
  pool: string;
  denom_in: string;
  denom_out: string;
}

export interface WireSwapIn {
  swap_venue: WireVenue;
  swap_operations: WireSwapOperation[];
  swap_amount_in: string;
  price_impact_percent: string;
  /** Pool output before the affiliate fee. */
  estimated_amount_out: string;
}

export interface WireSwapOut {
  swap_venue: WireVenue;
  swap_operations: WireSwapOperation[];
  /** Pool output before the affiliate fee. */
  swap_amount_out: string;
  price_impact_percent: string;
}

interface WireSwapCommon {
  estimated_affiliate_fee: string;
  from_chain_id: string;
  chain_id: string;
  denom_in: string;
  denom_out: string;
  swap_venues: WireVenue[];
}

export type WireSwap = WireSwapCommon & ({ swap_in: WireSwapIn } | { swap_out: WireSwapOut });

export interface WireSmartRelayFeeQuote {
  fee_amount: string;
  fee_denom: string;
  fee_payment_address: string | null;
}

interface OpSiblings {
  tx_index: number;
  amount_in: string;
  amount_out: string;
}

export type WireOperation =
  | ({ transfer: WireTransfer } & OpSiblings)
  | ({ swap: WireSwap } & OpSiblings)
  /** A bridge's operation under its own key (`cctp_transfer`, `go_fast_transfer`, …): each bridge folder types its body. */
  | ({ [operationKey: string]: unknown } & OpSiblings);

export interface WireFee {
  /** SMART_RELAY, or what a bridge charges as (openapi FeeType). */
  fee_type: string;
  bridge_id: BridgeId;
  amount: string;
  usd_amount: string;
  origin_asset: WireAsset;
  chain_id: string;
  tx_index: number;
  operation_index: number | null;
  fee_behavior: 'FEE_BEHAVIOR_DEDUCTED' | 'FEE_BEHAVIOR_ADDITIONAL';
}

export interface WireRouteWarning {
  type: 'LOW_INFO_WARNING' | 'BAD_PRICE_WARNING';
  message: string;
}

export interface WireRoute {
  amount_in: string;
  amount_out: string;
  source_asset_denom: string;
  source_asset_chain_id: string;
  dest_asset_denom: string;
  dest_asset_chain_id: string;
  operations: WireOperation[];
  chain_ids: string[];
  required_chain_addresses: string[];
  does_swap: boolean;
  estimated_amount_out: string;
  swap_venues: WireVenue[];
  txs_required: number;
  usd_amount_in?: string;
  usd_amount_out?: string;
  swap_price_impact_percent?: string;
  warning?: WireRouteWarning;
  estimated_fees: WireFee[];
  estimated_route_duration_seconds: number;
}
