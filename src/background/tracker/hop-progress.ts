/**
 * Where a transfer stands hop by hop: which hops are over (arrived, or failed) and which one it is
 * really waiting on. The API's `next_blocking_transfer` may still point at a hop whose funds have
 * arrived (an IBC packet received, its acknowledgement not back yet; the next hop not yet in the
 * sequence): that hop is never "the one being waited on". Activity, the pages' `waiting_on` and
 * the poll schedule (schedule.ts) all read it from here.
 */
import type { CompactHop, CompactTransfer } from './model';

/** The hop's funds are on its destination: its bridge reports it delivered (IBC: received). */
export function hopArrived(hop: Pick<CompactHop, 'outcome' | 'state'>): boolean {
  return hop.outcome === 'success' || hop.state === 'TRANSFER_RECEIVED';
}

/** Nothing more will happen on this hop: it arrived, or failed. */
export function hopOver(hop: Pick<CompactHop, 'outcome' | 'state'>): boolean {
  return hopArrived(hop) || hop.outcome === 'failure';
}

/**
 * The index of the hop the transfer waits on: from the one `next_blocking_transfer` names, the
 * first that is not over. null when the API names none, or every hop from there on is over (then
 * nothing is in transit: what is left is an acknowledgement, or the next hop has not started).
 */
export function waitingOnIndex(transfer: Pick<CompactTransfer, 'hops' | 'next_blocking_index'>): number | null {
  const from = transfer.next_blocking_index;
  if (from === null) return null;
  for (let i = from; i < transfer.hops.length; i++) {
    if (!hopOver(transfer.hops[i]!)) return i;
  }
  return null;
}
