/**
 * Turns the chosen legs and their quotes into the spec's Route object: operations with every
 * field of their kind, tx indices, chains, fees, USD values and duration.
 */
import { bridgeOf } from '../bridges/registry';
import { transferOperation } from '../bridges/ibc/operation';
import type { Absorbed } from '../bridges/types';
import { formatUsd, lossPercentString } from '../pricing';
import { toWireAsset, toWireVenue, type Venue, type WireVenue } from '../world';
import type { LegQuote, QuoteContext } from './quote';
import type { PlanRequest } from './request';
import type { TimingTable } from './timing';
import { absorbedHop, type TxPlan } from './txs';
import type { BridgeLeg, Leg, SwapLeg } from './types';
import type { WireFee, WireOperation, WireRoute, WireSwap } from './wire';

export interface ChosenRoute {
  legs: readonly Leg[];
  quotes: readonly LegQuote[];
  txs: TxPlan;
  amountIn: bigint;
  amountOut: bigint;
}

export interface AssembledRoute {
  route: WireRoute;
  /** The swap leg, when the route swaps (for the price-safety check). */
  swap?: { leg: SwapLeg; quote: LegQuote };
}

function venueRef(v: Venue): WireVenue {
  return { name: v.name, chain_id: v.chainId };
}

function swapBody(leg: SwapLeg, q: LegQuote, mode: 'in' | 'out'): WireSwap {
  const s = q.swap!;
  const ops = leg.hops.map((h) => ({ pool: h.pool.id, denom_in: h.denomIn, denom_out: h.denomOut }));
  const impact = lossPercentString(s.keptNum, s.keptDen);
  const common = {
    estimated_affiliate_fee: `${s.affiliate}${leg.denomOut}`,
    from_chain_id: leg.chainId,
    chain_id: leg.chainId,
    denom_in: leg.denomIn,
    denom_out: leg.denomOut,
    swap_venues: [toWireVenue(leg.venue)],
  };
  if (mode === 'out') {
    return {
      swap_out: { swap_venue: venueRef(leg.venue), swap_operations: ops, swap_amount_out: s.gross.toString(), price_impact_percent: impact },
      ...common,
    };
  }
  return {
    swap_in: {
      swap_venue: venueRef(leg.venue),
      swap_operations: ops,
      swap_amount_in: q.amountIn.toString(),
      price_impact_percent: impact,
      estimated_amount_out: s.gross.toString(),
    },
    ...common,
  };
}

/** What assembleRoute has written so far (module functions share it instead of per-call closures). */
interface Assembly {
  operations: WireOperation[];
  fees: WireFee[];
  chainIds: string[];
}

function pushChain(a: Assembly, id: string): void {
  if (a.chainIds[a.chainIds.length - 1] !== id) a.chainIds.push(id);
}

/** The crossing's smart relay fee in estimated_fees, for the operation about to be pushed. */
function addFee(a: Assembly, leg: BridgeLeg, q: LegQuote, txIndex: number): void {
  const f = q.fee;
  if (!f || !f.smartRelay) return;
  a.fees.push({
    fee_type: f.feeType ?? 'SMART_RELAY',
    bridge_id: leg.bridge,
    amount: f.amount.toString(),
    usd_amount: f.usd !== undefined ? formatUsd(f.usd) : '0.00',
    origin_asset: toWireAsset(f.asset),
    chain_id: leg.from.chainId,
    tx_index: txIndex,
    operation_index: a.operations.length,
    fee_behavior: f.behavior,
  });
}

/** The fields every operation carries beside its body. */
function siblings(tx: number, inQ: LegQuote, outQ: LegQuote): { tx_index: number; amount_in: string; amount_out: string } {
  return { tx_index: tx, amount_in: inQ.amountIn.toString(), amount_out: outQ.amountOut.toString() };
}

export function assembleRoute(ctx: QuoteContext, req: PlanRequest, chosen: ChosenRoute, timing: TimingTable): AssembledRoute {
  const world = ctx.world;
  const { legs, quotes, txs } = chosen;
  const a: Assembly = { operations: [], fees: [], chainIds: [req.source.chainId] };
  const { operations } = a;
  let seconds = 0;
  let swap: AssembledRoute['swap'];

  for (let i = 0; i < legs.length; i++) {
    const leg = legs[i]!;
    const q = quotes[i]!;
    const tx = txs.legTx[i]!;
    const next = legs[i + 1];

    if (leg.kind === 'swap') {
      operations.push({ swap: swapBody(leg, q, req.mode), ...siblings(tx, q, q) });
      pushChain(a, leg.chainId);
      seconds += timing.swapSeconds;
      swap = { leg, quote: q };
      continue;
    }
    const foldsIntoNext = leg.kind === 'transfer' && next !== undefined && absorbedHop(world, leg, next);
    if (leg.kind === 'transfer' && !foldsIntoNext) {
      const entry = next?.kind === 'swap' && txs.legTx[i + 1] === tx ? next.venue : undefined;
      operations.push({ transfer: transferOperation(world, leg, entry), ...siblings(tx, q, q) });
      pushChain(a, leg.toChainId);
      seconds += timing.ibcHopSeconds;
      continue;
    }
    // a bridge crossing, with the IBC hop before or after it that it carries itself
    const absorbed: Absorbed = {};
    const first = i;
    if (leg.kind === 'transfer') {
      absorbed.before = leg;
      i += 1;
    }
    const crossing = legs[i] as BridgeLeg;
    const cq = quotes[i]!;
    const after = legs[i + 1];
    if (after?.kind === 'transfer' && absorbedHop(world, crossing, after)) {
      absorbed.after = after;
      i += 1;
    }
    const bridge = bridgeOf(crossing.bridge);
    addFee(a, crossing, cq, tx);
    const { key, body } = bridge.planner.operation(ctx, crossing, cq, { smartRelay: req.smartRelay, absorbed });
    operations.push({ [key]: body, ...siblings(tx, quotes[first]!, quotes[i]!) } as WireOperation);
    pushChain(a, absorbed.after ? absorbed.after.toChainId : crossing.to.chainId);
    seconds += bridge.planner.seconds(crossing, { smartRelay: req.smartRelay, timing });
    if (absorbed.before) seconds += timing.ibcHopSeconds;
    if (absorbed.after) seconds += timing.ibcHopSeconds;
  }

  const usdIn = ctx.usd(req.source.asset, chosen.amountIn);
  const usdOut = ctx.usd(req.dest.asset, chosen.amountOut);
  const route: WireRoute = {
    amount_in: chosen.amountIn.toString(),
    amount_out: chosen.amountOut.toString(),
    source_asset_denom: req.sourceDenom,
    source_asset_chain_id: req.source.chainId,
    dest_asset_denom: req.destDenom,
    dest_asset_chain_id: req.dest.chainId,
    operations,
    chain_ids: a.chainIds,
    // every chain on the path needs an address: the sender, the recovery address at each
    // intermediate chain, the receiver
    required_chain_addresses: [...a.chainIds],
    does_swap: swap !== undefined,
    estimated_amount_out: chosen.amountOut.toString(),
    swap_venues: swap ? [toWireVenue(swap.leg.venue)] : [],
    txs_required: txs.txCount,
    ...(usdIn !== undefined && { usd_amount_in: formatUsd(usdIn) }),
    ...(usdOut !== undefined && { usd_amount_out: formatUsd(usdOut) }),
    ...(swap && { swap_price_impact_percent: lossPercentString(swap.quote.swap!.keptNum, swap.quote.swap!.keptDen) }),
    estimated_fees: a.fees,
    estimated_route_duration_seconds: seconds,
  };
  return swap ? { route, swap } : { route };
}
