/**
 * Per-World search indexes, built lazily and memoised in a WeakMap (a World is immutable):
 * positions, trace walks, transfer paths between same-origin positions, bridge edges keyed
 * by origin, and each venue's pool graph.
 *
 * The search never explores the channel graph blindly. ICS-20 fixes the path between two
 * denoms of the same origin: unwind the source denom's trace back toward its origin until
 * what remains is a tail the destination denom's trace shares (same hops, same chain), then
 * replay the destination's remaining hops forward. So a transfer path costs a few map
 * look-ups and at most one SHA-256 per new intermediate denom (the World caches hashes).
 */
import { catalogKey, hopsToTrace, parseTrace, type ChannelEnd, type Hop, type Pool, type Venue, type World } from '../world';
import { BRIDGES } from '../bridges/registry';
import { BRIDGE_IDS, type BridgeId } from '../bridges/types';
import type { BridgeLeg, Position, SwapHop, TransferLeg } from './types';

/** The bridges a route may cross (IBC is the planner's own transfer legs, not listed here). */
export type BridgeKind = BridgeId;

/** A set of bridge kinds as bits (one per BRIDGE_IDS entry): the search tests and keys its caches with it. */
export type KindsMask = number;

const KIND_BIT = new Map<BridgeKind, number>(BRIDGE_IDS.map((id, i) => [id, 1 << i]));

export function kindsMask(kinds: ReadonlySet<BridgeKind>): KindsMask {
  let mask = 0;
  for (const k of kinds) mask |= KIND_BIT.get(k) ?? 0;
  return mask;
}

export const originKeyOf = (chainId: string, denom: string): string => `${chainId}\n${denom}`;

/** How far a trace can be unwound over ACTIVE transfer channels from the chain holding it. */
export interface TraceWalk {
  /** chains[0] holds the denom; chains[i + 1] is reached by unwinding hop i. */
  chains: readonly string[];
  /** ends[i]: the channel end on chains[i] that hop i names (sending end when unwinding). */
  ends: readonly ChannelEnd[];
}

export interface VenueIndex {
  venue: Venue;
  /** Pool sides, one position per distinct denom. */
  positions: readonly Position[];
  byDenom: ReadonlyMap<string, Position>;
  /** denom → pools holding it, with the index of that denom in the pool. */
  adjacency: ReadonlyMap<string, readonly { pool: Pool; inIndex: 0 | 1 }[]>;
}

export interface BridgeEdge {
  leg: BridgeLeg;
  kind: BridgeKind;
  /** The kind's bit (see kindsMask). */
  bit: number;
}

export class PlannerIndex {
  private readonly positionCache = new Map<string, Position | null>();
  // keyed by the Position objects this index hands out (one per asset), so a look-up builds no string
  private readonly walkCache = new WeakMap<Position, TraceWalk>();
  private readonly pathCache = new WeakMap<Position, WeakMap<Position, readonly TransferLeg[] | null>>();
  private readonly suffixDenomCache = new Map<string, string>();
  private bridgeEdges: Map<string, BridgeEdge[]> | undefined;
  /** (kinds mask, bridge budget) → origin → origins reachable from it. */
  private readonly reachCache = new Map<number, Map<string, ReadonlySet<string>>>();
  private readonly venueCache = new Map<string, VenueIndex>();
  private readonly poolPathCache = new Map<string, readonly (readonly SwapHop[])[]>();

  constructor(readonly world: World) {}

  // ------------------------------------------------------------------ positions

  /** The position of a known asset, or undefined for an unknown chain or denom. */
  position(chainId: string, denom: string): Position | undefined {
    const chain = this.world.chain(chainId);
    if (!chain) return undefined;
    const key = `${chainId}\n${catalogKey(chain.chainType, denom)}`;
    const cached = this.positionCache.get(key);
    if (cached !== undefined) return cached ?? undefined;
    let made: Position | null = null;
    const asset = chain.chainType === 'cosmos' ? this.world.resolveAsset(chainId, denom) : this.world.asset(chainId, denom);
    if (asset) {
      let hops: Hop[] | null;
      try {
        hops = parseTrace(asset.trace);
      } catch {
        hops = null; // a trace we cannot read cannot be routed
      }
      if (hops) {
        const baseDenom = asset.trace === '' ? asset.denom : (this.world.denomTrace(asset.denom)?.baseDenom ?? asset.originDenom);
        made = {
          chainId,
          denom: asset.denom,
          asset,
          chain,
          originKey: originKeyOf(asset.originChainId, asset.originDenom),
          baseDenom,
          hops,
        };
      }
    }
    this.positionCache.set(key, made);
    return made ?? undefined;
  }

  // ------------------------------------------------------------------ transfers

  /** Unwinds a position's trace hop by hop over the routing graph, as far as it goes. */
  walk(p: Position): TraceWalk {
    let w = this.walkCache.get(p);
    if (w) return w;
    const chains: string[] = [p.chainId];
    const ends: ChannelEnd[] = [];
    let cur = p.chainId;
    for (const hop of p.hops) {
      const end = this.world.channel(cur, hop.channel);
      if (!end || end.portId !== hop.port) break;
      ends.push(end);
      cur = end.counterpartyChainId;
      chains.push(cur);
    }
    w = { chains, ends };
    this.walkCache.set(p, w);
    return w;
  }

  /** Denom of `p`'s origin after keeping only the hops from index `from` on. */
  private denomFromHop(p: Position, from: number): string {
    if (from === 0) return p.denom;
    if (from >= p.hops.length) return p.baseDenom;
    const key = `${p.chainId}\n${p.denom}\n${from}`;
    let d = this.suffixDenomCache.get(key);
    if (d === undefined) {
      d = this.world.ibcDenom(hopsToTrace(p.hops.slice(from)), p.baseDenom);
      this.suffixDenomCache.set(key, d);
    }
    return d;
  }

  /**
   * The IBC transfers that carry `a` to `b` (same origin): unwind, then forward. [] when
   * they are the same position, null when no path exists over ACTIVE transfer channels.
   */
  transferPath(a: Position, b: Position): readonly TransferLeg[] | null {
    if (a.originKey !== b.originKey) return null;
    if (a.chainId === b.chainId && a.denom === b.denom) return [];
    let fromA = this.pathCache.get(a);
    if (!fromA) {
      fromA = new WeakMap();
      this.pathCache.set(a, fromA);
    }
    const cached = fromA.get(b);
    if (cached !== undefined) return cached;
    const result = this.computeTransferPath(a, b);
    fromA.set(b, result);
    return result;
  }

  private computeTransferPath(a: Position, b: Position): readonly TransferLeg[] | null {
    // a native denom of an EVM/SVM chain, or a CW20, never travels over ICS-20 here
    if (a.chain.chainType !== 'cosmos' || b.chain.chainType !== 'cosmos') return null;
    if (a.asset.isCw20 || b.asset.isCw20) return null;
    const wa = this.walk(a);
    const wb = this.walk(b);
    const nA = a.hops.length;
    const nB = b.hops.length;
    const originChainId = a.asset.originChainId;
    // k = number of trailing hops both traces share; the larger, the shorter the path
    for (let k = Math.min(nA, nB); k >= 0; k--) {
      const iA = nA - k;
      const iB = nB - k;
      if (wa.ends.length < iA || wb.ends.length < iB) continue;
      const meet = wa.chains[iA]!;
      if (meet !== wb.chains[iB]) continue;
      if (k === 0 && meet !== originChainId) continue;
      let same = true;
      for (let j = 0; j < k && same; j++) {
        const ha = a.hops[iA + j]!;
        const hb = b.hops[iB + j]!;
        same = ha.port === hb.port && ha.channel === hb.channel;
      }
      if (!same || (k === 0 && a.baseDenom !== b.baseDenom)) continue;
      const legs: TransferLeg[] = [];
      for (let i = 0; i < iA; i++) {
        legs.push({
          kind: 'transfer',
          fromChainId: wa.chains[i]!,
          toChainId: wa.chains[i + 1]!,
          end: wa.ends[i]!,
          denomIn: this.denomFromHop(a, i),
          denomOut: this.denomFromHop(a, i + 1),
        });
      }
      for (let j = iB - 1; j >= 0; j--) {
        const arriving = wb.ends[j]!;
        const sending = this.world.channel(arriving.counterpartyChainId, arriving.counterpartyChannelId);
        if (!sending) return null;
        legs.push({
          kind: 'transfer',
          fromChainId: wb.chains[j + 1]!,
          toChainId: wb.chains[j]!,
          end: sending,
          denomIn: this.denomFromHop(b, j + 1),
          denomOut: this.denomFromHop(b, j),
        });
      }
      return legs;
    }
    return null;
  }

  // ------------------------------------------------------------------ bridges

  private buildBridgeEdges(): Map<string, BridgeEdge[]> {
    const edges = new Map<string, BridgeEdge[]>();
    for (const bridge of BRIDGES) {
      const bit = KIND_BIT.get(bridge.id)!;
      for (const leg of bridge.planner.edges(this)) {
        const edge: BridgeEdge = { leg, kind: bridge.id, bit };
        const list = edges.get(leg.from.originKey);
        if (list) list.push(edge);
        else edges.set(leg.from.originKey, [edge]);
      }
    }
    return edges;
  }

  /** Bridge legs that start from positions of this origin. */
  bridgesFrom(originKey: string): readonly BridgeEdge[] {
    this.bridgeEdges ??= this.buildBridgeEdges();
    return this.bridgeEdges.get(originKey) ?? [];
  }

  /**
   * Origins reachable from `originKey` over at most `maxBridges` bridge legs of the allowed
   * kinds (the origin itself included). Bridge edges come in both directions, so this is
   * also the set of origins that can reach `originKey`.
   */
  reachableOrigins(originKey: string, kinds: ReadonlySet<BridgeKind>, maxBridges: number): ReadonlySet<string> {
    return this.reachable(originKey, kindsMask(kinds), maxBridges);
  }

  /** reachableOrigins, with the kinds as a mask. */
  reachable(originKey: string, mask: KindsMask, maxBridges: number): ReadonlySet<string> {
    // a mask has one bit per bridge id (< 2^10), so this is one key per (mask, budget)
    const slot = maxBridges * 1024 + mask;
    let byOrigin = this.reachCache.get(slot);
    if (!byOrigin) {
      byOrigin = new Map();
      this.reachCache.set(slot, byOrigin);
    }
    let set = byOrigin.get(originKey);
    if (set) return set;
    const seen = new Set<string>([originKey]);
    let frontier = [originKey];
    for (let d = 0; d < maxBridges && frontier.length; d++) {
      const next: string[] = [];
      for (const o of frontier) {
        for (const e of this.bridgesFrom(o)) {
          if ((e.bit & mask) === 0) continue;
          const t = e.leg.to.originKey;
          if (!seen.has(t)) {
            seen.add(t);
            next.push(t);
          }
        }
      }
      frontier = next;
    }
    set = seen;
    byOrigin.set(originKey, set);
    return set;
  }

  // ------------------------------------------------------------------ venues and pools

  venueIndex(venue: Venue): VenueIndex {
    let v = this.venueCache.get(venue.name);
    if (v) return v;
    const byDenom = new Map<string, Position>();
    const adjacency = new Map<string, { pool: Pool; inIndex: 0 | 1 }[]>();
    for (const pool of this.world.poolsOn(venue.chainId)) {
      if (pool.venue !== venue.name) continue;
      for (const i of [0, 1] as const) {
        const d = pool.denoms[i];
        const p = this.position(venue.chainId, d);
        if (!p) continue;
        byDenom.set(d, p);
        const list = adjacency.get(d);
        if (list) list.push({ pool, inIndex: i });
        else adjacency.set(d, [{ pool, inIndex: i }]);
      }
    }
    v = { venue, positions: [...byDenom.values()], byDenom, adjacency };
    this.venueCache.set(venue.name, v);
    return v;
  }

  /** Every simple chain of at most `maxPools` pools on the venue from denomIn to denomOut. */
  poolPaths(venue: Venue, denomIn: string, denomOut: string, maxPools: number): readonly (readonly SwapHop[])[] {
    const key = `${venue.name}\n${denomIn}\n${denomOut}\n${maxPools}`;
    let paths = this.poolPathCache.get(key);
    if (paths) return paths;
    const vix = this.venueIndex(venue);
    const out: SwapHop[][] = [];
    const visited = new Set<string>([denomIn]);
    const stack: SwapHop[] = [];
    const dfs = (denom: string): void => {
      for (const { pool, inIndex } of vix.adjacency.get(denom) ?? []) {
        const next = pool.denoms[inIndex === 0 ? 1 : 0];
        if (visited.has(next)) continue;
        stack.push({ pool, inIndex, denomIn: denom, denomOut: next });
        if (next === denomOut) out.push([...stack]);
        else if (stack.length < maxPools) {
          visited.add(next);
          dfs(next);
          visited.delete(next);
        }
        stack.pop();
      }
    };
    dfs(denomIn);
    paths = out;
    this.poolPathCache.set(key, paths);
    return paths;
  }
}

const indexes = new WeakMap<World, PlannerIndex>();

/** The planner's indexes for a World, built on first use. */
export function plannerIndex(world: World): PlannerIndex {
  let ix = indexes.get(world);
  if (!ix) {
    ix = new PlannerIndex(world);
    indexes.set(world, ix);
  }
  return ix;
}

export interface NoSwapOptions {
  ibc: boolean;
  bridgeKinds: ReadonlySet<BridgeKind>;
  maxBridges: number;
}

/**
 * Every swap-free way from `a` to `b`: IBC transfers, with up to `maxBridges` bridge legs
 * (any registered bridge) in between, never returning to an origin already left.
 */
export function noSwapPaths(ix: PlannerIndex, a: Position, b: Position, o: NoSwapOptions): (readonly (TransferLeg | BridgeLeg)[])[] {
  return swapFreePaths(ix, a, b, o.ibc, kindsMask(o.bridgeKinds), o.maxBridges);
}

/** The state of one swapFreePaths search (a plain object: the recursion allocates no closures). */
interface SwapFreeSearch {
  ix: PlannerIndex;
  b: Position;
  ibc: boolean;
  mask: KindsMask;
  maxBridges: number;
  found: (readonly (TransferLeg | BridgeLeg)[])[];
  usedOrigins: Set<string>;
  legs: (TransferLeg | BridgeLeg)[];
}

/** noSwapPaths with the kinds as a mask (the planner computes it once per request). */
export function swapFreePaths(ix: PlannerIndex, a: Position, b: Position, ibc: boolean, mask: KindsMask, maxBridges: number): (readonly (TransferLeg | BridgeLeg)[])[] {
  const s: SwapFreeSearch = { ix, b, ibc, mask, maxBridges, found: [], usedOrigins: new Set([a.originKey]), legs: [] };
  swapFreeStep(s, a, 0);
  return s.found;
}

function swapFreeStep(s: SwapFreeSearch, cur: Position, depth: number): void {
  const { ix, b } = s;
  if (cur.originKey === b.originKey) {
    const t = ix.transferPath(cur, b);
    if (t && (s.ibc || t.length === 0)) s.found.push(t.length === 0 ? s.legs.slice() : s.legs.concat(t));
    return; // once on the destination's origin, bridging away again only loses
  }
  if (depth >= s.maxBridges) return;
  for (const e of ix.bridgesFrom(cur.originKey)) {
    if ((e.bit & s.mask) === 0) continue;
    const next = e.leg.to;
    if (s.usedOrigins.has(next.originKey)) continue;
    // skip bridges after which the destination's origin is out of reach
    if (!ix.reachable(next.originKey, s.mask, s.maxBridges - depth - 1).has(b.originKey)) continue;
    const t = ix.transferPath(cur, e.leg.from);
    if (!t || (!s.ibc && t.length > 0)) continue;
    const mark = s.legs.length;
    for (const leg of t) s.legs.push(leg);
    s.legs.push(e.leg);
    s.usedOrigins.add(next.originKey);
    swapFreeStep(s, next, depth + 1);
    s.usedOrigins.delete(next.originKey);
    s.legs.length = mark;
  }
}
