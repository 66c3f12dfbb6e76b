/**
 * The slice of the chain-registry npm package (camelCase data) that the World reads.
 * Declared here rather than imported from @chain-registry/types, which is only a
 * transitive dependency; every field is optional where the data has gaps.
 */
import { createRequire } from 'node:module';

export interface RegFeeToken {
  denom: string;
  fixedMinGasPrice?: number;
  lowGasPrice?: number;
  averageGasPrice?: number;
  highGasPrice?: number;
}

export interface RegExplorer {
  kind?: string;
  url?: string;
  txPage?: string;
}

export interface RegLogo {
  png?: string;
  svg?: string;
}

export interface RegChain {
  chainName: string;
  chainId?: string;
  chainType: string;
  status?: string;
  networkType?: string;
  prettyName?: string;
  bech32Prefix?: string;
  slip44?: number;
  fees?: { feeTokens?: RegFeeToken[] };
  staking?: { stakingTokens?: { denom: string }[] };
  explorers?: RegExplorer[];
  logoURIs?: RegLogo;
  images?: RegLogo[];
}

export interface RegTrace {
  type: string;
  provider?: string;
  counterparty: { chainName: string; baseDenom: string; channelId?: string; port?: string };
  chain?: { channelId?: string; path?: string; port?: string };
}

export interface RegAsset {
  base: string;
  display?: string;
  name?: string;
  symbol?: string;
  description?: string;
  typeAsset?: string;
  address?: string;
  coingeckoId?: string;
  denomUnits?: { denom: string; exponent: number }[];
  traces?: RegTrace[];
  logoURIs?: RegLogo;
  images?: RegLogo[];
}

export interface RegAssetList {
  chainName: string;
  assets: RegAsset[];
}

export interface RegIbcSide {
  chainName: string;
  chainId?: string;
  clientId?: string;
  connectionId?: string;
}

export interface RegIbcChannel {
  chain1: { channelId: string; portId: string };
  chain2: { channelId: string; portId: string };
  ordering?: string;
  version?: string;
  tags?: { status?: string; preferred?: boolean };
}

export interface RegIbcData {
  chain1: RegIbcSide;
  chain2: RegIbcSide;
  channels: RegIbcChannel[];
}

export interface Registry {
  chains: RegChain[];
  assetLists: RegAssetList[];
  ibcData: RegIbcData[];
}

/** Exact version pinned in package.json; the World refuses to silently run on another one. */
export const CHAIN_REGISTRY_VERSION = '2.0.251';

let cached: Registry | undefined;

/**
 * Loads `chain-registry/mainnet` through CommonJS: the package's ESM copy uses extensionless
 * relative imports and fails under native Node ESM. Memoised (require caches anyway).
 */
export function loadRegistry(): Registry {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const mainnet = require('chain-registry/mainnet') as Partial<Registry>;
  const pkg = require('chain-registry/package.json') as { version?: string };
  if (pkg.version !== CHAIN_REGISTRY_VERSION) {
    throw new Error(
      `chain-registry ${String(pkg.version)} is installed but the World is built for ${CHAIN_REGISTRY_VERSION}`,
    );
  }
  if (!Array.isArray(mainnet.chains) || !Array.isArray(mainnet.assetLists) || !Array.isArray(mainnet.ibcData)) {
    throw new Error('chain-registry/mainnet does not export chains, assetLists and ibcData');
  }
  cached = { chains: mainnet.chains, assetLists: mainnet.assetLists, ibcData: mainnet.ibcData };
  return cached;
}
