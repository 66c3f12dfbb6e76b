/**
 * What the pickers offer once the routing API has answered `GET /v2/info/chains` and
 * `GET /v2/fungible/assets`: the API decides WHAT is offered, the bundled chain-registry catalog
 * HOW it is shown. Pure and zod-free; the background fetches, normalises and caches the API's
 * lists (src/background/directory/), the popup merges them here.
 *
 * Rules:
 * - A chain or asset the API lists and the catalog knows: the catalog's name, logo, explorer,
 *   symbols and decimals; the API's fill what the catalog lacks.
 * - One the API lists and the catalog lacks: offered with the API's own metadata
 *   (pretty_name, else chain_name, else the id; an asset without a symbol shows its short denom
 *   and without decimals is marked unknown, amounts then in base units).
 * - One the catalog has and the API lacks: not offered; lookups (names of chains in activity
 *   rows) still find it through the merged catalog's fallback.
 * - A chain of a type Courier cannot address (not cosmos, evm or svm) is left out, with its assets.
 */
import { Catalog, shortDenom, type CatalogAsset, type CatalogChain } from './catalog';
import { CHAIN_TYPES, denomKey, type ChainType } from './schema';

/** A chain as the API describes it, normalised (absent, null and '' are null). */
export interface ApiDirectoryChain {
  id: string;
  /** pretty_name, else chain_name. */
  name: string | null;
  /** chain_name. */
  registryName: string | null;
  /** chain_type as the API says it (`cosmos`, `evm`, `svm`, or one Courier does not know). */
  type: string;
  bech32Prefix: string | null;
  logo: string | null;
  feeDenoms: string[];
  /** Average gas price per fee denom, where the API gave one (absent in lists cached before it was kept). */
  gasPrices?: Record<string, string>;
}

/** An asset as the API describes it, normalised (absent, null and '' are null). */
export interface ApiDirectoryAsset {
  chainId: string;
  denom: string;
  symbol: string | null;
  name: string | null;
  decimals: number | null;
  logo: string | null;
  originChainId: string | null;
  originDenom: string | null;
  trace: string;
  coingeckoId: string | null;
  recommendedSymbol: string | null;
  isCw20: boolean;
  isEvm: boolean;
  isSvm: boolean;
}

/** The API's chains and assets for one base URL, as the background caches them. */
export interface ApiDirectory {
  chains: readonly ApiDirectoryChain[];
  assets: readonly ApiDirectoryAsset[];
}

const isChainType = (t: string): t is ChainType => (CHAIN_TYPES as readonly string[]).includes(t);

// only the API knows gas prices: the bundled catalog has none to prefer
const gasPricesOf = (api: ApiDirectoryChain) =>
  api.gasPrices && Object.keys(api.gasPrices).length > 0 ? { gasPrices: Object.freeze({ ...api.gasPrices }) } : {};

function mergeChain(api: ApiDirectoryChain & { type: ChainType }, known: CatalogChain | undefined): CatalogChain {
  if (known) {
    return Object.freeze({
      ...known,
      logo: known.logo ?? api.logo,
      bech32Prefix: known.bech32Prefix ?? api.bech32Prefix,
      feeDenoms: known.feeDenoms.length > 0 ? known.feeDenoms : Object.freeze([...api.feeDenoms]),
      ...gasPricesOf(api),
    });
  }
  return Object.freeze({
    id: api.id,
    name: api.name ?? api.registryName ?? api.id,
    registryName: api.registryName ?? api.id,
    type: api.type,
    bech32Prefix: api.type === 'cosmos' ? api.bech32Prefix : null,
    logo: api.logo,
    explorerTx: null,
    feeDenoms: Object.freeze([...api.feeDenoms]),
    ...gasPricesOf(api),
  });
}

function mergeAsset(api: ApiDirectoryAsset, known: CatalogAsset | undefined, chain: CatalogChain): CatalogAsset {
  if (known) {
    return Object.freeze({
      ...known,
      // the API's kind flags decide which form options offer it
      isCw20: known.isCw20 || api.isCw20,
      logo: known.logo ?? api.logo,
      coingeckoId: known.coingeckoId ?? api.coingeckoId,
    });
  }
  const symbol = api.symbol ?? api.recommendedSymbol ?? shortDenom(api.denom);
  return Object.freeze({
    chainId: api.chainId,
    denom: api.denom,
    symbol,
    name: api.name ?? symbol,
    decimals: api.decimals,
    logo: api.logo,
    originChainId: api.originChainId ?? api.chainId,
    originDenom: api.originDenom ?? api.denom,
    trace: api.trace,
    coingeckoId: api.coingeckoId,
    recommendedSymbol: api.recommendedSymbol ?? symbol,
    isCw20: api.isCw20,
    isEvm: api.isEvm || chain.type === 'evm',
    isSvm: api.isSvm || chain.type === 'svm',
  });
}

/**
 * The catalog the pickers offer for one API: its chains and assets, named from `bundled`.
 * `bundled` stays the fallback for lookups of what the API does not list.
 */
export function mergeApiDirectory(bundled: Catalog, api: ApiDirectory, source = 'api'): Catalog {
  const chains = new Map<string, CatalogChain>();
  for (const c of api.chains) {
    if (!isChainType(c.type) || chains.has(c.id)) continue;
    chains.set(c.id, mergeChain(c as ApiDirectoryChain & { type: ChainType }, bundled.chain(c.id)));
  }
  const seen = new Set<string>();
  const assets: CatalogAsset[] = [];
  for (const a of api.assets) {
    const chain = chains.get(a.chainId);
    if (!chain) continue; // the API lists no such chain (or one of a type Courier cannot address)
    const key = `${a.chainId}\n${denomKey(chain.type, a.denom)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    assets.push(mergeAsset(a, bundled.asset(a.chainId, a.denom), chain));
  }
  const byCodeUnits = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);
  return new Catalog({
    registryVersion: bundled.registryVersion,
    digest: `${bundled.digest}+${source}`,
    chains: [...chains.values()].sort((x, y) => byCodeUnits(x.id, y.id)),
    assets: assets.sort((x, y) => byCodeUnits(x.chainId, y.chainId) || byCodeUnits(x.denom, y.denom)),
    fallback: bundled,
  });
}
