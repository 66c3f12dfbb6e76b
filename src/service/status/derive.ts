/**
 * GET /v2/tx/status as a pure function of the simulator's records: the registered tx, its
 * TxRecord, the packets it sent (and the packets their receives sent: PFM, hooks), each
 * packet's relayer txs, and bridge completions. Nothing is cached: a poll costs a handful of
 * map lookups per leg, and no memory is held per finished transfer.
 *
 * Only what is ON CHAIN is shown: a tx whose block time is still ahead of the clock is not yet
 * visible, so a client never sees a receive "before" its block.
 *
 * Per leg (IBC):   TRANSFER_PENDING → TRANSFER_RECEIVED → TRANSFER_SUCCESS (acknowledged)
 *                  TRANSFER_FAILURE: timed out, or an error acknowledgement
 * Per crossing:    what its bridge says (ServiceBridge.status), in the bridge's own states
 * Per transfer:    PENDING → COMPLETED_SUCCESS; a failure gives PENDING_ERROR while the refund
 *                  travels back (timeout tx / error ack not relayed yet, or a PFM parent still
 *                  waiting for its error ack), then COMPLETED_ERROR once the funds are back.
 */
import type { PacketRecord } from '../chains';
import { BRIDGES, bridgeOf } from '../bridges/registry';
import {
  chainTx,
  continuations,
  ibcLeg,
  isoSeconds,
  swapOutput,
  MAX_LEGS,
  type AssetReleaseJson,
  type DeriveOptions,
  type Registration,
  type Built,
  type StatusErrorJson,
  type StatusJson,
  type StatusLeg,
  type StatusSource,
  type TransferEventJson,
  type TransferStatusJson,
  type TxStateJson,
} from './legs';

export * from './legs';

type Node = { kind: 'ibc'; packet: PacketRecord; parent: number } | { kind: 'bridge'; id: string; parent: number };

/** RFC 3339 UTC, whole seconds (as the API prints block times). */
export function deriveStatus(reg: Registration, src: StatusSource, options: DeriveOptions): StatusJson {
  const now = src.now();
  const rec = src.tx(reg.chainId, reg.hash);
  const deadline = reg.registeredAt + options.abandonAfterMs;
  if (!rec || rec.time > now) {
    // not on chain (yet): abandoned once the window passes without it landing
    if (now >= deadline && (!rec || rec.time > deadline)) {
      return top('STATE_ABANDONED', [], {
        type: 'STATUS_ERROR_INDEXING',
        message: `transaction not observed on chain within ${Math.round(options.abandonAfterMs / 1000)} s: tracking abandoned`,
        details: null,
      });
    }
    return top('STATE_SUBMITTED', [], null);
  }
  if (rec.time > deadline) {
    // it landed only after tracking had already been given up
    return top('STATE_ABANDONED', [], {
      type: 'STATUS_ERROR_INDEXING',
      message: 'transaction landed after tracking was abandoned',
      details: null,
    });
  }
  if (rec.code !== 0) {
    return top('STATE_COMPLETED_ERROR', [], {
      type: 'STATUS_ERROR_TRANSACTION_EXECUTION',
      message: rec.log,
      details: { code: rec.code, message: rec.log },
    });
  }
  const roots: Node[] = [
    ...rec.packets.map((packet): Node => ({ kind: 'ibc', packet, parent: -1 })),
    ...rec.bridgeEvents.map((event): Node => ({ kind: 'bridge', id: event.id, parent: -1 })),
  ];
  const transfers = roots.map((root) => deriveTransfer(root, src, now));
  const body = combine(transfers);
  if (transfers.length === 0) {
    // a swap on the tx's own chain (no transfer): the output is released right there
    const out = swapOutput(rec);
    if (out) body.transfer_asset_release = { chain_id: out.chainId, denom: out.denom, amount: out.amount, released: true };
  }
  return body;
}

function top(state: TxStateJson, transfers: TransferStatusJson[], error: StatusErrorJson | null): StatusJson {
  return {
    state,
    status: highLevel(state),
    transfers,
    transfer_sequence: [],
    next_blocking_transfer: null,
    transfer_asset_release: null,
    error,
  };
}

function highLevel(state: TxStateJson): string {
  switch (state) {
    case 'STATE_COMPLETED_SUCCESS':
    case 'STATE_COMPLETED_ERROR':
      return 'STATE_COMPLETED';
    case 'STATE_PENDING_ERROR':
      return 'STATE_PENDING';
    default:
      return state;
  }
}

/** The top-level view over several transfers (one per packet or bridge event the tx started). */
function combine(transfers: TransferStatusJson[]): StatusJson {
  const states = transfers.map((t) => t.state);
  const pending = states.some((s) => s === 'STATE_PENDING' || s === 'STATE_PENDING_ERROR');
  const errored = states.some((s) => s === 'STATE_PENDING_ERROR' || s === 'STATE_COMPLETED_ERROR');
  const state: TxStateJson = pending ? (errored ? 'STATE_PENDING_ERROR' : 'STATE_PENDING') : errored ? 'STATE_COMPLETED_ERROR' : 'STATE_COMPLETED_SUCCESS';
  const flat: TransferEventJson[] = [];
  let blocking: { transfer_sequence_index: number } | null = null;
  for (const t of transfers) {
    if (!blocking && t.next_blocking_transfer) blocking = { transfer_sequence_index: flat.length + t.next_blocking_transfer.transfer_sequence_index };
    flat.push(...t.transfer_sequence);
  }
  return {
    state,
    status: highLevel(state),
    transfers,
    transfer_sequence: flat,
    next_blocking_transfer: blocking,
    // the last transfer ends where the route ends
    transfer_asset_release: transfers.length ? transfers[transfers.length - 1]!.transfer_asset_release : null,
    error: transfers.find((t) => t.error)?.error ?? null,
  };
}

function deriveTransfer(root: Node, src: StatusSource, now: number): TransferStatusJson {
  const legs: StatusLeg[] = [];
  const seen = new Set<string>();
  const stack: Node[] = [root];
  while (stack.length && legs.length < MAX_LEGS) {
    const node = stack.pop()!;
    const key = node.kind === 'ibc' ? node.packet.id : `bridge:${node.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const built = node.kind === 'ibc' ? (inboundLeg(node.packet, src, now) ?? ibcLeg(node.packet, src, now)) : bridgeLeg(node.id, src, now);
    if (!built) continue;
    // the packets and bridge legs folded into this leg are not legs of their own
    for (const k of built.folded ?? []) seen.add(k);
    const index = legs.length;
    legs.push({ ...built.leg, parent: node.parent });
    if (node.parent >= 0) legs[node.parent]!.children.push(index);
    // depth first, in the order they were sent: push in reverse
    for (let i = built.next.length - 1; i >= 0; i--) stack.push({ ...built.next[i]!, parent: index });
  }
  // a leg sent again (PFM retries after a timeout) replaces the failed attempts before it
  for (const l of legs) {
    // legs that are packets (an IBC transfer, or the packet that starts an Axelar transfer)
    const ibcKids = l.children.filter((c) => legs[c]!.packetId !== undefined);
    for (const c of ibcKids.slice(0, -1)) {
      const kid = legs[c]!;
      if (kid.status === 'failed') kid.superseded = kid.settled = true;
    }
    // a forward that timed out with retries left is not a failure of the route: PFM sends it again
    const forward = l.packetId !== undefined ? src.packet(l.packetId) : undefined;
    if (!forward?.forward) continue;
    for (const c of ibcKids) {
      const kid = legs[c]!;
      if (kid.status !== 'failed' || !kid.timedOut || kid.superseded || kid.packetId === undefined) continue;
      const ids = forward.childIds ?? [];
      const i = ids.indexOf(kid.packetId);
      const retried = i >= 0 && i < ids.length - 1;
      if (retried || (forward.forward.childId === kid.packetId && forward.forward.retriesLeft > 0)) kid.superseded = true;
    }
  }

  const live = legs.filter((l) => !l.superseded);
  const failed = live.find((l) => l.status === 'failed');
  let state: TxStateJson;
  let release: AssetReleaseJson | null;
  let error: StatusErrorJson | null = null;
  if (failed) {
    // the refund travels back up through legs PFM forwarded (their acks wait for this one);
    // a leg already acknowledged (e.g. into a swap contract) keeps what it delivered
    let back = failed;
    for (;;) {
      const up = back.parent >= 0 ? legs[back.parent]! : undefined;
      if (!up || up.status === 'success' || !(up.forwarded || up.status === 'failed')) break;
      back = up;
    }
    // settled: refunded (IBC), or a bridge mint that failed for good
    const final = back.status === 'failed' && back.settled;
    state = final ? 'STATE_COMPLETED_ERROR' : 'STATE_PENDING_ERROR';
    release = { chain_id: back.from.chainId, denom: back.from.denom, amount: back.from.amount, released: final && back.refunded };
    error = { type: 'STATUS_ERROR_TRANSFER', message: failed.error ?? 'transfer failed', details: null };
  } else {
    const last = live[live.length - 1];
    const complete = live.length > 0 && live.every((l) => l.status === 'success');
    state = complete ? 'STATE_COMPLETED_SUCCESS' : 'STATE_PENDING';
    release = last
      ? {
          chain_id: last.to.chainId,
          denom: last.to.denom,
          amount: last.to.amount,
          // received at the end of the route: the funds are the receiver's, even before the ack
          released: (last.status === 'received' || last.status === 'success') && last.children.length === 0,
        }
      : null;
  }
  let blocking: { transfer_sequence_index: number } | null = null;
  const final = state === 'STATE_COMPLETED_SUCCESS' || state === 'STATE_COMPLETED_ERROR';
  if (!final) {
    const i = legs.findIndex((l) => !l.settled && l.children.every((c) => legs[c]!.settled));
    if (i >= 0) blocking = { transfer_sequence_index: i };
  }
  return {
    state,
    transfer_sequence: legs.map((l) => l.event),
    next_blocking_transfer: blocking,
    // where the funds end up is only stated once nothing more will happen to them
    transfer_asset_release: final ? release : null,
    error,
  };
}

/** A freshly built leg's outcome fields (its children are linked later). */
/** A packet that starts a crossing (Axelar: a transfer into its GMP account) is that crossing's leg, not an IBC transfer. */
function inboundLeg(packet: PacketRecord, src: StatusSource, now: number): Built | undefined {
  for (const b of BRIDGES) {
    const built = b.status.inboundLeg?.(packet, src, now);
    if (built) return built;
  }
  return undefined;
}

/** A crossing's leg, as its bridge projects it, with where the funds are and what it sent on. */
function bridgeLeg(id: string, src: StatusSource, now: number): Built | undefined {
  const t = src.bridge(id);
  if (!t) return undefined;
  const bridge = bridgeOf(t.event.bridge);
  if (bridge.status.leg) return bridge.status.leg(id, src, now);
  const e = t.event;
  const p = bridge.status.project(t, (chainId, hash, time) => chainTx(src, chainId, hash, time), now, src);
  const arrived = p.status === 'success' ? t.arrived : undefined;
  const refunded = p.refunded && t.arrived ? t.arrived : undefined;
  return {
    leg: {
      event: p.event as TransferEventJson,
      children: [],
      status: p.status,
      settled: p.settled,
      refunded: p.refunded,
      superseded: false,
      ...(p.error !== undefined ? { error: p.error } : {}),
      from: { chainId: refunded?.chainId ?? e.chainId, denom: refunded?.denom ?? e.sourceDenom, amount: e.amount },
      to: { chainId: arrived?.chainId ?? e.destChainId, denom: arrived?.denom ?? e.destDenom, amount: e.amount },
    },
    next: arrived ? continuations(src, now, t.childPacketIds, []) : [],
  };
}
