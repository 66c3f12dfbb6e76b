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

/** Where a completed bridge leg landed. */
export interface BridgeOutcome {
  chainId: string;
  txHash: string;
  /** Block time, epoch ms. */
  time: number;
  denom?: string;
  amount?: string;
  /** The destination's record when it is a simulated chain (its packets continue the route). */
  record?: TxRecord;
}

/** Read access to the simulator, as status needs it. */
export interface StatusSource {
  now(): number;
  tx(chainId: string, hash: string): TxRecord | undefined;
  packet(id: string): PacketEntry | undefined;
  latestBlock(chainId: string): BlockRef;
  explorerLink(chainId: string, hash: string): string | undefined;
  bridgeRoute(event: BridgeEvent): BridgeRoute;
  bridgeOutcome(event: BridgeEvent): BridgeOutcome | undefined;
  /** Denom a bridge delivers on its destination, for the expected release. */
  bridgeDenom(event: BridgeEvent, route: BridgeRoute): string;
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
  state: 'CCTP_TRANSFER_SENT' | 'CCTP_TRANSFER_PENDING_CONFIRMATION' | 'CCTP_TRANSFER_CONFIRMED' | 'CCTP_TRANSFER_RECEIVED';
  txs: { send_tx: ChainTxJson | null; receive_tx: ChainTxJson | null };
}

export interface AxelarTransferJson {
  from_chain_id: string;
  to_chain_id: string;
  type: 'AXELAR_TRANSFER_SEND_TOKEN';
  state: 'AXELAR_TRANSFER_PENDING_CONFIRMATION' | 'AXELAR_TRANSFER_PENDING_RECEIPT' | 'AXELAR_TRANSFER_SUCCESS' | 'AXELAR_TRANSFER_FAILURE';
  txs: {
    send_token_txs: { send_tx: ChainTxJson | null; confirm_tx: ChainTxJson | null; execute_tx: ChainTxJson | null; error: null };
  };
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
  from: Spot;
  to: Spot;
}

/** A node to expand: an IBC packet or a bridge event, with the leg it continues. */
type Node = { kind: 'ibc'; packet: PacketRecord; parent: number; retryOf?: number } | { kind: 'bridge'; event: BridgeEvent; parent: number };

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
    ...rec.bridgeEvents.map((event): Node => ({ kind: 'bridge', event, parent: -1 })),
  ];
  const transfers = roots.map((root) => deriveTransfer(root, src, now));
  return combine(transfers);
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
    const id = node.kind === 'ibc' ? node.packet.id : `bridge:${node.event.id}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const index = legs.length;
    const built = node.kind === 'ibc' ? ibcLeg(node.packet, node.parent, src, now) : bridgeLeg(node.event, node.parent, src, now);
    legs.push(built.leg);
    if (node.parent >= 0) legs[node.parent]!.children.push(index);
    if (node.kind === 'ibc' && node.retryOf !== undefined) legs[node.retryOf]!.superseded = true;
    // push in reverse so the walk visits them in the order they were sent
    const next: Node[] = [];
    for (const r of built.continuesIn) {
      for (const p of r.packets) next.push({ kind: 'ibc', packet: p, parent: index });
      for (const e of r.bridgeEvents) next.push({ kind: 'bridge', event: e, parent: index });
    }
    for (const r of built.retriedIn) {
      for (const p of r.packets) next.push({ kind: 'ibc', packet: p, parent: built.leg.parent, retryOf: index });
    }
    for (let i = next.length - 1; i >= 0; i--) stack.push(next[i]!);
  }
  for (const l of legs) if (l.superseded) l.settled = true;

  const live = legs.filter((l) => !l.superseded);
  const failed = live.find((l) => l.status === 'failed');
  let state: TxStateJson;
  let release: AssetReleaseJson | null;
  let error: StatusErrorJson | null = null;
  if (failed) {
    // the refund travels back up while the legs above were not already acknowledged (PFM)
    let back = failed;
    while (back.parent >= 0 && legs[back.parent]!.status !== 'success') back = legs[back.parent]!;
    const home = back.status === 'failed' && back.refunded;
    state = home ? 'STATE_COMPLETED_ERROR' : 'STATE_PENDING_ERROR';
    release = { chain_id: back.from.chainId, denom: back.from.denom, amount: back.from.amount, released: home };
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
  if (state !== 'STATE_COMPLETED_SUCCESS' && state !== 'STATE_COMPLETED_ERROR') {
    const i = legs.findIndex((l) => !l.settled && l.children.every((c) => legs[c]!.settled));
    if (i >= 0) blocking = { transfer_sequence_index: i };
  }
  return {
    state,
    transfer_sequence: legs.map((l) => l.event),
    next_blocking_transfer: blocking,
    transfer_asset_release: release,
    error,
  };
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

interface Built {
  leg: Leg;
  /** Txs whose packets/bridge events continue the route from this leg's destination. */
  continuesIn: TxRecord[];
  /** Txs whose packets replace this (failed) leg: a retry from the same chain. */
  retriedIn: TxRecord[];
}

function ibcLeg(p: PacketRecord, parent: number, src: StatusSource, now: number): Built {
  const entry = src.packet(p.id);
  const send = src.tx(p.sourceChainId, p.txHash);
  const recv = visible(src, now, p.destChainId, entry?.recvTx);
  const ack = visible(src, now, p.sourceChainId, entry?.ackTx);
  const refund = visible(src, now, p.sourceChainId, entry?.refundTx);
  const from: Spot = { chainId: p.sourceChainId, denom: p.sourceDenom, amount: p.amount };
  const to: Spot = { chainId: p.destChainId, denom: entry?.receivedDenom ?? p.destDenom, amount: p.amount };
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
  const retriedIn: TxRecord[] = [];
  if (entry?.state === 'refunded' && refund && entry.refundReason === 'timeout') {
    status = 'failed';
    settled = refunded = true;
    txs.timeout_tx = chainTx(src, p.sourceChainId, refund.hash, refund.time);
    txs.error = { type: 'PACKET_ERROR_TIMEOUT', message: 'packet timed out', details: null };
    error = `packet timed out before ${p.destChainId} received it: refunded on ${p.sourceChainId}`;
    retriedIn.push(refund);
  } else if (entry?.state === 'refunded' && refund) {
    status = 'failed';
    settled = refunded = true;
    txs.acknowledge_tx = chainTx(src, p.sourceChainId, refund.hash, refund.time);
    txs.error = ackError(entry.ackError);
    error = `${p.destChainId} answered with an error acknowledgement: ${entry.ackError ?? 'unknown error'}`;
    retriedIn.push(refund);
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
      parent,
      children: [],
      status,
      settled,
      refunded,
      superseded: false,
      ...(error !== undefined ? { error } : {}),
      from,
      to,
    },
    continuesIn: recv && recv.code === 0 && entry?.ackError === undefined ? [recv] : [],
    retriedIn,
  };
}

function ackError(message: string | undefined): PacketErrorJson {
  const m = message ?? 'error acknowledgement';
  return { type: 'PACKET_ERROR_ACKNOWLEDGEMENT', message: m, details: { message: m } };
}

function bridgeLeg(e: BridgeEvent, parent: number, src: StatusSource, now: number): Built {
  const route = src.bridgeRoute(e);
  const outcome = src.bridgeOutcome(e);
  const landed = outcome && outcome.time <= now ? outcome : undefined;
  const send = chainTx(src, e.chainId, e.txHash, e.time);
  const receive = landed ? chainTx(src, landed.chainId, landed.txHash, landed.time) : null;
  const from: Spot = { chainId: e.chainId, denom: e.burnToken, amount: e.amount };
  const to: Spot = {
    chainId: landed?.chainId ?? route.to,
    denom: landed?.denom ?? src.bridgeDenom(e, route),
    amount: landed?.amount ?? e.amount,
  };
  const status: LegStatus = landed ? 'success' : 'pending';
  let event: TransferEventJson;
  if (route.bridge === 'axelar') {
    event = {
      axelar_transfer: {
        from_chain_id: route.from,
        to_chain_id: route.to,
        type: 'AXELAR_TRANSFER_SEND_TOKEN',
        state: landed ? 'AXELAR_TRANSFER_SUCCESS' : 'AXELAR_TRANSFER_PENDING_CONFIRMATION',
        txs: { send_token_txs: { send_tx: send, confirm_tx: null, execute_tx: receive, error: null } },
        axelar_scan_link: `https://axelarscan.io/transfer/${e.txHash}`,
      },
    };
  } else {
    event = {
      cctp_transfer: {
        from_chain_id: route.from,
        to_chain_id: route.to,
        state: landed ? 'CCTP_TRANSFER_RECEIVED' : 'CCTP_TRANSFER_PENDING_CONFIRMATION',
        txs: { send_tx: send, receive_tx: receive },
      },
    };
  }
  return {
    leg: { event, parent, children: [], status, settled: status === 'success', refunded: false, superseded: false, from, to },
    continuesIn: landed?.record && landed.record.time <= now && landed.record.code === 0 ? [landed.record] : [],
    retriedIn: [],
  };
}
