/**
 * A Hyperlane crossing in /v2/tx/status: production's `hyperlane_transfer`
 * (HyperlaneTransferInfo: from_chain_id, to_chain_id, state, txs { send_tx, receive_tx }),
 * with the states of HyperlaneTransferState: SENT once the dispatch is on chain, RECEIVED
 * once the delivery is, FAILED when the message was given up (no refund: see steps.ts).
 */
import type { BridgeStatus, BridgeStatusLeg, StatusTx } from '../types';
import { PROCESS_LABEL } from './steps';

export const hyperlaneStatus: BridgeStatus = {
  project(t, tx, now): BridgeStatusLeg {
    const sendTx: StatusTx | null = t.event.time <= now ? tx(t.event.chainId, t.event.txHash, t.event.time) : null;
    const process = t.steps.find((s) => s.label === PROCESS_LABEL && s.tx.code === 0 && s.tx.time <= now);
    const receiveTx: StatusTx | null = t.state === 'completed' && process ? tx(process.tx.chainId, process.tx.hash, process.tx.time) : null;
    const failed = t.state === 'failed' && t.steps.some((s) => s.tx.time <= now);
    const state = receiveTx ? 'HYPERLANE_TRANSFER_RECEIVED' : failed ? 'HYPERLANE_TRANSFER_FAILED' : 'HYPERLANE_TRANSFER_SENT';
    const event = {
      hyperlane_transfer: {
        from_chain_id: t.event.chainId,
        to_chain_id: t.event.destChainId,
        state,
        txs: { send_tx: sendTx, receive_tx: receiveTx },
      },
    };
    if (receiveTx) return { event, status: 'success', settled: true, refunded: false };
    if (failed) return { event, status: 'failed', settled: true, refunded: false, error: t.error ?? 'the Hyperlane message was not delivered' };
    return { event, status: 'pending', settled: false, refunded: false };
  },
};
