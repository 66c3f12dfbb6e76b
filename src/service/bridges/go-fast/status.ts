/**
 * A Go Fast order in /status: production's GoFastTransferInfo (from_chain_id, to_chain_id,
 * state, txs {order_submitted_tx, order_filled_tx, order_refunded_tx, order_timeout_tx},
 * error_message), from the txs that are on chain at `now`.
 */
import type { BridgeStatus, BridgeStatusLeg, BridgeTransferView, StatusTx } from '../types';
import { GO_FAST_TRANSFER_STATES, type KnownGoFastTransferState } from '../../../api/schemas/enums';
import type { TxRecord } from '../../chains/blocks';
import { FILL_ACTION } from './execute';
import { STEP_FILL, STEP_REFUND, STEP_TIMEOUT } from './steps';

/** openapi GoFastTransferState, in the spec's order (the wire schemas' own list). */
export const GO_FAST_STATES = GO_FAST_TRANSFER_STATES;
type GoFastState = KnownGoFastTransferState;

type Tx = (chainId: string, hash: string, time: number) => StatusTx;

export function projectGoFast(t: BridgeTransferView, tx: Tx, now: number): BridgeStatusLeg {
  const onChain = t.steps.filter((s) => s.tx.time <= now);
  const landed = (label: string, marks: (r: TxRecord) => boolean = () => true) => onChain.find((s) => s.label === label && s.tx.code === 0 && marks(s.tx))?.tx;
  const txOf = (r: { chainId: string; hash: string; time: number } | undefined): StatusTx | null => (r ? tx(r.chainId, r.hash, r.time) : null);
  const submitted = t.event.time <= now ? tx(t.event.chainId, t.event.txHash, t.event.time) : null;
  // a solver that could not fill leaves a step tx without a fill in it
  const filled = landed(STEP_FILL, (r) => r.events.some((e) => e.type === 'wasm' && e.attributes.some((a) => a.key === 'action' && a.value === FILL_ACTION)));
  const stepFailed = onChain.find((s) => s.tx.code !== 0);
  const timedOut = landed(STEP_TIMEOUT);
  const refunded = landed(STEP_REFUND);

  type Outcome = { state: GoFastState; status: BridgeStatusLeg['status']; settled: boolean; error?: string | undefined };
  const pending = (state: GoFastState, error?: string): Outcome => ({ state, status: 'pending', settled: false, error });
  const ended = (state: GoFastState, status: BridgeStatusLeg['status'], error?: string): Outcome => ({ state, status, settled: true, error });
  let o: Outcome;
  // a fill whose action failed ends refunded to the user's recovery address on the destination
  if (filled) o = t.state === 'refunded' ? ended('GO_FAST_POST_ACTION_FAILED', 'failed', t.error) : ended('GO_FAST_TRANSFER_FILLED', 'success');
  else if (refunded) o = ended('GO_FAST_TRANSFER_REFUNDED', 'failed', t.error);
  else if (timedOut) o = pending('GO_FAST_TRANSFER_TIMEOUT', 'no solver filled the order before its timeout; the refund to the sender is on its way');
  else o = pending(submitted ? 'GO_FAST_TRANSFER_SENT' : 'GO_FAST_TRANSFER_UNKNOWN');
  if (stepFailed && !o.settled) {
    // the fill, timeout or refund itself failed: nothing more will happen to the order here
    o = ended(o.state, 'failed', `${stepFailed.label} failed on ${stepFailed.tx.chainId}: ${stepFailed.tx.log}; the USDC stays in the gateway on ${t.event.chainId}`);
  }
  const { state, status, settled, error } = o;
  const info = {
    from_chain_id: t.event.chainId,
    to_chain_id: t.event.destChainId,
    state,
    txs: {
      order_submitted_tx: submitted,
      order_filled_tx: txOf(filled),
      order_refunded_tx: txOf(refunded),
      order_timeout_tx: txOf(timedOut),
    },
    error_message: error ?? null,
  };
  return { event: { go_fast_transfer: info }, status, settled, refunded: refunded !== undefined || state === 'GO_FAST_POST_ACTION_FAILED', ...(error !== undefined && { error }) };
}

export const goFastStatus: BridgeStatus = { project: projectGoFast };
