/**
 * OPInit's own supply invariant (lock on the L1, mint on the rollup), for the simulator's
 * checkInvariants: for every rollup and denom pair,
 *
 *   bridge account's L1 balance = rollup supply of the L2 denom + deposits not yet finalized
 *                                 + withdrawals (and failed deposits' refunds) not yet paid
 *
 * A failed deposit stays "in flight" until its refund is paid on the L1: its INIT never left
 * the bridge account and nothing was minted for it.
 */
import type { BridgeSupplyReader } from '../types';
import type { OpinitData } from './data';
import { bridgeAddress } from './denom';
import type { OpinitBridgeEvent } from './execute';

export function opinitSupplyProblems(data: OpinitData, read: BridgeSupplyReader): string[] {
  const inFlight = new Map<string, bigint>();
  for (const t of read.transfers()) {
    if (t.event.bridge !== 'OPINIT' || t.state === 'completed' || t.state === 'refunded') continue;
    const d = (t.event as OpinitBridgeEvent).detail;
    const l1Denom = d.direction === 'deposit' ? t.event.sourceDenom : t.event.destDenom;
    const key = `${d.bridgeId}\n${l1Denom}`;
    inFlight.set(key, (inFlight.get(key) ?? 0n) + BigInt(t.event.amount));
  }
  const problems: string[] = [];
  for (const r of data.rollups) {
    const account = bridgeAddress(read.bech32Prefix(data.l1ChainId), BigInt(r.bridgeId));
    for (const p of r.pairs) {
      const locked = read.balance(data.l1ChainId, account, p.l1Denom);
      const minted = read.supply(r.chainId, p.l2Denom);
      const moving = inFlight.get(`${r.bridgeId}\n${p.l1Denom}`) ?? 0n;
      if (locked !== minted + moving) {
        problems.push(
          `OPInit bridge ${r.bridgeId}: ${data.l1ChainId} locks ${locked}${p.l1Denom} but ${r.chainId} has ${minted}${p.l2Denom} + ${moving} in flight`,
        );
      }
    }
  }
  return problems;
}
