/**
 * CCTP's status: one cctp_transfer per crossing, in the phases of its wait: SENT while the
 * burn awaits finality on its chain (the first tenth of the bridge's delay),
 * PENDING_CONFIRMATION while Circle attests, CONFIRMED once the attestation is out (the last
 * quarter), RECEIVED when the mint has landed; a mint that fails is UNKNOWN (final: the burnt
 * tokens do not come back).
 */
import type { ChainTxJson } from '../../status/legs';
import type { BridgeStatus } from '../types';

export interface CctpTransferJson {
  from_chain_id: string;
  to_chain_id: string;
  src_chain_id: string;
  dst_chain_id: string;
  state: 'CCTP_TRANSFER_SENT' | 'CCTP_TRANSFER_PENDING_CONFIRMATION' | 'CCTP_TRANSFER_CONFIRMED' | 'CCTP_TRANSFER_RECEIVED' | 'CCTP_TRANSFER_UNKNOWN';
  txs: { send_tx: ChainTxJson | null; receive_tx: ChainTxJson | null };
}


export const cctpStatus: BridgeStatus = {
  project(t, tx, now) {
    const e = t.event;
    const done = t.completeTx && t.completeTx.time <= now ? t.completeTx : undefined;
    const landed = done && t.state === 'completed' ? done : undefined;
    const failed = done !== undefined && t.state === 'failed';
    const elapsed = now - e.time;
    const state: CctpTransferJson['state'] = landed
      ? 'CCTP_TRANSFER_RECEIVED'
      : failed
        ? 'CCTP_TRANSFER_UNKNOWN'
        : elapsed < e.expectedDelayMs / 10
          ? 'CCTP_TRANSFER_SENT'
          : elapsed < (e.expectedDelayMs * 3) / 4
            ? 'CCTP_TRANSFER_PENDING_CONFIRMATION'
            : 'CCTP_TRANSFER_CONFIRMED';
    const info: CctpTransferJson = {
      from_chain_id: e.chainId,
      to_chain_id: e.destChainId,
      src_chain_id: e.chainId,
      dst_chain_id: e.destChainId,
      state,
      txs: { send_tx: tx(e.chainId, e.txHash, e.time), receive_tx: landed ? tx(landed.chainId, landed.hash, landed.time) : null },
    };
    return {
      event: { cctp_transfer: info },
      status: landed ? 'success' : failed ? 'failed' : 'pending',
      // a failed mint is final: the burnt tokens do not come back
      settled: landed !== undefined || failed,
      refunded: false,
      ...(failed ? { error: `cctp transfer could not be completed on ${e.destChainId}: ${t.error ?? 'unknown error'}` } : {}),
    };
  },
};
