/**
 * What finishes a dispatched warp transfer: the relayer delivers the message to the
 * destination mailbox once the source is final and the validators have signed, which the
 * route quotes (data.json timing) and the simulated clock paces.
 *
 * Fault `hyperlane_fail`: the message is never delivered, as when its processing on the
 * destination reverts and the relayer gives up. Hyperlane has no refund path: the transfer
 * ends HYPERLANE_TRANSFER_FAILED and the funds stay where the dispatch put them: utia locked
 * in Celestia's warp collateral (from Celestia), or TIA.n burnt with its collateral still
 * locked on Celestia (from Manta Pacific), until someone delivers the message.
 */
import type { BridgeFaultKind, BridgeStep, BridgeTransferView } from '../types';
import { endsOf, type HyperlaneData } from './data';
import { deliver, type HyperlaneDetail } from './execute';

export const HYPERLANE_FAULT = 'hyperlane_fail';

export const HYPERLANE_FAULTS: readonly BridgeFaultKind[] = [
  {
    kind: HYPERLANE_FAULT,
    help: 'the Hyperlane message is never delivered (its processing on the destination reverts): the transfer ends HYPERLANE_TRANSFER_FAILED, with no refund; the tokens stay locked in the warp collateral on Celestia, or burnt on Manta Pacific with their collateral still locked',
  },
];

/** Label of the delivery's system tx on the destination chain. */
export const PROCESS_LABEL = 'hyperlane_process';
/** Label of the step that gives an undeliverable message up. */
export const UNDELIVERED_LABEL = 'hyperlane_undelivered';

export function hyperlaneSteps(d: HyperlaneData, t: BridgeTransferView, fault: string | undefined): BridgeStep[] {
  const afterMs = d.seconds(t.event.chainId) * 1000;
  const chainId = t.event.destChainId;
  if (fault === HYPERLANE_FAULT) {
    const detail = t.event.detail as unknown as HyperlaneDetail;
    return [
      {
        afterMs,
        chainId,
        label: UNDELIVERED_LABEL,
        run: () => ({
          state: 'failed',
          error: `Hyperlane message ${detail.messageId} was not delivered: processing it on ${chainId} reverts. Hyperlane does not refund: ${whereFundsStay(d, t)} until the message is delivered`,
        }),
      },
    ];
  }
  return [{ afterMs, chainId, label: PROCESS_LABEL, run: (ctx, transfer) => deliver(d, ctx, transfer) }];
}

/** Where an undelivered transfer's value stays, in words. */
export function whereFundsStay(d: HyperlaneData, t: BridgeTransferView): string {
  const detail = t.event.detail as unknown as HyperlaneDetail;
  const route = d.routes.find((r) => r.id === detail.routeId);
  const ends = route ? endsOf(route, t.event.chainId) : undefined;
  const what = `${t.event.amount} ${t.event.sourceDenom}`;
  if (!ends) return `the ${what} stay with the warp route`;
  if (ends.from.kind === 'collateral') return `the ${what} stay locked in the warp route's collateral on ${ends.from.chainId}`;
  return `the ${what} were burnt on ${ends.from.chainId} and their collateral stays locked on ${ends.to.chainId}`;
}
