/** Chain records: Cosmos chains from chain-registry, EVM and SVM chains from data/chains.json and the bridges' data files. */
import { CHAIN_CAPABILITIES } from '../data/capabilities';
import type { BridgeChainRow } from './data';
import { numberToDecimalString } from './decimal';
import type { RegChain, RegFeeToken } from './registry';
import type { FeeAsset, GasPrice, WorldChain } from './types';

export function isWorldCosmosChain(c: RegChain): c is RegChain & { chainId: string; bech32Prefix: string } {
  // 'upcoming' chains have no live channels; 'killed' ones none that work
  return (
    c.chainType === 'cosmos' &&
    c.networkType === 'mainnet' &&
    c.status === 'live' &&
    typeof c.chainId === 'string' &&
    c.chainId !== '' &&
    typeof c.bech32Prefix === 'string' &&
    c.bech32Prefix !== ''
  );
}

function gasPriceOf(t: RegFeeToken): GasPrice | null {
  const low = t.lowGasPrice ?? t.fixedMinGasPrice ?? t.averageGasPrice;
  const average = t.averageGasPrice ?? t.lowGasPrice ?? t.fixedMinGasPrice ?? t.highGasPrice;
  const high = t.highGasPrice ?? t.averageGasPrice ?? t.lowGasPrice ?? t.fixedMinGasPrice;
  if (low === undefined || average === undefined || high === undefined) return null;
  return {
    low: numberToDecimalString(low),
    average: numberToDecimalString(average),
    high: numberToDecimalString(high),
  };
}

/**
 * Fee tokens that carry a gas price. Osmosis lists a hundred fee tokens and prices only
 * one; a chain whose tokens are all unpriced keeps its first one, with a null price.
 */
export function feeAssetsOf(c: RegChain): FeeAsset[] {
  const tokens = c.fees?.feeTokens ?? [];
  const priced = tokens
    .map((t): FeeAsset => ({ denom: t.denom, gasPrice: gasPriceOf(t) }))
    .filter((f) => f.gasPrice !== null);
  if (priced.length > 0) return priced;
  const first = tokens[0];
  return first ? [{ denom: first.denom, gasPrice: null }] : [];
}

export function explorerTxTemplateOf(c: RegChain): string | null {
  const withTx = (c.explorers ?? []).filter((e) => typeof e.txPage === 'string' && e.txPage.includes('${txHash}'));
  // mintscan is what the API's own explorer links use for Cosmos chains
  const mintscan = withTx.find((e) => (e.kind ?? '').toLowerCase() === 'mintscan');
  return (mintscan ?? withTx[0])?.txPage ?? null;
}

export function logoOf(c: { logoURIs?: { png?: string; svg?: string }; images?: { png?: string; svg?: string }[] }): string | null {
  return c.logoURIs?.png ?? c.logoURIs?.svg ?? c.images?.[0]?.png ?? c.images?.[0]?.svg ?? null;
}

export function cosmosChainFromRegistry(c: RegChain & { chainId: string; bech32Prefix: string }): WorldChain {
  const caps = CHAIN_CAPABILITIES[c.chainName] ?? {};
  return {
    chainId: c.chainId,
    chainName: c.chainName,
    prettyName: c.prettyName ?? c.chainName,
    chainType: 'cosmos',
    bech32Prefix: c.bech32Prefix,
    slip44: c.slip44 ?? null,
    feeAssets: feeAssetsOf(c),
    stakingDenoms: (c.staking?.stakingTokens ?? []).map((t) => t.denom),
    explorerTxTemplate: explorerTxTemplateOf(c),
    logoUri: logoOf(c),
    pfmEnabled: caps.pfm === true,
    supportsMemo: true,
    capabilities: {
      pfm: caps.pfm === true,
      ibcHooks: caps.ibcHooks === true,
      memo: true,
      autopilot: caps.autopilot === true,
    },
    evmChainId: null,
    cctpDomain: null,
    axelarChainName: null,
    source: 'chain-registry',
  };
}

export function chainFromBridgeRow(row: BridgeChainRow, cctpDomain: number | null): WorldChain {
  if (row.chainType === 'cosmos') {
    const price = row.feeGasPrice;
    return {
      chainId: row.chainId,
      chainName: row.chainName,
      prettyName: row.prettyName,
      chainType: 'cosmos',
      bech32Prefix: row.bech32Prefix ?? '',
      slip44: row.slip44 ?? 118,
      feeAssets: [{ denom: row.feeDenom, gasPrice: price === null ? null : { low: price, average: price, high: price } }],
      stakingDenoms: [],
      explorerTxTemplate: row.explorerTx,
      logoUri: row.logoUri,
      pfmEnabled: false,
      supportsMemo: true,
      capabilities: { pfm: false, ibcHooks: false, memo: true, autopilot: false },
      evmChainId: null,
      cctpDomain,
      axelarChainName: row.axelarChainName,
      source: 'bridges',
    };
  }
  return {
    chainId: row.chainId,
    chainName: row.chainName,
    prettyName: row.prettyName,
    chainType: row.chainType,
    bech32Prefix: '',
    slip44: row.chainType === 'evm' ? 60 : 501,
    feeAssets: [{ denom: row.feeDenom, gasPrice: null }],
    stakingDenoms: [],
    explorerTxTemplate: row.explorerTx,
    logoUri: row.logoUri,
    pfmEnabled: false,
    supportsMemo: false,
    capabilities: { pfm: false, ibcHooks: false, memo: false, autopilot: false },
    evmChainId: row.evmChainId,
    cctpDomain,
    axelarChainName: row.axelarChainName,
    source: 'bridges',
  };
}
