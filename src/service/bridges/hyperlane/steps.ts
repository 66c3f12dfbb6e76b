/**
 * What finishes a dispatched warp transfer: the relayer delivers the message to the
 * destination mailbox once the source is final and the validators have signed, after the
 * bridge's own delay (data.json timing, what routes quote).
 *
 * Fault `hyperlane_fail`: the delivery reverts on the destination (Mailbox.process fails), so
 * the process tx is recorded failed and the transfer ends HYPERLANE_TRANSFER_FAILED. Hyperlane
 * has no refund path: the funds stay where the dispatch put them, utia locked in Celestia's
 * warp collateral (from Celestia), or TIA.n burnt with its collateral still locked on Celestia
 * (from Manta Pacific), until the message is delivered.
 */
import { ExecError } from '../../chains/errors';
import type { BridgeFaultKind, BridgeStep, BridgeTransferView } from '../types';
import { endsOf, type HyperlaneData } from './data';
import { deliver, detailOf } from './execute';

export const HYPERLANE_FAULT = 'hyperlane_fail';

export const HYPERLANE_FAULTS: readonly BridgeFaultKind[] = [
  {
    kind: HYPERLANE_FAULT,
    help: 'the Hyperlane delivery reverts on the destination: the transfer ends HYPERLANE_TRANSFER_FAILED with no refund; the tokens stay locked in the warp collateral on Celestia, or burnt on Manta Pacific with their collateral still locked',
  },
];

/** Label of the delivery's system tx on the destination chain. */
export const PROCESS_LABEL = 'hyperlane_process';

export function hyperlaneSteps(d: HyperlaneData, t: BridgeTransferView, fault: string | undefined): BridgeStep[] {
  const e = t.event;
  const run: BridgeStep['run'] =
    fault === HYPERLANE_FAULT
      ? () => {
          throw new ExecError(
            `delivery of Hyperlane message ${detailOf(t).messageId} reverted on ${e.destChainId}; Hyperlane does not refund: ${whereFundsStay(d, t)} until the message is delivered`,
            1,
            'hyperlane',
          );
        }
      : (ctx, transfer) => deliver(d, ctx, transfer);
  return [{ afterMs: e.expectedDelayMs, chainId: e.destChainId, label: PROCESS_LABEL, run }];
}

/** Where an undelivered transfer's value stays, in words. */
export function whereFundsStay(d: HyperlaneData, t: BridgeTransferView): string {
  const detail = detailOf(t);
  const route = d.routes.find((r) => r.id === detail.routeId);
  const ends = route ? endsOf(route, t.event.chainId) : undefined;
  const what = `${t.event.amount} ${t.event.sourceDenom}`;
  if (!ends) return `the ${what} stay with the warp route`;
  if (ends.from.kind === 'collateral') return `the ${what} stay locked in the warp route's collateral on ${ends.from.chainId}`;
  return `the ${what} were burnt on ${ends.from.chainId} and their collateral stays locked on ${ends.to.chainId}`;
}
