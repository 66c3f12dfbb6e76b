/**
 * Hyperlane in the planner: each warp route is an edge both ways between its collateral token
 * (TIA on Celestia) and its synthetic (TIA.n on Manta Pacific).
 *
 * - A transfer is signed on its own: MsgRemoteTransfer on Celestia (no ibc-hooks there to
 *   start it from a memo), transferRemote on the EVM chain. So a Hyperlane crossing starts its
 *   transaction, and since the delivery runs nothing after it (the warp router only mints or
 *   unlocks), it ends it too.
 * - Fee: the interchain gas payment, in the source gas token, on top of the amount (see fees.ts).
 * - Timing: by source chain, from data.json (minutes).
 */
import { formatUsd } from '../../pricing';
import { legFromChain } from '../../planner/types';
import { toWireAsset, type World } from '../../world';
import type { BridgePlanner, PlannedBridgeLeg, TxBreak } from '../types';
import { HYPERLANE_DATA, endsOf, type HyperlaneData, type WarpRoute } from './data';
import { igpQuote } from './fees';

/** What a planned Hyperlane crossing remembers: its warp route. */
export interface HyperlaneLegData {
  routeId: string;
  /** The interchain gas payment the caller's route quoted (read back by /msgs), in the source gas token. */
  fee?: bigint;
}

export type HyperlaneLeg = PlannedBridgeLeg<HyperlaneLegData>;

function where(world: World, chainId: string): string {
  const c = world.chain(chainId);
  return c ? `${c.prettyName} (${chainId})` : chainId;
}

export function routeOf(d: HyperlaneData, routeId: string): WarpRoute {
  const r = d.routes.find((x) => x.id === routeId);
  if (!r) throw new Error(`unknown Hyperlane warp route ${routeId}`);
  return r;
}

/** The router that dispatches a crossing from `fromChainId`: the route operation's hyperlane_contract_address. */
export function sourceRouter(d: HyperlaneData, routeId: string, fromChainId: string): string {
  const ends = endsOf(routeOf(d, routeId), fromChainId);
  if (!ends) throw new Error(`warp route ${routeId} does not start on ${fromChainId}`);
  return ends.from.router;
}

export function dispatchBreak(world: World, chainId: string): TxBreak {
  return {
    chainId,
    reason: 'hyperlane-dispatch',
    explanation: `a Hyperlane transfer starts its own transaction: the warp transfer on ${where(world, chainId)} is signed there, so it cannot follow a transfer or a swap in the same transaction`,
  };
}

export function deliveryBreak(world: World, chainId: string): TxBreak {
  return {
    chainId,
    reason: 'hyperlane-delivery',
    explanation: `a Hyperlane transfer ends the transaction: the tokens its delivery releases on ${where(world, chainId)} carry no memo, so the route continues in a new transaction signed there`,
  };
}

export function hyperlanePlanner(d: HyperlaneData = HYPERLANE_DATA): BridgePlanner<HyperlaneLegData> {
  return {
    *edges(ix) {
      for (const route of d.routes) {
        const c = ix.position(route.collateral.chainId, route.collateral.denom);
        const s = ix.position(route.synthetic.chainId, route.synthetic.denom);
        if (!c || !s) continue;
        const data = { routeId: route.id };
        yield { kind: 'bridge', bridge: 'HYPERLANE', from: c, to: s, data } satisfies HyperlaneLeg;
        yield { kind: 'bridge', bridge: 'HYPERLANE', from: s, to: c, data } satisfies HyperlaneLeg;
      }
    },

    fee(ctx, leg) {
      const q = igpQuote(ctx.world, d, leg.from.chainId, leg.to.chainId, (a) => ctx.price(a));
      if (!q || q.amount === 0n) return null;
      // the relayer is paid through the IGP whatever the request's smart_relay says
      return { amount: q.amount, asset: q.asset, behavior: 'FEE_BEHAVIOR_ADDITIONAL', usd: q.usd, smartRelay: true };
    },

    seconds: (leg) => d.seconds(leg.from.chainId),

    cannotFollow: (world, _prev, leg) => dispatchBreak(world, leg.from.chainId),

    cannotContinue: (world, _leg, next) => deliveryBreak(world, legFromChain(next)),

    operation(ctx, leg, q) {
      const fee = q.fee;
      const feeAsset = fee?.asset ?? igpQuote(ctx.world, d, leg.from.chainId, leg.to.chainId)?.asset ?? leg.from.asset;
      return {
        key: 'hyperlane_transfer',
        body: {
          from_chain_id: leg.from.chainId,
          to_chain_id: leg.to.chainId,
          denom_in: leg.from.denom,
          denom_out: leg.to.denom,
          hyperlane_contract_address: sourceRouter(d, leg.data.routeId, leg.from.chainId),
          fee_amount: (fee?.amount ?? 0n).toString(),
          usd_fee_amount: fee?.usd !== undefined ? formatUsd(fee.usd) : '0.00',
          fee_asset: toWireAsset(feeAsset),
          bridge_id: 'HYPERLANE',
          // Hyperlane's own relayers deliver, paid by the IGP: not the smart relay service
          smart_relay: false,
        },
      };
    },
  };
}
