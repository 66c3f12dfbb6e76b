/**
 * packet-forward-middleware on the Hub for a Eureka packet whose memo is `{"forward": …}`, as
 * PFM treats any packet it forwards (see ibc/pfm.ts for IBC's own):
 *
 * - receive: the voucher is received into PFM's intermediate account of (client, sender) and
 *   sent on over the named channel with `next` as the new packet's memo. The Eureka packet's
 *   acknowledgement is not written: it waits for the forward (an async acknowledgement).
 * - the forward is acknowledged on the Hub: PFM's answer is a success acknowledgement.
 * - the forward comes back refunded (its tokens in the intermediate account again): a timeout
 *   with retries left sends it again; otherwise PFM's answer is an error acknowledgement.
 * - the relayer's `eureka_write_ack` step on the Hub, once every packet the crossing sent on
 *   has settled (BridgeStep.afterChildren), writes that answer as the Eureka packet's
 *   acknowledgement. An error undoes PFM's receive (the voucher is burnt), so the Ethereum
 *   acknowledgement that follows refunds the sender on Ethereum, where Eureka puts it.
 *
 * What PFM keeps between these moments lives in the Hub's store (journaled with the tx),
 * keyed by the packet that carries the forward and by the crossing.
 */
import { pfmIntermediateAddress } from '../../chains/address';
import { ExecError } from '../../chains/errors';
import type { ExecContext } from '../../chains/executors';
import { msToNs } from '../../chains/ics20';
import type { PacketMiddleware } from '../../chains/middleware';
import type { ForwardState } from '../../chains/simulator';
import { pfmTimeoutNs, type ForwardMemo } from '../../msgs/memo';
import { PFM_DEFAULT_RETRIES, PFM_DEFAULT_TIMEOUT_NS } from '../ibc/pfm';
import type { BridgeTransferView } from '../types';
import type { EurekaData } from './data';
import type { EurekaPacketDetail } from './packet';

/**
 * A forward in progress, as PFM keeps one for an IBC packet (ForwardState), with the crossing
 * it answers for and the amount; numbers as strings, as a store keeps them.
 */
type ForwardRecord = Omit<ForwardState, 'childId' | 'timeoutNs'> & { transferId: string; timeoutNs: string; amount: string };

/** PFM's answer for a crossing, once its forward has settled. */
export type ForwardAnswer = { ok: true } | { ok: false; error: string; intermediate: string; denom: string; amount: string };

const forwardKey = (packetId: string): string => `pfm/forward/${packetId}`;
const answerKey = (transferId: string): string => `pfm/answer/${transferId}`;

/** PFM's store on the Hub: the transfer module's account (where the Hub's Eureka sends enter). */
function store(data: EurekaData, ctx: ExecContext) {
  return ctx.storage(data.hubEntry);
}

/**
 * Receives the voucher into PFM's intermediate account and sends it on (the caller's atomic
 * scope undoes both when the send fails). Returns the intermediate account.
 */
export function startForward(data: EurekaData, ctx: ExecContext, view: BridgeTransferView, d: EurekaPacketDetail, memo: ForwardMemo): string {
  const f = memo.forward;
  const amount = BigInt(view.event.amount);
  const denom = view.event.destDenom;
  const intermediate = pfmIntermediateAddress(ctx.chain.bech32Prefix, d.destClient, view.event.from);
  const timeoutNs = f.timeout !== undefined ? pfmTimeoutNs(f.timeout) : PFM_DEFAULT_TIMEOUT_NS;
  // `next` travels as PFM sends it on: a string as given, an object as JSON
  const next = f.next === undefined ? '' : typeof f.next === 'string' ? f.next : JSON.stringify(f.next);
  ctx.ledger.mint(intermediate, denom, amount);
  const record: ForwardRecord = {
    transferId: view.id,
    retriesLeft: f.retries ?? PFM_DEFAULT_RETRIES,
    timeoutNs: timeoutNs.toString(),
    port: f.port,
    channel: f.channel,
    receiver: f.receiver,
    memo: next,
    intermediate,
    denom,
    amount: amount.toString(),
  };
  sendForward(data, ctx, record);
  return intermediate;
}

function sendForward(data: EurekaData, ctx: ExecContext, r: ForwardRecord): void {
  const child = ctx.sendTransfer({
    sourcePort: r.port,
    sourceChannel: r.channel,
    token: { denom: r.denom, amount: BigInt(r.amount) },
    sender: r.intermediate,
    receiver: r.receiver,
    memo: r.memo,
    timeoutTimestamp: msToNs(ctx.time) + BigInt(r.timeoutNs),
  });
  store(data, ctx).set(forwardKey(child.id), r);
  ctx.emit({ type: 'eureka_forward', attributes: [{ key: 'packet_id', value: child.id }, { key: 'retries_left', value: String(r.retriesLeft) }] });
}

/** The Hub's PFM hearing back about a packet it forwarded for a Eureka crossing. */
export function eurekaForwardMiddleware(data: EurekaData): PacketMiddleware {
  const take = (ctx: ExecContext, packetId: string): ForwardRecord | undefined => {
    if (ctx.chainId !== data.hubChainId) return undefined;
    const s = store(data, ctx);
    const r = s.get<ForwardRecord>(forwardKey(packetId));
    if (r) s.delete(forwardKey(packetId));
    return r;
  };
  return {
    name: 'eureka-packet-forward',
    recv: () => undefined,
    onAcknowledged(m) {
      const r = take(m.h, m.entry.packet.id);
      if (!r) return false;
      store(data, m.h).set(answerKey(r.transferId), { ok: true } satisfies ForwardAnswer);
      return true;
    },
    onRefunded(m, reason) {
      const r = take(m.h, m.entry.packet.id);
      if (!r) return false;
      if (reason === 'timeout' && r.retriesLeft > 0) {
        try {
          m.h.atomic(() => m.h.within({ bridgeId: r.transferId }, () => sendForward(data, m.h, { ...r, retriesLeft: r.retriesLeft - 1 })));
          return true;
        } catch (e) {
          if (!(e instanceof ExecError)) throw e;
        }
      }
      const error =
        reason === 'timeout'
          ? `packet-forward-middleware: forwarded packet ${m.entry.packet.id} timed out`
          : `packet-forward-middleware: forwarded packet ${m.entry.packet.id} failed: ${m.entry.ackError ?? 'error acknowledgement'}`;
      store(data, m.h).set(answerKey(r.transferId), { ok: false, error, intermediate: r.intermediate, denom: r.denom, amount: r.amount } satisfies ForwardAnswer);
      return true;
    },
  };
}

/**
 * PFM's answer for the crossing, taken from the store (undefined when it forwarded nothing or
 * has not heard back). An error answer undoes PFM's receive: the voucher is burnt.
 */
export function takeForwardAnswer(data: EurekaData, ctx: ExecContext, transferId: string): ForwardAnswer | undefined {
  const s = store(data, ctx);
  const a = s.get<ForwardAnswer>(answerKey(transferId));
  if (!a) return undefined;
  s.delete(answerKey(transferId));
  if (!a.ok) ctx.ledger.burn(a.intermediate, a.denom, BigInt(a.amount));
  return a;
}
