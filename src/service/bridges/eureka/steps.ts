/**
 * The smart relayer's work on a Eureka packet, as simulated steps:
 *
 *   eureka_recv     on the destination, once the source is final for its light client
 *                   (Ethereum: ~15 min of finality; the Hub: ~3 min of SP1 proving). It
 *                   credits the receiver (a mint: see packet.ts) and writes the
 *                   acknowledgement; a receiver the destination cannot credit, packet data it
 *                   cannot decode, or a packet already past its timeout gets an error
 *                   acknowledgement instead. On the Hub a PFM `forward` memo (what a route
 *                   onward from the Hub writes) hands the tokens to packet-forward-middleware,
 *                   which sends them on over IBC and answers for the packet later (forward.ts).
 *   eureka_write_ack on the Hub, for a forwarded packet, once the forward has settled: PFM's
 *                   answer becomes the packet's acknowledgement (an error burns the voucher).
 *   eureka_ack      on the source, once the destination is final the other way: success
 *                   completes the crossing; an error acknowledgement refunds the sender.
 *   eureka_timeout  under the `eureka_timeout` fault the relayer never delivers; once the
 *                   packet's timeout has passed (and that is provable on the source) it
 *                   submits the timeout and the sender is refunded (the relay fee paid on
 *                   Ethereum stays with the relayer).
 *
 * The acknowledgement travels inside the receive tx's events (`write_acknowledgement`), which
 * is how the ack step, on the other chain, learns it: as a relayer reads it from the chain.
 */
import { toChecksumAddress } from '../../../chains/addresses';
import type { TxEvent, TxRecord } from '../../chains/blocks';
import type { ExecContext } from '../../chains/executors';
import { parseMemo } from '../../msgs/memo';
import type { World } from '../../world';
import type { BridgeFaultKind, BridgeOutcome, BridgeStep, BridgeTransferView } from '../types';
import { type EurekaData, type EurekaLane } from './data';
import { receiverProblem } from './execute';
import { startForward, takeForwardAnswer } from './forward';
import { detailOf, refundAtSource, type EurekaPacketDetail } from './packet';
import { eurekaSeconds } from './planner';

export const EUREKA_TIMEOUT_FAULT: BridgeFaultKind = {
  kind: 'eureka_timeout',
  help: 'the Eureka relayer does not deliver the packet; after its timeout it submits the timeout on the source chain and the sender is refunded (TRANSFER_FAILURE, the asset released at the source)',
};

export const STEP_RECV = 'eureka_recv';
export const STEP_WRITE_ACK = 'eureka_write_ack';
export const STEP_ACK = 'eureka_ack';
export const STEP_TIMEOUT = 'eureka_timeout';

export function laneOf(data: EurekaData, view: BridgeTransferView): EurekaLane {
  const d = detailOf(view);
  const token = data.tokens.find((t) => t.symbol === d.symbol);
  if (!token) throw new Error(`Eureka transfer ${view.id} names an unknown token ${d.symbol}`);
  return { token, direction: d.direction };
}

/** Who the destination credits: on Ethereum the checksummed spelling the ledger keys balances by. */
function creditedAddress(lane: EurekaLane, view: BridgeTransferView): string {
  return lane.direction === 'to-ethereum' ? toChecksumAddress(view.event.recipient) : view.event.recipient;
}

const attr = (event: TxEvent | undefined, key: string): string | undefined => event?.attributes.find((a) => a.key === key)?.value;

/**
 * What the destination acknowledged, read from its txs as a relayer reads them: the receive's
 * own acknowledgement, or for a packet PFM forwarded the one its write step wrote later;
 * `pending` while PFM has not answered yet.
 */
export function acknowledgement(recv: TxRecord, written?: TxRecord): { ok: true } | { ok: false; error: string } | { pending: true } {
  if (recv.code !== 0) return { ok: false, error: recv.log };
  const ack = recv.events.find((e) => e.type === 'write_acknowledgement') ?? written?.events.find((e) => e.type === 'write_acknowledgement');
  if (!ack) return recv.events.some((e) => e.type === 'eureka_forward') ? { pending: true } : { ok: false, error: 'the receive wrote no acknowledgement' };
  if (attr(ack, 'packet_ack_success') !== 'true') return { ok: false, error: attr(ack, 'packet_ack_error') ?? 'error acknowledgement' };
  return { ok: true };
}

/** Whether the receive handed the packet to PFM (its acknowledgement then waits for the forward). */
export function forwardedBy(recv: TxRecord | undefined): boolean {
  return recv?.events.some((e) => e.type === 'eureka_forward') ?? false;
}

function ackEvent(d: EurekaPacketDetail, result: { ok: true } | { ok: false; error: string }): TxEvent {
  return {
    type: 'write_acknowledgement',
    attributes: [
      { key: 'packet_source_client', value: d.sourceClient },
      { key: 'packet_dest_client', value: d.destClient },
      { key: 'packet_sequence', value: d.sequence },
      { key: 'packet_ack_success', value: String(result.ok) },
      ...(result.ok ? [] : [{ key: 'packet_ack_error', value: result.error }]),
    ],
  };
}

/** Why the destination cannot take the packet, or undefined. */
function recvProblem(data: EurekaData, world: World, lane: EurekaLane, view: BridgeTransferView): string | undefined {
  const d = detailOf(view);
  if (lane.direction === 'to-ethereum' && d.encoding !== 'application/x-solidity-abi') return `ICS20 on Ethereum cannot decode ${d.encoding || 'application/json'} packet data`;
  const hub = world.chain(data.hubChainId);
  return receiverProblem(data, lane, view.event.recipient, hub?.bech32Prefix ?? 'cosmos');
}

function receive(data: EurekaData, world: World, ctx: ExecContext, view: BridgeTransferView): BridgeOutcome | undefined {
  const lane = laneOf(data, view);
  const d = detailOf(view);
  const amount = BigInt(view.event.amount);
  // a relayer held up past the timeout (a paused chain) can no longer deliver: the source refunds
  const late = BigInt(Math.floor(ctx.time / 1000)) >= BigInt(d.timeoutSeconds) ? `packet timed out at ${d.timeoutSeconds}` : undefined;
  const problem = late ?? recvProblem(data, world, lane, view);
  if (problem) {
    ctx.emit(ackEvent(d, { ok: false, error: problem }));
    return undefined;
  }
  const receiver = creditedAddress(lane, view);
  // only a chain that runs packet-forward-middleware reads a forward memo
  const memo = lane.direction === 'to-hub' && ctx.chain.pfmEnabled ? parseMemo(d.memo) : ({ kind: 'none' } as const);
  let forwardedTo: string | undefined;
  try {
    ctx.atomic(() => {
      if (memo.kind === 'forward') forwardedTo = startForward(data, ctx, view, d, memo.memo);
      else if (memo.kind === 'other' && memo.error?.startsWith('invalid forward')) throw new Error(`packet-forward-middleware: ${memo.error}`);
      else ctx.ledger.mint(receiver, view.event.destDenom, amount);
    });
  } catch (e) {
    const why = e instanceof Error ? ((e as { log?: string }).log ?? e.message) : String(e);
    ctx.emit(ackEvent(d, { ok: false, error: memo.kind === 'forward' ? `packet-forward-middleware: forward failed: ${why}` : why }));
    return undefined;
  }
  ctx.emit({ type: 'recv_packet', attributes: [{ key: 'packet_sequence', value: d.sequence }, { key: 'packet_dest_client', value: d.destClient }] });
  // PFM answers for a forwarded packet once the forward settles (eureka_write_ack)
  if (forwardedTo !== undefined) return { state: 'pending', arrived: { chainId: view.event.destChainId, denom: view.event.destDenom, address: forwardedTo } };
  ctx.emit(ackEvent(d, { ok: true }));
  // minted on the destination: bridged in now, settled when the acknowledgement lands
  return { state: 'pending', arrived: { chainId: view.event.destChainId, denom: view.event.destDenom, address: receiver } };
}

/** PFM's answer for a forwarded packet, written as its acknowledgement (an error undoes PFM's receive). */
function writeAck(data: EurekaData, ctx: ExecContext, view: BridgeTransferView): BridgeOutcome | undefined {
  const answer = takeForwardAnswer(data, ctx, view.id);
  if (!answer) return undefined;
  ctx.emit(ackEvent(detailOf(view), answer));
  // the voucher is burnt: nothing of the crossing is on the Hub until the source refunds it
  return answer.ok ? undefined : { state: 'pending', arrived: undefined };
}

function refund(ctx: ExecContext, view: BridgeTransferView, error: string): BridgeOutcome {
  refundAtSource(ctx, view);
  return { state: 'refunded', error, refund: { chainId: view.event.chainId, denom: view.event.sourceDenom, address: view.event.from } };
}

function acknowledge(data: EurekaData, ctx: ExecContext, view: BridgeTransferView): BridgeOutcome | undefined {
  const stepTx = (label: string) => view.steps.find((s) => s.label === label)?.tx;
  const recv = stepTx(STEP_RECV);
  const d = detailOf(view);
  const ack = recv ? acknowledgement(recv, stepTx(STEP_WRITE_ACK)) : ({ ok: false, error: 'the packet was not received' } as const);
  // nothing to relay yet: PFM has not answered
  if ('pending' in ack) return undefined;
  ctx.emit({ type: 'acknowledge_packet', attributes: [{ key: 'packet_sequence', value: d.sequence }, { key: 'packet_source_client', value: d.sourceClient }] });
  if (!ack.ok) return refund(ctx, view, `error acknowledgement from ${view.event.destChainId}: ${ack.error}`);
  // a forwarded packet's tokens went on from PFM's account; the crossing itself ended on the Hub
  return { state: 'completed', arrived: forwardedBy(recv) && view.arrived ? view.arrived : { chainId: view.event.destChainId, denom: view.event.destDenom, address: creditedAddress(laneOf(data, view), view) } };
}

function timeOut(ctx: ExecContext, view: BridgeTransferView): BridgeOutcome {
  const d = detailOf(view);
  ctx.emit({ type: 'timeout_packet', attributes: [{ key: 'packet_sequence', value: d.sequence }, { key: 'packet_source_client', value: d.sourceClient }, { key: 'packet_timeout_timestamp', value: d.timeoutSeconds }] });
  return refund(ctx, view, `packet ${d.sourceClient}/${d.sequence} timed out on ${view.event.destChainId} at ${new Date(Number(d.timeoutSeconds) * 1000).toISOString()}`);
}

/** The relayer's steps for one packet, planned when its send commits. */
export function eurekaSteps(data: EurekaData, view: BridgeTransferView, o: { fault: string | undefined; world: World }): BridgeStep[] {
  const source = view.event.chainId;
  const dest = view.event.destChainId;
  const toDestMs = eurekaSeconds(data, source) * 1000;
  // the acknowledgement (or the proof of a timeout) is proven back the other way
  const backMs = eurekaSeconds(data, dest) * 1000;
  if (o.fault === EUREKA_TIMEOUT_FAULT.kind) {
    const timeoutMs = Number(detailOf(view).timeoutSeconds) * 1000;
    // the packet times out at a fixed instant, which the relay's jitter never moves; only the
    // proof of it back on the source is relayer latency, stretched like an acknowledgement's
    const untilTimeout = Math.max(0, timeoutMs - view.event.time);
    return [{ afterMs: untilTimeout + backMs, fixedMs: untilTimeout, chainId: source, label: STEP_TIMEOUT, run: timeOut }];
  }
  const recv: BridgeStep = { afterMs: toDestMs, chainId: dest, label: STEP_RECV, run: (ctx, t) => receive(data, o.world, ctx, t) };
  const ack: BridgeStep = { afterMs: toDestMs + backMs, chainId: source, label: STEP_ACK, run: (ctx, t) => acknowledge(data, ctx, t) };
  if (view.event.destChainId !== data.hubChainId || parseMemo(detailOf(view).memo).kind !== 'forward') return [recv, ack];
  // PFM's answer is written once the forward settles; the acknowledgement follows it to the source
  const write: BridgeStep = { afterMs: toDestMs, chainId: dest, label: STEP_WRITE_ACK, afterChildren: true, run: (ctx, t) => writeAck(data, ctx, t) };
  return [recv, write, ack];
}
