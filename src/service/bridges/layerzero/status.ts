/**
 * A LayerZero crossing in /v2/tx/status, as production's LayerZeroTransferInfo (fields in
 * openapi's order) with its LayerZeroTransferTransactions:
 *
 *   SENT                  the send is on the source chain; DVNs verify, the executor delivers
 *   WAITING_FOR_COMPOSE   lzReceive credited the recipient; the lzCompose call is still to come
 *   RECEIVED              delivered (and composed, when the send carried a compose message)
 *   FAILED                lzReceive reverted: error_tx is that transaction; the tokens stay
 *                         debited on the source, credited nowhere (see steps.ts)
 *
 * Only transactions already on chain at `now` count.
 */
import type { KnownLayerZeroTransferState } from '../../../api/schemas/enums';
import type { BridgeStatus, BridgeStatusLeg, BridgeTransferView, StatusTx } from '../types';
import { composes, detailOf, STEP_COMPOSE, STEP_RECEIVE } from './steps';

/** openapi's LayerZeroTransferState, in order (shared with the extension's schemas). */
export { LAYER_ZERO_TRANSFER_STATES as LAYER_ZERO_STATES } from '../../../api/schemas/enums';
export type LayerZeroState = KnownLayerZeroTransferState;

export interface LayerZeroTransferInfoJson {
  from_chain_id: string;
  to_chain_id: string;
  state: LayerZeroState;
  txs: { send_tx: StatusTx | null; receive_tx: StatusTx | null; compose_tx: StatusTx | null; error_tx: StatusTx | null };
}

export const layerZeroStatus: BridgeStatus = {
  project(t: BridgeTransferView, tx, now): BridgeStatusLeg {
    const d = detailOf(t);
    const e = t.event;
    const landed = (label: string) => t.steps.find((s) => s.label === label && s.tx.time <= now)?.tx;
    const asJson = (r: { chainId: string; hash: string; time: number }) => tx(r.chainId, r.hash, r.time);
    const receive = landed(STEP_RECEIVE);
    const compose = landed(STEP_COMPOSE);
    const failedTx = [receive, compose].find((r) => r !== undefined && r.code !== 0);
    const received = receive !== undefined && receive.code === 0;
    const composed = compose !== undefined && compose.code === 0;
    const state: LayerZeroState = failedTx
      ? 'LAYER_ZERO_TRANSFER_FAILED'
      : received && (composed || !composes(d))
        ? 'LAYER_ZERO_TRANSFER_RECEIVED'
        : received
          ? 'LAYER_ZERO_TRANSFER_WAITING_FOR_COMPOSE'
          : 'LAYER_ZERO_TRANSFER_SENT';
    const info: LayerZeroTransferInfoJson = {
      from_chain_id: e.chainId,
      to_chain_id: e.destChainId,
      state,
      txs: {
        send_tx: e.time <= now ? tx(e.chainId, e.txHash, e.time) : null,
        receive_tx: received ? asJson(receive) : null,
        compose_tx: composed ? asJson(compose) : null,
        error_tx: failedTx ? asJson(failedTx) : null,
      },
    };
    const status = state === 'LAYER_ZERO_TRANSFER_RECEIVED' ? 'success' : state === 'LAYER_ZERO_TRANSFER_FAILED' ? 'failed' : 'pending';
    return {
      event: { layer_zero_transfer: info },
      status,
      // a failed delivery is final here: nothing retries it, nothing refunds the sender
      settled: status !== 'pending',
      refunded: false,
      ...(failedTx
        ? { error: `LayerZero message ${d.guid} could not be delivered on ${e.destChainId}: ${failedTx.log || t.error || 'lzReceive reverted'}; the ${e.amount} sent stays debited on ${e.chainId}` }
        : {}),
    };
  },
};
