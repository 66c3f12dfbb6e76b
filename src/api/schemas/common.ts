/** Resources shared by several endpoints: Asset, SwapVenue, affiliates, fees. */
import { z } from 'zod';
import { FeeBehavior, FeeType } from './enums';
import { F, pick } from './fields';
import { BasisPoints, ChainId, DecimalString, Denom } from './primitives';

/**
 * Asset. `is_cw20` / `is_evm` / `is_svm` are marked required by the spec, yet no upstream example
 * carries `is_svm` and several carry none of the three (the spec itself notes that
 * assets_from_source omits empty fields). Requiring them would refuse every real asset list,
 * so they are optional here; read absent as false.
 */
export const Asset = z.looseObject({
  ...pick('denom', 'chain_id'),
  origin_denom: Denom,
  origin_chain_id: ChainId,
  trace: z.string(),
  is_cw20: z.boolean().optional(),
  is_evm: z.boolean().optional(),
  is_svm: z.boolean().optional(),
  symbol: z.string().nullable().optional(),
  name: F.name.nullable().optional(),
  logo_uri: F.logo_uri.nullable().optional(),
  decimals: F.decimals.nullable().optional(),
  token_contract: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  coingecko_id: z.string().nullable().optional(),
  recommended_symbol: z.string().nullable().optional(),
});
export type Asset = z.infer<typeof Asset>;

/** A DEX venue; `logo_uri` is present in route responses, absent in requests. */
export const SwapVenue = z.looseObject({
  ...pick('name', 'chain_id'),
  logo_uri: F.logo_uri.nullable().optional(),
});
export type SwapVenue = z.infer<typeof SwapVenue>;

export const Affiliate = z.looseObject({
  address: F.address.optional(),
  basis_points_fee: BasisPoints.optional(),
});
export type Affiliate = z.infer<typeof Affiliate>;

export const ChainAffiliates = z.looseObject({
  affiliates: z.array(Affiliate).optional(),
});
export type ChainAffiliates = z.infer<typeof ChainAffiliates>;

export const SmartSwapOptions = z.looseObject({
  split_routes: z.boolean().optional(),
  evm_swaps: z.boolean().optional(),
});
export type SmartSwapOptions = z.infer<typeof SmartSwapOptions>;

/** Quote of the fee paid for Smart Relay on CCTP / Eureka transfers. */
export const SmartRelayFeeQuote = z.looseObject({
  fee_amount: F.fee_amount.optional(),
  relayer_address: z.string().optional(),
  expiration: z.string().optional(),
  fee_denom: Denom.optional(),
  fee_payment_address: z.string().nullable().optional(),
});
export type SmartRelayFeeQuote = z.infer<typeof SmartRelayFeeQuote>;

export const Fee = z.looseObject({
  fee_type: FeeType.optional(),
  bridge_id: F.bridge_id.optional(),
  amount: F.amount.optional(),
  usd_amount: DecimalString.optional(),
  origin_asset: Asset,
  chain_id: F.chain_id.optional(),
  tx_index: F.tx_index.optional(),
  operation_index: z.number().int().nonnegative().nullable().optional(),
  fee_behavior: FeeBehavior.optional(),
});
export type Fee = z.infer<typeof Fee>;

/** `{ message }` error carried inside some 200 bodies (balances entries, recommendations). */
export const InlineError = z.looseObject({
  message: F.message.optional(),
});
export type InlineError = z.infer<typeof InlineError>;
