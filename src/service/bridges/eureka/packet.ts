/**
 * A Eureka packet's bookkeeping on the two ledgers, shared by the send (execute.ts) and the
 * relayer's steps (steps.ts). As for every bridge of the local deployment, a crossing burns
 * on its source and mints on arrival; a refund mints back where it left. On the real chains
 * the token's home side (Ethereum for WBTC, the Hub for ATOM) locks it in its ICS-20 escrow
 * instead; the simulated contracts hold no reserve, so the lock is a burn and the release a
 * mint, and ChainSimulator.checkInvariants balances every origin.
 */
import type { ExecContext } from '../../chains/executors';
import type { BridgeTransferView } from '../types';
import type { EurekaDirection } from './data';

/** What a send records for the relayer (the bridge event's `detail`). */
export interface EurekaPacketDetail {
  direction: EurekaDirection;
  symbol: string;
  sourceClient: string;
  destClient: string;
  sequence: string;
  /** IBC v2 packets time out at a unix second. */
  timeoutSeconds: string;
  memo: string;
  encoding: string;
  relayFee: string;
}

export function detailOf(view: BridgeTransferView): EurekaPacketDetail {
  const e = view.event;
  if (!('detail' in e)) throw new Error(`bridge transfer ${view.id} is not a Eureka packet`);
  return e.detail as unknown as EurekaPacketDetail;
}

/** Gives the packet's tokens back to its sender on the source chain (timeout or error acknowledgement). */
export function refundAtSource(ctx: ExecContext, view: BridgeTransferView): void {
  ctx.ledger.mint(view.event.from, view.event.sourceDenom, BigInt(view.event.amount));
}

/** The next IBC v2 sequence of `clientId` on this chain (sequences start at 1, kept in the router's storage). */
export function nextSequence(ctx: ExecContext, router: string, clientId: string): bigint {
  const store = ctx.storage(router);
  const key = `next_sequence_send/${clientId}`;
  const seq = BigInt(store.get<string>(key) ?? '1');
  store.set(key, (seq + 1n).toString());
  return seq;
}
