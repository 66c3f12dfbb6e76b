/** What a planned or read OPInit crossing remembers (the `D` of its legs). */
import type { OpinitData, OpinitDenomPair, OpinitRollup } from './data';

export interface OpinitLeg {
  /** L1 → rollup is a deposit, rollup → L1 a withdrawal. */
  direction: 'deposit' | 'withdrawal';
  bridgeId: string;
  l1ChainId: string;
  rollupChainId: string;
  l1Denom: string;
  l2Denom: string;
}

export function opinitLeg(data: OpinitData, rollup: OpinitRollup, pair: OpinitDenomPair, direction: OpinitLeg['direction']): OpinitLeg {
  return { direction, bridgeId: rollup.bridgeId, l1ChainId: data.l1ChainId, rollupChainId: rollup.chainId, l1Denom: pair.l1Denom, l2Denom: pair.l2Denom };
}

/** [from chain, to chain, denom in, denom out] of a crossing. */
export function ends(leg: OpinitLeg): [string, string, string, string] {
  return leg.direction === 'deposit'
    ? [leg.l1ChainId, leg.rollupChainId, leg.l1Denom, leg.l2Denom]
    : [leg.rollupChainId, leg.l1ChainId, leg.l2Denom, leg.l1Denom];
}

/** Why nothing can ride before or after a crossing in the same transaction (planner and msgs say the same). */
export function initiateBreak(leg: OpinitLeg): string {
  const [from] = ends(leg);
  return `an OPInit ${leg.direction} is its own message (${leg.direction === 'deposit' ? 'MsgInitiateTokenDeposit' : 'MsgInitiateTokenWithdrawal'}) signed on ${from}: the tokens wait there for a new transaction`;
}

export function finalizeBreak(leg: OpinitLeg): string {
  const [, to] = ends(leg);
  return `OPInit's finalization on ${to} only credits the recipient: what follows is a new transaction signed on ${to}`;
}
