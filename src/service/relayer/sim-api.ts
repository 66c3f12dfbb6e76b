/**
 * The simulator calls whose exact shape depends on execution features (PFM async acks,
 * forced error acks, bridge completion) live here, so the relayer and the status code read
 * one small adapter rather than reaching into the simulator in many places.
 */
import type { BlockRef, ChainSimulator, PacketEntry, PacketRecord, TxRecord } from '../chains';

/** Receiver the relayer substitutes to make the destination write an error acknowledgement. */
export const FAULT_RECEIVER = 'courier-injected-fault';

/**
 * Can the relayer carry this packet's acknowledgement back yet? A received packet whose
 * destination has written its acknowledgement: success or error.
 */
export function ackReady(entry: PacketEntry): boolean {
  return entry.state === 'received' || entry.state === 'recv_failed';
}

/**
 * Receives the packet so that the destination answers with an error acknowledgement (the
 * error_ack fault): a receiver no chain accepts makes ICS-20 refuse the packet, as a real
 * chain refuses a bad receiver, and nothing else on the destination changes.
 */
export function receiveWithErrorAck(sim: ChainSimulator, id: string): { tx: TxRecord | undefined; result: unknown } {
  return sim.receivePacket(id, { receiver: FAULT_RECEIVER });
}

/** Timeout as ms since the epoch (rounded up), or undefined for a height-only timeout. */
export function timeoutAtMs(packet: PacketRecord): number | undefined {
  if (packet.timeoutTimestamp === 0n) return undefined;
  return Number((packet.timeoutTimestamp + 999_999n) / 1_000_000n);
}

/**
 * Has the packet timed out as the destination's latest COMMITTED block proves? (A relayer can
 * only submit a timeout with such a proof; the simulator's own isTimedOut looks at the next
 * block, which is what decides whether a receive would still be accepted.)
 */
export function timedOutOnDest(latest: BlockRef, packet: PacketRecord): boolean {
  if (packet.timeoutTimestamp !== 0n && BigInt(latest.time) * 1_000_000n >= packet.timeoutTimestamp) return true;
  const h = packet.timeoutHeight.revisionHeight;
  return h !== 0n && BigInt(latest.height) >= h;
}
