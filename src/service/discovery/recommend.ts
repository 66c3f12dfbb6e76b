/**
 * POST /v2/fungible/recommend_assets: for each {source asset, destination chain}, the asset
 * on that chain the source is best turned into, and why.
 *
 * Computed from the World, never a fixed list:
 * 1. Candidates are the destination chain's assets the source reaches without a swap in one
 *    transaction (the assets_from_source search: IBC, CCTP, Axelar): the same value in
 *    another form. Only when there is none do assets reached through a swap count.
 * 2. They are ranked by the liquidity of their origin: the deepest pool side, in USD, that
 *    trades that origin anywhere in the World (a form whose origin trades deeply is the one
 *    a user can do most with); then the base form (the origin's native denom or its one-hop
 *    copy over the preferred channel); then fewer transfers; then the catalog order.
 * 3. The reason is MOST_LIQUID when the pick's origin trades in some pool, BASE_TOKEN when
 *    it is the base form, DIRECT when one transfer delivers it, else UNKNOWN.
 * A `reason` in the request restricts the candidates to those that qualify for it.
 *
 * Errors: an entry without both source fields is a 400 `Must supply source_asset` (fixture);
 * without dest_chain_id, `Must supply dest_chain_id`; a source denom the chain does not hold,
 * `Invalid source_asset_denom`; an unknown destination chain, 404 `dest chain not found`. An
 * entry with nothing to recommend carries `error` next to an empty list; when no entry has a
 * recommendation the whole answer is the fixture's 404, code 5, `no recommendation found`.
 */
import type { AssetRecommendation, RecommendAssetsResponse } from '../../api/schemas';
import { invalidArgument, notFound } from '../http/errors';
import { parseDecimal, type Ratio } from '../world/decimal';
import type { World } from '../world/world';
import { INVALID_SOURCE_DENOM, reachFrom } from './assets-from-source';
import { compareAssets, wireAsset } from './common';
import { resolveHeld } from './origin';
import type { ReachedAsset } from './reach';

type Reason = 'MOST_LIQUID' | 'BASE_TOKEN' | 'DIRECT' | 'UNKNOWN';
const REASONS: readonly string[] = ['UNKNOWN', 'MOST_LIQUID', 'BASE_TOKEN', 'DIRECT'];

export const NO_RECOMMENDATION = 'no recommendation found';

interface Entry {
  denom: string;
  chainId: string;
  destChainId: string;
  reason: Reason | undefined;
}

function parseEntries(body: unknown): Entry[] {
  const requests = (body as { requests?: unknown } | undefined)?.requests;
  if (!Array.isArray(requests) || requests.length === 0) throw invalidArgument('Must supply requests');
  return requests.map((raw: unknown, i) => {
    const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const denom = r['source_asset_denom'];
    const chainId = r['source_asset_chain_id'];
    if (typeof denom !== 'string' || denom.trim() === '' || typeof chainId !== 'string' || chainId.trim() === '') {
      throw invalidArgument('Must supply source_asset');
    }
    const dest = r['dest_chain_id'];
    if (typeof dest !== 'string' || dest.trim() === '') throw invalidArgument('Must supply dest_chain_id');
    const reason = r['reason'];
    if (reason !== undefined && reason !== null && (typeof reason !== 'string' || !REASONS.includes(reason))) {
      throw invalidArgument(`invalid request: requests.${i}.reason: expected one of ${REASONS.join(', ')}`);
    }
    return {
      denom: denom.trim(),
      chainId: chainId.trim(),
      destChainId: dest.trim(),
      reason: reason === null || reason === undefined || reason === 'UNKNOWN' ? undefined : (reason as Reason),
    };
  });
}

// origin key -> USD of the deepest pool side trading it, per World
const liquidityTables = new WeakMap<World, Map<string, Ratio>>();

function originLiquidity(world: World): Map<string, Ratio> {
  let table = liquidityTables.get(world);
  if (table) return table;
  table = new Map();
  for (const pool of world.pools) {
    pool.denoms.forEach((denom, i) => {
      const a = world.asset(pool.chainId, denom);
      const price = a ? world.priceOfAsset(a) : undefined;
      if (!a || price === undefined || a.decimals === undefined) return;
      const p = parseDecimal(price);
      const v: Ratio = { num: BigInt(pool.reserves[i]!) * p.num, den: p.den * 10n ** BigInt(a.decimals) };
      const k = `${a.originChainId}\n${a.originDenom}`;
      const cur = table!.get(k);
      if (!cur || v.num * cur.den > cur.num * v.den) table!.set(k, v);
    });
  }
  liquidityTables.set(world, table);
  return table;
}

function liquidityOf(world: World, x: ReachedAsset): Ratio | undefined {
  return originLiquidity(world).get(`${x.asset.originChainId}\n${x.asset.originDenom}`);
}

function qualifies(world: World, x: ReachedAsset, reason: Reason | undefined): boolean {
  switch (reason) {
    case 'MOST_LIQUID':
      return liquidityOf(world, x) !== undefined;
    case 'BASE_TOKEN':
      return x.canonical;
    case 'DIRECT':
      return x.transfersWithoutSwap === 1;
    default:
      return true;
  }
}

function ranksBefore(world: World, a: ReachedAsset, b: ReachedAsset): boolean {
  const la = liquidityOf(world, a);
  const lb = liquidityOf(world, b);
  if (la && !lb) return true;
  if (lb && !la) return false;
  if (la && lb) {
    const cmp = la.num * lb.den - lb.num * la.den;
    if (cmp !== 0n) return cmp > 0n;
  }
  if (a.canonical !== b.canonical) return a.canonical;
  const ta = a.transfersWithoutSwap ?? Number.MAX_SAFE_INTEGER;
  const tb = b.transfersWithoutSwap ?? Number.MAX_SAFE_INTEGER;
  if (ta !== tb) return ta < tb;
  return compareAssets(a.asset, b.asset) < 0;
}

function reasonFor(world: World, x: ReachedAsset): Reason {
  if (liquidityOf(world, x) !== undefined) return 'MOST_LIQUID';
  if (x.canonical) return 'BASE_TOKEN';
  return x.transfersWithoutSwap === 1 ? 'DIRECT' : 'UNKNOWN';
}

function recommend(world: World, e: Entry): AssetRecommendation[] {
  const source = world.chain(e.chainId) ? resolveHeld(world, e.chainId, e.denom) : undefined;
  if (!source) throw invalidArgument(INVALID_SOURCE_DENOM);
  if (!world.chain(e.destChainId)) throw notFound('dest chain not found');
  for (const includeSwaps of [false, true]) {
    let best: ReachedAsset | undefined;
    for (const x of reachFrom(world, source, { allowMultiTx: false, includeSwaps, venues: undefined })) {
      if (x.asset.chainId !== e.destChainId || !qualifies(world, x, e.reason)) continue;
      if (!best || ranksBefore(world, x, best)) best = x;
    }
    if (best) return [{ asset: { ...wireAsset(world, best.asset) }, reason: e.reason ?? reasonFor(world, best) }];
  }
  return [];
}

export function recommendAssets(world: World, body: unknown): RecommendAssetsResponse {
  const entries = parseEntries(body);
  const recommendation_entries = entries.map((e) => {
    const recommendations = recommend(world, e);
    return recommendations.length > 0 ? { recommendations } : { recommendations, error: { message: NO_RECOMMENDATION } };
  });
  if (recommendation_entries.every((r) => r.recommendations.length === 0)) throw notFound(NO_RECOMMENDATION);
  return { recommendation_entries };
}
