/**
 * Go Fast in the planner: one edge from each EVM source's USDC to USDC on Osmosis, its fee
 * (GoFastFee: bps + the solver's gas on both chains, taken out of the order), its time (the
 * solver fills after one source block), and where it breaks a route's transaction.
 */
import { baseUnitsForUsd, formatUsd, parseUsd, priceScaled } from '../../pricing';
import type { PlannerIndex } from '../../planner/graph';
import type { BridgeFee, LegQuote, QuoteContext } from '../../planner/quote';
import { legFromChain, type Leg as PlannerLeg } from '../../planner/types';
import { toWireAsset, type World, type WorldAsset } from '../../world';
import type { BridgePlanner, PlannedBridgeLeg, TxBreak } from '../types';
import { GO_FAST_DATA, sourceByChain, type GoFastData } from './data';
import { amountInForOut, quoteGoFastFee, type GoFastFeeParts, type GoFastFeeQuote } from './fees';

/** What a planned Go Fast crossing remembers: the Hyperlane domains of its two ends. */
export interface GoFastLegData {
  sourceDomain: number;
  destinationDomain: number;
  /** The fee the caller's route quoted (set when /msgs reads the operation back). */
  fee?: GoFastFeeParts;
}

export type GoFastPlannedLeg = PlannedBridgeLeg<GoFastLegData>;

/** Base units of `asset` worth `usd`, or 0 when the asset has no price or decimals. */
function unitsForUsd(price: string | undefined, asset: WorldAsset, usd: string): bigint {
  if (price === undefined || asset.decimals === undefined || priceScaled(price) <= 0n) return 0n;
  return baseUnitsForUsd(parseUsd(usd), asset.decimals, price);
}

/** The solver's gas on both chains for a crossing, in the source USDC (priced by the quote context). */
export function goFastFeeParts(ctx: Pick<QuoteContext, 'price'>, leg: GoFastPlannedLeg, data: GoFastData = GO_FAST_DATA): GoFastFeeParts {
  const source = sourceByChain(data, leg.from.chainId);
  if (!source) throw new Error(`Go Fast has no gateway on ${leg.from.chainId}`);
  const price = ctx.price(leg.from.asset);
  return {
    bps: data.feeBps,
    sourceChainFee: unitsForUsd(price, leg.from.asset, source.settlementFeeUsd),
    destinationChainFee: unitsForUsd(price, leg.from.asset, data.destination.fillFeeUsd),
  };
}

const usdText = (ctx: Pick<QuoteContext, 'usd'>, asset: WorldAsset, amount: bigint): string => {
  const v = ctx.usd(asset, amount);
  return v === undefined ? '0.00' : formatUsd(v);
};

/** Production's GoFastFee object for an order of `amountIn` (fields in openapi's order). */
export function goFastFeeJson(ctx: Pick<QuoteContext, 'usd'>, asset: WorldAsset, parts: GoFastFeeParts, q: GoFastFeeQuote): Record<string, unknown> {
  return {
    fee_asset: toWireAsset(asset),
    bps_fee: parts.bps.toString(),
    bps_fee_amount: q.bpsFeeAmount.toString(),
    bps_fee_usd: usdText(ctx, asset, q.bpsFeeAmount),
    source_chain_fee_amount: q.sourceChainFeeAmount.toString(),
    source_chain_fee_usd: usdText(ctx, asset, q.sourceChainFeeAmount),
    destination_chain_fee_amount: q.destinationChainFeeAmount.toString(),
    destination_chain_fee_usd: usdText(ctx, asset, q.destinationChainFeeAmount),
  };
}

function bridgeFee(ctx: QuoteContext, leg: GoFastPlannedLeg, amount: bigint): BridgeFee {
  return {
    amount,
    asset: leg.from.asset,
    // the solver's fee comes out of the order: amountOut = amountIn − fee
    behavior: 'FEE_BEHAVIOR_DEDUCTED',
    usd: ctx.usd(leg.from.asset, amount),
    // listed in estimated_fees under the spec's one FeeType, SMART_RELAY, with bridge_id GO_FAST
    smartRelay: true,
  };
}

export function goFastEdges(ix: PlannerIndex, data: GoFastData = GO_FAST_DATA): GoFastPlannedLeg[] {
  const to = ix.position(data.destination.chainId, data.destination.usdc);
  if (!to) return [];
  const out: GoFastPlannedLeg[] = [];
  for (const s of data.sources) {
    const from = ix.position(s.chainId, s.usdc);
    if (from) out.push({ kind: 'bridge', bridge: 'GO_FAST', from, to, data: { sourceDomain: s.domain, destinationDomain: data.destination.domain } });
  }
  return out;
}

const chainName = (world: World, chainId: string): string => world.chain(chainId)?.prettyName ?? chainId;

/**
 * Why the leg after a fill cannot ride in the order, or undefined when the payload carries it:
 * the fill gateway executes the payload on the entry point, which swaps (then runs its
 * post-swap action) or sends the USDC on over IBC (`action_with_recover`). Words shared by the
 * planner and /msgs.
 */
export function onwardProblem(destChainId: string, nextKind: string, nextFrom: string): string | undefined {
  if ((nextKind === 'swap' || nextKind === 'transfer') && nextFrom === destChainId) return undefined;
  return `a Go Fast fill on ${destChainId} runs only the entry point after it (a swap or an IBC transfer), not a ${nextKind}`;
}

/** The planner's TxBreak for onwardProblem. */
export function goFastContinueBreak(world: World, destChainId: string, next: PlannerLeg): TxBreak | undefined {
  const problem = onwardProblem(destChainId, next.kind, legFromChain(next));
  if (problem === undefined) return undefined;
  return {
    chainId: destChainId,
    reason: 'go-fast-fill',
    explanation: `${problem}, so it starts a new transaction signed on ${chainName(world, destChainId)}`,
  };
}

/** Go Fast's planner, with the amount-aware hooks its bps fee needs. */
export const goFastPlanner: BridgePlanner<GoFastLegData> & Required<Pick<BridgePlanner<GoFastLegData>, 'quote' | 'amountInFor'>> = {
  edges: (ix) => goFastEdges(ix),

  fee(ctx, leg) {
    const p = goFastFeeParts(ctx, leg);
    const flat = p.sourceChainFee + p.destinationChainFee;
    return flat > 0n ? bridgeFee(ctx, leg, flat) : null;
  },

  quote(ctx, leg, amountIn) {
    const q = quoteGoFastFee(amountIn, goFastFeeParts(ctx, leg));
    return q ? { amountOut: q.amountOut, fee: bridgeFee(ctx, leg, q.total) } : null;
  },

  amountInFor: (ctx, leg, amountOut) => amountInForOut(amountOut, goFastFeeParts(ctx, leg)),

  seconds(leg) {
    return sourceByChain(GO_FAST_DATA, leg.from.chainId)?.fillSeconds ?? 30;
  },

  cannotFollow(world, _prev, leg) {
    return {
      chainId: leg.from.chainId,
      reason: 'go-fast-submit',
      explanation: `a Go Fast order is submitted to the gateway on ${chainName(world, leg.from.chainId)} in its own EVM transaction, so it cannot follow another operation in the same transaction`,
    };
  },

  cannotContinue: (world, leg, next: PlannerLeg) => goFastContinueBreak(world, leg.to.chainId, next),

  operation(ctx, leg, quote: LegQuote) {
    const parts = goFastFeeParts(ctx, leg);
    const q = quoteGoFastFee(quote.amountIn, parts);
    if (!q) throw new Error(`Go Fast order of ${quote.amountIn} does not cover its fees`);
    return {
      key: 'go_fast_transfer',
      body: {
        from_chain_id: leg.from.chainId,
        to_chain_id: leg.to.chainId,
        fee: goFastFeeJson(ctx, leg.from.asset, parts, q),
        bridge_id: 'GO_FAST',
        denom_in: leg.from.denom,
        denom_out: leg.to.denom,
        source_domain: String(leg.data.sourceDomain),
        destination_domain: String(leg.data.destinationDomain),
      },
    };
  },
};

