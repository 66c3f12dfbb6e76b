/** World objects in the API's snake_case wire shapes (spec: Asset; openapi: Chain, SwapVenue). */
import type { Venue, WorldAsset, WorldChain } from './types';

export interface WireAsset {
  denom: string;
  chain_id: string;
  origin_denom: string;
  origin_chain_id: string;
  trace: string;
  is_cw20: boolean;
  is_evm: boolean;
  is_svm: boolean;
  symbol?: string;
  name?: string;
  logo_uri?: string;
  decimals?: number;
  token_contract?: string;
  description?: string;
  coingecko_id?: string;
  recommended_symbol?: string;
}

/** The spec's Asset; optional fields are omitted when empty, never sent as null or ''. */
export function toWireAsset(a: WorldAsset): WireAsset {
  const w: WireAsset = {
    denom: a.denom,
    chain_id: a.chainId,
    origin_denom: a.originDenom,
    origin_chain_id: a.originChainId,
    trace: a.trace,
    is_cw20: a.isCw20,
    is_evm: a.isEvm,
    is_svm: a.isSvm,
  };
  if (a.symbol) w.symbol = a.symbol;
  if (a.name) w.name = a.name;
  if (a.logoUri) w.logo_uri = a.logoUri;
  if (a.decimals !== undefined) w.decimals = a.decimals;
  if (a.tokenContract) w.token_contract = a.tokenContract;
  if (a.description) w.description = a.description;
  if (a.coingeckoId) w.coingecko_id = a.coingeckoId;
  if (a.recommendedSymbol) w.recommended_symbol = a.recommendedSymbol;
  return w;
}

export interface WireChain {
  chain_name: string;
  chain_id: string;
  pfm_enabled: boolean;
  cosmos_module_support: { authz: boolean; feegrant: boolean };
  supports_memo: boolean;
  logo_uri: string | null;
  bech32_prefix: string;
  fee_assets: { denom: string; gas_price: { low: string; average: string; high: string } | null }[];
  chain_type: 'cosmos' | 'evm' | 'svm';
  ibc_capabilities: { cosmos_pfm: boolean; cosmos_ibc_hooks: boolean; cosmos_memo: boolean; cosmos_autopilot: boolean };
  is_testnet: boolean;
  pretty_name: string;
}

/** openapi `Chain`, as GET /v2/info/chains returns it. */
export function toWireChain(c: WorldChain): WireChain {
  const cosmos = c.chainType === 'cosmos';
  return {
    chain_name: c.chainName,
    chain_id: c.chainId,
    pfm_enabled: c.pfmEnabled,
    // every simulated Cosmos chain runs the SDK's authz and feegrant modules
    cosmos_module_support: { authz: cosmos, feegrant: cosmos },
    supports_memo: c.supportsMemo,
    logo_uri: c.logoUri,
    bech32_prefix: c.bech32Prefix,
    fee_assets: c.feeAssets.map((f) => ({ denom: f.denom, gas_price: f.gasPrice ? { ...f.gasPrice } : null })),
    chain_type: c.chainType,
    ibc_capabilities: {
      cosmos_pfm: c.capabilities.pfm,
      cosmos_ibc_hooks: c.capabilities.ibcHooks,
      cosmos_memo: c.capabilities.memo,
      cosmos_autopilot: c.capabilities.autopilot,
    },
    is_testnet: false,
    pretty_name: c.prettyName,
  };
}

export interface WireVenue {
  name: string;
  chain_id: string;
  logo_uri?: string;
}

/** openapi `SwapVenue`. */
export function toWireVenue(v: Venue): WireVenue {
  const w: WireVenue = { name: v.name, chain_id: v.chainId };
  if (v.logoUri) w.logo_uri = v.logoUri;
  return w;
}
