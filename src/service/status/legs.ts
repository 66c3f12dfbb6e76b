/**
 * The pieces a status leg is built from: what status reads of the simulator (StatusSource),
 * the output shapes IBC legs and transfers share, and the IBC leg itself (a packet's send,
 * receive, acknowledgement or timeout). Bridges build their own legs from these
 * (ServiceBridge.status; src/service/bridges/<bridge>/status.ts). A leaf module.
 */
import type { BlockRef, PacketEntry, PacketRecord, TxRecord } from '../chains';
import type { BridgeTransfer } from '../chains/bridges';
import { timedOutOnDest } from '../relayer/sim-api';
import type { World } from '../world';


/** A bridge leg as the simulator reports it (ChainSimulator.bridgeTransfer). */
export interface StatusSource {
  readonly world: World;
  now(): number;
  tx(chainId: string, hash: string): TxRecord | undefined;
  packet(id: string): PacketEntry | undefined;
  bridge(id: string): BridgeTransfer | undefined;
  latestBlock(chainId: string): BlockRef;
  explorerLink(chainId: string, hash: string): string | undefined;
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

/** One entry of transfer_sequence: `{ ibc_transfer }`, or a bridge's `{ <x>_transfer }` (its folder writes it). */
export type TransferEventJson = { ibc_transfer: IbcTransferJson } | Record<string, unknown>;

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

export type LegStatus = 'pending' | 'received' | 'success' | 'failed';

export interface Spot {
  chainId: string;
  denom: string;
  amount: string;
}

export interface StatusLeg {
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
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

export function outcome(status: LegStatus, settled: boolean, refunded: boolean, error: string | undefined): Pick<StatusLeg, 'children' | 'status' | 'settled' | 'refunded' | 'superseded' | 'error'> {
  return { children: [], status, settled, refunded, superseded: false, ...(error !== undefined ? { error } : {}) };
}

export function chainTx(src: StatusSource, chainId: string, hash: string, time: number): ChainTxJson {
  return { chain_id: chainId, tx_hash: hash, explorer_link: src.explorerLink(chainId, hash) ?? '', on_chain_at: isoSeconds(time) };
}

/** The tx if it is on chain by now. */
export function visible(src: StatusSource, now: number, chainId: string, hash: string | undefined): TxRecord | undefined {
  if (!hash) return undefined;
  const r = src.tx(chainId, hash);
  return r && r.time <= now ? r : undefined;
}

export type NextNode = { kind: 'ibc'; packet: PacketRecord } | { kind: 'bridge'; id: string };

export interface Built {
  leg: Omit<StatusLeg, 'parent'>;
  /** What continues the route from this leg, in the order it was sent (only what is on chain). */
  next: NextNode[];
  /** Keys (packet ids, `bridge:<id>`) of the steps this leg stands for besides its own. */
  folded?: string[];
}

/** Packets and bridge legs started from a leg, once the txs that sent them are on chain. */
export function continuations(src: StatusSource, now: number, packetIds: readonly string[], bridgeIds: readonly string[]): NextNode[] {
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

export function ibcLeg(p: PacketRecord, src: StatusSource, now: number): Built {
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
