/**
 * IBC middleware as the simulated chains run it: when a packet is received, each middleware in
 * turn may take it (PFM forwards it, ibc-hooks calls a contract, a bridge's module starts a
 * crossing); what none takes is a plain ICS-20 receive. A middleware that sent a packet on
 * hears of its acknowledgement or refund on that packet's source chain.
 */
import type { ParsedMemo } from '../msgs/memo';
import type { World } from '../world/world';
import type { ExecContext } from './executors';
import type { PacketRecord, RecvResult } from './ics20';
import type { PacketEntry, SimEvent } from './simulator';

/** The simulator's own view of an ExecContext: commit hooks and the cause of packets sent. */
export interface Host extends ExecContext {
  onCommit(fn: () => void): void;
  note(e: SimEvent): void;
  /** Runs fn with packets and bridge events it starts attributed to `cause`. */
  within<T>(cause: Cause, fn: () => T): T;
}

export type Cause = { packetId: string } | { bridgeId: string };

/** A receive refused by the destination's application or middleware: becomes the error ack. */
export class AckError extends Error {}

export const SUCCESS_ACK = '{"result":"AQ=="}';

export interface MiddlewareContext {
  h: Host;
  /** The packet being received (or, on acknowledgement and refund, the one that settled). */
  entry: PacketEntry;
  memo: ParsedMemo;
  world: World;
  /** A plain ICS-20 receive into `receiver` that must succeed (AckError otherwise). */
  plain(receiver: string): { denom: string; receiver: string };
  /** Runs a receive atomically: success writes the success ack; AckError or ExecError undoes it and writes the error ack. */
  guarded(fn: () => RecvResult & { ok: true }, prefix?: string): RecvResult;
  writeAck(result: RecvResult): RecvResult;
  packet(id: string): PacketEntry | undefined;
  AckError: typeof AckError;
}

export interface PacketMiddleware {
  name: string;
  /** Takes the packet (and writes its acknowledgement, or leaves it pending), or returns undefined to pass it on. */
  recv(r: MiddlewareContext): RecvResult | undefined;
  /** A packet acknowledged with success on its source chain; true when this middleware handled it. */
  onAcknowledged?(r: MiddlewareContext): boolean;
  /** A packet refunded on its source chain (after its timeout or error ack); true when this middleware handled it. */
  onRefunded?(r: MiddlewareContext, reason: 'timeout' | 'error_ack'): boolean;
}

export type { PacketRecord };
