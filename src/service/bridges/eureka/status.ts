/**
 * A Eureka crossing in production's shape, `{ eureka_transfer: EurekaTransferInfo }`:
 * from_chain_id, to_chain_id, state (openapi TransferState) and packet_txs (openapi Packet),
 * from the txs on chain at `now`:
 *
 *   TRANSFER_PENDING   the send is committed; the destination has not received it
 *   TRANSFER_RECEIVED  received (and acknowledged there); the acknowledgement is not yet on
 *                      the source, so a forward after it may still fail
 *   TRANSFER_SUCCESS   the success acknowledgement is on the source
 *   TRANSFER_FAILURE   timed out (timeout_tx) or acknowledged with an error: the sender was
 *                      refunded on the source
 */
import type { BridgeStatus, BridgeStatusLeg, BridgeTransferView, StatusTx } from '../types';
import { acknowledgement, STEP_ACK, STEP_RECV, STEP_TIMEOUT } from './steps';

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

export function projectEureka(view: BridgeTransferView, tx: (chainId: string, hash: string, time: number) => StatusTx, now: number): BridgeStatusLeg {
  const e = view.event;
  const step = (label: string) => view.steps.find((s) => s.label === label && s.tx.time <= now)?.tx;
  const recv = step(STEP_RECV);
  const ack = step(STEP_ACK);
  const timeout = step(STEP_TIMEOUT);
  const acked = recv ? acknowledgement(recv) : undefined;
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
  } else if (ack && acked && !acked.ok) {
    message = acked.error;
    state = 'TRANSFER_FAILURE';
    error = { type: 'PACKET_ERROR_ACKNOWLEDGEMENT', message, details: { message } };
  } else if (ack) {
    state = 'TRANSFER_SUCCESS';
    status = 'success';
    settled = true;
  } else if (recv) {
    state = 'TRANSFER_RECEIVED';
    // what arrived is spendable on the destination; only an error acknowledgement could undo it
    if (acked?.ok) status = 'success';
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
  return { event: { eureka_transfer: info }, status, settled, refunded, ...(message !== undefined ? { error: message } : {}) };
}

export const eurekaStatus: BridgeStatus = { project: projectEureka };
