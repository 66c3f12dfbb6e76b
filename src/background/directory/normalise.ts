/**
 * `/v2/info/chains` and `/v2/fungible/assets` answers → the compact lists the background caches.
 * Lenient on purpose: the client has already checked the shapes it needs; here every optional
 * field that is absent, null, empty or out of bounds becomes null (production omits
 * `pretty_name` on some chains), and an entry without a usable id or denom is left out rather
 * than refusing the whole list.
 */
import type { AssetsResponse, BridgesResponse, ChainsResponse } from '../../api';
import type { Directory } from './schema';
import { MAX_DIRECTORY_ASSETS, MAX_DIRECTORY_CHAINS } from './schema';

const str = (v: unknown, max: number): string | null => (typeof v === 'string' && v !== '' && v.length <= max ? v : null);
const flag = (v: unknown): boolean => v === true;

function chainOf(raw: Record<string, unknown>): Directory['chains'][number] | null {
  const id = str(raw.chain_id, 128);
  if (!id) return null;
  const fees = Array.isArray(raw.fee_assets) ? raw.fee_assets : [];
  const feeDenoms = fees
    .map((f) => (typeof f === 'object' && f !== null ? str((f as Record<string, unknown>).denom, 256) : null))
    .filter((d): d is string => d !== null)
    .slice(0, 50);
  // the average tier: what wallets pay by default (Max keeps that much back for the fee)
  const gasPrices: Record<string, string> = {};
  for (const f of fees.slice(0, 50)) {
    if (typeof f !== 'object' || f === null) continue;
    const denom = str((f as Record<string, unknown>).denom, 256);
    const tiers = (f as Record<string, unknown>).gas_price;
    const price = typeof tiers === 'object' && tiers !== null ? str((tiers as Record<string, unknown>).average, 61) : null;
    if (denom && price && /^[0-9]{1,30}(\.[0-9]{1,30})?$/.test(price)) gasPrices[denom] = price;
  }
  return {
    id,
    name: str(raw.pretty_name, 200) ?? str(raw.chain_name, 200),
    registryName: str(raw.chain_name, 200),
    type: str(raw.chain_type, 32) ?? 'cosmos',
    bech32Prefix: str(raw.bech32_prefix, 90),
    logo: str(raw.logo_uri, 1024),
    feeDenoms,
    ...(Object.keys(gasPrices).length > 0 ? { gasPrices } : {}),
  };
}

function assetOf(chainKey: string, raw: Record<string, unknown>): Directory['assets'][number] | null {
  const chainId = str(raw.chain_id, 128) ?? str(chainKey, 128);
  const denom = str(raw.denom, 256);
  if (!chainId || !denom) return null;
  const decimals = typeof raw.decimals === 'number' && Number.isInteger(raw.decimals) && raw.decimals >= 0 && raw.decimals <= 36 ? raw.decimals : null;
  return {
    chainId,
    denom,
    symbol: str(raw.symbol, 64),
    name: str(raw.name, 200),
    decimals,
    logo: str(raw.logo_uri, 1024),
    originChainId: str(raw.origin_chain_id, 128),
    originDenom: str(raw.origin_denom, 256),
    trace: str(raw.trace, 2000) ?? '',
    coingeckoId: str(raw.coingecko_id, 200),
    recommendedSymbol: str(raw.recommended_symbol, 64),
    isCw20: flag(raw.is_cw20),
    isEvm: flag(raw.is_evm),
    isSvm: flag(raw.is_svm),
  };
}

const records = (list: unknown): Record<string, unknown>[] =>
  Array.isArray(list) ? list.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null) : [];

export function normaliseDirectory(chains: ChainsResponse, assets: AssetsResponse, bridges: BridgesResponse | null = null): Directory {
  const chainList = records(chains.chains)
    .map(chainOf)
    .filter((c) => c !== null)
    .slice(0, MAX_DIRECTORY_CHAINS);
  const assetList: Directory['assets'] = [];
  for (const [chainKey, group] of Object.entries(assets.chain_to_assets_map ?? {})) {
    for (const raw of records((group as { assets?: unknown } | null)?.assets)) {
      const a = assetOf(chainKey, raw);
      if (a) assetList.push(a);
      if (assetList.length >= MAX_DIRECTORY_ASSETS) break;
    }
  }
  const bridgeIds = bridges
    ? [...new Set(records(bridges.bridges).map((b) => str(b.id, 64)).filter((id) => id !== null))].slice(0, 64)
    : null;
  return { chains: chainList, assets: assetList, bridges: bridgeIds };
}
