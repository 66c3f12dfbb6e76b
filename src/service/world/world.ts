/**
 * The World: every chain, asset, channel, bridge, venue, pool and price the local routing
 * service knows, built once at start-up from chain-registry (pinned) and src/service/data/.
 *
 * Built synchronously and memoised by getWorld(); buildWorld() makes a fresh one for tests.
 * A World is immutable except for one internal cache: the `ibc/HASH` -> trace table grows
 * as ibcDenom()/denomAfterHop() compute new denoms, like a chain's denom-trace store.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { fromBech32 } from '@cosmjs/encoding';
import { assetFromRegistry, recommendedSymbolFor, type BeyondGraph } from './assets';
import { chainFromBridgeRow, cosmosChainFromRegistry, isWorldCosmosChain } from './chains';
import { buildChannelGraph, endKey, pairKey, traceKey, type ChannelGraph } from './channels';
import { readBridges, readPrices, readVenues, type BridgeAssetRow } from './data';
import { hopsToTrace, ibcDenom as computeIbcDenom, isIbcDenom, joinPath, parseTrace, type DenomTrace } from './denom';
import { seedReserves } from './pools';
import { CHAIN_REGISTRY_VERSION, loadRegistry, type RegTrace, type Registry } from './registry';
import type {
  AssetOrigin,
  AxelarAsset,
  AxelarChainToken,
  Bridges,
  CctpChain,
  ChainType,
  ChannelEnd,
  HopResult,
  Pool,
  PriceTable,
  Quirk,
  Venue,
  WorldAsset,
  WorldChain,
  WorldStats,
} from './types';
import { toWireAsset, toWireChain } from './wire';

export interface BuildWorldOptions {
  /** Receives the start-up report lines. Default: stderr, prefixed `[world]`. */
  log?: (line: string) => void;
  /** A registry to build from instead of the installed package (tests). */
  registry?: Registry;
}

/** Origins whose canonical IBC copy every Cosmos chain is funded with at genesis. */
const MAJOR_ORIGINS: readonly { chainId: string; denom: string }[] = [
  { chainId: 'cosmoshub-4', denom: 'uatom' },
  { chainId: 'osmosis-1', denom: 'uosmo' },
  { chainId: 'noble-1', denom: 'uusdc' },
  { chainId: 'neutron-1', denom: 'untrn' },
  { chainId: 'celestia', denom: 'utia' },
];

const originKey = (chainId: string, denom: string): string => `${chainId}\n${denom}`;

/** Catalog key of a denom: `ibc/` hashes in uppercase, EVM addresses in lowercase. */
export function catalogKey(chainType: ChainType | undefined, denom: string): string {
  if (/^ibc\//i.test(denom)) return `ibc/${denom.slice(4).toUpperCase()}`;
  if (chainType === 'evm' && /^0x[0-9a-fA-F]{40}$/.test(denom)) return denom.toLowerCase();
  return denom;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) deepFreeze(v);
  }
  return value;
}

export class World {
  readonly registryVersion = CHAIN_REGISTRY_VERSION;
  readonly chains: readonly WorldChain[];
  readonly assets: readonly WorldAsset[];
  private venueList: readonly Venue[] = [];
  private poolList: readonly Pool[] = [];
  readonly prices: PriceTable;
  readonly bridges: Bridges;
  readonly stats: WorldStats;

  private readonly chainById: Map<string, WorldChain>;
  private readonly chainByName: Map<string, WorldChain>;
  private readonly catalog: Map<string, Map<string, WorldAsset>>;
  private readonly assetsByChain = new Map<string, readonly WorldAsset[]>();
  private readonly byOrigin: Map<string, WorldAsset[]>;
  private readonly graph: ChannelGraph;
  private readonly traces: Map<string, DenomTrace>;
  private readonly hashCache = new Map<string, string>();
  private readonly derived = new Map<string, WorldAsset>();
  private readonly poolsByChain: Map<string, Pool[]>;
  private readonly mainAssetsByChain: Map<string, readonly WorldAsset[]>;

  /** @internal use buildWorld() */
  constructor(parts: {
    chains: WorldChain[];
    catalog: Map<string, Map<string, WorldAsset>>;
    graph: ChannelGraph;
    traces: Map<string, DenomTrace>;
    prices: PriceTable;
    bridges: Bridges;
    stats: WorldStats;
  }) {
    this.chains = Object.freeze(parts.chains);
    this.chainById = new Map(parts.chains.map((c) => [c.chainId, c]));
    this.chainByName = new Map(parts.chains.map((c) => [c.chainName, c]));
    this.catalog = parts.catalog;
    this.graph = parts.graph;
    this.traces = parts.traces;
    this.prices = parts.prices;
    this.bridges = parts.bridges;
    this.stats = parts.stats;
    const all: WorldAsset[] = [];
    this.byOrigin = new Map();
    for (const chain of this.chains) {
      const onChain = Object.freeze([...(this.catalog.get(chain.chainId)?.values() ?? [])]);
      this.assetsByChain.set(chain.chainId, onChain);
      for (const a of onChain) {
        all.push(a);
        const k = originKey(a.originChainId, a.originDenom);
        const list = this.byOrigin.get(k);
        if (list) list.push(a);
        else this.byOrigin.set(k, [a]);
      }
    }
    this.assets = Object.freeze(all);
    this.poolsByChain = new Map();
    this.mainAssetsByChain = new Map();
  }

  // ------------------------------------------------------------------ chains

  chain(chainId: string): WorldChain | undefined {
    return this.chainById.get(chainId);
  }

  chainByRegistryName(chainName: string): WorldChain | undefined {
    return this.chainByName.get(chainName);
  }

  /** Explorer link for a transaction, or null when the chain has no explorer template. */
  explorerTxUrl(chainId: string, txHash: string): string | null {
    const t = this.chainById.get(chainId)?.explorerTxTemplate;
    return t ? t.replaceAll('${txHash}', txHash) : null;
  }

  // ------------------------------------------------------------------ assets

  private key(chainId: string, denom: string): string {
    return catalogKey(this.chainById.get(chainId)?.chainType, denom);
  }

  /** A catalog asset (registry or bridge table). Accepts lowercase ibc hashes and unchecksummed EVM addresses. */
  asset(chainId: string, denom: string): WorldAsset | undefined {
    return this.catalog.get(chainId)?.get(this.key(chainId, denom));
  }

  assetsOn(chainId: string): readonly WorldAsset[] {
    return this.assetsByChain.get(chainId) ?? [];
  }

  /** Every catalog asset, on any chain, whose origin is (originChainId, originDenom). */
  assetsByOrigin(originChainId: string, originDenom: string): readonly WorldAsset[] {
    return this.byOrigin.get(originKey(originChainId, originDenom)) ?? [];
  }

  /**
   * A catalog asset, or one synthesised from a known IBC trace (ATOM on Neutron through
   * Osmosis, say), carrying its origin asset's metadata. undefined when the denom is unknown.
   */
  resolveAsset(chainId: string, denom: string): WorldAsset | undefined {
    const found = this.asset(chainId, denom);
    if (found) return found;
    if (!this.chainById.has(chainId)) return undefined;
    const k = `${chainId}\n${this.key(chainId, denom)}`;
    const cached = this.derived.get(k);
    if (cached) return cached;
    let made: WorldAsset | null = null;
    const origin = isIbcDenom(this.key(chainId, denom)) ? this.originOf(chainId, denom) : undefined;
    if (origin) {
      const src = this.asset(origin.originChainId, origin.originDenom);
      made = deepFreeze<WorldAsset>({
        chainId,
        denom: this.key(chainId, denom),
        originChainId: origin.originChainId,
        originDenom: origin.originDenom,
        trace: origin.trace,
        isCw20: false,
        isEvm: false,
        isSvm: false,
        symbol: src?.symbol,
        name: src?.name,
        logoUri: src?.logoUri,
        decimals: src?.decimals,
        description: src?.description,
        coingeckoId: src?.coingeckoId,
        recommendedSymbol: src?.recommendedSymbol,
        typeAsset: 'ics20',
        source: 'derived',
      });
    }
    // Misses are not remembered: an unknown ibc/ hash becomes known once ibcDenom() computes
    // its trace (a transfer landed, or discovery resolved it), and must resolve from then on.
    if (made) this.derived.set(k, made);
    return made ?? undefined;
  }

  /**
   * Origin of any denom held on a chain: catalog assets know theirs; an `ibc/` denom with
   * a known trace is unwound hop by hop over the channel index; any other denom is native
   * to the chain that holds it. undefined for an unknown `ibc/` hash or an unwalkable trace.
   */
  originOf(chainId: string, denom: string): AssetOrigin | undefined {
    const a = this.asset(chainId, denom);
    if (a) return { originChainId: a.originChainId, originDenom: a.originDenom, trace: a.trace };
    const chain = this.chainById.get(chainId);
    if (!chain) return undefined;
    const k = this.key(chainId, denom);
    if (!isIbcDenom(k)) return { originChainId: chainId, originDenom: denom, trace: '' };
    const t = this.traces.get(k);
    if (!t) return undefined;
    let cur = chain.chainName;
    const hops = parseTrace(t.trace);
    for (let i = 0; i < hops.length; i++) {
      const hop = hops[i]!;
      const next = this.graph.traceIndex.get(traceKey(cur, hop.port, hop.channel));
      if (!next) {
        // the rest leaves the channel graph (Eureka's light client): it ends at the voucher there
        const at = this.chainByName.get(cur);
        const voucher = at ? this.bridgeVoucher(at.chainId, hopsToTrace(hops.slice(i)), t.baseDenom) : undefined;
        return voucher ? { originChainId: voucher.originChainId, originDenom: voucher.originDenom, trace: t.trace } : undefined;
      }
      cur = next.counterpartyChainName;
    }
    const origin = this.chainByName.get(cur);
    if (!origin || origin.chainType !== 'cosmos') return undefined;
    return { originChainId: origin.chainId, originDenom: t.baseDenom, trace: t.trace };
  }

  /**
   * The catalog asset on `chainId` that is the voucher of `trace`/`baseDenom` where the trace
   * cannot be walked further over channels (Eureka's WBTC on the Hub, `transfer/08-wasm-1369`):
   * a bridge's data file lists it with that trace, and it stands as the origin of every copy
   * sent on from there.
   */
  bridgeVoucher(chainId: string, trace: string, baseDenom: string): WorldAsset | undefined {
    const a = this.asset(chainId, this.ibcDenom(trace, baseDenom));
    return a && a.trace === trace ? a : undefined;
  }

  /**
   * The base denom under the traces of an origin's copies: the origin denom itself, or for a
   * bridge's voucher that stands as an origin (Eureka's WBTC on the Hub) the base of its own
   * trace (`0x2260…` under `transfer/08-wasm-1369`), which every copy's trace extends.
   */
  baseDenomOf(originChainId: string, originDenom: string): string {
    const a = this.asset(originChainId, originDenom);
    return a && a.trace !== '' ? (this.denomTrace(a.denom)?.baseDenom ?? originDenom) : originDenom;
  }

  /** Trace of an `ibc/` denom this World has seen or computed; a non-ibc denom is its own base. */
  denomTrace(denom: string): DenomTrace | undefined {
    if (!/^ibc\//i.test(denom)) return { trace: '', baseDenom: denom };
    return this.traces.get(`ibc/${denom.slice(4).toUpperCase()}`);
  }

  /** `ibc/HASH` of trace + base (base itself for an empty trace), remembered for denomTrace(). */
  ibcDenom(trace: string, baseDenom: string): string {
    if (trace === '') return baseDenom;
    const full = joinPath(trace, baseDenom);
    let d = this.hashCache.get(full);
    if (d === undefined) {
      d = computeIbcDenom(trace, baseDenom);
      this.hashCache.set(full, d);
      if (!this.traces.has(d)) this.traces.set(d, { trace, baseDenom });
    }
    return d;
  }

  /**
   * The denom that arrives when `denom`, held on `chainId`, is sent through its channel
   * `channelId`. ICS-20: if the denom's trace starts with this very channel the token goes
   * back the way it came and the hop is stripped; otherwise the receiving end's
   * `port/channel` is prepended. Throws for an unknown channel or an unknown ibc hash.
   */
  denomAfterHop(denom: string, chainId: string, channelId: string): HopResult {
    const end = this.graph.byEnd.get(endKey(chainId, channelId));
    if (!end) throw new Error(`no ACTIVE transfer channel ${channelId} on ${chainId}`);
    const t = this.denomTrace(denom);
    if (!t) throw new Error(`unknown IBC denom ${denom} on ${chainId}`);
    const hops = parseTrace(t.trace);
    const first = hops[0];
    if (first && first.port === end.portId && first.channel === end.channelId) {
      const trace = hops
        .slice(1)
        .map((h) => `${h.port}/${h.channel}`)
        .join('/');
      return {
        chainId: end.counterpartyChainId,
        channelId: end.counterpartyChannelId,
        denom: this.ibcDenom(trace, t.baseDenom),
        trace,
        baseDenom: t.baseDenom,
        unwound: true,
      };
    }
    const prefix = `${end.counterpartyPortId}/${end.counterpartyChannelId}`;
    const trace = t.trace === '' ? prefix : `${prefix}/${t.trace}`;
    return {
      chainId: end.counterpartyChainId,
      channelId: end.counterpartyChannelId,
      denom: this.ibcDenom(trace, t.baseDenom),
      trace,
      baseDenom: t.baseDenom,
      unwound: false,
    };
  }

  /**
   * Denom of a native asset on another chain after one hop over the preferred channel
   * between the two (or the denom itself on its own chain); undefined without a channel.
   */
  canonicalDenomOn(originChainId: string, originDenom: string, chainId: string): string | undefined {
    if (chainId === originChainId) return originDenom;
    const end = this.channelBetween(chainId, originChainId);
    return end ? this.ibcDenom(`${end.portId}/${end.channelId}`, originDenom) : undefined;
  }

  // ------------------------------------------------------------------ channels

  /** Channel ends of a chain (ACTIVE transfer channels to World chains), sorted. */
  neighbors(chainId: string): readonly ChannelEnd[] {
    return this.graph.adjacency.get(chainId) ?? [];
  }

  /** The graph as chain id -> channel ends. */
  get adjacency(): ReadonlyMap<string, readonly ChannelEnd[]> {
    return this.graph.adjacency;
  }

  channel(chainId: string, channelId: string): ChannelEnd | undefined {
    return this.graph.byEnd.get(endKey(chainId, channelId));
  }

  /** The preferred channel from a to b, seen from a. */
  channelBetween(a: string, b: string): ChannelEnd | undefined {
    return this.graph.byPair.get(pairKey(a, b))?.[0];
  }

  /** All ACTIVE transfer channels from a to b, preferred first. */
  channelsBetween(a: string, b: string): readonly ChannelEnd[] {
    return this.graph.byPair.get(pairKey(a, b)) ?? [];
  }

  // ------------------------------------------------------------------ venues, pools, prices

  get venues(): readonly Venue[] {
    return this.venueList;
  }

  /** Pools at genesis. Frozen: the ledger copies reserves, it never edits these. */
  get pools(): readonly Pool[] {
    return this.poolList;
  }

  venue(name: string): Venue | undefined {
    return this.venues.find((v) => v.name === name);
  }

  venuesOn(chainId: string): readonly Venue[] {
    return this.venues.filter((v) => v.chainId === chainId);
  }

  poolsOn(chainId: string): readonly Pool[] {
    return this.poolsByChain.get(chainId) ?? [];
  }

  pool(venueName: string, poolId: string): Pool | undefined {
    return this.pools.find((p) => p.venue === venueName && p.id === poolId);
  }

  /** USD price of a coingecko id, as a decimal string. */
  priceUsd(coingeckoId: string): string | undefined {
    return this.prices.usd.get(coingeckoId);
  }

  /** USD price of an asset through its origin's coingecko id (an IBC copy is worth its origin). */
  priceOfAsset(a: Pick<WorldAsset, 'originChainId' | 'originDenom' | 'coingeckoId'>): string | undefined {
    const origin = this.asset(a.originChainId, a.originDenom);
    const id = origin?.coingeckoId ?? a.coingeckoId;
    return id ? this.prices.usd.get(id) : undefined;
  }

  // ------------------------------------------------------------------ bridges, genesis

  cctpChain(chainId: string): CctpChain | undefined {
    return this.bridges.cctp.chains.find((c) => c.chainId === chainId);
  }

  /** The Axelar asset a token belongs to, on axelar-dojo-1 or on an EVM chain. */
  axelarAssetFor(chainId: string, denom: string): { asset: AxelarAsset; token: AxelarChainToken | null } | undefined {
    const k = this.key(chainId, denom);
    for (const asset of this.bridges.axelar.assets) {
      if (chainId === this.bridges.axelar.axelarChainId && asset.axelarDenom === denom) return { asset, token: null };
      const token = asset.tokens.find((t) => t.chainId === chainId && this.key(chainId, t.denom) === k);
      if (token) return { asset, token };
    }
    return undefined;
  }

  /**
   * Assets every dev account holds at genesis on a chain, fee assets first: the chain's fee
   * and staking tokens, the canonical one-hop copies of the majors (ATOM, OSMO, USDC, NTRN,
   * TIA), and every asset pooled on the chain. EVM/SVM chains: their whole (short) list.
   */
  mainAssets(chainId: string): readonly WorldAsset[] {
    return this.mainAssetsByChain.get(chainId) ?? [];
  }

  /** SHA-256 over the World's content (not its timings): equal fingerprints, equal Worlds. */
  fingerprint(): string {
    const dump = {
      chains: this.chains.map(toWireChain),
      chainsExtra: this.chains.map((c) => [c.chainId, c.explorerTxTemplate, c.evmChainId, c.cctpDomain]),
      assets: this.assets.map((a) => [toWireAsset(a), a.typeAsset, a.source]),
      channels: [...this.graph.adjacency.entries()],
      venues: this.venues,
      pools: this.pools,
      prices: [this.prices.asOf, [...this.prices.usd.entries()]],
      bridges: this.bridges,
      main: [...this.mainAssetsByChain.entries()].map(([k, v]) => [k, v.map((a) => a.denom)]),
    };
    return bytesToHex(sha256(utf8ToBytes(JSON.stringify(dump))));
  }

  /** @internal second build phase: venues, pools and genesis assets need the catalog. */
  attach(venues: Venue[], pools: Pool[], main: Map<string, readonly WorldAsset[]>): void {
    if (this.venueList.length > 0 || this.mainAssetsByChain.size > 0) throw new Error('World.attach() called twice');
    this.venueList = venues;
    this.poolList = pools;
    for (const p of pools) {
      const list = this.poolsByChain.get(p.chainId);
      if (list) list.push(p);
      else this.poolsByChain.set(p.chainId, [p]);
    }
    for (const [k, v] of main) this.mainAssetsByChain.set(k, v);
  }
}

function defaultLog(line: string): void {
  process.stderr.write(`[world] ${line}\n`);
}

/** Builds a fresh World. Throws when a data file is inconsistent with the registry. */
/** A token from chains.json or a bridge's data.json: native where listed unless an origin is given. */
function tableAsset(chainId: string, chainType: ChainType, b: BridgeAssetRow, origin?: { chainId: string; denom: string; trace: string }): WorldAsset {
  const contract = chainType !== 'cosmos' && b.type !== 'evm-base' && b.type !== 'svm-base';
  return {
    chainId,
    denom: b.denom,
    originChainId: origin?.chainId ?? chainId,
    originDenom: origin?.denom ?? b.denom,
    trace: origin?.trace ?? '',
    isCw20: false,
    isEvm: chainType === 'evm',
    isSvm: chainType === 'svm',
    symbol: b.symbol,
    name: b.name,
    logoUri: b.logoUri ?? undefined,
    decimals: b.decimals,
    tokenContract: contract ? b.denom : undefined,
    description: b.description ?? undefined,
    coingeckoId: b.coingeckoId ?? undefined,
    recommendedSymbol: b.recommendedSymbol ?? b.symbol,
    typeAsset: b.type,
    source: 'bridges',
  };
}

export function buildWorld(options: BuildWorldOptions = {}): World {
  const t0 = performance.now();
  const log = options.log ?? defaultLog;
  const registry = options.registry ?? loadRegistry();

  // ---- chains
  const cosmos = registry.chains.filter(isWorldCosmosChain).map(cosmosChainFromRegistry);
  const registrySkipped = registry.chains.filter((c) => c.chainType === 'cosmos').length - cosmos.length;
  const bridgesFile = readBridges();
  const domainOf = new Map(bridgesFile.cctp.domains.map((d) => [d.chainId, d.domain]));
  const others = bridgesFile.chains.map((row) => chainFromBridgeRow(row, domainOf.get(row.chainId) ?? null));
  const chains = [...cosmos, ...others]
    .map((c) => (c.source === 'chain-registry' && domainOf.has(c.chainId) ? { ...c, cctpDomain: domainOf.get(c.chainId)! } : c))
    .sort((a, b) => (a.chainId < b.chainId ? -1 : a.chainId > b.chainId ? 1 : 0));
  const ids = new Set<string>();
  for (const c of chains) {
    if (ids.has(c.chainId)) throw new Error(`duplicate chain id ${c.chainId}`);
    ids.add(c.chainId);
  }
  const worldIds = new Map(cosmos.map((c) => [c.chainName, c.chainId]));

  // ---- channels
  const graph = buildChannelGraph(
    registry.ibcData,
    worldIds,
    new Set(registry.chains.map((c) => c.chainName)),
  );

  // ---- registry assets
  const traces = new Map<string, DenomTrace>();
  const catalog = new Map<string, Map<string, WorldAsset>>();
  const rawTraces = new Map<string, readonly RegTrace[]>();
  const quirks: Quirk[] = [];
  const skippedByType: Record<string, number> = {};
  let ibcChecked = 0;
  let ibcMatched = 0;
  let orphans = 0;
  const beyondGraph: BeyondGraph[] = [];
  const registerTrace = (denom: string, trace: string, baseDenom: string): void => {
    if (!traces.has(denom)) traces.set(denom, { trace, baseDenom });
  };
  for (const list of registry.assetLists) {
    const chainId = worldIds.get(list.chainName);
    if (chainId === undefined) continue;
    const ctx = { chainName: list.chainName, chainId, worldIds, traceIndex: graph.traceIndex, registerTrace };
    const onChain = new Map<string, WorldAsset>();
    catalog.set(chainId, onChain);
    for (const reg of list.assets) {
      const r = assetFromRegistry(reg, ctx);
      switch (r.kind) {
        case 'skipped-type':
          skippedByType[r.typeAsset] = (skippedByType[r.typeAsset] ?? 0) + 1;
          break;
        case 'quirk':
          if (r.hash !== 'none') ibcChecked += 1;
          if (r.hash === 'match') ibcMatched += 1;
          quirks.push(r.quirk);
          break;
        case 'orphan':
          ibcChecked += 1;
          ibcMatched += 1;
          orphans += 1;
          if (r.beyond) beyondGraph.push(r.beyond);
          break;
        case 'asset': {
          if (r.asset.trace !== '') {
            ibcChecked += 1;
            ibcMatched += 1;
          }
          const k = catalogKey('cosmos', r.asset.denom);
          if (onChain.has(k)) {
            quirks.push({ chainId, denom: r.asset.denom, reason: 'listed twice in the asset list' });
            break;
          }
          onChain.set(k, r.asset);
          rawTraces.set(originKey(chainId, r.asset.denom), r.traces);
          break;
        }
      }
    }
  }

  // ---- bridge-table assets (EVM, SVM)
  for (const row of bridgesFile.chains) {
    const onChain = new Map<string, WorldAsset>();
    catalog.set(row.chainId, onChain);
    for (const b of row.assets) {
      const asset = tableAsset(row.chainId, row.chainType, b);
      const k = catalogKey(row.chainType, b.denom);
      if (onChain.has(k)) throw new Error(`${b.denom} listed twice on ${row.chainId} (data/chains.json or a bridge's data.json)`);
      onChain.set(k, asset);
    }
  }

  // ---- tokens the bridges add to chains that exist (their folders' data.json `assets`)
  const typeOf = new Map(chains.map((c) => [c.chainId, c.chainType]));
  for (const x of bridgesFile.extraAssets) {
    const chainType = typeOf.get(x.chainId);
    const onChain = catalog.get(x.chainId);
    if (!chainType || !onChain) throw new Error(`src/service/${x.file}: asset ${x.denom} is on ${x.chainId}, which is not a chain of the World`);
    if (x.baseDenom !== null) {
      // a voucher whose trace leaves the channel graph: its hash is checked, its trace learnt
      if (x.trace === null || x.originChainId !== null) throw new Error(`src/service/${x.file}: asset ${x.denom}: base_denom goes with a trace and no origin`);
      const computed = computeIbcDenom(x.trace, x.baseDenom);
      if (computed !== x.denom) throw new Error(`src/service/${x.file}: asset ${x.denom}: ${x.trace}/${x.baseDenom} hashes to ${computed}`);
      registerTrace(computed, x.trace, x.baseDenom);
    }
    const origin = x.originChainId !== null ? { chainId: x.originChainId, denom: x.originDenom ?? x.denom, trace: x.trace ?? '' } : x.baseDenom !== null ? { chainId: x.chainId, denom: x.denom, trace: x.trace! } : undefined;
    const asset = tableAsset(x.chainId, chainType, x, origin);
    const k = catalogKey(chainType, x.denom);
    if (onChain.has(k)) throw new Error(`src/service/${x.file}: ${x.denom} is already an asset of ${x.chainId}`);
    onChain.set(k, asset);
  }

  // ---- registry copies of a bridge's voucher (Eureka's WBTC on Osmosis): their trace ends at
  // the voucher, which stands as their origin, as it does for the copies a hop derives
  for (const b of beyondGraph) {
    const at = worldIds.get(b.chainName);
    const voucher = at === undefined ? undefined : catalog.get(at)?.get(catalogKey('cosmos', computeIbcDenom(b.rest, b.baseDenom)));
    const onChain = catalog.get(b.asset.chainId);
    if (!voucher || voucher.trace !== b.rest || voucher.chainId !== voucher.originChainId || !onChain) continue;
    const k = catalogKey('cosmos', b.asset.denom);
    if (onChain.has(k)) continue;
    onChain.set(k, { ...b.asset, originChainId: voucher.originChainId, originDenom: voucher.originDenom });
    rawTraces.set(originKey(b.asset.chainId, b.asset.denom), b.traces);
    orphans -= 1;
  }

  // ---- metadata that comes from the origin: coingecko id, recommended symbol
  const axelarChainId = bridgesFile.axelar.axelarChainId;
  const axelarCg = new Map(bridgesFile.axelar.assets.map((a) => [a.axelarDenom, a.coingeckoId]));
  for (const onChain of catalog.values()) {
    for (const [k, a] of onChain) {
      if (a.source !== 'registry') continue;
      const origin = catalog.get(a.originChainId)?.get(a.originDenom);
      let coingeckoId = a.coingeckoId ?? origin?.coingeckoId;
      // the registry leaves some Axelar assets without an id that the bridge table has
      if (coingeckoId === undefined && a.originChainId === axelarChainId) coingeckoId = axelarCg.get(a.originDenom) ?? undefined;
      const originTraces = rawTraces.get(originKey(a.originChainId, a.originDenom));
      const updated: WorldAsset = {
        ...a,
        coingeckoId,
        decimals: a.decimals ?? origin?.decimals,
        logoUri: a.logoUri ?? origin?.logoUri,
        recommendedSymbol: recommendedSymbolFor(a.symbol ?? origin?.symbol, originTraces),
      };
      onChain.set(k, updated);
    }
  }

  // ---- bridges, checked against the catalog
  const bridges: Bridges = {
    cctp: {
      bridgeId: 'CCTP',
      nobleChainId: bridgesFile.cctp.nobleChainId,
      chains: bridgesFile.cctp.domains.map((d) => ({ chainId: d.chainId, domain: d.domain, usdcDenom: d.usdcDenom })),
    },
    axelar: {
      bridgeId: 'AXELAR',
      axelarChainId,
      assets: bridgesFile.axelar.assets.map((a) => ({
        symbol: a.symbol,
        recommendedSymbol: a.recommendedSymbol,
        axelarDenom: a.axelarDenom,
        decimals: a.decimals,
        coingeckoId: a.coingeckoId,
        tokens: a.tokens.map((t) => ({ chainId: t.chainId, denom: t.denom, kind: t.kind })),
      })),
    },
  };
  const has = (chainId: string, denom: string): boolean =>
    catalog.get(chainId)?.has(catalogKey(typeOf.get(chainId), denom)) ?? false;
  for (const c of bridges.cctp.chains) {
    if (!has(c.chainId, c.usdcDenom)) throw new Error(`bridges/cctp/data.json: CCTP USDC ${c.usdcDenom} is not an asset of ${c.chainId}`);
  }
  for (const a of bridges.axelar.assets) {
    if (!has(axelarChainId, a.axelarDenom)) throw new Error(`bridges/axelar/data.json: ${a.axelarDenom} is not an asset of ${axelarChainId}`);
    for (const t of a.tokens) {
      if (!has(t.chainId, t.denom)) throw new Error(`bridges/axelar/data.json: ${a.symbol} token ${t.denom} is not an asset of ${t.chainId}`);
    }
  }

  // ---- prices
  const pricesFile = readPrices();
  const prices: PriceTable = { asOf: pricesFile.asOf, source: pricesFile.source, usd: new Map(pricesFile.usd) };

  // freeze what the constructor indexes
  for (const c of chains) deepFreeze(c);
  for (const m of catalog.values()) for (const a of m.values()) deepFreeze(a);
  deepFreeze(bridges);

  const stats: WorldStats = {
    chains: {
      cosmos: cosmos.length,
      evm: others.filter((c) => c.chainType === 'evm').length,
      svm: others.filter((c) => c.chainType === 'svm').length,
      registrySkipped,
    },
    assets: {
      total: 0,
      byChainType: { cosmos: 0, evm: 0, svm: 0 },
      registryIbcChecked: ibcChecked,
      registryIbcMatched: ibcMatched,
      quirks,
      orphans,
      skippedByType,
    },
    channels: { ...graph.stats },
    pools: 0,
    buildMs: 0,
  };
  const world = new World({ chains, catalog, graph, traces, prices, bridges, stats });

  // ---- venues and pools
  const venuesFile = readVenues();
  const venues: Venue[] = [];
  const pools: Pool[] = [];
  for (const v of venuesFile.venues) {
    const chain = world.chain(v.chainId);
    if (!chain || chain.chainType !== 'cosmos') throw new Error(`venues.json: venue ${v.name} is on unknown chain ${v.chainId}`);
    const { prefix } = fromBech32(v.entryPointContract, 128);
    if (prefix !== chain.bech32Prefix) throw new Error(`venues.json: ${v.name} entry point has prefix ${prefix}, not ${chain.bech32Prefix}`);
    venues.push({
      name: v.name,
      chainId: v.chainId,
      logoUri: v.logoUri,
      entryPointContract: v.entryPointContract,
      simulated: true,
      kind: 'constant-product',
    });
    const seen = new Set<string>();
    for (const p of v.pools) {
      if (seen.has(p.id)) throw new Error(`venues.json: pool id ${p.id} twice in ${v.name}`);
      seen.add(p.id);
      const sides = p.assets.map((ref) => {
        const local = pickLocalAsset(world, v.chainId, ref.originChainId, ref.originDenom);
        if (!local) throw new Error(`venues.json: ${ref.originDenom}@${ref.originChainId} has no asset on ${v.chainId}`);
        const price = world.priceOfAsset(local);
        if (price === undefined) throw new Error(`prices.json: no price for ${local.coingeckoId ?? local.denom} (pool ${v.name}/${p.id})`);
        if (local.decimals === undefined) throw new Error(`venues.json: ${local.denom} on ${v.chainId} has no decimals`);
        return { asset: local, priceUsd: price, decimals: local.decimals };
      }) as [
        { asset: WorldAsset; priceUsd: string; decimals: number },
        { asset: WorldAsset; priceUsd: string; decimals: number },
      ];
      if (sides[0].asset.denom === sides[1].asset.denom) throw new Error(`venues.json: pool ${v.name}/${p.id} pairs a denom with itself`);
      pools.push({
        id: p.id,
        venue: v.name,
        chainId: v.chainId,
        denoms: [sides[0].asset.denom, sides[1].asset.denom],
        reserves: seedReserves(venuesFile.seed, v.name, p.id, p.depthUsd, sides),
        feeBps: p.feeBps,
        kind: 'constant-product',
      });
    }
  }

  // ---- genesis assets
  const main = new Map<string, readonly WorldAsset[]>();
  for (const chain of chains) {
    const picked: WorldAsset[] = [];
    const add = (a: WorldAsset | undefined): void => {
      if (a && !picked.includes(a)) picked.push(a);
    };
    for (const f of chain.feeAssets) add(world.asset(chain.chainId, f.denom));
    for (const d of chain.stakingDenoms) add(world.asset(chain.chainId, d));
    if (chain.chainType === 'cosmos') {
      for (const m of MAJOR_ORIGINS) {
        const denom = world.canonicalDenomOn(m.chainId, m.denom, chain.chainId);
        if (denom !== undefined) add(world.asset(chain.chainId, denom));
      }
    } else {
      for (const a of world.assetsOn(chain.chainId)) add(a);
    }
    for (const p of pools) if (p.chainId === chain.chainId) for (const d of p.denoms) add(world.asset(chain.chainId, d));
    main.set(chain.chainId, Object.freeze(picked));
  }

  world.attach(deepFreeze(venues), deepFreeze(pools), main);
  const byType: Record<ChainType, number> = { cosmos: 0, evm: 0, svm: 0 };
  for (const a of world.assets) byType[world.chain(a.chainId)!.chainType] += 1;
  stats.assets.total = world.assets.length;
  stats.assets.byChainType = byType;
  stats.pools = pools.length;
  stats.buildMs = Math.round(performance.now() - t0);
  deepFreeze(stats);

  const s = stats;
  log(
    `chain-registry ${CHAIN_REGISTRY_VERSION}: ${chains.length} chains (${s.chains.cosmos} cosmos, ${s.chains.evm} evm, ${s.chains.svm} svm), ` +
      `${s.assets.total} assets, ${s.channels.pairs} ACTIVE transfer channel pairs, ${venues.length} venues, ${pools.length} pools`,
  );
  log(
    `ibc-data: ${s.channels.rawEntries} channel entries, ${s.channels.uniquePairsInRegistry} unique (${s.channels.duplicatesRemoved} duplicates removed); ` +
      `${s.channels.missingChains.length} chains named by the IBC data but absent from the registry left out` +
      (s.channels.missingChains.length ? ` (${s.channels.missingChains.join(', ')})` : ''),
  );
  log(
    `registry IBC assets: ${s.assets.registryIbcMatched}/${s.assets.registryIbcChecked} computed denoms match; ` +
      `${quirks.length} registry quirks skipped; ${orphans} whose origin chain is not in the World`,
  );
  log(`built in ${s.buildMs} ms`);
  return world;
}

/**
 * The asset on `chainId` that comes from (originChainId, originDenom): the native one, else
 * the one-hop copy over the preferred channel, else the shortest trace.
 */
function pickLocalAsset(world: World, chainId: string, originChainId: string, originDenom: string): WorldAsset | undefined {
  if (chainId === originChainId) return world.asset(chainId, originDenom);
  const canonical = world.canonicalDenomOn(originChainId, originDenom, chainId);
  const direct = canonical !== undefined ? world.asset(chainId, canonical) : undefined;
  if (direct) return direct;
  const candidates = world.assetsByOrigin(originChainId, originDenom).filter((a) => a.chainId === chainId);
  candidates.sort((a, b) => a.trace.length - b.trace.length || (a.denom < b.denom ? -1 : 1));
  return candidates[0];
}

let memo: World | undefined;

/** The service's World, built on first use. */
export function getWorld(): World {
  memo ??= buildWorld();
  return memo;
}
