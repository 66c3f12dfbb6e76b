/**
 * planRoute: the route endpoint's planner. Pure and deterministic for a given World and
 * config; throws ServiceError for every request it cannot serve: 400, code 3, for a bad
 * request or an amount too low to cover the fees; 404, code 5, with production's messages
 * when no route exists (see noRouteError).
 *
 * A route is: swap-free legs from the source to a venue's pool denom, one swap on that venue
 * (a chain of up to `maxSwapPools` pools), swap-free legs to the destination. Swap-free legs
 * are IBC transfers (fixed by the two denoms' traces, see graph.ts) with up to
 * `maxBridgesPerLeg` bridge crossings between them. When source and destination share an
 * origin, the transfer path alone is the route. Swap-free stretches before and after a swap
 * are chosen by their transaction count, then their fixed fees (bridges charge fixed fees,
 * transfers none), so only the pool chains multiply the candidates.
 *
 * Candidates that cross the bridge the request prefers (`go_fast: true`) come first; then
 * candidates are ranked by fewer transactions (each one is another signature, and after
 * a CCTP transfer another wait for an attestation), then by what the caller gets (largest
 * amount out, or smallest amount in for exact-out, fees charged on top counted against it),
 * then fewer legs; enumeration order is fixed, so ties resolve the same way every time.
 */
import type { RouteRequest, RouteResponse } from '../../api/schemas';
import { GrpcCode, ServiceError, errorInfo, invalidArgument } from '../http/errors';
import { baseUnitsForUsd, enforcePriceSafety, judgePriceSafety, priceScaled } from '../pricing';
import type { World } from '../world';
import { assembleRoute, type ChosenRoute } from './assemble';
import { resolvePlannerConfig, type PlannerConfig } from './config';
import { kindsMask, plannerIndex, swapFreePaths, type PlannerIndex } from './graph';
import { QuoteContext, quoteBackward, quoteForward, type LegQuote } from './quote';
import { parsePlanRequest, type PlanRequest } from './request';
import { describeBlocker, planTxs, txCountAround, type TxBlocker } from './txs';
import type { BridgeLeg, Leg, Position, SwapLeg, TransferLeg } from './types';
import type { WireRoute } from './wire';

/** Why candidates were dropped, for the error when none is left. */
interface Rejections {
  /** The first blocker of the multi-tx candidate needing the fewest transactions. */
  multiTx?: { blocker: TxBlocker; txCount: number };
  /** The candidate that needs the least input among those the amount was too low for. */
  tooLow?: { cover: string; minimum: bigint };
  /** Any other amount problem (exact-out beyond a pool's liquidity). */
  amount?: string;
}

function describe(p: Position): string {
  return `${p.denom} on ${p.chainId}`;
}

/**
 * Rank of a swap-free path that does not depend on the amount: its transactions, counted
 * together with the swap it leads into (or follows), so that what the junction costs is
 * counted too; then its fees, since transfers keep the amount and bridges charge fixed fees,
 * the path with the smallest fees stays the best for any amount; then fewer legs.
 */
function swapFreeTxs(ctx: QuoteContext, legs: readonly (TransferLeg | BridgeLeg)[], swapAt: SwapLeg | undefined, side: 'pre' | 'post'): number {
  return !swapAt ? txCountAround(ctx.world, legs) : side === 'pre' ? txCountAround(ctx.world, legs, undefined, swapAt) : txCountAround(ctx.world, legs, swapAt);
}

function swapFreeFeesUsd(ctx: QuoteContext, legs: readonly (TransferLeg | BridgeLeg)[]): bigint {
  let usd = 0n;
  for (const leg of legs) {
    if (leg.kind === 'transfer') continue;
    const fee = ctx.bridgeFee(leg);
    if (fee?.usd !== undefined) usd += fee.usd;
  }
  return usd;
}

/**
 * The best swap-free path of a list (see swapFreeTxs), or undefined when the list is empty.
 * A path's fees are only worked out when its transactions do not already rule it out.
 */
function bestSwapFree(
  ctx: QuoteContext,
  paths: readonly (readonly (TransferLeg | BridgeLeg)[])[],
  allowMultiTx: boolean,
  swapAt: SwapLeg | undefined,
  side: 'pre' | 'post',
): readonly (TransferLeg | BridgeLeg)[] | undefined {
  let best: readonly (TransferLeg | BridgeLeg)[] | undefined;
  let bestTxs = 0;
  let bestUsd = 0n;
  for (const p of paths) {
    const txs = swapFreeTxs(ctx, p, swapAt, side);
    if (!allowMultiTx && txs > 1) continue;
    if (best && txs > bestTxs) continue;
    const usd = swapFreeFeesUsd(ctx, p);
    if (!best || txs < bestTxs || usd < bestUsd || (usd === bestUsd && p.length < best.length)) {
      best = p;
      bestTxs = txs;
      bestUsd = usd;
    }
  }
  // keep a multi-tx path when it is the only one, so the error can say why it was refused
  return best ?? paths[0];
}

/**
 * Candidate leg sequences, in a fixed order: every swap-free path from source to destination,
 * then for each venue, pool denom in and pool denom out, the best swap-free path to the pool
 * (and from it) times every pool chain between the two denoms.
 */
export function enumerateCandidates(ix: PlannerIndex, req: PlanRequest, cfg: PlannerConfig, ctx: QuoteContext): Leg[][] {
  const { source: S, dest: D } = req;
  const mask = kindsMask(req.bridgeKinds);
  const maxBridges = cfg.maxBridgesPerLeg;
  const out: Leg[][] = swapFreePaths(ix, S, D, req.ibc, mask, maxBridges) as Leg[][];
  // same origin: transfers alone are the route; a swap could only lose value
  if (!req.allowSwaps || S.originKey === D.originKey) return out;
  const fromS = ix.reachable(S.originKey, mask, maxBridges);
  const toD = ix.reachable(D.originKey, mask, maxBridges);
  for (const venue of req.venues) {
    const vix = ix.venueIndex(venue);
    const ins = vix.positions.filter((p) => fromS.has(p.originKey));
    if (ins.length === 0) continue;
    // where a swap happens is all the junction with the legs around it depends on
    const at: SwapLeg = { kind: 'swap', venue, chainId: venue.chainId, denomIn: '', denomOut: '', hops: [] };
    const outs: { dout: Position; post: readonly (TransferLeg | BridgeLeg)[] }[] = [];
    for (const dout of vix.positions) {
      if (!toD.has(dout.originKey)) continue;
      const post = bestSwapFree(ctx, swapFreePaths(ix, dout, D, req.ibc, mask, maxBridges), req.allowMultiTx, at, 'post');
      if (post) outs.push({ dout, post });
    }
    if (outs.length === 0) continue;
    for (const din of ins) {
      const pre = bestSwapFree(ctx, swapFreePaths(ix, S, din, req.ibc, mask, maxBridges), req.allowMultiTx, at, 'pre');
      if (!pre) continue;
      for (const { dout, post } of outs) {
        if (dout.denom === din.denom) continue;
        for (const hops of ix.poolPaths(venue, din.denom, dout.denom, cfg.maxSwapPools)) {
          const swap: SwapLeg = { kind: 'swap', venue, chainId: venue.chainId, denomIn: din.denom, denomOut: dout.denom, hops };
          out.push([...pre, swap, ...post]);
        }
      }
    }
  }
  return out;
}

interface Scored extends ChosenRoute {
  /** What the caller gets (exact-in) or pays (exact-out), fees charged on top included. */
  value: bigint;
  /** Crosses the bridge the request prefers (go_fast: true). */
  preferred: boolean;
  order: number;
}

function better(a: Scored, b: Scored, mode: 'in' | 'out'): boolean {
  // the caller asked for this bridge: it wins wherever it can carry the route
  if (a.preferred !== b.preferred) return a.preferred;
  // every further transaction is another signature and another wait: fewer wins outright
  if (a.txs.txCount !== b.txs.txCount) return a.txs.txCount < b.txs.txCount;
  if (a.value !== b.value) return mode === 'in' ? a.value > b.value : a.value < b.value;
  if (a.legs.length !== b.legs.length) return a.legs.length < b.legs.length;
  return a.order < b.order;
}

/** Fees charged on top of the transfer, as base units of `unit` (0 when prices are missing). */
function additionalFeesIn(ctx: QuoteContext, quotes: readonly LegQuote[], unit: Position): bigint {
  let usd = 0n;
  for (const q of quotes) {
    if (q.fee?.behavior !== 'FEE_BEHAVIOR_ADDITIONAL') continue;
    if (q.fee.usd === undefined) return 0n;
    usd += q.fee.usd;
  }
  if (usd === 0n) return 0n;
  const price = ctx.price(unit.asset);
  if (price === undefined || unit.asset.decimals === undefined || priceScaled(price) <= 0n) return 0n;
  return baseUnitsForUsd(usd, unit.asset.decimals, price);
}

function choose(ctx: QuoteContext, req: PlanRequest, candidates: readonly Leg[][], rejected: Rejections): ChosenRoute | undefined {
  let best: Scored | undefined;
  for (let n = 0; n < candidates.length; n++) {
    const legs = candidates[n]!;
    const txs = planTxs(ctx.world, legs);
    if (txs.blocker && !req.allowMultiTx) {
      // the nearest miss explains the refusal best
      if (!rejected.multiTx || txs.txCount < rejected.multiTx.txCount) rejected.multiTx = { blocker: txs.blocker, txCount: txs.txCount };
      continue;
    }
    const preferred = req.preferred !== undefined && legs.some((l) => l.kind === 'bridge' && l.bridge === req.preferred);
    // ranked by transactions first: a candidate needing more can never win, skip quoting it
    if (best && txs.txCount > best.txs.txCount && (best.preferred || !preferred)) continue;
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
      // the least input this candidate takes: what delivers one base unit at the end
      const least = fwd.cover !== undefined && req.mode === 'in' ? quoteBackward(ctx, legs, 1n) : undefined;
      if (least?.ok && fwd.cover !== undefined) {
        if (!rejected.tooLow || least.amountIn < rejected.tooLow.minimum) rejected.tooLow = { cover: fwd.cover, minimum: least.amountIn };
      } else rejected.amount ??= fwd.reason;
      continue;
    }
    const amountOut = fwd.quotes[fwd.quotes.length - 1]!.amountOut;
    // fees paid on top (EVM-side bridge fees) count against the route, in the ranked asset
    const extra = additionalFeesIn(ctx, fwd.quotes, req.mode === 'in' ? req.dest : req.source);
    const value = req.mode === 'in' ? amountOut - extra : amountIn + extra;
    const scored: Scored = { legs, quotes: fwd.quotes, txs, amountIn, amountOut, value, preferred, order: n };
    if (!best || better(scored, best, req.mode)) best = scored;
  }
  return best;
}

/** Production's messages (HTTP 404, code 5) when no route is left; the local reason rides in `details`. */
export const NO_ROUTES_FOUND = 'no routes found';
export const NO_SINGLE_TX_ROUTES = 'no single-tx routes found, to enable multi-tx routes set allow_multi_tx to true';

function noRouteError(world: World, req: PlanRequest, candidates: number, rejected: Rejections): Error {
  const what = `from ${describe(req.source)} to ${describe(req.dest)}`;
  // a route exists, only not for this little: say how much it takes
  if (rejected.tooLow) {
    const { cover, minimum } = rejected.tooLow;
    return invalidArgument(`Input amount is too low to cover ${cover}: the minimum amount_in is ${minimum} ${req.sourceDenom}`, [
      errorInfo('INPUT_AMOUNT_TOO_LOW', { minimum_amount_in: minimum.toString(), denom: req.sourceDenom }),
    ]);
  }
  if (rejected.multiTx) {
    const why = `no single-transaction route ${what}: ${describeBlocker(world, rejected.multiTx.blocker)}`;
    return new ServiceError(404, GrpcCode.notFound, NO_SINGLE_TX_ROUTES, [errorInfo('MULTI_TX_REQUIRED', { explanation: why })]);
  }
  if (rejected.amount) return invalidArgument(`no route found ${what}: ${rejected.amount}`);
  const hints: string[] = [];
  if (candidates === 0 && !req.allowSwaps && req.source.originKey !== req.dest.originKey) hints.push('swaps are disabled by allow_swaps: false');
  if (candidates === 0 && !req.ibc) hints.push('IBC is not among the allowed bridges');
  if (candidates === 0 && (req.source.asset.isCw20 || req.dest.asset.isCw20)) hints.push('CW20 tokens do not travel over ICS-20 transfer channels');
  const why = `no route ${what}${hints.length ? ` (${hints.join('; ')})` : ''}`;
  return new ServiceError(404, GrpcCode.notFound, NO_ROUTES_FOUND, [errorInfo('NO_ROUTE', { explanation: why })]);
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
  const candidates = enumerateCandidates(ix, req, cfg, ctx);
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
  // WireRoute is the exact shape written; the schema type adds index signatures it cannot see
  return route as unknown as RouteResponse;
}
