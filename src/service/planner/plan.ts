/**
 * planRoute: the route endpoint's planner. Pure and deterministic for a given World and
 * config; throws ServiceError (400, code 3) for every request it cannot serve.
 *
 * A route is: swap-free legs from the source to a venue's pool denom, one swap on that venue
 * (a chain of up to `maxSwapPools` pools), swap-free legs to the destination. Swap-free legs
 * are IBC transfers (fixed by the two denoms' traces, see graph.ts) with up to
 * `maxBridgesPerLeg` CCTP/Axelar legs between them. When source and destination share an
 * origin, the transfer path alone is the route. Candidates are ranked by what the caller
 * gets (largest amount out, or smallest amount in for exact-out), then by fewer
 * transactions, then fewer legs; enumeration order is fixed, so ties resolve the same way
 * every time.
 */
import type { RouteRequest, RouteResponse } from '../../api/schemas';
import { invalidArgument } from '../http/errors';
import { enforcePriceSafety, judgePriceSafety } from '../pricing';
import type { World } from '../world';
import { assembleRoute, type ChosenRoute } from './assemble';
import { resolvePlannerConfig, type PlannerConfig } from './config';
import { noSwapPaths, plannerIndex, type NoSwapOptions, type PlannerIndex } from './graph';
import { QuoteContext, quoteBackward, quoteForward } from './quote';
import { parsePlanRequest, type PlanRequest } from './request';
import { describeBlocker, planTxs, type TxBlocker } from './txs';
import type { Leg, Position, SwapLeg } from './types';
import type { WireRoute } from './wire';

/** Why candidates were dropped, for the error when none is left. */
interface Rejections {
  multiTx?: TxBlocker;
  amount?: string;
}

function describe(p: Position): string {
  return `${p.denom} on ${p.chainId}`;
}

/** Every candidate leg sequence, in a fixed order. */
export function enumerateCandidates(ix: PlannerIndex, req: PlanRequest, cfg: PlannerConfig): Leg[][] {
  const { source: S, dest: D } = req;
  const o: NoSwapOptions = { ibc: req.ibc, bridgeKinds: req.bridgeKinds, maxBridges: cfg.maxBridgesPerLeg };
  const out: Leg[][] = noSwapPaths(ix, S, D, o).map((p) => [...p]);
  // same origin: transfers alone are the route; a swap could only lose value
  if (!req.allowSwaps || S.originKey === D.originKey) return out;
  const fromS = ix.reachableOrigins(S.originKey, req.bridgeKinds, cfg.maxBridgesPerLeg);
  const toD = ix.reachableOrigins(D.originKey, req.bridgeKinds, cfg.maxBridgesPerLeg);
  for (const venue of req.venues) {
    const vix = ix.venueIndex(venue);
    const ins = vix.positions.filter((p) => fromS.has(p.originKey));
    if (ins.length === 0) continue;
    const outs = vix.positions.filter((p) => toD.has(p.originKey));
    for (const din of ins) {
      const pres = noSwapPaths(ix, S, din, o);
      if (pres.length === 0) continue;
      for (const dout of outs) {
        if (dout.denom === din.denom) continue;
        const posts = noSwapPaths(ix, dout, D, o);
        if (posts.length === 0) continue;
        for (const hops of ix.poolPaths(venue, din.denom, dout.denom, cfg.maxSwapPools)) {
          const swap: SwapLeg = { kind: 'swap', venue, chainId: venue.chainId, denomIn: din.denom, denomOut: dout.denom, hops };
          for (const pre of pres) for (const post of posts) out.push([...pre, swap, ...post]);
        }
      }
    }
  }
  return out;
}

interface Scored extends ChosenRoute {
  order: number;
}

function better(a: Scored, b: Scored, mode: 'in' | 'out'): boolean {
  if (mode === 'in' ? a.amountOut !== b.amountOut : a.amountIn !== b.amountIn) {
    return mode === 'in' ? a.amountOut > b.amountOut : a.amountIn < b.amountIn;
  }
  if (a.txs.txCount !== b.txs.txCount) return a.txs.txCount < b.txs.txCount;
  if (a.legs.length !== b.legs.length) return a.legs.length < b.legs.length;
  return a.order < b.order;
}

function choose(ctx: QuoteContext, req: PlanRequest, candidates: readonly Leg[][], rejected: Rejections): ChosenRoute | undefined {
  let best: Scored | undefined;
  for (let n = 0; n < candidates.length; n++) {
    const legs = candidates[n]!;
    const txs = planTxs(ctx.world, legs);
    if (txs.blocker && !req.allowMultiTx) {
      rejected.multiTx ??= txs.blocker;
      continue;
    }
    let amountIn = req.amount;
    if (req.mode === 'out') {
      const back = quoteBackward(ctx, legs, req.amount);
      if (!back.ok) {
        rejected.amount ??= back.reason;
        continue;
      }
      amountIn = back.amountIn;
    }
    const fwd = quoteForward(ctx, legs, amountIn);
    if (!fwd.ok) {
      rejected.amount ??= fwd.reason;
      continue;
    }
    const amountOut = fwd.quotes[fwd.quotes.length - 1]!.amountOut;
    const scored: Scored = { legs, quotes: fwd.quotes, txs, amountIn, amountOut, order: n };
    if (!best || better(scored, best, req.mode)) best = scored;
  }
  return best;
}

function noRouteError(world: World, req: PlanRequest, candidates: number, rejected: Rejections): Error {
  const what = `from ${describe(req.source)} to ${describe(req.dest)}`;
  if (rejected.multiTx) {
    return invalidArgument(
      `no single-transaction route found ${what}: ${describeBlocker(world, rejected.multiTx)}; set allow_multi_tx to true to allow routes that need several transactions`,
    );
  }
  if (rejected.amount) return invalidArgument(`no route found ${what}: ${rejected.amount}`);
  const hints: string[] = [];
  if (candidates === 0 && !req.allowSwaps && req.source.originKey !== req.dest.originKey) hints.push('swaps are disabled (allow_swaps is false)');
  if (candidates === 0 && !req.ibc) hints.push('IBC is not among the allowed bridges');
  return invalidArgument(`no route found ${what}${hints.length ? ` (${hints.join('; ')})` : ''}`);
}

/** The planned route before price safety, for callers that judge it themselves. */
export function planRouteUnchecked(
  world: World,
  request: RouteRequest,
  config?: Partial<PlannerConfig>,
): { route: WireRoute; req: PlanRequest; ctx: QuoteContext } {
  const cfg = resolvePlannerConfig(config);
  const ix = plannerIndex(world);
  const req = parsePlanRequest(ix, request);
  const ctx = new QuoteContext(world, cfg, req.smartRelay, req.affiliateBps);
  const candidates = enumerateCandidates(ix, req, cfg);
  const rejected: Rejections = {};
  const chosen = choose(ctx, req, candidates, rejected);
  if (!chosen) throw noRouteError(world, req, candidates.length, rejected);
  const { route } = assembleRoute(ctx, req, chosen, cfg.timing);
  return { route, req, ctx };
}

/**
 * Plans the route for a route request (spec: POST /v2/fungible/route). The result validates
 * with `RouteResponse`. Price safety applies to routes that swap: transfers and bridges move
 * the same asset, their fees are listed in the route, and most IBC assets carry no price.
 */
export function planRoute(world: World, request: RouteRequest, config?: Partial<PlannerConfig>): RouteResponse {
  const cfg = resolvePlannerConfig(config);
  const { route, req, ctx } = planRouteUnchecked(world, request, cfg);
  if (route.does_swap) {
    const usdIn = ctx.usd(req.source.asset, BigInt(route.amount_in));
    const usdOut = ctx.usd(req.dest.asset, BigInt(route.amount_out));
    const unpriced: string[] = [];
    if (usdIn === undefined) unpriced.push(describe(req.source));
    if (usdOut === undefined) unpriced.push(describe(req.dest));
    const verdict = judgePriceSafety({ usdIn, usdOut, unpriced }, cfg);
    const warning = enforcePriceSafety(verdict, req.allowUnsafe);
    if (warning) route.warning = warning;
  }
  return route as unknown as RouteResponse;
}
