/**
 * Stargate in the planner: a crossing between every two chains whose pools hold the same
 * asset (USDC↔USDC, USDT↔USDT), its LayerZero messaging fee (paid on top, in the source gas
 * token), its minutes, and the stargate_transfer operation with production's fields in
 * openapi's order.
 */
import { formatUsd } from '../../pricing';
import type { PlannerIndex } from '../../planner/graph';
import type { BridgeFee, LegQuote, QuoteContext } from '../../planner/quote';
import { toWireAsset, type World } from '../../world';
import type { BridgePlanner, PlannedBridgeLeg, TxBreak } from '../types';
import { stargateData, type StargateData, type StargatePool, type StargateSymbol } from './data';
import { amountForReceived, assetUsd, messagingFee, quoteTransfer } from './math';

/** What a Stargate crossing remembers: the two pools. */
export interface StargateLegData {
  symbol: StargateSymbol;
  fromPool: StargatePool;
  toPool: StargatePool;
}

export type StargateLeg = PlannedBridgeLeg<StargateLegData>;

export const STARGATE_OPERATION_KEY = 'stargate_transfer';

const prettyName = (world: World, chainId: string): string => world.chain(chainId)?.prettyName ?? chainId;

/** Why a Stargate send cannot ride on an earlier transaction: the user signs it on the source chain. */
export function sendBreak(world: World, fromChainId: string): TxBreak {
  return {
    chainId: fromChainId,
    reason: 'stargate-send',
    explanation: `the Stargate transfer is a send() the user signs on ${prettyName(world, fromChainId)}, so it starts a new transaction there`,
  };
}

/** Why nothing can ride on a Stargate delivery: the destination pool only pays the receiver. */
export function deliveryBreak(world: World, toChainId: string): TxBreak {
  return {
    chainId: toChainId,
    reason: 'stargate-delivery',
    explanation: `Stargate delivers to the receiver's address on ${prettyName(world, toChainId)} without a compose call, so the next step is a new transaction there`,
  };
}

/** The operation body of a crossing that moves `amountIn`, fields in openapi's StargateTransfer order. */
export function stargateOperationBody(ctx: Pick<QuoteContext, 'world' | 'usd'>, data: StargateData, leg: StargateLeg, amountIn: bigint): Record<string, unknown> {
  const { fromPool, toPool } = leg.data;
  const q = quoteTransfer(fromPool, toPool, amountIn, data.file.fees.protocol_fee_millionth);
  const fee = messagingFee(ctx.world, data, leg.from.chainId, leg.to.chainId);
  const usd = (asset: typeof fee.asset, amount: bigint): string => {
    const v = ctx.usd(asset, amount) ?? assetUsd(ctx.world, data, asset, amount);
    return v === undefined ? '0.00' : formatUsd(v);
  };
  return {
    from_chain_id: leg.from.chainId,
    to_chain_id: leg.to.chainId,
    denom_in: leg.from.denom,
    denom_out: leg.to.denom,
    pool_address: fromPool.address,
    destination_endpoint_id: toPool.eid,
    oft_fee_asset: toWireAsset(leg.from.asset),
    oft_fee_amount: q.feeLD.toString(),
    oft_fee_amount_usd: usd(leg.from.asset, q.feeLD),
    messaging_fee_asset: toWireAsset(fee.asset),
    messaging_fee_amount: fee.amount.toString(),
    messaging_fee_amount_usd: usd(fee.asset, fee.amount),
    bridge_id: 'STARGATE',
  };
}

export interface StargatePlanner extends BridgePlanner<StargateLegData> {
  /**
   * What arrives for `amountIn` (source units): the shared-decimal conversion and the protocol
   * fee change the amount, so the planner must ask the bridge, not subtract a fee.
   */
  amountOut(leg: StargateLeg, amountIn: bigint): bigint;
  /** The smallest input that delivers at least `amountOut` (exact-out routes). */
  amountInFor(ctx: QuoteContext, leg: StargateLeg, amountOut: bigint): bigint;
}

export function stargatePlanner(data: StargateData = stargateData()): StargatePlanner {
  const feeMillionth = data.file.fees.protocol_fee_millionth;
  return {
    *edges(ix: PlannerIndex) {
      for (const fromPool of data.pools) {
        const from = ix.position(fromPool.chainId, fromPool.token);
        if (!from) continue;
        for (const toPool of data.peers(fromPool)) {
          const to = ix.position(toPool.chainId, toPool.token);
          if (to) yield { kind: 'bridge', bridge: 'STARGATE', from, to, data: { symbol: fromPool.symbol, fromPool, toPool } };
        }
      }
    },

    fee(ctx: QuoteContext, leg: StargateLeg): BridgeFee | null {
      const f = messagingFee(ctx.world, data, leg.from.chainId, leg.to.chainId);
      // LayerZero's fee is msg.value on the source chain, on top of the tokens sent
      return { amount: f.amount, asset: f.asset, behavior: 'FEE_BEHAVIOR_ADDITIONAL', usd: ctx.usd(f.asset, f.amount) ?? assetUsd(ctx.world, data, f.asset, f.amount), smartRelay: true };
    },

    seconds: (leg) => data.totalSeconds(leg.from.chainId),

    cannotFollow: (world, _prev, leg) => sendBreak(world, leg.from.chainId),

    cannotContinue: (world, leg) => deliveryBreak(world, leg.to.chainId),

    operation(ctx: QuoteContext, leg: StargateLeg, quote: LegQuote) {
      return { key: STARGATE_OPERATION_KEY, body: stargateOperationBody(ctx, data, leg, quote.amountIn) };
    },

    amountOut: (leg, amountIn) => quoteTransfer(leg.data.fromPool, leg.data.toPool, amountIn, feeMillionth).receivedLD,

    amountInFor: (_ctx, leg, amountOut) => amountForReceived(leg.data.fromPool, leg.data.toPool, amountOut, feeMillionth),
  };
}
