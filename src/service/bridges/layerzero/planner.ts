/**
 * LayerZero in the planner: weETH from any of its OFT deployments to any other (ether.fi
 * peers them all), one OFT `send` signed on the source chain. The messaging fee is paid on
 * top, in the source chain's gas token, whatever smart_relay says: the executor that delivers
 * the message is part of the protocol.
 *
 * A crossing starts its own transaction (the `send` is an EVM call the user signs) and ends
 * it: the planner never writes a composeMsg, because nothing in the World could run after
 * the tokens land on an EVM chain (no EVM venue, no bridge that takes weETH on), so the
 * route continues, if at all, in a new transaction.
 */
import { toWireAsset } from '../../world';
import { formatUsd } from '../../pricing';
import { legFromChain, type Position } from '../../planner/types';
import type { BridgePlanner, PlannedBridgeLeg } from '../types';
import { deploymentOn, type LayerZeroData, type OftDeployment } from './data';
import { messagingFee } from './fees';
import { removeDust } from './oft';

/** The messaging fee a route quoted, as /msgs reads it back from the operation. */
export interface QuotedFee {
  amount: bigint;
  denom: string;
  usd: string;
  /** The operation's messaging_fee_asset, as the caller sent it. */
  asset: Record<string, unknown>;
}

export interface LayerZeroLegData {
  source: OftDeployment;
  destination: OftDeployment;
  /** Set by /msgs from the operation; the planner quotes the fee through fee(). */
  fee?: QuotedFee;
}

export type LayerZeroLeg = PlannedBridgeLeg<LayerZeroLegData>;

/** Seconds from the send to lzReceive on the destination (the route's quote; the relayer paces by it). */
export function layerZeroSeconds(data: LayerZeroData, fromChainId: string): number {
  return data.timing.secondsBySource[fromChainId] ?? data.timing.defaultSeconds;
}

function where(p: Position): string {
  return `${p.chain.prettyName} (${p.chainId})`;
}

export function layerZeroPlanner(data: LayerZeroData): BridgePlanner<LayerZeroLegData> {
  const decimals = { localDecimals: data.localDecimals, sharedDecimals: data.sharedDecimals };
  return {
    *edges(ix) {
      for (const source of data.deployments) {
        const from = ix.position(source.chainId, source.token);
        if (!from) continue;
        for (const destination of data.deployments) {
          if (destination.chainId === source.chainId) continue;
          const to = ix.position(destination.chainId, destination.token);
          if (to) yield { kind: 'bridge', bridge: 'LAYER_ZERO', from, to, data: { source, destination } };
        }
      }
    },

    fee(ctx, leg) {
      const q = messagingFee(ctx.world, data, leg.from.chainId, leg.to.chainId, (a) => ctx.price(a));
      if (!q || q.amount === 0n) return null;
      return { amount: q.amount, asset: q.asset, behavior: 'FEE_BEHAVIOR_ADDITIONAL', usd: q.usd, smartRelay: true };
    },

    seconds: (leg) => layerZeroSeconds(data, leg.from.chainId),

    // the OFT sends what its shared decimals carry; the dust stays with the sender
    carries: {
      forward: (_leg, amountIn) => removeDust(amountIn, decimals),
      backward: (_leg, amountOut) => {
        const kept = removeDust(amountOut, decimals);
        return kept === amountOut ? amountOut : kept + 10n ** BigInt(data.localDecimals - data.sharedDecimals);
      },
    },

    cannotFollow(_world, _prev, leg) {
      return {
        chainId: leg.from.chainId,
        reason: 'layer-zero-send',
        explanation: `a LayerZero transfer starts its own transaction: the OFT send on ${where(leg.from)} is an EVM call signed there, so it cannot follow a transfer or a swap in the same transaction`,
      };
    },

    cannotContinue(world, _leg, next) {
      const chainId = legFromChain(next);
      const chain = world.chain(chainId);
      return {
        chainId,
        reason: 'layer-zero-receive',
        explanation: `a LayerZero transfer ends the transaction: the OFT credits the recipient on ${chain ? `${chain.prettyName} (${chainId})` : chainId} without a compose message, so the route continues in a new transaction signed there`,
      };
    },

    operation(ctx, leg, q) {
      // the fee the quote carries, or (a free message) zero in the source's gas token
      const fee = q.fee ?? messagingFee(ctx.world, data, leg.from.chainId, leg.to.chainId, (a) => ctx.price(a));
      if (!fee) throw new Error(`LayerZero: no gas token with a price on ${leg.from.chainId} to pay the messaging fee in`);
      return {
        key: 'layer_zero_transfer',
        body: {
          from_chain_id: leg.from.chainId,
          to_chain_id: leg.to.chainId,
          denom_in: leg.from.denom,
          denom_out: leg.to.denom,
          source_oft_contract_address: leg.data.source.oft,
          destination_endpoint_id: leg.data.destination.eid,
          messaging_fee_asset: toWireAsset(fee.asset),
          messaging_fee_amount: fee.amount.toString(),
          messaging_fee_amount_usd: fee.usd !== undefined ? formatUsd(fee.usd) : '0.00',
          bridge_id: 'LAYER_ZERO',
        },
      };
    },
  };
}

/** The deployments a crossing joins, for callers that hold only chain ids. */
export function legDeployments(data: LayerZeroData, fromChainId: string, toChainId: string): LayerZeroLegData | undefined {
  const source = deploymentOn(data, fromChainId);
  const destination = deploymentOn(data, toChainId);
  return source && destination && source !== destination ? { source, destination } : undefined;
}
