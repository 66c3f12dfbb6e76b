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
 * Per transfer:    PENDING → COMPLETED_SUCCESS; a failure gives PENDING_ERROR while the refund
 *                  travels back (timeout tx / error ack not relayed yet, or a PFM parent still
 *                  waiting for its error ack), then COMPLETED_ERROR once the funds are back.
 */
import type { BlockRef, BridgeEvent, PacketEntry, PacketRecord, TxRecord } from '../chains';
import type { BridgeRoute } from '../relayer/bridge-api';
import { timedOutOnDest } from '../relayer/sim-api';

// ──────────────────────────────── inputs ────────────────────────────────

/** A bridge leg as the simulator reports it (ChainSimulator.bridgeTransfer). */
export interface BridgeView {
  event: BridgeEvent;
  state: 'pending' | 'completed' | 'failed';
  /** The destination tx that minted (or failed to). */
  completeTx?: TxRecord;
  /** Axelar's confirmation on its hub of a gateway call from an EVM chain. */
  confirmTx?: TxRecord;
  /** Where the minted tokens went first (Axelar to a Cosmos chain: the hub, then IBC). */
  mintedOn?: { chainId: string; denom: string };
  /** Packets the completion sent on. */
  childPacketIds: readonly string[];
  error?: string;
}

/** Read access to the simulator, as status needs it. */
export interface StatusSource {
  now(): number;
  tx(chainId: string, hash: string): TxRecord | undefined;
  packet(id: string): PacketEntry | undefined;
  bridge(id: string): BridgeView | undefined;
  latestBlock(chainId: string): BlockRef;
  explorerLink(chainId: string, hash: string): string | undefined;
  bridgeRoute(event: BridgeEvent): BridgeRoute;
  /**
   * Where a packet into Axelar's GMP account on its hub goes on (Axelar's destination chain),
   * or undefined for any other packet. Such a packet is the first step of its Axelar transfer,
   * not an IBC transfer of its own.
   */
  axelarInbound?(packet: PacketRecord): { destChainId: string } | undefined;
}

export interface Registration {
  chainId: string;
  hash: string;
  /** Simulated ms when submit/track registered it. */
  registeredAt: number;
}

export interface DeriveOptions {
  /** A hash not seen on chain within this many simulated ms is abandoned. */
  abandonAfterMs: number;
}

/** Guard against a pathological route: status never walks more legs than this. */
export const MAX_LEGS = 64;

// ──────────────────────────────── outputs ────────────────────────────────

export type TxStateJson =
  | 'STATE_SUBMITTED'
  | 'STATE_PENDING'
  | 'STATE_ABANDONED'
  | 'STATE_COMPLETED_SUCCESS'
  | 'STATE_COMPLETED_ERROR'
  | 'STATE_PENDING_ERROR';

export interface ChainTxJson {
  chain_id: string;
  tx_hash: string;
  explorer_link: string;
  on_chain_at: string;
}

export interface PacketErrorJson {
  type: 'PACKET_ERROR_ACKNOWLEDGEMENT' | 'PACKET_ERROR_TIMEOUT' | 'PACKET_ERROR_UNKNOWN';
  message: string;
  details: { code?: number; message: string } | null;
}

export interface IbcTransferJson {
  from_chain_id: string;
  to_chain_id: string;
  /** Aliases some clients read. */
  src_chain_id: string;
  dst_chain_id: string;
  state: 'TRANSFER_PENDING' | 'TRANSFER_RECEIVED' | 'TRANSFER_SUCCESS' | 'TRANSFER_FAILURE';
  packet_txs: {
    send_tx: ChainTxJson | null;
    receive_tx: ChainTxJson | null;
    acknowledge_tx: ChainTxJson | null;
    timeout_tx: ChainTxJson | null;
    error: PacketErrorJson | null;
  };
}

export interface CctpTransferJson {
  from_chain_id: string;
  to_chain_id: string;
  src_chain_id: string;
  dst_chain_id: string;
  state: 'CCTP_TRANSFER_SENT' | 'CCTP_TRANSFER_PENDING_CONFIRMATION' | 'CCTP_TRANSFER_CONFIRMED' | 'CCTP_TRANSFER_RECEIVED' | 'CCTP_TRANSFER_UNKNOWN';
  txs: { send_tx: ChainTxJson | null; receive_tx: ChainTxJson | null };
}

export interface AxelarErrorJson {
  message: string;
  type: 'SEND_TOKEN_EXECUTION_ERROR' | 'CONTRACT_CALL_WITH_TOKEN_EXECUTION_ERROR';
}

export type AxelarTxsJson =
  | { send_token_txs: { send_tx: ChainTxJson | null; confirm_tx: ChainTxJson | null; execute_tx: ChainTxJson | null; error: AxelarErrorJson | null } }
  | {
      contract_call_with_token_txs: {
        send_tx: ChainTxJson | null;
        gas_paid_tx: ChainTxJson | null;
        confirm_tx: ChainTxJson | null;
        approve_tx: ChainTxJson | null;
        execute_tx: ChainTxJson | null;
        error: AxelarErrorJson | null;
      };
    };

export interface AxelarTransferJson {
  from_chain_id: string;
  to_chain_id: string;
  src_chain_id: string;
  dst_chain_id: string;
  type: 'AXELAR_TRANSFER_SEND_TOKEN' | 'AXELAR_TRANSFER_CONTRACT_CALL_WITH_TOKEN';
  state: 'AXELAR_TRANSFER_PENDING_CONFIRMATION' | 'AXELAR_TRANSFER_PENDING_RECEIPT' | 'AXELAR_TRANSFER_SUCCESS' | 'AXELAR_TRANSFER_FAILURE';
  txs: AxelarTxsJson;
  axelar_scan_link: string;
}

export type TransferEventJson = { ibc_transfer: IbcTransferJson } | { cctp_transfer: CctpTransferJson } | { axelar_transfer: AxelarTransferJson };

export interface AssetReleaseJson {
  chain_id: string;
  denom: string;
  amount: string | null;
  released: boolean;
}

export interface StatusErrorJson {
  type: 'STATUS_ERROR_TRANSACTION_EXECUTION' | 'STATUS_ERROR_TRANSFER' | 'STATUS_ERROR_INDEXING' | 'STATUS_ERROR_UNKNOWN';
  message: string;
  details: { code: number; message: string } | null;
}

export interface TransferStatusJson {
  state: TxStateJson;
  transfer_sequence: TransferEventJson[];
  next_blocking_transfer: { transfer_sequence_index: number } | null;
  transfer_asset_release: AssetReleaseJson | null;
  error: StatusErrorJson | null;
}

export interface StatusJson extends TransferStatusJson {
  transfers: TransferStatusJson[];
  /** High-level indicator: STATE_SUBMITTED, STATE_PENDING, STATE_COMPLETED or STATE_ABANDONED. */
  status: string;
}

// ──────────────────────────────── derivation ────────────────────────────────

type LegStatus = 'pending' | 'received' | 'success' | 'failed';

interface Spot {
  chainId: string;
  denom: string;
  amount: string;
}

interface Leg {
  event: TransferEventJson;
  parent: number;
  children: number[];
  status: LegStatus;
  /** Nothing more will happen to this leg. */
  settled: boolean;
  /** Failed and the refund has landed on `from`. */
  refunded: boolean;
  /** Failed, but a retry leg replaced it (PFM retries): it does not fail the transfer. */
  superseded: boolean;
  error?: string;
  /** The packet behind an IBC leg. */
  packetId?: string;
  /** Failed by a timeout (PFM may send it again). */
  timedOut?: boolean;
  /** PFM forwarded it: its own acknowledgement follows the next hop's outcome. */
  forwarded?: boolean;
  from: Spot;
  to: Spot;
}

/** A leg to build: an IBC packet or a bridge transfer, with the leg it continues. */
type Node = { kind: 'ibc'; packet: PacketRecord; parent: number } | { kind: 'bridge'; id: string; parent: number };

/** RFC 3339 UTC, whole seconds (as the API prints block times). */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

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
  const legs: Leg[] = [];
  const seen = new Set<string>();
  const stack: Node[] = [root];
  while (stack.length && legs.length < MAX_LEGS) {
    const node = stack.pop()!;
    const key = node.kind === 'ibc' ? node.packet.id : `bridge:${node.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const built = node.kind === 'ibc' ? (axelarInboundLeg(node.packet, src, now) ?? ibcLeg(node.packet, src, now)) : bridgeLeg(node.id, src, now);
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
function outcome(status: LegStatus, settled: boolean, refunded: boolean, error: string | undefined): Pick<Leg, 'children' | 'status' | 'settled' | 'refunded' | 'superseded' | 'error'> {
  return { children: [], status, settled, refunded, superseded: false, ...(error !== undefined ? { error } : {}) };
}

function chainTx(src: StatusSource, chainId: string, hash: string, time: number): ChainTxJson {
  return { chain_id: chainId, tx_hash: hash, explorer_link: src.explorerLink(chainId, hash) ?? '', on_chain_at: isoSeconds(time) };
}

/** The tx if it is on chain by now. */
function visible(src: StatusSource, now: number, chainId: string, hash: string | undefined): TxRecord | undefined {
  if (!hash) return undefined;
  const r = src.tx(chainId, hash);
  return r && r.time <= now ? r : undefined;
}

type NextNode = { kind: 'ibc'; packet: PacketRecord } | { kind: 'bridge'; id: string };

interface Built {
  leg: Omit<Leg, 'parent'>;
  /** What continues the route from this leg, in the order it was sent (only what is on chain). */
  next: NextNode[];
  /** Keys (packet ids, `bridge:<id>`) of the steps this leg stands for besides its own. */
  folded?: string[];
}

/** Packets and bridge legs started from a leg, once the txs that sent them are on chain. */
function continuations(src: StatusSource, now: number, packetIds: readonly string[], bridgeIds: readonly string[]): NextNode[] {
  const out: NextNode[] = [];
  for (const id of packetIds) {
    const p = src.packet(id)?.packet;
    if (p && p.sentAt <= now) out.push({ kind: 'ibc', packet: p });
  }
  for (const id of bridgeIds) {
    const b = src.bridge(id);
    if (b && b.event.time <= now) out.push({ kind: 'bridge', id });
  }
  return out;
}

function ibcLeg(p: PacketRecord, src: StatusSource, now: number): Built {
  const entry = src.packet(p.id);
  const send = src.tx(p.sourceChainId, p.txHash);
  const recv = visible(src, now, p.destChainId, entry?.recvTx);
  const ack = visible(src, now, p.sourceChainId, entry?.ackTx);
  const refund = visible(src, now, p.sourceChainId, entry?.refundTx);
  const from: Spot = { chainId: p.sourceChainId, denom: p.sourceDenom, amount: p.amount };
  // an entry point on the destination may have swapped what arrived (ibc-hooks): its output is what stays there
  const to: Spot = (recv && entry?.ackError === undefined ? swapOutput(recv) : undefined) ?? {
    chainId: p.destChainId,
    denom: entry?.receivedDenom ?? p.destDenom,
    amount: p.amount,
  };
  const txs: IbcTransferJson['packet_txs'] = {
    send_tx: send ? chainTx(src, p.sourceChainId, send.hash, send.time) : null,
    receive_tx: recv ? chainTx(src, p.destChainId, recv.hash, recv.time) : null,
    acknowledge_tx: null,
    timeout_tx: null,
    error: null,
  };
  let status: LegStatus;
  let settled = false;
  let refunded = false;
  let error: string | undefined;
  if (entry?.state === 'refunded' && refund && entry.refundReason === 'timeout') {
    status = 'failed';
    settled = refunded = true;
    txs.timeout_tx = chainTx(src, p.sourceChainId, refund.hash, refund.time);
    txs.error = { type: 'PACKET_ERROR_TIMEOUT', message: 'packet timed out', details: null };
    error = `packet timed out before ${p.destChainId} received it: refunded on ${p.sourceChainId}`;
  } else if (entry?.state === 'refunded' && refund) {
    status = 'failed';
    settled = refunded = true;
    txs.acknowledge_tx = chainTx(src, p.sourceChainId, refund.hash, refund.time);
    txs.error = ackError(entry.ackError);
    error = `${p.destChainId} answered with an error acknowledgement: ${entry.ackError ?? 'unknown error'}`;
  } else if (recv && entry?.ackError !== undefined) {
    // the error acknowledgement is written; the refund waits for the relayer
    status = 'failed';
    txs.error = ackError(entry.ackError);
    error = `${p.destChainId} answered with an error acknowledgement: ${entry.ackError}`;
  } else if (recv && ack && entry?.state === 'acknowledged') {
    status = 'success';
    settled = true;
    txs.acknowledge_tx = chainTx(src, p.sourceChainId, ack.hash, ack.time);
  } else if (recv) {
    // received (or forwarded by PFM, its acknowledgement waiting on the next hop)
    status = 'received';
  } else if (timedOutOnDest(src.latestBlock(p.destChainId), p)) {
    // past its timeout on the destination: it can only come back now
    status = 'failed';
    txs.error = { type: 'PACKET_ERROR_TIMEOUT', message: 'packet timed out', details: null };
    error = `packet timed out before ${p.destChainId} received it: refund pending on ${p.sourceChainId}`;
  } else {
    status = 'pending';
  }
  const state: IbcTransferJson['state'] =
    status === 'pending' ? 'TRANSFER_PENDING' : status === 'received' ? 'TRANSFER_RECEIVED' : status === 'success' ? 'TRANSFER_SUCCESS' : 'TRANSFER_FAILURE';
  return {
    leg: {
      event: {
        ibc_transfer: {
          from_chain_id: p.sourceChainId,
          to_chain_id: p.destChainId,
          src_chain_id: p.sourceChainId,
          dst_chain_id: p.destChainId,
          state,
          packet_txs: txs,
        },
      },
      ...outcome(status, settled, refunded, error),
      packetId: p.id,
      timedOut: txs.error?.type === 'PACKET_ERROR_TIMEOUT',
      forwarded: entry?.forward !== undefined,
      from,
      to,
    },
    next: entry ? continuations(src, now, entry.childIds ?? [], entry.bridgeIds ?? []) : [],
  };
}

/**
 * What a swap entry point left on its chain in this tx (its `wasm` event's post_swap_amount,
 * e.g. `22795194uosmo`), or undefined when the tx ran no swap.
 */
export function swapOutput(tx: TxRecord): Spot | undefined {
  for (let i = tx.events.length - 1; i >= 0; i--) {
    const e = tx.events[i]!;
    if (e.type !== 'wasm') continue;
    const coin = e.attributes.find((a) => a.key === 'post_swap_amount')?.value;
    const m = coin ? /^(\d+)(.+)$/.exec(coin) : null;
    if (m) return { chainId: tx.chainId, denom: m[2]!, amount: m[1]! };
  }
  return undefined;
}

function ackError(message: string | undefined): PacketErrorJson {
  const m = message ?? 'error acknowledgement';
  return { type: 'PACKET_ERROR_ACKNOWLEDGEMENT', message: m, details: { message: m } };
}

/**
 * A CCTP leg, or an Axelar transfer that starts on an EVM chain (or on Axelar's hub itself).
 * CCTP shows the phases of its wait: SENT while the burn awaits finality on its chain (the
 * first tenth of the bridge's delay), PENDING_CONFIRMATION while Circle attests, CONFIRMED
 * once the attestation is out (the last quarter), RECEIVED when the mint has landed.
 */
function bridgeLeg(id: string, src: StatusSource, now: number): Built | undefined {
  const view = src.bridge(id);
  if (!view) return undefined;
  const route = src.bridgeRoute(view.event);
  if (route.bridge === 'axelar') return axelarLeg(src, now, { bridgeId: id });
  const e = view.event;
  const done = view.completeTx && view.completeTx.time <= now ? view.completeTx : undefined;
  const landed = done && view.state === 'completed' ? done : undefined;
  const failed = done !== undefined && view.state === 'failed';
  const status: LegStatus = landed ? 'success' : failed ? 'failed' : 'pending';
  const elapsed = now - e.time;
  const phase: CctpTransferJson['state'] = landed
    ? 'CCTP_TRANSFER_RECEIVED'
    : failed
      ? 'CCTP_TRANSFER_UNKNOWN'
      : elapsed < e.expectedDelayMs / 10
        ? 'CCTP_TRANSFER_SENT'
        : elapsed < (e.expectedDelayMs * 3) / 4
          ? 'CCTP_TRANSFER_PENDING_CONFIRMATION'
          : 'CCTP_TRANSFER_CONFIRMED';
  return {
    leg: {
      event: {
        cctp_transfer: {
          from_chain_id: route.from,
          to_chain_id: route.to,
          src_chain_id: route.from,
          dst_chain_id: route.to,
          state: phase,
          txs: { send_tx: chainTx(src, e.chainId, e.txHash, e.time), receive_tx: landed ? chainTx(src, landed.chainId, landed.hash, landed.time) : null },
        },
      },
      children: [],
      status,
      // a failed mint is final: the burnt tokens do not come back
      settled: status !== 'pending',
      refunded: false,
      superseded: false,
      ...(failed ? { error: `cctp transfer could not be completed on ${route.to}: ${view.error ?? 'unknown error'}` } : {}),
      from: { chainId: e.chainId, denom: e.sourceDenom, amount: e.amount },
      to: { chainId: view.mintedOn?.chainId ?? route.to, denom: view.mintedOn?.denom ?? route.denom, amount: e.amount },
    },
    next: landed ? continuations(src, now, view.childPacketIds, []) : [],
  };
}

/** A packet into Axelar's GMP account: the start of an Axelar transfer (see axelarLeg); undefined for any other packet. */
function axelarInboundLeg(packet: PacketRecord, src: StatusSource, now: number): Built | undefined {
  const inbound = src.axelarInbound?.(packet);
  return inbound ? axelarLeg(src, now, { inbound: packet, destChainId: inbound.destChainId }) : undefined;
}

/**
 * One Axelar transfer as production shows it: from the chain that sends to the chain Axelar
 * delivers to, the IBC hops into and out of Axelar's hub folded in.
 *
 *   PENDING_CONFIRMATION  sent; Axelar has not confirmed it (the packet into the hub is not
 *                         received; from an EVM chain: the gateway's burn is not yet confirmed)
 *   PENDING_RECEIPT       confirmed on the hub (confirm_tx); not yet executed at the destination
 *   SUCCESS               delivered (execute_tx: the mint on an EVM chain, the IBC receive on a
 *                         Cosmos chain); FAILURE: the packet into the hub failed (refunded at
 *                         the source), or the delivery failed
 * A transfer that carries a payload (callContractWithToken) is a CONTRACT_CALL_WITH_TOKEN
 * with GMP tx slots and an axelarscan /gmp/ link; the rest are SEND_TOKEN.
 */
function axelarLeg(src: StatusSource, now: number, from: { inbound: PacketRecord; destChainId: string } | { bridgeId: string }): Built | undefined {
  const folded: string[] = [];
  const inbound = 'inbound' in from ? from.inbound : undefined;
  const inboundLeg = inbound ? ibcLeg(inbound, src, now) : undefined;
  const bridgeId = inbound ? src.packet(inbound.id)?.bridgeIds?.[0] : 'bridgeId' in from ? from.bridgeId : undefined;
  const view = bridgeId !== undefined ? src.bridge(bridgeId) : undefined;
  if (bridgeId !== undefined) folded.push(`bridge:${bridgeId}`);
  if (!inboundLeg && !view) return undefined;
  const e = view?.event;
  const route = e ? src.bridgeRoute(e) : undefined;
  const hubMint = view?.completeTx && view.completeTx.time <= now ? view.completeTx : undefined;
  const bridged = hubMint && view!.state === 'completed' ? hubMint : undefined;
  // Axelar into a Cosmos chain: minted on the hub, then delivered over IBC (folded in)
  const outboundId = bridged && route && e && route.to !== e.destChainId ? view!.childPacketIds[0] : undefined;
  const outbound = outboundId !== undefined ? src.packet(outboundId) : undefined;
  const outboundLeg = outbound && outbound.packet.sentAt <= now ? ibcLeg(outbound.packet, src, now) : undefined;
  if (outboundId !== undefined) folded.push(outboundId);

  const sourceChain = inbound ? inbound.sourceChainId : e!.chainId;
  const destChainId = e?.destChainId ?? ('inbound' in from ? from.destChainId : sourceChain);
  const sendTx = inboundLeg ? (inboundLeg.leg.event as { ibc_transfer: IbcTransferJson }).ibc_transfer.packet_txs.send_tx : chainTx(src, e!.chainId, e!.txHash, e!.time);
  // Axelar confirms a deposit in the hub tx that receives it; a burn on an EVM chain when it mints on the hub
  const inboundRecv = inboundLeg ? (inboundLeg.leg.event as { ibc_transfer: IbcTransferJson }).ibc_transfer.packet_txs.receive_tx : null;
  const voted = view?.confirmTx && view.confirmTx.time <= now ? view.confirmTx : undefined;
  const confirmed = voted ?? (outboundId !== undefined ? hubMint : undefined);
  const confirmTx = inboundRecv ?? (confirmed ? chainTx(src, confirmed.chainId, confirmed.hash, confirmed.time) : null);
  let executeTx: ChainTxJson | null = null;
  let status: LegStatus = 'pending';
  let settled = false;
  let refunded = false;
  let error: string | undefined;
  let to: Spot = { chainId: destChainId, denom: route?.denom ?? '', amount: e?.amount ?? (inboundLeg?.leg.to.amount ?? '0') };
  let next: NextNode[] = [];
  if (inboundLeg && inboundLeg.leg.status === 'failed') {
    ({ status, settled, refunded } = inboundLeg.leg);
    error = inboundLeg.leg.error;
  } else if (view?.state === 'failed' && hubMint) {
    status = 'failed';
    settled = true;
    error = `axelar transfer could not be completed on ${route!.to}: ${view.error ?? 'unknown error'}`;
  } else if (bridged && outboundId === undefined) {
    status = 'success';
    settled = true;
    executeTx = chainTx(src, bridged.chainId, bridged.hash, bridged.time);
    to = { chainId: view!.mintedOn?.chainId ?? route!.to, denom: view!.mintedOn?.denom ?? route!.denom, amount: e!.amount };
    next = continuations(src, now, view!.childPacketIds, []);
  } else if (outboundLeg) {
    const o = outboundLeg.leg;
    if (o.status === 'failed') {
      status = 'failed';
      settled = o.settled;
      error = o.error;
    } else if (o.status === 'received' || o.status === 'success') {
      status = 'success';
      settled = true;
      executeTx = (outboundLeg.leg.event as { ibc_transfer: IbcTransferJson }).ibc_transfer.packet_txs.receive_tx;
      to = o.to;
      next = outboundLeg.next;
    }
  }
  const state: AxelarTransferJson['state'] =
    status === 'success' ? 'AXELAR_TRANSFER_SUCCESS' : status === 'failed' ? 'AXELAR_TRANSFER_FAILURE' : confirmTx ? 'AXELAR_TRANSFER_PENDING_RECEIPT' : 'AXELAR_TRANSFER_PENDING_CONFIRMATION';
  const gmp = e?.kind === 'axelar_transfer' && e.memo !== '';
  const axelarError: AxelarErrorJson | null =
    status === 'failed' && error !== undefined ? { message: error, type: gmp ? 'CONTRACT_CALL_WITH_TOKEN_EXECUTION_ERROR' : 'SEND_TOKEN_EXECUTION_ERROR' } : null;
  const toChainId = to.chainId;
  const txs: AxelarTxsJson = gmp
    ? {
        contract_call_with_token_txs: {
          send_tx: sendTx,
          // the gateway call's value pays Axelar's gas in the same tx
          gas_paid_tx: sendTx,
          confirm_tx: confirmTx,
          // the gateway approval is an EVM-destination step; Axelar delivers into Cosmos over IBC
          approve_tx: null,
          execute_tx: executeTx,
          error: axelarError,
        },
      }
    : { send_token_txs: { send_tx: sendTx, confirm_tx: confirmTx, execute_tx: executeTx, error: axelarError } };
  const sendHash = sendTx?.tx_hash ?? e?.txHash ?? '';
  return {
    leg: {
      event: {
        axelar_transfer: {
          from_chain_id: sourceChain,
          to_chain_id: toChainId,
          src_chain_id: sourceChain,
          dst_chain_id: toChainId,
          type: gmp ? 'AXELAR_TRANSFER_CONTRACT_CALL_WITH_TOKEN' : 'AXELAR_TRANSFER_SEND_TOKEN',
          state,
          txs,
          axelar_scan_link: `https://axelarscan.io/${gmp ? 'gmp' : 'transfer'}/${sendHash}`,
        },
      },
      ...outcome(status, settled, refunded, error),
      // the packet into the hub, for PFM's retries (a retried forward supersedes this attempt)
      ...(inbound ? { packetId: inbound.id, timedOut: inboundLeg?.leg.timedOut ?? false } : {}),
      from: inboundLeg ? inboundLeg.leg.from : { chainId: e!.chainId, denom: e!.sourceDenom, amount: e!.amount },
      to,
    },
    next,
    folded,
  };
}
