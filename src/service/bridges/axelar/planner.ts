/**
 * Axelar in the planner: a gateway asset moves between Axelar's hub (axelar-dojo-1) and each
 * chain whose gateway knows it, and between any two of those chains. An IBC hop into the hub
 * before the crossing, or the one hop out of it after, is carried inside the same
 * axelar_transfer operation (ibc_transfer_to_axelar; Axelar's own delivery over IBC).
 *
 * Transactions: from an EVM chain the gateway call carries the onward memo as its GMP payload,
 * so a route can go on in Cosmos in the same transaction; what Axelar delivers from the hub
 * carries no memo. Timing: confirmation on the source chain plus Axelar's vote; the Cosmos
 * side is fast. Fee: gas on the destination plus relaying, by destination, paid in the
 * source chain's gas token from an EVM chain and in the bridged asset from the Cosmos side.
 */
import { bridgeFeeUsd, type BridgeFeeTable } from '../../planner/config';
import { legFromChain, type Position } from '../../planner/types';
import { chainLabel, pfmBreak } from '../ibc/breaks';
import { formatUsd } from '../../pricing';
import { toWireAsset, type AxelarAsset, type WireAsset, type World } from '../../world';
import { transferOperation } from '../ibc/operation';
import type { WireTransfer } from '../../planner/wire';
import type { BridgePlanner, PlannedBridgeLeg, TxBreak } from '../types';

export const AXELAR_TIMING = Object.freeze({
  /** By the chain the crossing leaves (an EVM chain, or axelar-dojo-1 for Cosmos → EVM). */
  secondsBySource: Object.freeze({ '1': 960, '42161': 1200, '8453': 1200, '43114': 90, 'axelar-dojo-1': 180 } as Record<string, number>),
  defaultSeconds: 300,
});

export const AXELAR_FEE_USD: BridgeFeeTable = Object.freeze({
  byDestination: Object.freeze({ '1': '3.00', '42161': '0.40', '8453': '0.40', '43114': '0.30' }),
  // any Cosmos destination
  default: '0.20',
});

/** An Axelar crossing whose bridge leg starts on `bridgeSourceChainId`; an IBC hop folded in is counted apart. */
export function axelarSeconds(bridgeSourceChainId: string): number {
  return AXELAR_TIMING.secondsBySource[bridgeSourceChainId] ?? AXELAR_TIMING.defaultSeconds;
}

/** The `axelar_transfer` operation body (openapi AxelarTransfer). */
export interface WireAxelarTransfer {
  from_chain_id: string;
  to_chain_id: string;
  asset: string;
  should_unwrap: boolean;
  denom_in: string;
  denom_out: string;
  fee_amount: string;
  usd_fee_amount: string;
  fee_asset: WireAsset;
  is_testnet: boolean;
  ibc_transfer_to_axelar?: WireTransfer;
  bridge_id: 'AXELAR';
  smart_relay: boolean;
  /** Deprecated: Axelar's chain names. */
  from_chain: string;
  to_chain: string;
}

export type AxelarPlannedLeg = PlannedBridgeLeg<AxelarAsset>;

function deliveryBreak(world: World, chainId: string): TxBreak {
  return {
    chainId,
    reason: 'axelar-delivery',
    explanation: `an Axelar transfer ends the transaction: the tokens it delivers to ${chainLabel(world, chainId)} carry no onward memo`,
  };
}

/** Axelar's name for a chain in an axelar_transfer operation. */
export function axelarOperationChainName(world: World, chainId: string): string {
  const c = world.chain(chainId);
  return c?.axelarChainName ?? c?.chainName ?? chainId;
}

export const axelarPlanner: BridgePlanner<AxelarAsset> = {
  *edges(ix) {
    // its Cosmos denom <-> each chain's token, and chain token <-> chain token
    const hubId = ix.world.bridges.axelar.axelarChainId;
    for (const asset of ix.world.bridges.axelar.assets) {
      const hub = ix.position(hubId, asset.axelarDenom);
      if (!hub) continue;
      const tokens = asset.tokens.map((t) => ix.position(t.chainId, t.denom)).filter((p): p is Position => p !== undefined);
      const leg = (from: Position, to: Position): AxelarPlannedLeg => ({ kind: 'bridge', bridge: 'AXELAR', from, to, data: asset });
      for (const t of tokens) {
        yield leg(hub, t);
        yield leg(t, hub);
        for (const u of tokens) if (u.chainId !== t.chainId) yield leg(t, u);
      }
    }
  },

  fee(ctx, leg) {
    // always charged: in the bridged asset from the Cosmos side, in the gas token from an EVM chain
    const cosmosSource = leg.from.chain.chainType === 'cosmos';
    const feeAsset = cosmosSource ? leg.from.asset : ctx.nativeToken(leg.from.chainId);
    if (!feeAsset) return null;
    const { amount, usd } = ctx.feeIn(feeAsset, bridgeFeeUsd(AXELAR_FEE_USD, leg.to.chainId));
    return {
      amount,
      asset: feeAsset,
      behavior: cosmosSource ? 'FEE_BEHAVIOR_DEDUCTED' : 'FEE_BEHAVIOR_ADDITIONAL',
      usd,
      smartRelay: ctx.smartRelay && amount > 0n,
      label: 'Axelar fee',
    };
  },

  seconds: (leg) => axelarSeconds(leg.from.chainId),

  cannotFollow(world, prev, leg) {
    const chainId = leg.from.chainId;
    // a crossing from the hub is only ever reached by the IBC transfer folded into it
    if (chainId === world.bridges.axelar.axelarChainId) return deliveryBreak(world, chainId);
    if (prev.kind === 'swap') return undefined;
    return pfmBreak(world, chainId);
  },

  cannotContinue(world, leg, next) {
    const chainId = legFromChain(next);
    // arriving on an EVM chain ends a transaction anyway (the planner says so itself)
    if (world.chain(chainId)?.chainType !== 'cosmos') return undefined;
    // only a gateway call from an EVM chain carries the onward memo (GMP payload)
    return world.chain(leg.from.chainId)?.chainType === 'evm' ? undefined : deliveryBreak(world, chainId);
  },

  absorbs: {
    before: (world, t, leg) => t.toChainId === world.bridges.axelar.axelarChainId && leg.from.chainId === t.toChainId,
    after: (world, leg, t) => leg.to.chainId === world.bridges.axelar.axelarChainId && t.fromChainId === leg.to.chainId,
  },

  operation(ctx, leg, q, o) {
    const world = ctx.world;
    const inbound = o.absorbed?.before;
    const outbound = o.absorbed?.after;
    const fromChainId = inbound ? inbound.fromChainId : leg.from.chainId;
    const toChainId = outbound ? outbound.toChainId : leg.to.chainId;
    const fee = q.fee;
    const body: WireAxelarTransfer = {
      from_chain_id: fromChainId,
      to_chain_id: toChainId,
      asset: leg.data.axelarDenom,
      // unwrapping to a native gas token is not modelled: tokens arrive as they are listed
      should_unwrap: false,
      denom_in: inbound ? inbound.denomIn : leg.from.denom,
      denom_out: outbound ? outbound.denomOut : leg.to.denom,
      fee_amount: (fee?.amount ?? 0n).toString(),
      usd_fee_amount: fee?.usd !== undefined ? formatUsd(fee.usd) : '0.00',
      fee_asset: toWireAsset(fee?.asset ?? leg.from.asset),
      is_testnet: false,
      bridge_id: 'AXELAR',
      smart_relay: o.smartRelay,
      from_chain: axelarOperationChainName(world, fromChainId),
      to_chain: axelarOperationChainName(world, toChainId),
    };
    if (inbound) body.ibc_transfer_to_axelar = transferOperation(world, inbound, undefined);
    return { key: 'axelar_transfer', body: { ...body } };
  },
};

