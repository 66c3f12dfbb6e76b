/**
 * A crossing's `transfer_sequence` entry in production's shape, openapi's OPInitTransferInfo:
 * `{ op_init_transfer: { to_chain_id, from_chain_id, state, txs: { send_tx, receive_tx } } }`.
 *
 *   OPINIT_TRANSFER_SENT      the initiating tx committed (deposit on the L1, withdrawal on the rollup)
 *   OPINIT_TRANSFER_RECEIVED  the finalizing tx credited the recipient (receive_tx)
 *   OPINIT_TRANSFER_UNKNOWN   the rollup refused the deposit: the enum's only error state. The
 *                             leg is failed at once and settles (refunded) when the rollup's
 *                             refund withdrawal is paid back to the sender on the L1.
 */
import type { BridgeStatus, BridgeStatusLeg, BridgeTransferView, StatusTx } from '../types';
import type { OpinitData } from './data';
import { crossingOf } from './execute';
import { STEP_FINALIZE_DEPOSIT, STEP_FINALIZE_WITHDRAWAL } from './steps';

type TxOf = (chainId: string, hash: string, time: number) => StatusTx;

export function projectOpinit(data: OpinitData, t: BridgeTransferView, tx: TxOf, now: number): BridgeStatusLeg {
  const c = crossingOf(data, t);
  // only what is on chain at `now` counts
  const step = (label: string) => t.steps.find((s) => s.label === label && s.tx.time <= now);
  const receiving = step(c.detail.direction === 'deposit' ? STEP_FINALIZE_DEPOSIT : STEP_FINALIZE_WITHDRAWAL);
  const finalizeDeposit = c.detail.direction === 'deposit' ? step(STEP_FINALIZE_DEPOSIT) : undefined;
  const depositRefused =
    finalizeDeposit?.tx.code === 0 &&
    finalizeDeposit.tx.events.some((e) => e.type === 'finalize_token_deposit' && e.attributes.some((a) => a.key === 'success' && a.value === 'false'));
  const refundPaid = t.state === 'refunded' && step(STEP_FINALIZE_WITHDRAWAL) !== undefined;
  const received = !depositRefused && receiving !== undefined && receiving.tx.code === 0 && t.state === 'completed';
  const failedStep = t.state === 'failed';

  const state = received ? 'OPINIT_TRANSFER_RECEIVED' : depositRefused || failedStep ? 'OPINIT_TRANSFER_UNKNOWN' : 'OPINIT_TRANSFER_SENT';
  const event = {
    op_init_transfer: {
      to_chain_id: t.event.destChainId,
      from_chain_id: t.event.chainId,
      state,
      txs: {
        send_tx: tx(t.event.chainId, t.event.txHash, t.event.time),
        receive_tx: received && receiving ? tx(receiving.tx.chainId, receiving.tx.hash, receiving.tx.time) : null,
      },
    },
  };
  if (received) return { event, status: 'success', settled: true, refunded: false };
  if (depositRefused) {
    const reason = finalizeDeposit.tx.events
      .find((e) => e.type === 'finalize_token_deposit')
      ?.attributes.find((a) => a.key === 'reason')?.value;
    const back = refundPaid
      ? `refunded to ${t.event.from} on ${data.l1ChainId}`
      : `the rollup withdraws it back to ${t.event.from} on ${data.l1ChainId}, paid after the ${days(data.timing.finalizationPeriodSeconds)} finalization period`;
    return { event, status: 'failed', settled: refundPaid, refunded: refundPaid, error: `the deposit failed on ${c.rollup.chainId} (${reason ?? 'deposit failed'}): ${back}` };
  }
  if (failedStep) return { event, status: 'failed', settled: true, refunded: false, error: t.error ?? 'the OPInit transfer failed' };
  return { event, status: 'pending', settled: false, refunded: false };
}

function days(seconds: number): string {
  if (seconds % 86_400 === 0) return `${seconds / 86_400}-day`;
  if (seconds % 3_600 === 0) return `${seconds / 3_600}-hour`;
  return `${seconds}-second`;
}

export function opinitStatus(data: OpinitData): BridgeStatus {
  return { project: (t, tx, now) => projectOpinit(data, t, tx, now) };
}
