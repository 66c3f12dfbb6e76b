/**
 * A Go Fast order in /status: production's GoFastTransferInfo (from_chain_id, to_chain_id,
 * state, txs {order_submitted_tx, order_filled_tx, order_refunded_tx, order_timeout_tx},
 * error_message), from the txs that are on chain at `now`.
 *
 * A fill whose payload sends the USDC on over IBC is FILLED while that transfer travels (its
 * own `ibc_transfer` follows in transfer_sequence); if the packet comes back (a timeout, an
 * error acknowledgement) and the entry point has paid it to the recovery address on the fill
 * chain, the order is GO_FAST_POST_ACTION_FAILED, as for a swap after the fill that fails.
 */
import type { BridgeStatus, BridgeStatusLeg, BridgeTransferView, StatusTx } from '../types';
import type { StatusSource } from '../../status/legs';
import { GO_FAST_TRANSFER_STATES, type KnownGoFastTransferState } from '../../../api/schemas/enums';
import type { TxRecord } from '../../chains/blocks';
import { FILL_ACTION, decodeOrderHex, orderOf } from './execute';
import { readPayload } from './payload';
import { STEP_FILL, STEP_REFUND, STEP_TIMEOUT } from './steps';

/** openapi GoFastTransferState, in the spec's order (the wire schemas' own list). */
export const GO_FAST_STATES = GO_FAST_TRANSFER_STATES;
type GoFastState = KnownGoFastTransferState;

type Tx = (chainId: string, hash: string, time: number) => StatusTx;

type PacketReader = Pick<StatusSource, 'packet' | 'tx'>;

/** Why the IBC transfer a fill sent on came back to the fill chain, once its refund is on chain by `now`. */
function onwardReturned(t: BridgeTransferView, src: PacketReader, now: number): string | undefined {
  for (const id of t.childPacketIds) {
    const entry = src.packet(id);
    if (entry?.state !== 'refunded' || entry.refundTx === undefined) continue;
    const p = entry.packet;
    const refund = src.tx(p.sourceChainId, entry.refundTx);
    if (!refund || refund.time > now) continue;
    const why = entry.refundReason === 'timeout' ? 'timed out' : `came back with an error acknowledgement (${entry.ackError ?? 'unknown error'})`;
    const payload = readPayload(decodeOrderHex(orderOf(t.event).order).data);
    const to = payload && !('error' in payload) ? ` to the recovery address ${payload.recoveryAddr}` : '';
    return `the order was filled but the IBC transfer after it from ${p.sourceChainId} to ${p.destChainId} ${why}; ${p.amount}${p.sourceDenom} was returned${to} on ${p.sourceChainId}`;
  }
  return undefined;
}

export function projectGoFast(t: BridgeTransferView, tx: Tx, now: number, src?: PacketReader): BridgeStatusLeg {
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
  const returned = filled && t.state === 'completed' && src ? onwardReturned(t, src, now) : undefined;
  if (filled && t.state === 'refunded') o = ended('GO_FAST_POST_ACTION_FAILED', 'failed', t.error);
  // the fill itself stands; the IBC transfer's own leg, after this one, carries the failure
  else if (returned !== undefined) o = ended('GO_FAST_POST_ACTION_FAILED', 'success', returned);
  else if (filled) o = ended('GO_FAST_TRANSFER_FILLED', 'success');
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
  return { event: { go_fast_transfer: info }, status, settled, refunded: refunded !== undefined || (state === 'GO_FAST_POST_ACTION_FAILED' && status === 'failed'), ...(error !== undefined && { error }) };
}

export const goFastStatus: BridgeStatus = { project: projectGoFast };
