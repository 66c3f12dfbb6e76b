/**
 * The chain & asset catalog in memory: decoded once from the compact file (schema.ts), indexed
 * for the lookups pickers and activity rows make on every render. Pure and browser-safe: the
 * data comes in as a value, so unit tests inject it and no browser API is touched here.
 */
import {
  type AssetRow,
  type CatalogFile,
  type ChainRow,
  type ChainType,
  FLAG_CW20,
  FLAG_EVM,
  FLAG_SVM,
  denomKey,
  parseCatalogFile,
} from './schema';

export interface CatalogChain {
  /** Routing API chain id: `osmosis-1`, `"1"` for Ethereum, `solana`. */
  id: string;
  /** Display name (`Osmosis`). */
  name: string;
  /** chain-registry name (`osmosis`). */
  registryName: string;
  type: ChainType;
  /** null for EVM and SVM chains. */
  bech32Prefix: string | null;
  logo: string | null;
  /** Transaction page template with `${txHash}`; feed it to explorerTxUrl(). */
  explorerTx: string | null;
  feeDenoms: readonly string[];
  /**
   * Average gas price per fee denom (base units per unit of gas, a decimal string), from the
   * API's chain list; absent when the API gave none (the bundled catalog carries no prices).
   */
  gasPrices?: Readonly<Record<string, string>>;
}

export interface CatalogAsset {
  chainId: string;
  denom: string;
  symbol: string;
  /** The registry's name, or the symbol when it has none. */
  name: string;
  /** Always known in the bundled catalog; null for an API-only asset that did not say. */
  decimals: number | null;
  logo: string | null;
  /** Where the token comes from; equal to chainId/denom for a native token. */
  originChainId: string;
  originDenom: string;
  /** Port/channel hops back to the origin; '' for a native token. */
  trace: string;
  coingeckoId: string | null;
  /** Symbol that tells bridged variants apart (`USDC.axl`); the symbol otherwise. */
  recommendedSymbol: string;
  isCw20: boolean;
  isEvm: boolean;
  isSvm: boolean;
}

/**
 * Which kinds of chains and assets to offer, as the form's options say: Cosmos chains and their
 * native and IBC assets always; EVM chains and tokens, Solana, and CW20 tokens on request.
 * Absent means "everything" (lookups and pickers that are not about a transfer).
 */
export interface KindFilter {
  evm: boolean;
  svm: boolean;
  cw20: boolean;
}

export interface SearchOptions {
  /** Only assets on this chain. */
  chainId?: string;
  /** At most this many results. */
  limit?: number;
  kinds?: KindFilter;
}

/** What a Catalog is built from: decoded chains and assets, and where it came from. */
export interface CatalogContent {
  registryVersion: string;
  digest: string;
  chains: readonly CatalogChain[];
  assets: readonly CatalogAsset[];
  /**
   * Consulted by the lookups (chain, asset, chainName, symbolFor) for what this catalog does not
   * list: the bundled catalog behind a merged one, so that an activity row on a chain the API no
   * longer offers still shows its name. Never searched: the pickers offer only this catalog's own.
   */
  fallback?: Catalog;
}

export function chainAllowed(type: ChainType, kinds: KindFilter | undefined): boolean {
  return !kinds || type === 'cosmos' || (type === 'evm' && kinds.evm) || (type === 'svm' && kinds.svm);
}

export function assetAllowed(asset: CatalogAsset, kinds: KindFilter | undefined): boolean {
  if (!kinds) return true;
  if (asset.isEvm && !kinds.evm) return false;
  if (asset.isSvm && !kinds.svm) return false;
  return kinds.cw20 || !asset.isCw20;
}

// Lowercased text each asset is searched by, computed once.
interface Haystack {
  asset: CatalogAsset;
  symbol: string;
  recommended: string;
  name: string;
  chain: string;
  denom: string;
  isFee: boolean;
  /** How many catalog assets share this asset's origin: the canonical USDC has dozens of copies. */
  spread: number;
}

const MATCH_EXACT = 0;
const MATCH_PREFIX = 1;
const MATCH_CONTAINS = 2;

function matchTier(token: string, h: Haystack): number | undefined {
  if (h.symbol === token || h.recommended === token) return MATCH_EXACT;
  if (h.symbol.startsWith(token) || h.recommended.startsWith(token)) return MATCH_PREFIX;
  if (
    h.symbol.includes(token) ||
    h.recommended.includes(token) ||
    h.name.includes(token) ||
    h.chain.includes(token) ||
    h.denom.includes(token)
  ) {
    return MATCH_CONTAINS;
  }
  return undefined;
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

// The chain's own fee token (NTRN on Neutron) before the other fee tokens it accepts.
const feeRank = (h: Haystack): number => (h.isFee ? (h.asset.trace === '' ? 2 : 1) : 0);

/**
 * A short stand-in for a denom the catalog does not know: `ibc/2739…5EB2`,
 * `0xA0b8…eB48`; short denoms (`uatom`) are returned as they are.
 */
export function shortDenom(denom: string): string {
  if (/^ibc\/[0-9a-f]{64}$/i.test(denom)) {
    const hash = denom.slice(4).toUpperCase();
    return `ibc/${hash.slice(0, 4)}…${hash.slice(-4)}`;
  }
  // factory/<creator>/<subdenom>: the subdenom is what its issuer named it
  const factory = /^factory\/[^/]+\/(.+)$/.exec(denom);
  if (factory?.[1] && factory[1].length <= 20) return factory[1];
  return denom.length > 20 ? `${denom.slice(0, 6)}…${denom.slice(-4)}` : denom;
}

export class Catalog {
  readonly registryVersion: string;
  /** Content hash of the rows: changes whenever any chain or asset does. */
  readonly digest: string;
  /** Sorted by id. */
  readonly chains: readonly CatalogChain[];
  /** Sorted by chain id, then denom. */
  readonly assets: readonly CatalogAsset[];

  private readonly chainById = new Map<string, CatalogChain>();
  private readonly assetsByChain = new Map<string, Map<string, CatalogAsset>>();
  private readonly listsByChain = new Map<string, readonly CatalogAsset[]>();
  private readonly haystacks: readonly Haystack[];
  private readonly fallback: Catalog | undefined;

  /** @internal use createCatalog() or mergeApiDirectory() */
  constructor(content: CatalogContent) {
    this.registryVersion = content.registryVersion;
    this.digest = content.digest;
    this.fallback = content.fallback;
    this.chains = Object.freeze([...content.chains]);
    for (const c of this.chains) this.chainById.set(c.id, c);

    const assets: CatalogAsset[] = [];
    const haystacks: Haystack[] = [];
    for (const a of content.assets) {
      const chain = this.chainById.get(a.chainId);
      if (!chain) continue; // the file's schema and the merge both keep assets to listed chains
      let onChain = this.assetsByChain.get(a.chainId);
      if (!onChain) this.assetsByChain.set(a.chainId, (onChain = new Map()));
      onChain.set(denomKey(chain.type, a.denom), a);
      assets.push(a);
      haystacks.push({
        asset: a,
        symbol: a.symbol.toLowerCase(),
        recommended: a.recommendedSymbol.toLowerCase(),
        name: a.name.toLowerCase(),
        chain: `${chain.name}\n${chain.registryName}\n${chain.id}`.toLowerCase(),
        denom: `${a.denom}\n${a.originDenom}`.toLowerCase(),
        isFee: chain.feeDenoms.includes(a.denom),
        spread: 0,
      });
    }
    const spread = new Map<string, number>();
    const originOf = (a: CatalogAsset): string => `${a.originChainId}\n${a.originDenom}`;
    for (const a of assets) spread.set(originOf(a), (spread.get(originOf(a)) ?? 0) + 1);
    for (const h of haystacks) h.spread = spread.get(originOf(h.asset)) ?? 1;
    this.assets = Object.freeze(assets);
    this.haystacks = haystacks;
    for (const [chainId, m] of this.assetsByChain) this.listsByChain.set(chainId, Object.freeze([...m.values()]));
  }

  chain(id: string): CatalogChain | undefined {
    return this.chainById.get(id) ?? this.fallback?.chain(id);
  }

  /** True when this catalog lists the chain itself (a picker offers it), not only its fallback. */
  offers(chainId: string): boolean {
    return this.chainById.has(chainId);
  }

  /** Display name of a chain; the id itself for a chain the catalog does not know. */
  chainName(id: string): string {
    return this.chain(id)?.name ?? id;
  }

  /** An asset by chain and denom; `ibc/` hashes and EVM addresses match in any case. */
  asset(chainId: string, denom: string): CatalogAsset | undefined {
    const own = this.assetsByChain.get(chainId)?.get(denomKey(this.chainById.get(chainId)?.type, denom));
    return own ?? this.fallback?.asset(chainId, denom);
  }

  assetsOn(chainId: string): readonly CatalogAsset[] {
    return this.listsByChain.get(chainId) ?? [];
  }

  /** Symbol to show for a denom: the recommended symbol, else a shortened denom. */
  symbolFor(chainId: string, denom: string): string {
    return this.asset(chainId, denom)?.recommendedSymbol ?? shortDenom(denom);
  }

  /**
   * Assets matching every word of `query` (case-insensitive) in their symbol, name, chain or
   * denom. Ranked per word: exact symbol, then symbol prefix, then any other match. Ties go,
   * in order, to the chain's fee tokens, native ones first (only with `chainId`: a picker
   * opened on a chain shows its own token first), to widely held tokens (most copies of the same origin: Noble's USDC
   * before a chain's local USDC), to native tokens before IBC copies (shorter trace first),
   * then by symbol, chain name, denom. An empty query lists everything in that tie order.
   */
  searchAssets(query: string, options: SearchOptions = {}): CatalogAsset[] {
    const tokens = query.toLowerCase().split(/\s+/).filter(Boolean);
    const scored: { h: Haystack; score: number }[] = [];
    for (const h of this.haystacks) {
      if (options.chainId !== undefined && h.asset.chainId !== options.chainId) continue;
      if (!assetAllowed(h.asset, options.kinds)) continue;
      let score = 0;
      for (const t of tokens) {
        const tier = matchTier(t, h);
        if (tier === undefined) {
          score = -1;
          break;
        }
        score += tier;
      }
      if (score >= 0) scored.push({ h, score });
    }
    const feeFirst = options.chainId !== undefined;
    scored.sort(
      (x, y) =>
        x.score - y.score ||
        (feeFirst ? feeRank(y.h) - feeRank(x.h) : 0) ||
        y.h.spread - x.h.spread ||
        x.h.asset.trace.length - y.h.asset.trace.length ||
        cmp(x.h.symbol, y.h.symbol) ||
        cmp(this.chainName(x.h.asset.chainId), this.chainName(y.h.asset.chainId)) ||
        cmp(x.h.asset.denom, y.h.asset.denom),
    );
    const limit = options.limit ?? scored.length;
    return scored.slice(0, Math.max(0, limit)).map((s) => s.h.asset);
  }

  /** Chains whose name, registry name or id contains every word of `query`, by name. */
  searchChains(query: string, kinds?: KindFilter): CatalogChain[] {
    const tokens = query.toLowerCase().split(/\s+/).filter(Boolean);
    const rank = (c: CatalogChain): number => {
      const name = c.name.toLowerCase();
      return tokens.some((t) => name.startsWith(t) || c.id.toLowerCase() === t) ? 0 : 1;
    };
    return this.chains
      .filter((c) => {
        if (!chainAllowed(c.type, kinds)) return false;
        const text = `${c.name}\n${c.registryName}\n${c.id}`.toLowerCase();
        return tokens.every((t) => text.includes(t));
      })
      .sort((a, b) => rank(a) - rank(b) || cmp(a.name.toLowerCase(), b.name.toLowerCase()) || cmp(a.id, b.id));
  }
}

function decodeChain(row: ChainRow, logoUrl: (p: string) => string | null): CatalogChain {
  const [id, name, registryName, type, bech32Prefix, logo, explorerTx, feeDenoms] = row;
  return {
    id,
    name,
    registryName,
    type,
    bech32Prefix: bech32Prefix === '' ? null : bech32Prefix,
    logo: logoUrl(logo),
    explorerTx: explorerTx === '' ? null : explorerTx,
    feeDenoms: Object.freeze([...feeDenoms]),
  };
}

function decodeAsset(row: AssetRow, logoUrl: (p: string) => string | null): CatalogAsset {
  const [chainId, denom, symbol, name, decimals, logo, originChainId, originDenom, trace, coingeckoId, recommended, flags] = row;
  return {
    chainId,
    denom,
    symbol,
    name: name === '' ? symbol : name,
    decimals,
    logo: logoUrl(logo),
    originChainId: originChainId === '' ? chainId : originChainId,
    originDenom: originDenom === '' ? denom : originDenom,
    trace,
    coingeckoId: coingeckoId === '' ? null : coingeckoId,
    recommendedSymbol: recommended === '' ? symbol : recommended,
    isCw20: (flags & FLAG_CW20) !== 0,
    isEvm: (flags & FLAG_EVM) !== 0,
    isSvm: (flags & FLAG_SVM) !== 0,
  };
}

/** Validates (zod, once) and indexes a parsed `catalog.json`. Throws CatalogError when malformed. */
export function createCatalog(data: unknown): Catalog {
  return new Catalog(decodeCatalogFile(parseCatalogFile(data)));
}

function decodeCatalogFile(file: CatalogFile): CatalogContent {
  const logoUrl = (path: string): string | null => (path === '' ? null : path.startsWith('https://') ? path : file.logoBase + path);
  return {
    registryVersion: file.registry,
    digest: file.digest,
    chains: file.chains.map((row: ChainRow) => Object.freeze(decodeChain(row, logoUrl))),
    assets: file.assets.map((row: AssetRow) => Object.freeze(decodeAsset(row, logoUrl))),
  };
}
