/**
 * A Hyperlane crossing in /v2/tx/status: production's `hyperlane_transfer`
 * (HyperlaneTransferInfo: from_chain_id, to_chain_id, state, txs { send_tx, receive_tx }),
 * with the states of HyperlaneTransferState: SENT while the message travels, RECEIVED once
 * its delivery is on chain, FAILED once a reverted delivery is (no refund: see steps.ts).
 */
import type { ChainTxJson } from '../../status/legs';
import type { BridgeStatus } from '../types';

export interface HyperlaneTransferJson {
  from_chain_id: string;
  to_chain_id: string;
  state: 'HYPERLANE_TRANSFER_SENT' | 'HYPERLANE_TRANSFER_RECEIVED' | 'HYPERLANE_TRANSFER_FAILED';
  txs: { send_tx: ChainTxJson | null; receive_tx: ChainTxJson | null };
}

export const hyperlaneStatus: BridgeStatus = {
  project(t, tx, now) {
    const e = t.event;
    const done = t.completeTx && t.completeTx.time <= now ? t.completeTx : undefined;
    const received = done && t.state === 'completed' ? done : undefined;
    const failed = done !== undefined && t.state === 'failed';
    const info: HyperlaneTransferJson = {
      from_chain_id: e.chainId,
      to_chain_id: e.destChainId,
      state: received ? 'HYPERLANE_TRANSFER_RECEIVED' : failed ? 'HYPERLANE_TRANSFER_FAILED' : 'HYPERLANE_TRANSFER_SENT',
      txs: { send_tx: e.time <= now ? tx(e.chainId, e.txHash, e.time) : null, receive_tx: received ? tx(received.chainId, received.hash, received.time) : null },
    };
    return {
      event: { hyperlane_transfer: info },
      status: received ? 'success' : failed ? 'failed' : 'pending',
      // an undelivered message is final here: Hyperlane has no refund
      settled: received !== undefined || failed,
      refunded: false,
      ...(failed ? { error: `hyperlane transfer was not delivered to ${e.destChainId}: ${t.error ?? 'unknown error'}` } : {}),
    };
  },
};
