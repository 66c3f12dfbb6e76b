/**
 * What finishes a Stargate taxi on the simulated chains, as LayerZero does it:
 * 1. `stargate_verify` on the destination, once the source chain's confirmations are in: the
 *    DVNs' verification is committed for the message's GUID (CONFIRMED in status);
 * 2. `stargate_receive`, the executor's lzReceive a few seconds later: the destination pool
 *    takes credit back toward the source and pays the receiver (RECEIVED).
 * Under the `stargate_fail` fault the pool's payout to the receiver fails inside lzReceive;
 * Stargate does not revert the message but caches the tokens as unreceived in the destination
 * pool (UnreceivedTokenCached), retryable there with retryReceiveToken. The transfer is FAILED
 * with that delivery as its error_tx; the sender's tokens stay in the source pool and the
 * amount owed stays in the destination pool, so both chains' supplies are unchanged.
 */
import { ExecError } from '../../chains/errors';
import type { ExecContext } from '../../chains/executors';
import type { BridgeOutcome, BridgeStep, BridgeTransferView } from '../types';
import type { StargateData } from './data';
import { creditOf, event, setCredit, unreceivedKey, type StargateSendDetail, type UnreceivedToken } from './execute';

export const STARGATE_FAIL = 'stargate_fail';
export const VERIFY_LABEL = 'stargate_verify';
export const RECEIVE_LABEL = 'stargate_receive';

const verifiedKey = (guid: string): string => `verified/${guid}`;
const deliveredKey = (guid: string): string => `delivered/${guid}`;

function detailOf(t: BridgeTransferView): StargateSendDetail {
  const d = ('detail' in t.event ? t.event.detail : {}) as Partial<StargateSendDetail>;
  for (const k of ['guid', 'fromPool', 'toPool', 'amountSD', 'outSD', 'receivedLD'] as const) {
    if (typeof d[k] !== 'string') throw new ExecError(`Stargate transfer ${t.id} has no ${k}`, 1, 'stargate');
  }
  return d as StargateSendDetail;
}

export function stargateSteps(data: StargateData, t: BridgeTransferView, fault: string | undefined): BridgeStep[] {
  const d = detailOf(t);
  const fromPool = data.poolAt(t.event.chainId, d.fromPool);
  const toPool = data.poolAt(t.event.destChainId, d.toPool);
  if (!fromPool || !toPool) throw new Error(`Stargate transfer ${t.id}: unknown pools ${d.fromPool} → ${d.toPool}`);
  const messaging = data.endpointOf(toPool.chainId)!.tokenMessaging;
  const verifyMs = data.verifySeconds(fromPool.chainId) * 1000;

  const verify = (ctx: ExecContext): undefined => {
    ctx.storage(messaging).set(verifiedKey(d.guid), '1');
    ctx.emit(event('PayloadVerified', { guid: d.guid, src_eid: String(fromPool.eid), nonce: d.nonce }));
    return undefined;
  };

  const receive = (ctx: ExecContext): BridgeOutcome => {
    const store = ctx.storage(messaging);
    if (store.get(verifiedKey(d.guid)) === undefined) throw new ExecError(`LZ_PayloadHashNotFound: message ${d.guid} is not verified`, 1, 'evm');
    if (store.get(deliveredKey(d.guid)) !== undefined) throw new ExecError(`LZ_InvalidNonce: message ${d.guid} was already delivered`, 1, 'evm');
    store.set(deliveredKey(d.guid), '1');
    // the source pool grew by what it took: this pool may now send that much back
    setCredit(ctx, toPool, fromPool, creditOf(ctx, data, toPool, fromPool) + BigInt(d.amountSD));
    const amount = BigInt(d.receivedLD);
    if (fault === STARGATE_FAIL) {
      const cached: UnreceivedToken = { receiver: t.event.recipient, amountLD: amount.toString(), srcEid: fromPool.eid };
      ctx.storage(toPool.address).set(unreceivedKey(d.guid), cached);
      ctx.emit(event('UnreceivedTokenCached', { guid: d.guid, index: '0', src_eid: String(fromPool.eid), receiver: t.event.recipient, amount_ld: amount.toString() }));
      return {
        state: 'failed',
        error: `Stargate could not pay ${t.event.recipient} on ${toPool.chainId}: ${amount} ${toPool.symbol} stay in the destination pool as unreceived tokens (retryReceiveToken)`,
      };
    }
    ctx.ledger.send(toPool.address, t.event.recipient, toPool.token, amount);
    ctx.emit(event('OFTReceived', { guid: d.guid, src_eid: String(fromPool.eid), to_address: t.event.recipient, amount_received_ld: amount.toString() }));
    return { state: 'completed', arrived: { chainId: toPool.chainId, denom: toPool.token, address: t.event.recipient } };
  };

  return [
    { afterMs: verifyMs, chainId: toPool.chainId, label: VERIFY_LABEL, run: verify },
    { afterMs: verifyMs + data.file.timing.delivery_seconds * 1000, chainId: toPool.chainId, label: RECEIVE_LABEL, run: receive },
  ];
}
