/**
 * A Stargate crossing in production's shape: `{ stargate_transfer: StargateTransferInfo }`
 * with from_chain_id, to_chain_id, state, txs { send_tx, receive_tx, error_tx }.
 * States, in order: SENT (the send committed) → PENDING_CONFIRMATION (LayerZero picked the
 * message up and waits for the source chain's confirmations) → CONFIRMED (the DVNs'
 * verification landed on the destination) → RECEIVED (the pool paid the receiver), or FAILED
 * (the delivery could not pay out; error_tx is that delivery).
 */
import type { STARGATE_TRANSFER_STATES } from '../../../api/schemas/enums';
import type { BridgeStatusLeg, BridgeTransferView, StatusTx } from '../types';
import type { StargateData } from './data';
import { RECEIVE_LABEL, VERIFY_LABEL } from './steps';

/** openapi's StargateTransferState, as the API schemas list it. */
export type StargateState = (typeof STARGATE_TRANSFER_STATES)[number];

export function projectStargate(
  data: StargateData,
  t: BridgeTransferView,
  tx: (chainId: string, hash: string, time: number) => StatusTx,
  now: number,
): BridgeStatusLeg {
  // a step's tx counts once its block time has passed
  const step = (label: string) => t.steps.find((s) => s.label === label && s.tx.time <= now)?.tx;
  const verified = step(VERIFY_LABEL);
  const delivered = step(RECEIVE_LABEL);
  const sendTx = tx(t.event.chainId, t.event.txHash, t.event.time);
  const deliveryTx = delivered ? tx(delivered.chainId, delivered.hash, delivered.time) : null;
  const settled = delivered !== undefined && t.state !== 'pending';

  let state: StargateState;
  if (settled && t.state === 'completed') state = 'STARGATE_TRANSFER_RECEIVED';
  else if (settled) state = 'STARGATE_TRANSFER_FAILED';
  else if (verified) state = 'STARGATE_TRANSFER_CONFIRMED';
  else if (now >= t.event.time + data.file.timing.pickup_seconds * 1000) state = 'STARGATE_TRANSFER_PENDING_CONFIRMATION';
  else state = 'STARGATE_TRANSFER_SENT';

  const failed = state === 'STARGATE_TRANSFER_FAILED';
  const info = {
    from_chain_id: t.event.chainId,
    to_chain_id: t.event.destChainId,
    state,
    txs: {
      send_tx: sendTx,
      receive_tx: failed ? null : deliveryTx,
      error_tx: failed ? deliveryTx : null,
    },
  };
  return {
    event: { stargate_transfer: info },
    status: state === 'STARGATE_TRANSFER_RECEIVED' ? 'success' : failed ? 'failed' : 'pending',
    settled: state === 'STARGATE_TRANSFER_RECEIVED' || failed,
    refunded: false,
    ...(failed && { error: t.error ?? 'the Stargate delivery failed' }),
  };
}
