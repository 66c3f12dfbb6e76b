/**
 * Balances, chains and asset discovery: balances, assets_from_source, ibc_origin_assets,
 * GET info/chains, GET fungible/assets, and the endpoints seen only in the fixtures
 * (assets_between_chains, recommend_assets, venues, bridges).
 */
import { z } from 'zod';
import { InlineError, Asset, SwapVenue } from './common';
import { BridgeType, ChainType, RecommendationReason } from './enums';
import { F, pick } from './fields';
import { ChainId, DecimalString, Denom } from './primitives';
import { lenient, unknownable } from '../reading-policy';

// ─────────────────────────────── balances ───────────────────────────────

/** POST /v2/info/balances: chain id → which address and denoms to look up. */
export const BalancesRequest = z.looseObject({
  chains: z.record(ChainId, z.looseObject({ ...pick('address'), denoms: z.array(Denom) }).partial()),
});
export type BalancesRequest = z.infer<typeof BalancesRequest>;

/** One balance. Reading policy: every field lenient (an entry may carry only `error`). */
export const BalanceEntry = z.looseObject(
  lenient({
    ...pick('amount'),
    /** `amount` scaled by decimals. */
    formatted_amount: DecimalString,
    decimals: F.decimals.nullable(),
    /** USD unit price. */
    price: DecimalString.nullable(),
    value_usd: DecimalString.nullable(),
    error: InlineError.nullable(),
  }),
);
export type BalanceEntry = z.infer<typeof BalanceEntry>;

export const BalancesResponse = z.looseObject({
  chains: z.record(
    ChainId,
    z.looseObject({
      address: unknownable(F.address),
      denoms: unknownable(z.record(Denom, BalanceEntry)),
    }),
  ),
});
export type BalancesResponse = z.infer<typeof BalancesResponse>;

// ───────────────────────────── asset discovery ─────────────────────────────

/** `{ assets }` per chain id, as in assets_from_source and GET assets. */
export const AssetList = z.looseObject({ assets: z.array(Asset) });
export type AssetList = z.infer<typeof AssetList>;

/** POST /v2/fungible/assets_from_source. */
export const AssetsFromSourceRequest = z.looseObject({
  ...pick('source_asset_denom', 'source_asset_chain_id'),
  ...z
    .looseObject({
      ...pick('allow_multi_tx'),
      recommendation_reason: F.recommendation_reason.nullable(),
      include_swaps: z.boolean(),
      swap_venues: z.array(SwapVenue).nullable(),
      ...pick('native_only'),
      group_by: z.string().nullable(),
      ...pick('include_cw20_assets'),
    })
    .partial().shape,
});
export type AssetsFromSourceRequest = z.infer<typeof AssetsFromSourceRequest>;

/** Destination chain id → reachable assets (empty optional Asset fields are omitted). */
export const AssetsFromSourceResponse = z.looseObject({
  dest_assets: z.record(ChainId, AssetList),
});
export type AssetsFromSourceResponse = z.infer<typeof AssetsFromSourceResponse>;

/** POST /v2/fungible/ibc_origin_assets (the server answers code 3 when denom or chain_id is missing). */
export const IbcOriginAssetsRequest = z.looseObject({
  assets: z.array(z.looseObject(pick('denom', 'chain_id')).partial()),
});
export type IbcOriginAssetsRequest = z.infer<typeof IbcOriginAssetsRequest>;

/** openapi declares no required field here; `asset` is absent when not found. */
export const OptionalAsset = z.looseObject(lenient({ asset: Asset, asset_found: z.boolean() }));
export type OptionalAsset = z.infer<typeof OptionalAsset>;

export const IbcOriginAssetsResponse = z.looseObject({
  origin_assets: z.array(OptionalAsset),
});
export type IbcOriginAssetsResponse = z.infer<typeof IbcOriginAssetsResponse>;

// ───────────────────────────── GET info/chains ─────────────────────────────

/** GET /v2/info/chains query. Strict: the client serialises these keys and nothing else. */
export const ChainsRequest = z.strictObject({
  ...pick('chain_ids'),
  include_evm: z.boolean(),
  include_svm: z.boolean(),
  ...pick('only_testnets'),
}).partial();
export type ChainsRequest = z.infer<typeof ChainsRequest>;

/** A fee token and its gas price tiers. */
export const FeeAsset = z.looseObject({
  ...pick('denom'),
  gas_price: unknownable(
    z.looseObject(lenient({ low: DecimalString, average: DecimalString, high: DecimalString })).nullable(),
  ),
});
export type FeeAsset = z.infer<typeof FeeAsset>;

/**
 * A chain. Reading policy: a chain is its id; production omits `pretty_name`,
 * `cosmos_module_support` and `ibc_capabilities`, so everything else is read leniently.
 */
export const Chain = z.looseObject({
  ...pick('chain_id'),
  ...lenient({
    chain_name: z.string(),
    ...pick('pfm_enabled'),
    cosmos_module_support: z.looseObject(lenient({ authz: z.boolean(), feegrant: z.boolean() })),
    ...pick('supports_memo'),
    logo_uri: F.logo_uri.nullable(),
    bech32_prefix: z.string(),
    fee_assets: z.array(FeeAsset),
    chain_type: ChainType,
    ibc_capabilities: z.looseObject(
      lenient({
        cosmos_pfm: z.boolean(),
        cosmos_ibc_hooks: z.boolean(),
        cosmos_memo: z.boolean(),
        cosmos_autopilot: z.boolean(),
      }),
    ),
    ...pick('is_testnet'),
    pretty_name: z.string(),
  }),
});
export type Chain = z.infer<typeof Chain>;

export const ChainsResponse = z.looseObject({ chains: z.array(Chain) });
export type ChainsResponse = z.infer<typeof ChainsResponse>;

// ─────────────────────────── GET fungible/assets ───────────────────────────

/** GET /v2/fungible/assets query. Strict: the client serialises these keys and nothing else. */
export const AssetsRequest = z
  .strictObject(
    pick(
      'chain_ids',
      'native_only',
      'include_no_metadata_assets',
      'include_cw20_assets',
      'include_evm_assets',
      'include_svm_assets',
      'only_testnets',
    ),
  )
  .partial();
export type AssetsRequest = z.infer<typeof AssetsRequest>;

export const AssetsResponse = z.looseObject({
  chain_to_assets_map: z.record(ChainId, AssetList),
});
export type AssetsResponse = z.infer<typeof AssetsResponse>;

// ───────────────────── endpoints present only in the fixtures ─────────────────────

/** POST /v2/fungible/assets_between_chains. */
export const AssetsBetweenChainsRequest = z
  .looseObject({
    source_chain_id: ChainId,
    ...pick('dest_chain_id', 'include_no_metadata_assets', 'include_cw20_assets', 'include_evm_assets', 'allow_multi_tx'),
  })
  .partial();
export type AssetsBetweenChainsRequest = z.infer<typeof AssetsBetweenChainsRequest>;

export const AssetBetweenChains = z.looseObject({
  asset_on_source: Asset.optional(),
  asset_on_dest: Asset.optional(),
  ...pick('txs_required'),
  bridges: F.bridges.optional(),
});
export type AssetBetweenChains = z.infer<typeof AssetBetweenChains>;

export const AssetsBetweenChainsResponse = z.looseObject({
  assets_between_chains: z.array(AssetBetweenChains),
});
export type AssetsBetweenChainsResponse = z.infer<typeof AssetsBetweenChainsResponse>;

export const RecommendationRequest = z
  .looseObject({
    ...pick('source_asset_denom', 'source_asset_chain_id'),
    dest_chain_id: F.dest_chain_id.nullable(),
    reason: RecommendationReason.nullable(),
  })
  .partial();
export type RecommendationRequest = z.infer<typeof RecommendationRequest>;

/** POST /v2/fungible/recommend_assets. */
export const RecommendAssetsRequest = z.looseObject({
  requests: z.array(RecommendationRequest),
});
export type RecommendAssetsRequest = z.infer<typeof RecommendAssetsRequest>;

export const AssetRecommendation = z.looseObject({
  asset: Asset.optional(),
  reason: RecommendationReason.optional(),
});
export type AssetRecommendation = z.infer<typeof AssetRecommendation>;

export const RecommendAssetsResponse = z.looseObject({
  recommendation_entries: z.array(
    z.looseObject({
      recommendations: z.array(AssetRecommendation).optional(),
      error: InlineError.nullable().optional(),
    }),
  ),
});
export type RecommendAssetsResponse = z.infer<typeof RecommendAssetsResponse>;

/** GET /v2/fungible/venues query. */
export const VenuesRequest = z.strictObject(pick('only_testnets')).partial();
export type VenuesRequest = z.infer<typeof VenuesRequest>;

export const VenuesResponse = z.looseObject({ venues: z.array(SwapVenue) });
export type VenuesResponse = z.infer<typeof VenuesResponse>;

export const Bridge = z.looseObject({
  id: BridgeType,
  name: F.name.optional(),
  logo_uri: F.logo_uri.nullable().optional(),
});
export type Bridge = z.infer<typeof Bridge>;

/** GET /v2/info/bridges. */
export const BridgesResponse = z.looseObject({ bridges: z.array(Bridge) });
export type BridgesResponse = z.infer<typeof BridgesResponse>;
