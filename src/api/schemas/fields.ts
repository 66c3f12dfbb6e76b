/**
 * The scalar fields that recur across resources, each defined once: an object takes its fields
 * from here with `pick(...)`, so `amount_in` or `bridge_id` cannot drift between two objects.
 * Object-valued shared fields (fee_asset, swap_venues, ...) live next to their resource.
 * Fields whose type changes with the object they sit in (`state`, `txs`, `error`, `type`,
 * `asset`, `details`) are declared locally.
 */
import { z } from 'zod';
import {
  BridgeType,
  RecommendationReason,
} from './enums';
import { ChainId, DecimalString, Denom, IntegerString, TxHash } from './primitives';

const bool = z.boolean();
const text = z.string();

export const F = {
  // where
  chain_id: ChainId,
  from_chain_id: ChainId,
  to_chain_id: ChainId,
  source_asset_chain_id: ChainId,
  dest_asset_chain_id: ChainId,
  dest_chain_id: ChainId,
  chain_ids: z.array(ChainId),

  // what
  denom: Denom,
  denom_in: Denom,
  denom_out: Denom,
  source_asset_denom: Denom,
  dest_asset_denom: Denom,
  decimals: z.number().int().nonnegative(),

  // how much: base-unit integers
  amount: IntegerString,
  amount_in: IntegerString,
  amount_out: IntegerString,
  estimated_amount_out: IntegerString,
  min_amount_out: IntegerString,
  fee_amount: IntegerString,
  swap_amount_in: IntegerString,
  messaging_fee_amount: IntegerString,

  // how much: decimals (USD, percent)
  usd_fee_amount: DecimalString,
  messaging_fee_amount_usd: DecimalString,
  price_impact_percent: DecimalString,
  slippage_tolerance_percent: DecimalString,

  // counts and indices
  tx_index: z.number().int().nonnegative(),
  txs_required: z.number().int().nonnegative(),
  timeout_seconds: IntegerString,
  destination_endpoint_id: z.number(),

  // bridges and relaying
  bridge_id: BridgeType,
  bridges: z.array(BridgeType),
  smart_relay: bool,
  pfm_enabled: bool,
  supports_memo: bool,
  is_testnet: bool,
  to_chain_entry_contract_address: text,
  to_chain_callback_contract_address: text,

  // messages and transactions
  tx: z.string().min(1),
  tx_hash: TxHash,
  explorer_link: text,
  signer_address: text,
  path: z.array(ChainId),
  msg: text,
  msg_type_url: text,

  // labels
  name: text,
  logo_uri: text,
  address: text,
  message: text,

  // request options
  allow_unsafe: bool,
  allow_multi_tx: bool,
  allow_swaps: bool,
  go_fast: bool,
  experimental_features: z.array(text),
  enable_gas_warnings: bool,
  fee_payer_address: text,
  native_only: bool,
  include_cw20_assets: bool,
  include_evm_assets: bool,
  include_svm_assets: bool,
  include_no_metadata_assets: bool,
  only_testnets: bool,
  recommendation_reason: RecommendationReason,
} as const;

type Fields = typeof F;

/** The named fields, as a shape to spread into `z.looseObject({...})`. */
export function pick<const K extends keyof Fields>(...keys: K[]): Pick<Fields, K> {
  const out = {} as Pick<Fields, K>;
  for (const key of keys) out[key] = F[key];
  return out;
}
