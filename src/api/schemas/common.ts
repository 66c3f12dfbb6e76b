/** Resources shared by several endpoints: Asset, SwapVenue, affiliates, fees. */
import { z } from 'zod';
import { FeeBehavior, FeeType } from './enums';
import { F, pick } from './fields';
import { BasisPoints, ChainId, DecimalString, Denom } from './primitives';
import { lenient, unknownable } from '../reading-policy';

/**
 * Asset. `is_cw20` / `is_evm` / `is_svm` are marked required by the spec, yet no upstream example
 * carries `is_svm` and several carry none of the three (the spec itself notes that
 * assets_from_source omits empty fields); read absent as false. Reading policy: an asset is a
 * denom on a chain; everything else is read leniently (unknown when absent or malformed).
 */
export const Asset = z.looseObject({
  ...pick('denom', 'chain_id'),
  ...lenient({
    origin_denom: Denom,
    origin_chain_id: ChainId,
    trace: z.string(),
    is_cw20: z.boolean(),
    is_evm: z.boolean(),
    is_svm: z.boolean(),
    symbol: z.string().nullable(),
    name: F.name.nullable(),
    logo_uri: F.logo_uri.nullable(),
    decimals: F.decimals.nullable(),
    token_contract: z.string().nullable(),
    description: z.string().nullable(),
    coingecko_id: z.string().nullable(),
    recommended_symbol: z.string().nullable(),
  }),
});
export type Asset = z.infer<typeof Asset>;

/** A DEX venue; `logo_uri` is present in route responses, absent in requests. */
export const SwapVenue = z.looseObject({
  ...pick('name', 'chain_id'),
  logo_uri: unknownable(F.logo_uri.nullable()),
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
export const SmartRelayFeeQuote = z.looseObject(
  lenient({
    fee_amount: F.fee_amount,
    relayer_address: z.string(),
    expiration: z.string(),
    fee_denom: Denom,
    fee_payment_address: z.string().nullable(),
  }),
);
export type SmartRelayFeeQuote = z.infer<typeof SmartRelayFeeQuote>;

/** An estimated fee. Production sends `amount: ""`, `usd_amount: ""`, `origin_asset: null`: all read leniently. */
export const Fee = z.looseObject(
  lenient({
    fee_type: FeeType,
    bridge_id: F.bridge_id,
    amount: F.amount,
    usd_amount: DecimalString,
    origin_asset: Asset,
    chain_id: F.chain_id,
    tx_index: F.tx_index,
    operation_index: z.number().int().nonnegative().nullable(),
    fee_behavior: FeeBehavior,
  }),
);
export type Fee = z.infer<typeof Fee>;

/** `{ message }` error carried inside some 200 bodies (balances entries, recommendations). */
export const InlineError = z.looseObject({
  message: F.message.optional(),
});
export type InlineError = z.infer<typeof InlineError>;
