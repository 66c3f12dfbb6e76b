/**
 * Eureka in the planner: an edge each way for every token of data.json whose two ends are
 * World assets, its smart relay fee, its duration, where it must start or end a transaction,
 * and its `eureka_transfer` operation in openapi's field order.
 *
 * - Fee: production's smart relayer is paid in the bridged token: on top of the amount from
 *   Ethereum (the EurekaHandler pulls it to the relayer), out of the amount on the Hub (a bank
 *   send beside the MsgTransfer). Eureka has no user-relayed mode, so it is charged whether or
 *   not the request asks for smart relay; a token without a price or decimals is charged nothing.
 * - Transactions: a Eureka send is always signed on its own chain (the EurekaHandler call on
 *   Ethereum; the MsgTransfer plus fee on the Hub). IBC hops on from the Hub ride in its memo
 *   as PFM forwards; anything else waits at the receiver for the next transaction (see arrivalBreak).
 */
import { baseUnitsForUsd, parseUsd, priceScaled, usdValue } from '../../pricing';
import type { BridgeFee, LegQuote, QuoteContext } from '../../planner/quote';
import type { PlannerIndex } from '../../planner/graph';
import type { Leg as PlannerLeg } from '../../planner/types';
import type { World } from '../../world';
import type { BridgePlanner, PlannedBridgeLeg, TxBreak } from '../types';
import { laneEnds, type EurekaData, type EurekaLane } from './data';

export interface EurekaLegData {
  lane: EurekaLane;
  /** /msgs only: the smart relay fee the caller's route quotes, in the bridged token. */
  fee?: { amount: bigint; payTo: string | undefined };
  /** /msgs only: the quote's expiration (unix seconds), when the route gives one. */
  expiresAt?: bigint;
}

export type EurekaPlannedLeg = PlannedBridgeLeg<EurekaLegData>;

/** Typical seconds from the send to the receive on the other side (data.json seconds_by_source). */
export function eurekaSeconds(data: EurekaData, fromChainId: string): number {
  return data.secondsBySource[fromChainId] ?? Math.max(...Object.values(data.secondsBySource));
}

/** Who the quote names as relayer and fee payee on the chain that pays. */
export function relayFeePayee(data: EurekaData, fromChainId: string): string {
  return fromChainId === data.ethereumChainId ? data.ethereumFeeRecipient : data.hubFeeRecipient;
}

export function eurekaFee(data: EurekaData, ctx: Pick<QuoteContext, 'price'>, leg: EurekaPlannedLeg): BridgeFee | null {
  const asset = leg.from.asset;
  const usdText = data.relayFeeUsdByDestination[leg.to.chainId];
  const price = ctx.price(asset);
  if (usdText === undefined || price === undefined || asset.decimals === undefined || priceScaled(price) <= 0n) return null;
  const amount = baseUnitsForUsd(parseUsd(usdText), asset.decimals, price);
  if (amount <= 0n) return null;
  return {
    amount,
    asset,
    behavior: leg.from.chain.chainType === 'cosmos' ? 'FEE_BEHAVIOR_DEDUCTED' : 'FEE_BEHAVIOR_ADDITIONAL',
    usd: usdValue(amount, asset.decimals, price),
    smartRelay: true,
  };
}

export function eurekaOperationBody(data: EurekaData, world: World, leg: EurekaPlannedLeg, fee: BridgeFee | undefined): Record<string, unknown> {
  const ends = laneEnds(data, leg.data.lane);
  const from = world.chain(ends.from);
  const payee = relayFeePayee(data, ends.from);
  return {
    destination_port: data.port,
    source_client: ends.sourceClient,
    from_chain_id: ends.from,
    to_chain_id: ends.to,
    pfm_enabled: from?.pfmEnabled ?? false,
    // the EurekaHandler and the Hub's MsgTransfer both carry a memo
    supports_memo: from?.chainType === 'evm' ? true : (from?.supportsMemo ?? false),
    denom_in: leg.from.denom,
    denom_out: leg.to.denom,
    entry_contract_address: ends.from === data.ethereumChainId ? data.eurekaHandler : data.hubEntry,
    callback_adapter_contract_address: null,
    bridge_id: 'EUREKA',
    smart_relay: true,
    smart_relay_fee_quote: fee
      ? { fee_amount: fee.amount.toString(), relayer_address: payee, fee_denom: fee.asset.denom, fee_payment_address: payee }
      : null,
    to_chain_callback_contract_address: null,
    to_chain_entry_contract_address: null,
  };
}

function sendBreak(data: EurekaData, leg: EurekaPlannedLeg): TxBreak {
  const onEthereum = leg.from.chainId === data.ethereumChainId;
  return {
    chainId: leg.from.chainId,
    reason: onEthereum ? 'eureka-ethereum-send' : 'eureka-hub-send',
    explanation: onEthereum
      ? `a Eureka transfer from Ethereum is its own Ethereum transaction (the EurekaHandler's transfer, after the ERC-20 approval)`
      : `a Eureka transfer from the Cosmos Hub is signed on the Hub (a MsgTransfer over client ${data.hubClientId} with the relay fee), so the tokens wait there for it`,
  };
}

/**
 * What may ride on a Eureka arrival. On Ethereum nothing runs after it. On the Hub an IBC hop
 * onward rides in the packet's memo as a PFM `forward` (the Hub runs packet-forward-middleware:
 * the planner checks it as for any IBC arrival), so Ethereum → Hub → Osmosis is one signature; anything
 * else (a swap, another bridge) waits at the receiver for a transaction of its own.
 */
function arrivalBreak(leg: EurekaPlannedLeg, next: { kind: string }): TxBreak | undefined {
  // the planner asks the Hub for PFM (ibc/breaks.ts pfmBreak) as for any hop out of an arrival
  if (leg.data.lane.direction === 'to-hub' && next.kind === 'transfer') return undefined;
  return {
    chainId: leg.to.chainId,
    reason: 'eureka-arrival',
    explanation:
      leg.data.lane.direction === 'to-hub'
        ? 'what Eureka delivers to the Cosmos Hub goes on from there by IBC only: anything else is a transaction of its own'
        : 'Eureka delivers to Ethereum without running anything after it',
  };
}

export function eurekaPlanner(data: EurekaData): BridgePlanner<EurekaLegData> {
  return {
    *edges(ix: PlannerIndex) {
      for (const token of data.tokens) {
        const eth = ix.position(data.ethereumChainId, token.ethereumDenom);
        const hub = ix.position(data.hubChainId, token.hubDenom);
        if (!eth || !hub) continue;
        yield { kind: 'bridge', bridge: 'EUREKA', from: eth, to: hub, data: { lane: { token, direction: 'to-hub' } } };
        yield { kind: 'bridge', bridge: 'EUREKA', from: hub, to: eth, data: { lane: { token, direction: 'to-ethereum' } } };
      }
    },
    fee: (ctx, leg) => eurekaFee(data, ctx, leg),
    seconds: (leg) => eurekaSeconds(data, leg.from.chainId),
    cannotFollow: (_world, _prev, leg) => sendBreak(data, leg),
    cannotContinue: (_world: World, leg: EurekaPlannedLeg, next: PlannerLeg) => arrivalBreak(leg, next),
    operation(ctx: QuoteContext, leg: EurekaPlannedLeg, quote: LegQuote) {
      return { key: 'eureka_transfer', body: eurekaOperationBody(data, ctx.world, leg, quote.fee) };
    },
  };
}
