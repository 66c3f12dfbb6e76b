/**
 * POST /v2/fungible/assets_from_source: every asset reachable from a source asset, by
 * destination chain. Reachability itself is in reach.ts; this file validates the request,
 * caches the search per World, and applies the response filters.
 *
 * Decisions (the spec names the options, not their exact meaning):
 * - The source asset itself is not a destination; other assets on the source chain are
 *   (the way home after an unwind, swap outputs).
 * - native_only: only assets whose trace is empty (native to the chain that holds them).
 * - include_cw20_assets (default false): CW20 tokens are dropped unless true.
 * - recommendation_reason filters the destinations:
 *     UNKNOWN / null  no filter;
 *     DIRECT          reachable with exactly one transfer (IBC hop, CCTP or Axelar) and no swap;
 *     BASE_TOKEN      per chain and origin, the base form: the native denom on the origin
 *                     chain, elsewhere the one-hop copy over the preferred channel, or when
 *                     that copy is not reachable the reachable form with the shortest trace;
 *     MOST_LIQUID     per chain, the one asset with the deepest pool side (USD) on that
 *                     chain's venues; chains with no pooled destination drop out.
 * - swap_venues: venue names (and chain ids when given) allowed for swaps; null or empty
 *   means every venue; names the World does not have simply match nothing.
 * - group_by is accepted and ignored: openapi gives it no values or meaning.
 * - An unknown source chain answers the spec's `Invalid source_asset_denom` too (the denom
 *   is not on that chain); a missing or empty source field names the field.
 */
import type { Asset, AssetsFromSourceRequest, AssetsFromSourceResponse } from '../../api/schemas';
import { invalidArgument } from '../http/errors';
import { parseDecimal, type Ratio } from '../world/decimal';
import type { WorldAsset } from '../world/types';
import type { World } from '../world/world';
import { compareAssets, compareIds, wireAsset } from './common';
import { resolveHeld } from './origin';
import { reach, type ReachOptions, type ReachedAsset } from './reach';

export const INVALID_SOURCE_DENOM = 'Invalid source_asset_denom';

const REASONS = ['UNKNOWN', 'MOST_LIQUID', 'BASE_TOKEN', 'DIRECT'] as const;
type Reason = (typeof REASONS)[number];

/** Searches kept per World; the oldest is dropped beyond this (bounded memory). */
const CACHE_LIMIT = 256;
const searchCache = new WeakMap<World, Map<string, readonly ReachedAsset[]>>();

const byChainThenAsset = (x: ReachedAsset, y: ReachedAsset): number =>
  compareIds(x.asset.chainId, y.asset.chainId) || compareAssets(x.asset, y.asset);

function cachedReach(world: World, key: string, run: () => ReachedAsset[]): readonly ReachedAsset[] {
  let m = searchCache.get(world);
  if (!m) searchCache.set(world, (m = new Map()));
  const hit = m.get(key);
  if (hit) {
    // refresh: Map order is the eviction order
    m.delete(key);
    m.set(key, hit);
    return hit;
  }
  // sorted once here (chain id, then the list order) so a cached answer is only filtered
  const made = Object.freeze(
    run().sort(byChainThenAsset),
  );
  m.set(key, made);
  if (m.size > CACHE_LIMIT) m.delete(m.keys().next().value!);
  return made;
}

function requiredString(v: unknown, field: string): string {
  if (typeof v !== 'string' || v.trim() === '') throw invalidArgument(`invalid request: ${field}: required`);
  return v.trim();
}

function optionalBool(v: unknown, field: string): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v !== 'boolean') throw invalidArgument(`invalid request: ${field}: expected boolean`);
  return v;
}

function reasonOf(v: unknown): Reason | undefined {
  if (v === undefined || v === null || v === 'UNKNOWN') return undefined;
  if (typeof v === 'string' && (REASONS as readonly string[]).includes(v)) return v as Reason;
  throw invalidArgument(`invalid request: recommendation_reason: expected one of ${REASONS.join(', ')}`);
}

/** Allowed venue names, or undefined for "every venue". */
function venuesOf(world: World, v: unknown): Set<string> | undefined {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v)) throw invalidArgument('invalid request: swap_venues: expected an array');
  if (v.length === 0) return undefined;
  const allowed = new Set<string>();
  v.forEach((entry: unknown, i) => {
    const o = (typeof entry === 'object' && entry !== null ? entry : {}) as { name?: unknown; chain_id?: unknown };
    if (typeof o.name !== 'string' || o.name === '') throw invalidArgument(`invalid request: swap_venues.${i}.name: required`);
    const venue = world.venue(o.name);
    if (venue && (o.chain_id === undefined || o.chain_id === null || o.chain_id === venue.chainId)) allowed.add(venue.name);
  });
  return allowed;
}

/** reach(), cached per World and options; sorted by chain id, then the list order. */
export function reachFrom(world: World, source: WorldAsset, opts: ReachOptions): readonly ReachedAsset[] {
  const venueKey = opts.venues ? [...opts.venues].sort().join(',') : '*';
  const key = [source.chainId, source.denom, opts.allowMultiTx ? 1 : 0, opts.includeSwaps ? 1 : 0, venueKey].join('\n');
  return cachedReach(world, key, () => reach(world, source, opts));
}

export function assetsFromSource(world: World, req: AssetsFromSourceRequest): AssetsFromSourceResponse {
  const r = req as Record<string, unknown>;
  const denom = requiredString(r['source_asset_denom'], 'source_asset_denom');
  const chainId = requiredString(r['source_asset_chain_id'], 'source_asset_chain_id');
  const allowMultiTx = optionalBool(r['allow_multi_tx'], 'allow_multi_tx');
  const includeSwaps = optionalBool(r['include_swaps'], 'include_swaps');
  const nativeOnly = optionalBool(r['native_only'], 'native_only');
  const includeCw20 = optionalBool(r['include_cw20_assets'], 'include_cw20_assets');
  const reason = reasonOf(r['recommendation_reason']);
  const venues = includeSwaps ? venuesOf(world, r['swap_venues']) : undefined;
  if (r['group_by'] !== undefined && r['group_by'] !== null && typeof r['group_by'] !== 'string') {
    throw invalidArgument('invalid request: group_by: expected string');
  }

  // an unknown chain cannot hold the denom either: same answer as the spec's bad-denom case
  const source = world.chain(chainId) ? resolveHeld(world, chainId, denom) : undefined;
  if (!source) throw invalidArgument(INVALID_SOURCE_DENOM);

  const reached = reachFrom(world, source, { allowMultiTx, includeSwaps, venues });

  let picked = reached.filter((x) => (!nativeOnly || x.asset.trace === '') && (includeCw20 || !x.asset.isCw20));
  if (reason === 'DIRECT') picked = picked.filter((x) => x.transfersWithoutSwap === 1);
  else if (reason === 'BASE_TOKEN') picked = baseTokens(picked).sort(byChainThenAsset);
  else if (reason === 'MOST_LIQUID') picked = mostLiquid(world, picked).sort(byChainThenAsset);

  // `picked` keeps the cached order: chains ascending, each chain's list already sorted
  const dest_assets: Record<string, { assets: Asset[] }> = {};
  for (const x of picked) {
    const entry = (dest_assets[x.asset.chainId] ??= { assets: [] });
    entry.assets.push({ ...wireAsset(world, x.asset) });
  }
  return { dest_assets };
}

/** Per (chain, origin): the canonical form when reachable, else the shortest trace. */
function baseTokens(list: readonly ReachedAsset[]): ReachedAsset[] {
  const best = new Map<string, ReachedAsset>();
  for (const x of list) {
    const k = `${x.asset.chainId}\n${x.asset.originChainId}\n${x.asset.originDenom}`;
    const cur = best.get(k);
    if (!cur) {
      best.set(k, x);
      continue;
    }
    const better =
      x.canonical !== cur.canonical ? x.canonical : compareAssets(x.asset, cur.asset) < 0;
    if (better) best.set(k, x);
  }
  return [...best.values()];
}

/** Per chain: the destination with the deepest pool side, in USD. */
function mostLiquid(world: World, list: readonly ReachedAsset[]): ReachedAsset[] {
  const best = new Map<string, { x: ReachedAsset; depth: Ratio }>();
  for (const x of list) {
    const depth = poolDepthUsd(world, x.asset);
    if (!depth) continue;
    const cur = best.get(x.asset.chainId);
    const cmp = cur ? depth.num * cur.depth.den - cur.depth.num * depth.den : 1n;
    if (!cur || cmp > 0n || (cmp === 0n && compareAssets(x.asset, cur.x.asset) < 0)) best.set(x.asset.chainId, { x, depth });
  }
  return [...best.values()].map((b) => b.x);
}

/** USD value of the asset's side in its deepest pool on its chain; undefined without a priced pool. */
function poolDepthUsd(world: World, a: WorldAsset): Ratio | undefined {
  const price = world.priceOfAsset(a);
  if (price === undefined || a.decimals === undefined) return undefined;
  const p = parseDecimal(price);
  let best: Ratio | undefined;
  for (const pool of world.poolsOn(a.chainId)) {
    const i = pool.denoms.indexOf(a.denom);
    if (i < 0) continue;
    const v: Ratio = { num: BigInt(pool.reserves[i]!) * p.num, den: p.den * 10n ** BigInt(a.decimals) };
    if (!best || v.num * best.den > best.num * v.den) best = v;
  }
  return best;
}
