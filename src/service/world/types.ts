/**
 * The World's data model. Internal objects are camelCase; `wire.ts` maps them to the
 * API's snake_case shapes. Everything a built World hands out is frozen: clone before
 * mutating (the ledger copies pool reserves, it never edits them in place).
 */

export type ChainType = 'cosmos' | 'evm' | 'svm';

export interface GasPrice {
  /** Decimal strings, in base units of the fee denom per gas unit. */
  low: string;
  average: string;
  high: string;
}

export interface FeeAsset {
  denom: string;
  /** null when the registry gives no price for this fee token. */
  gasPrice: GasPrice | null;
}

export interface IbcCapabilities {
  pfm: boolean;
  ibcHooks: boolean;
  memo: boolean;
  autopilot: boolean;
}

export interface WorldChain {
  chainId: string;
  chainName: string;
  prettyName: string;
  chainType: ChainType;
  /** '' for EVM and SVM chains. */
  bech32Prefix: string;
  slip44: number | null;
  feeAssets: readonly FeeAsset[];
  stakingDenoms: readonly string[];
  /** Explorer template containing `${txHash}`, or null. */
  explorerTxTemplate: string | null;
  logoUri: string | null;
  pfmEnabled: boolean;
  supportsMemo: boolean;
  capabilities: IbcCapabilities;
  /** Numeric EIP-155 id for EVM chains. */
  evmChainId: number | null;
  /** Circle CCTP domain, for chains that take part in CCTP. */
  cctpDomain: number | null;
  /** Name Axelar uses for this chain in axelar_transfer operations, when Axelar serves it. */
  axelarChainName: string | null;
  source: 'chain-registry' | 'bridges';
}

export type AssetSource = 'registry' | 'bridges' | 'derived';

export interface WorldAsset {
  chainId: string;
  denom: string;
  originChainId: string;
  originDenom: string;
  /** Port/channel hops that unwind the token to its origin; '' for a native asset. */
  trace: string;
  isCw20: boolean;
  isEvm: boolean;
  isSvm: boolean;
  symbol?: string;
  name?: string;
  logoUri?: string;
  decimals?: number;
  tokenContract?: string;
  description?: string;
  coingeckoId?: string;
  recommendedSymbol?: string;
  /** Registry `typeAsset` (sdk.coin, ics20, cw20, erc20, evm-base, svm-base, spl). */
  typeAsset: string;
  /** registry: from chain-registry; bridges: from data/chains.json or a bridge's data.json; derived: synthesised from a trace. */
  source: AssetSource;
}

/** One end of an IBC channel, seen from `chainId`. */
export interface ChannelEnd {
  chainId: string;
  channelId: string;
  portId: string;
  counterpartyChainId: string;
  counterpartyChannelId: string;
  counterpartyPortId: string;
  /** Preferred channel for this chain pair (exactly one per pair). */
  preferred: boolean;
  connectionId: string | null;
  clientId: string | null;
}

/** Where an asset comes from. */
export interface AssetOrigin {
  originChainId: string;
  originDenom: string;
  trace: string;
}

/** Result of moving a denom over one IBC hop. */
export interface HopResult {
  /** Chain that receives the token. */
  chainId: string;
  /** Receiving channel on that chain. */
  channelId: string;
  denom: string;
  trace: string;
  baseDenom: string;
  /** true when the hop went back the way the token came (prefix stripped). */
  unwound: boolean;
}

export interface Venue {
  /** API name, e.g. `osmosis-poolmanager`. */
  name: string;
  chainId: string;
  logoUri: string | null;
  /** Address of the swap entry-point contract the msgs builder targets (simulated). */
  entryPointContract: string;
  simulated: true;
  kind: 'constant-product';
}

export interface Pool {
  /** Pool id as the venue names it: a number string on Osmosis, a pair contract on Astroport. */
  id: string;
  venue: string;
  chainId: string;
  denoms: readonly [string, string];
  /** Base-unit integer strings, same order as `denoms`. */
  reserves: readonly [string, string];
  feeBps: number;
  kind: 'constant-product';
}

export interface PriceTable {
  asOf: string;
  source: string;
  /** coingecko id -> USD as a decimal string. */
  usd: ReadonlyMap<string, string>;
}

export interface CctpChain {
  chainId: string;
  domain: number;
  usdcDenom: string;
}

export interface AxelarChainToken {
  chainId: string;
  denom: string;
  /** canonical: the chain's own token, locked by the Axelar gateway; wrapped: an axl* token Axelar mints. */
  kind: 'canonical' | 'wrapped';
}

export interface AxelarAsset {
  symbol: string;
  recommendedSymbol: string;
  /** Denom on axelar-dojo-1, which is also Axelar's asset id. */
  axelarDenom: string;
  decimals: number;
  coingeckoId: string | null;
  tokens: readonly AxelarChainToken[];
}

export interface Bridges {
  cctp: { bridgeId: 'CCTP'; nobleChainId: string; chains: readonly CctpChain[] };
  axelar: { bridgeId: 'AXELAR'; axelarChainId: string; assets: readonly AxelarAsset[] };
}

export interface Quirk {
  chainId: string;
  denom: string;
  reason: string;
}

export interface WorldStats {
  chains: { cosmos: number; evm: number; svm: number; registrySkipped: number };
  assets: {
    total: number;
    byChainType: Record<ChainType, number>;
    registryIbcChecked: number;
    registryIbcMatched: number;
    quirks: readonly Quirk[];
    /** IBC assets whose origin chain is not in the World. */
    orphans: number;
    /** Registry assets left out because their type is not modelled (snip20, erc20 on Cosmos chains, …). */
    skippedByType: Record<string, number>;
  };
  channels: {
    /** Unique ACTIVE transfer<->transfer pairs between World chains. */
    pairs: number;
    /** Raw channel entries in the registry's ibc-data (each pair is listed twice). */
    rawEntries: number;
    duplicatesRemoved: number;
    uniquePairsInRegistry: number;
    notActive: number;
    nonTransfer: number;
    /** Chain names that the IBC data mentions but the registry has no chain record for. */
    missingChains: readonly string[];
    /** IBC data endpoints that exist but are not Cosmos chains of the World (ethereum, namada, …). */
    nonWorldEndpoints: readonly string[];
  };
  pools: number;
  buildMs: number;
}
