/**
 * A Eureka crossing in production's shape, `{ eureka_transfer: EurekaTransferInfo }`:
 * from_chain_id, to_chain_id, state (openapi TransferState) and packet_txs (openapi Packet),
 * from the txs on chain at `now`:
 *
 *   TRANSFER_PENDING   the send is committed; the destination has not received it
 *   TRANSFER_RECEIVED  received (and acknowledged there); the acknowledgement is not yet on
 *                      the source. A packet PFM forwarded from the Hub stays here until the
 *                      forward settles and PFM's acknowledgement reaches the source
 *   TRANSFER_SUCCESS   the success acknowledgement is on the source
 *   TRANSFER_FAILURE   timed out (timeout_tx) or acknowledged with an error: the sender was
 *                      refunded on the source
 */
import { chainTx, continuations, outcome, type Built, type LegStatus, type StatusSource, type TransferEventJson } from '../../status/legs';
import type { BridgeStatus, BridgeStatusLeg, BridgeTransferView, StatusTx } from '../types';
import { acknowledgement, forwardedBy, STEP_ACK, STEP_RECV, STEP_TIMEOUT, STEP_WRITE_ACK } from './steps';

export const TRANSFER_STATES = ['TRANSFER_UNKNOWN', 'TRANSFER_PENDING', 'TRANSFER_RECEIVED', 'TRANSFER_SUCCESS', 'TRANSFER_FAILURE'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];

interface PacketErrorJson {
  type: 'PACKET_ERROR_ACKNOWLEDGEMENT' | 'PACKET_ERROR_TIMEOUT';
  message: string;
  details: { message: string } | null;
}

export interface EurekaTransferInfoJson {
  from_chain_id: string;
  to_chain_id: string;
  state: TransferState;
  packet_txs: {
    send_tx: StatusTx | null;
    receive_tx: StatusTx | null;
    acknowledge_tx: StatusTx | null;
    timeout_tx: StatusTx | null;
    error: PacketErrorJson | null;
  };
}

/** A crossing's projection, and whether PFM on the Hub forwarded what it received. */
interface EurekaProjection extends BridgeStatusLeg {
  /** The receive handed the tokens to PFM: the route goes on with its IBC hops. */
  forwarded: boolean;
  /** Received, and nothing has failed yet: the funds are on the Hub or beyond it. */
  received: boolean;
}

function project(view: BridgeTransferView, tx: (chainId: string, hash: string, time: number) => StatusTx, now: number): EurekaProjection {
  const e = view.event;
  const step = (label: string) => view.steps.find((s) => s.label === label && s.tx.time <= now)?.tx;
  const recv = step(STEP_RECV);
  const ack = step(STEP_ACK);
  const timeout = step(STEP_TIMEOUT);
  const acked = recv ? acknowledgement(recv, step(STEP_WRITE_ACK)) : undefined;
  const ackError = acked && 'ok' in acked && !acked.ok ? acked.error : undefined;
  const forwarded = forwardedBy(recv);
  const chainTx = (t: { chainId: string; hash: string; time: number } | undefined) => (t ? tx(t.chainId, t.hash, t.time) : null);

  let state: TransferState = 'TRANSFER_PENDING';
  let error: PacketErrorJson | null = null;
  let status: BridgeStatusLeg['status'] = 'pending';
  let settled = false;
  let refunded = false;
  let message: string | undefined;
  if (timeout) {
    message = view.error ?? `the packet timed out before ${e.destChainId} received it`;
    state = 'TRANSFER_FAILURE';
    error = { type: 'PACKET_ERROR_TIMEOUT', message, details: null };
  } else if (ack && ackError !== undefined) {
    message = ackError;
    state = 'TRANSFER_FAILURE';
    error = { type: 'PACKET_ERROR_ACKNOWLEDGEMENT', message, details: { message } };
  } else if (ack) {
    state = 'TRANSFER_SUCCESS';
    status = 'success';
    settled = true;
  } else if (recv) {
    state = 'TRANSFER_RECEIVED';
    // what arrived is spendable on the destination; only an error acknowledgement could undo it
    if (acked && 'ok' in acked && acked.ok && !forwarded) status = 'success';
    // PFM gave up on the forward: the refund travels back to the source
    if (forwarded && ackError !== undefined) {
      status = 'failed';
      message = ackError;
    }
  }
  if (state === 'TRANSFER_FAILURE') {
    status = 'failed';
    settled = true;
    refunded = true;
  }
  const info: EurekaTransferInfoJson = {
    from_chain_id: e.chainId,
    to_chain_id: e.destChainId,
    state,
    packet_txs: {
      send_tx: tx(e.chainId, e.txHash, e.time),
      receive_tx: chainTx(recv),
      acknowledge_tx: chainTx(ack),
      timeout_tx: chainTx(timeout),
      error,
    },
  };
  return {
    event: { eureka_transfer: info },
    status,
    settled,
    refunded,
    ...(message !== undefined ? { error: message } : {}),
    forwarded,
    received: state === 'TRANSFER_RECEIVED' && status !== 'failed',
  };
}

export function projectEureka(view: BridgeTransferView, tx: (chainId: string, hash: string, time: number) => StatusTx, now: number): BridgeStatusLeg {
  const { forwarded: _f, received: _r, ...leg } = project(view, tx, now);
  return leg;
}

/**
 * The crossing's leg in a route's transfer_sequence. A packet PFM forwarded from the Hub is
 * followed by the IBC hops it sent (retries included), as production lists a multi-hop route;
 * its own acknowledgement follows theirs, so it stays RECEIVED until then, and a failure of
 * the forward travels back up through it to the refund on the source.
 */
function eurekaLeg(id: string, src: StatusSource, now: number): Built | undefined {
  const t = src.bridge(id);
  if (!t) return undefined;
  const p = project(t, (chainId, hash, time) => chainTx(src, chainId, hash, time), now);
  const e = t.event;
  const status: LegStatus = p.forwarded && p.received ? 'received' : p.status;
  const refund = p.refunded ? t.arrived : undefined;
  const arrived = status === 'success' || status === 'received' ? t.arrived : undefined;
  return {
    leg: {
      event: p.event as TransferEventJson,
      ...outcome(status, p.settled, p.refunded, p.error),
      forwarded: p.forwarded,
      from: { chainId: refund?.chainId ?? e.chainId, denom: refund?.denom ?? e.sourceDenom, amount: e.amount },
      to: { chainId: e.destChainId, denom: arrived?.denom ?? e.destDenom, amount: e.amount },
    },
    // what PFM sent on is shown from the receive on, whatever became of it
    next: p.forwarded || arrived ? continuations(src, now, t.childPacketIds, []) : [],
  };
}

export const eurekaStatus: BridgeStatus = { project: projectEureka, leg: eurekaLeg };
