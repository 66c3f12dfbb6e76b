/**
 * CCTP in the planner: USDC burnt on one Circle domain and minted on another, any pair of
 * the World's CCTP chains. A burn is signed on its own (MsgDepositForBurn on Noble,
 * depositForBurn or the relayer contract's requestCCTPTransfer on EVM, the Solana program),
 * and the mint carries no memo, so a CCTP crossing both starts and ends its transaction.
 *
 * Timing: Circle attests after source-chain finality: ~13–15 min on Ethereum and the rollups
 * that settle on it, seconds on Avalanche, Noble and Solana; plus the mint. Without smart
 * relay the user submits the mint, which the route counts as ten more minutes.
 *
 * Fee (smart relay only): paid in USDC on the source chain, by destination; minting on
 * Ethereum costs real gas, rollups, Avalanche, Solana and Noble cost cents.
 */
import { bridgeFeeUsd, type BridgeFeeTable } from '../../planner/config';
import { legFromChain, type Position } from '../../planner/types';
import { chainLabel } from '../ibc/breaks';
import type { WireSmartRelayFeeQuote } from '../../planner/wire';
import type { BridgePlanner, PlannedBridgeLeg } from '../types';

export const CCTP_TIMING = Object.freeze({
  secondsBySource: Object.freeze({ '1': 900, '42161': 900, '8453': 900, '43114': 30, 'noble-1': 30, solana: 40 } as Record<string, number>),
  defaultSeconds: 900,
  /** Added when the crossing is not smart-relayed: the user relays the attestation. */
  manualRelaySeconds: 600,
});

export const CCTP_RELAY_FEE_USD: BridgeFeeTable = Object.freeze({
  byDestination: Object.freeze({ '1': '2.50', '42161': '0.10', '8453': '0.10', '43114': '0.10', solana: '0.10', 'noble-1': '0.02' }),
  default: '0.10',
});

/** A CCTP burn on `fromChainId` until the mint on the destination, in seconds. */
export function cctpSeconds(fromChainId: string, smartRelay: boolean): number {
  const base = CCTP_TIMING.secondsBySource[fromChainId] ?? CCTP_TIMING.defaultSeconds;
  return smartRelay ? base : base + CCTP_TIMING.manualRelaySeconds;
}

/** The `cctp_transfer` operation body (openapi CCTPTransfer). */
export interface WireCctpTransfer {
  from_chain_id: string;
  to_chain_id: string;
  burn_token: string;
  denom_in: string;
  denom_out: string;
  bridge_id: 'CCTP';
  smart_relay: boolean;
  smart_relay_fee_quote: WireSmartRelayFeeQuote | null;
}

export type CctpLeg = PlannedBridgeLeg<null>;

export const cctpPlanner: BridgePlanner<null> = {
  *edges(ix) {
    // CCTP burns on any domain and mints on any other
    const usdc = ix.world.bridges.cctp.chains.map((c) => ix.position(c.chainId, c.usdcDenom)).filter((p): p is Position => p !== undefined);
    for (const from of usdc) for (const to of usdc) if (from.chainId !== to.chainId) yield { kind: 'bridge', bridge: 'CCTP', from, to, data: null };
  },

  fee(ctx, leg) {
    // without smart relay nobody is paid: the user submits the mint on the destination
    if (!ctx.smartRelay) return null;
    const behavior = leg.from.chain.chainType === 'cosmos' ? 'FEE_BEHAVIOR_DEDUCTED' : 'FEE_BEHAVIOR_ADDITIONAL';
    const { amount, usd } = ctx.feeIn(leg.from.asset, bridgeFeeUsd(CCTP_RELAY_FEE_USD, leg.to.chainId));
    return amount > 0n ? { amount, asset: leg.from.asset, behavior, usd, smartRelay: true, label: 'CCTP smart relay fee' } : null;
  },

  seconds: (leg, o) => cctpSeconds(leg.from.chainId, o.smartRelay),

  cannotFollow(world, _prev, leg) {
    // nor can a memo sign a CCTP burn
    return {
      chainId: leg.from.chainId,
      reason: 'cctp-burn',
      explanation: `a CCTP transfer starts its own transaction: the burn on ${chainLabel(world, leg.from.chainId)} is signed there, so it cannot follow a transfer or a swap in the same transaction`,
    };
  },

  cannotContinue(world, leg, next) {
    const chainId = legFromChain(next);
    return {
      chainId,
      reason: 'cctp-mint',
      explanation: `a CCTP transfer ends the transaction: the USDC it mints on ${chainLabel(world, chainId)} carries no memo, so the route continues in a new transaction signed there`,
    };
  },

  operation(_ctx, leg, q, o) {
    const body: WireCctpTransfer = {
      from_chain_id: leg.from.chainId,
      to_chain_id: leg.to.chainId,
      burn_token: leg.from.denom,
      denom_in: leg.from.denom,
      denom_out: leg.to.denom,
      bridge_id: 'CCTP',
      smart_relay: o.smartRelay,
      smart_relay_fee_quote: q.fee ? { fee_amount: q.fee.amount.toString(), fee_denom: q.fee.asset.denom, fee_payment_address: null } : null,
    };
    return { key: 'cctp_transfer', body: { ...body } };
  },
};
