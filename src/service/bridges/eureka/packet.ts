/**
 * A Eureka packet's bookkeeping on the two ledgers, shared by the send (execute.ts) and the
 * relayer's steps (steps.ts), so that what one side locks the other releases:
 * - the chain a token is native to escrows it on send (Ethereum: ERC-20s held by the
 *   ICS20Transfer; the Hub: the ICS-20 escrow account of transfer/08-wasm-1369) and releases
 *   it on the way back or on a refund;
 * - the other chain mints a voucher on receive (ibc/… on the Hub, the ATOM ERC-20 on
 *   Ethereum) and burns it when it is sent back.
 */
import type { ExecContext } from '../../chains/executors';
import type { BridgeTransferView } from '../types';
import { laneEnds, type EurekaData, type EurekaDirection, type EurekaLane } from './data';

/** What a send records for the relayer (BridgeTransferView.event.detail). */
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
  /** Where the source holds the tokens: an escrow address, or '' when it burnt a voucher. */
  escrow: string;
  relayFee: string;
}

/** Where `chainId` escrows a native token for Eureka. */
export function escrowOn(data: EurekaData, ctx: Pick<ExecContext, 'chainId' | 'ledger'>): string {
  return ctx.chainId === data.ethereumChainId ? data.ics20Transfer : ctx.ledger.escrowAccount(data.hubClientId, data.port);
}

/** Takes `amount` of the lane's source denom from `owner`: escrow when native here, burn otherwise. Returns the escrow ('' when burnt). */
export function lockAtSource(data: EurekaData, ctx: ExecContext, lane: EurekaLane, owner: string, amount: bigint): string {
  const { denomIn, from } = laneEnds(data, lane);
  if (lane.token.originChainId === from) {
    const escrow = escrowOn(data, ctx);
    ctx.ledger.send(owner, escrow, denomIn, amount);
    return escrow;
  }
  ctx.ledger.burn(owner, denomIn, amount);
  return '';
}

/** Gives the packet's tokens back to its sender on the source chain (timeout or error acknowledgement). */
export function refundAtSource(ctx: ExecContext, view: BridgeTransferView): void {
  const d = view.event.detail as unknown as EurekaPacketDetail;
  const amount = BigInt(view.event.amount);
  if (d.escrow !== '') ctx.ledger.send(d.escrow, view.event.from, view.event.sourceDenom, amount);
  else ctx.ledger.mint(view.event.from, view.event.sourceDenom, amount);
}

/** Credits `to` on the destination: release from escrow for a token native here, mint a voucher otherwise. */
export function releaseAtDestination(data: EurekaData, ctx: ExecContext, lane: EurekaLane, to: string, amount: bigint): void {
  const { denomOut, to: dest } = laneEnds(data, lane);
  if (lane.token.originChainId === dest) ctx.ledger.send(escrowOn(data, ctx), to, denomOut, amount);
  else ctx.ledger.mint(to, denomOut, amount);
}

/** The next IBC v2 sequence of `clientId` on this chain (sequences start at 1, kept in the router's storage). */
export function nextSequence(ctx: ExecContext, router: string, clientId: string): bigint {
  const store = ctx.storage(router);
  const key = `next_sequence_send/${clientId}`;
  const seq = BigInt(store.get<string>(key) ?? '1');
  store.set(key, (seq + 1n).toString());
  return seq;
}
