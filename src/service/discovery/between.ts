/**
 * /v2/fungible/assets_between_chains: every pair (asset on the source chain, asset on the
 * destination chain) that the same value can travel between without a swap, with the fewest
 * transactions it takes and the bridges it uses.
 *
 * Served both as POST with a JSON body (openapi.yml) and as GET with the same fields as
 * query parameters (what @skip-go/client 1.6.1 sends); both parse into one request.
 *
 * Decisions:
 * - The destination forms are those assets_from_source finds without swaps (so also the
 *   one-hop copies no registry lists); the pair's txs_required is that of the planner's best
 *   swap-free path (IBC transfers, CCTP, Axelar and Eureka legs), counted the way /route counts
 *   transactions, and `bridges` lists that path's bridges in order.
 * - allow_multi_tx false (the default) keeps only pairs one transaction can move.
 * - include_evm_assets, include_cw20_assets and include_no_metadata_assets filter both
 *   sides. There is no SVM flag in the request: Solana's assets are listed when Solana is
 *   one of the two chains named.
 * - An unknown chain is a 404, code 5 (`source chain not found` / `dest chain not found`,
 *   as fixture v2_fungible_assets_between_chains.404.json); a missing one, or the same chain
 *   twice, is a 400, code 3.
 */
import type { AssetBetweenChains, AssetsBetweenChainsResponse } from '../../api/schemas';
import { invalidArgument, notFound } from '../http/errors';
import { DEFAULT_PLANNER_CONFIG, absorbedHop, noSwapPaths, planTxs, plannerIndex, type BridgeKind, type Leg } from '../planner';
import type { WorldAsset } from '../world/types';
import type { World } from '../world/world';
import { compareAssets, hasMetadata, wireAsset } from './common';
import { queryBool } from './query';
import { reach } from './reach';

export interface BetweenChainsRequest {
  sourceChainId: string;
  destChainId: string;
  includeNoMetadata: boolean;
  includeCw20: boolean;
  includeEvm: boolean;
  allowMultiTx: boolean;
}

const MUST_SUPPLY_CHAINS = 'Must supply source_chain_id and dest_chain_id';
const FLAGS = ['include_no_metadata_assets', 'include_cw20_assets', 'include_evm_assets', 'allow_multi_tx'] as const;

function chainField(v: unknown): string {
  if (typeof v !== 'string' || v.trim() === '') throw invalidArgument(MUST_SUPPLY_CHAINS);
  return v.trim();
}

function build(source: unknown, dest: unknown, flag: (name: (typeof FLAGS)[number]) => boolean): BetweenChainsRequest {
  return {
    sourceChainId: chainField(source),
    destChainId: chainField(dest),
    includeNoMetadata: flag('include_no_metadata_assets'),
    includeCw20: flag('include_cw20_assets'),
    includeEvm: flag('include_evm_assets'),
    allowMultiTx: flag('allow_multi_tx'),
  };
}

/** The POST body. */
export function betweenChainsFromBody(body: unknown): BetweenChainsRequest {
  const b = (body ?? {}) as Record<string, unknown>;
  return build(b['source_chain_id'], b['dest_chain_id'], (name) => {
    const v = b[name];
    if (v === undefined || v === null) return false;
    if (typeof v !== 'boolean') throw invalidArgument(`invalid request: ${name}: expected boolean`);
    return v;
  });
}

/** The GET query: the same fields, booleans as Go's ParseBool reads them. */
export function betweenChainsFromQuery(query: URLSearchParams): BetweenChainsRequest {
  const one = (name: string): string | undefined => {
    const all = query.getAll(name);
    if (all.length > 1 && all.some((v) => v !== all[0])) throw invalidArgument(`invalid request: ${name}: given more than once with different values`);
    return all[0];
  };
  return build(one('source_chain_id'), one('dest_chain_id'), (name) => queryBool(query, name, false));
}

/** The bridges of a path as its operations show them: IBC hops a bridge carries itself (Axelar's) are its own. */
function bridgesOf(world: World, legs: readonly Leg[]): ('IBC' | BridgeKind)[] {
  const out: ('IBC' | BridgeKind)[] = [];
  legs.forEach((leg, i) => {
    const folded = (i > 0 && absorbedHop(world, legs[i - 1]!, leg)) || (i + 1 < legs.length && absorbedHop(world, leg, legs[i + 1]!));
    const b = leg.kind === 'bridge' ? leg.bridge : leg.kind === 'transfer' && !folded ? 'IBC' : undefined;
    if (b && !out.includes(b)) out.push(b);
  });
  return out;
}

function listed(a: WorldAsset, r: BetweenChainsRequest): boolean {
  if (a.isEvm && !r.includeEvm) return false;
  if (a.isCw20 && !r.includeCw20) return false;
  return r.includeNoMetadata || hasMetadata(a);
}

/** Searches kept per World (the World never changes); the oldest is dropped beyond this. */
const CACHE_LIMIT = 64;
const searches = new WeakMap<World, Map<string, readonly Pair[]>>();

interface Pair {
  source: WorldAsset;
  dest: WorldAsset;
  txs: number;
  bridges: ('IBC' | BridgeKind)[];
}

export function assetsBetweenChains(world: World, r: BetweenChainsRequest): AssetsBetweenChainsResponse {
  if (!world.chain(r.sourceChainId)) throw notFound('source chain not found');
  if (!world.chain(r.destChainId)) throw notFound('dest chain not found');
  if (r.sourceChainId === r.destChainId) throw invalidArgument('source_chain_id and dest_chain_id must be different chains');
  let cache = searches.get(world);
  if (!cache) searches.set(world, (cache = new Map()));
  // the search depends on the chains and allow_multi_tx only; the other flags filter its result
  const key = `${r.sourceChainId}\n${r.destChainId}\n${r.allowMultiTx}`;
  let pairs = cache.get(key);
  if (!pairs) {
    // one search per source asset: about a second for Osmosis's 500 assets, hence the cache
    pairs = search(world, r.sourceChainId, r.destChainId, r.allowMultiTx);
    cache.set(key, pairs);
    if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  }
  return {
    assets_between_chains: pairs
      .filter((p) => listed(p.source, r) && listed(p.dest, r))
      .map((p) => ({ asset_on_source: { ...wireAsset(world, p.source) }, asset_on_dest: { ...wireAsset(world, p.dest) }, txs_required: p.txs, bridges: [...p.bridges] })),
  };
}

function search(world: World, sourceChainId: string, destChainId: string, allowMultiTx: boolean): Pair[] {
  const ix = plannerIndex(world);
  // Eureka too: its packets carry the same token, and IBC hops beyond the Hub ride in its memo
  const o = { ibc: true, bridgeKinds: new Set<BridgeKind>(['CCTP', 'AXELAR', 'EUREKA']), maxBridges: DEFAULT_PLANNER_CONFIG.maxBridgesPerLeg };
  const out: Pair[] = [];
  for (const s of [...world.assetsOn(sourceChainId)].sort(compareAssets)) {
    const from = ix.position(s.chainId, s.denom);
    if (!from) continue;
    // reach() also finds the destination forms no registry lists (one-hop copies it derives)
    const dests = reach(world, s, { allowMultiTx, includeSwaps: false, venues: undefined })
      .filter((x) => x.asset.chainId === destChainId)
      .map((x) => x.asset)
      .sort(compareAssets);
    for (const d of dests) {
      const to = ix.position(d.chainId, d.denom);
      if (!to) continue;
      let best: { legs: readonly Leg[]; txs: number } | undefined;
      for (const legs of noSwapPaths(ix, from, to, o)) {
        const txs = planTxs(world, legs).txCount;
        if (!best || txs < best.txs || (txs === best.txs && legs.length < best.legs.length)) best = { legs, txs };
      }
      if (!best || (best.txs > 1 && !allowMultiTx)) continue;
      out.push({ source: s, dest: d, txs: best.txs, bridges: bridgesOf(world, best.legs) });
    }
  }
  return out;
}
