/**
 * packet-forward-middleware on the simulated chains that run it (capabilities.pfm): a packet
 * whose memo is `{"forward": …}` is received into PFM's intermediate account and sent on over
 * the named channel, with `next` as the new packet's memo; its own acknowledgement waits for
 * that packet. A forward that times out is sent again while retries last; a forward that fails
 * for good unwinds PFM's receive and writes the error ack of the packet it forwarded.
 */
import { pfmIntermediateAddress } from '../../chains/address';
import type { TxEvent } from '../../chains/blocks';
import { ExecError } from '../../chains/errors';
import { msToNs } from '../../chains/ics20';
import { SUCCESS_ACK, type MiddlewareContext, type PacketMiddleware } from '../../chains/middleware';
import type { ForwardState, PacketEntry } from '../../chains/simulator';
import { pfmTimeoutNs } from '../../msgs/memo';

/** PFM's defaults when a forward memo leaves them out (10 minutes, 3 retries). */
export const PFM_DEFAULT_TIMEOUT_NS = 600n * 1_000_000_000n;
export const PFM_DEFAULT_RETRIES = 3;

const ev = (type: string, attrs: Record<string, string>): TxEvent => ({
  type,
  attributes: Object.entries(attrs).map(([key, value]) => ({ key, value })),
});

/** The packet PFM forwarded as `entry` (entry is its current forward), if any. */
function pfmParentOf(r: MiddlewareContext, entry: PacketEntry): PacketEntry | undefined {
  const pid = entry.packet.parentId;
  const parent = pid !== undefined ? r.packet(pid) : undefined;
  return parent?.forward?.childId === entry.packet.id && parent.state === 'forwarded' ? parent : undefined;
}

function forward(r: MiddlewareContext): ReturnType<PacketMiddleware['recv']> {
  const { h, entry } = r;
  if (r.memo.kind !== 'forward') return undefined;
  const { packet } = entry;
  const f = r.memo.memo.forward;
  const intermediate = pfmIntermediateAddress(h.chain.bech32Prefix, packet.destChannel, packet.sender);
  const timeoutNs = f.timeout !== undefined ? pfmTimeoutNs(f.timeout) : PFM_DEFAULT_TIMEOUT_NS;
  const next = f.next === undefined ? '' : typeof f.next === 'string' ? f.next : JSON.stringify(f.next);
  try {
    return h.atomic(() => {
      const received = r.plain(intermediate);
      const child = h.within({ packetId: packet.id }, () =>
        h.sendTransfer({
          sourcePort: f.port,
          sourceChannel: f.channel,
          token: { denom: received.denom, amount: BigInt(packet.amount) },
          sender: intermediate,
          receiver: f.receiver,
          memo: next,
          timeoutTimestamp: msToNs(h.time) + timeoutNs,
        }),
      );
      const state: ForwardState = {
        childId: child.id,
        retriesLeft: f.retries ?? PFM_DEFAULT_RETRIES,
        timeoutNs,
        port: f.port,
        channel: f.channel,
        receiver: f.receiver,
        memo: next,
        intermediate,
        denom: received.denom,
      };
      h.onCommit(() => {
        entry.state = 'forwarded';
        entry.recvTx = h.txHash;
        entry.receivedBy = intermediate;
        entry.receivedDenom = received.denom;
        entry.forward = state;
      });
      return { ok: true as const, denom: received.denom, receiver: intermediate, forwardedAs: child.id };
    });
  } catch (e) {
    if (e instanceof r.AckError) return r.writeAck({ ok: false, error: e.message });
    if (e instanceof ExecError) return r.writeAck({ ok: false, error: `packet-forward-middleware: forward failed: ${e.log}` });
    throw e;
  }
}

/**
 * A packet PFM forwarded came back refunded (its tokens are in PFM's intermediate account
 * again). A timeout with retries left sends it again; otherwise PFM undoes its own receive
 * (burns the voucher it minted, or returns the tokens to the escrow it released them from)
 * and writes the error ack of the packet it forwarded, whose source then refunds.
 */
function childFailed(r: MiddlewareContext, parent: PacketEntry, reason: 'timeout' | 'error_ack'): void {
  const { h, entry: child } = r;
  const f = parent.forward!;
  const amount = BigInt(parent.packet.amount);
  if (reason === 'timeout' && f.retriesLeft > 0) {
    try {
      const retry = h.atomic(() =>
        h.within({ packetId: parent.packet.id }, () =>
          h.sendTransfer({
            sourcePort: f.port,
            sourceChannel: f.channel,
            token: { denom: f.denom, amount },
            sender: f.intermediate,
            receiver: f.receiver,
            memo: f.memo,
            timeoutTimestamp: msToNs(h.time) + f.timeoutNs,
          }),
        ),
      );
      h.onCommit(() => {
        f.childId = retry.id;
        f.retriesLeft -= 1;
      });
      return;
    } catch (e) {
      if (!(e instanceof ExecError)) throw e;
    }
  }
  const p = parent.packet;
  if (p.destUnwinds) h.ledger.send(f.intermediate, h.ledger.escrowAccount(p.destChannel, p.destPort), p.destDenom, amount);
  else h.ledger.burn(f.intermediate, p.destDenom, amount);
  const error =
    reason === 'timeout'
      ? `packet-forward-middleware: forwarded packet ${child.packet.id} timed out`
      : `packet-forward-middleware: forwarded packet ${child.packet.id} failed: ${child.ackError ?? 'error acknowledgement'}`;
  h.emit(ev('write_acknowledgement', { packet_sequence: String(p.sequence), packet_dst_channel: p.destChannel, packet_ack: JSON.stringify({ error }) }));
  h.onCommit(() => {
    parent.state = 'recv_failed';
    parent.ackError = error;
  });
  h.note({ type: 'ack', packetId: p.id, chainId: p.destChainId, ok: false, error });
}

export const pfmMiddleware: PacketMiddleware = {
  name: 'packet-forward-middleware',

  recv(r) {
    if (!r.h.chain.pfmEnabled) return undefined;
    if (r.memo.kind === 'forward') return forward(r);
    const invalid = r.memo.kind === 'other' ? r.memo.error : undefined;
    if (invalid?.startsWith('invalid forward')) return r.writeAck({ ok: false, error: `packet-forward-middleware: ${invalid}` });
    return undefined;
  },

  // the forwarded packet arrived: PFM writes the success ack of the packet it forwarded
  onAcknowledged(r) {
    const parent = pfmParentOf(r, r.entry);
    if (!parent) return false;
    const p = parent.packet;
    r.h.emit(ev('write_acknowledgement', { packet_sequence: String(p.sequence), packet_dst_channel: p.destChannel, packet_ack: SUCCESS_ACK }));
    r.h.onCommit(() => {
      parent.state = 'received';
    });
    r.h.note({ type: 'ack', packetId: p.id, chainId: p.destChainId, ok: true });
    return true;
  },

  onRefunded(r, reason) {
    const parent = pfmParentOf(r, r.entry);
    if (!parent) return false;
    childFailed(r, parent, reason);
    return true;
  },
};
