/**
 * Crossings by the registered bridges (src/service/bridges/), as the simulator keeps them: the
 * event of the tx that started one (a burn, a lock, an order, a deposit), then the steps its
 * bridge plans (attestation and mint, vote and delivery, a solver's fill, a refund), each a
 * system tx, until it completes, fails or is refunded. Burn-and-mint holds for every bridge
 * unless it says otherwise (a lock is modelled as a burn and a release as a mint where the
 * simulated contract holds no reserve), so every origin's supply moves only by recorded bridge
 * flows (see ChainSimulator.supplyReport).
 */
import type { BridgeTransferView } from '../bridges/types';
import type { BridgeEvent, TxRecord } from './blocks';

export type BridgeTransferState = BridgeTransferView['state'];

/** One crossing and what became of it (ChainSimulator.bridgeTransfer / allBridgeTransfers). */
export interface BridgeTransfer extends BridgeTransferView {
  event: BridgeEvent;
  steps: { label: string; tx: TxRecord }[];
  /** The tx of the step that settled it (completed, failed or refunded). */
  completeTx?: TxRecord;
  childPacketIds: string[];
}
