/**
 * The smart relayer's work on a Eureka packet, as simulated steps:
 *
 *   eureka_recv     on the destination, once the source is final for its light client
 *                   (Ethereum: ~15 min of finality; the Hub: ~3 min of SP1 proving). It
 *                   credits the receiver (a mint: see packet.ts) and writes the
 *                   acknowledgement; a receiver the destination cannot credit, packet data it
 *                   cannot decode, or a packet already past its timeout gets an error
 *                   acknowledgement instead. On the Hub a PFM `forward` memo (a caller's own:
 *                   routes do not write one, see planner.ts) sends the tokens on over IBC
 *                   from the receiver's account.
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
import { forwardNext, parseMemo, pfmTimeoutNs } from '../../msgs/memo';
import { stringifyExact, type ExactJson } from '../../msgs/json';
import type { World } from '../../world';
import type { BridgeFaultKind, BridgeOutcome, BridgeStep, BridgeTransferView } from '../types';
import { type EurekaData, type EurekaLane } from './data';
import { receiverProblem } from './execute';
import { detailOf, refundAtSource, type EurekaPacketDetail } from './packet';
import { eurekaSeconds } from './planner';

export const EUREKA_TIMEOUT_FAULT: BridgeFaultKind = {
  kind: 'eureka_timeout',
  help: 'the Eureka relayer does not deliver the packet; after its timeout it submits the timeout on the source chain and the sender is refunded (TRANSFER_FAILURE, the asset released at the source)',
};

/** PFM's default forward timeout, as the Hub's middleware applies it. */
const FORWARD_TIMEOUT_NS = 600n * 1_000_000_000n;

export const STEP_RECV = 'eureka_recv';
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

/** What the destination acknowledged, read from the receive tx: ok, or the error it wrote. */
export function acknowledgement(recv: TxRecord): { ok: true; forwarded: string[] } | { ok: false; error: string } {
  if (recv.code !== 0) return { ok: false, error: recv.log };
  const ack = recv.events.find((e) => e.type === 'write_acknowledgement');
  if (!ack) return { ok: false, error: 'the receive wrote no acknowledgement' };
  if (attr(ack, 'packet_ack_success') !== 'true') return { ok: false, error: attr(ack, 'packet_ack_error') ?? 'error acknowledgement' };
  const forwarded = recv.events.filter((e) => e.type === 'eureka_forward').map((e) => attr(e, 'packet_id') ?? '');
  return { ok: true, forwarded: forwarded.filter((id) => id !== '') };
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
  try {
    ctx.atomic(() => {
      ctx.ledger.mint(receiver, view.event.destDenom, amount);
      const memo = lane.direction === 'to-hub' ? parseMemo(d.memo) : { kind: 'none' as const };
      if (memo.kind === 'forward') {
        // PFM on the Hub: the tokens go on from the receiver's account, which a failed hop refunds
        const f = memo.memo.forward;
        const next = forwardNext(memo.memo);
        const child = ctx.sendTransfer({
          sourcePort: f.port,
          sourceChannel: f.channel,
          token: { denom: view.event.destDenom, amount },
          sender: receiver,
          receiver: f.receiver,
          memo: next === undefined ? '' : stringifyExact(next as unknown as ExactJson),
          timeoutTimestamp: BigInt(ctx.time) * 1_000_000n + (f.timeout !== undefined ? pfmTimeoutNs(f.timeout) : FORWARD_TIMEOUT_NS),
        });
        ctx.emit({ type: 'eureka_forward', attributes: [{ key: 'packet_id', value: child.id }] });
      }
    });
  } catch (e) {
    const why = e instanceof Error ? ((e as { log?: string }).log ?? e.message) : String(e);
    ctx.emit(ackEvent(d, { ok: false, error: why }));
    return undefined;
  }
  ctx.emit({ type: 'recv_packet', attributes: [{ key: 'packet_sequence', value: d.sequence }, { key: 'packet_dest_client', value: d.destClient }] });
  ctx.emit(ackEvent(d, { ok: true }));
  // minted on the destination: bridged in now, settled when the acknowledgement lands
  return { state: 'pending', arrived: { chainId: view.event.destChainId, denom: view.event.destDenom, address: receiver } };
}

function refund(ctx: ExecContext, view: BridgeTransferView, error: string): BridgeOutcome {
  refundAtSource(ctx, view);
  return { state: 'refunded', error, refund: { chainId: view.event.chainId, denom: view.event.sourceDenom, address: view.event.from } };
}

function acknowledge(data: EurekaData, ctx: ExecContext, view: BridgeTransferView): BridgeOutcome {
  const recv = view.steps.find((s) => s.label === STEP_RECV)?.tx;
  const d = detailOf(view);
  const ack = recv ? acknowledgement(recv) : ({ ok: false, error: 'the packet was not received' } as const);
  ctx.emit({ type: 'acknowledge_packet', attributes: [{ key: 'packet_sequence', value: d.sequence }, { key: 'packet_source_client', value: d.sourceClient }] });
  if (!ack.ok) return refund(ctx, view, `error acknowledgement from ${view.event.destChainId}: ${ack.error}`);
  return {
    state: 'completed',
    arrived: { chainId: view.event.destChainId, denom: view.event.destDenom, address: creditedAddress(laneOf(data, view), view) },
    childPacketIds: ack.forwarded,
  };
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
    // the relay stretches a crossing's steps by up to ±10 % (its default jitter): plan the
    // timeout late enough that even the shortest stretch lands after the packet's timeout
    const untilTimeout = Math.ceil((Math.max(0, timeoutMs - view.event.time) * 10) / 9);
    return [{ afterMs: untilTimeout + backMs, chainId: source, label: STEP_TIMEOUT, run: timeOut }];
  }
  return [
    { afterMs: toDestMs, chainId: dest, label: STEP_RECV, run: (ctx, t) => receive(data, o.world, ctx, t) },
    { afterMs: toDestMs + backMs, chainId: source, label: STEP_ACK, run: (ctx, t) => acknowledge(data, ctx, t) },
  ];
}
