/**
 * ibc-hooks on the simulated chains that run it (capabilities.ibcHooks): a packet whose memo is
 * `{"wasm": {contract, msg}}` must be addressed to that contract; the tokens go to the hooks
 * account of (channel, sender), which executes the contract with them. A failing contract
 * undoes the receive and writes an error ack.
 */
import { hooksIntermediateSender } from '../../chains/address';
import type { PacketMiddleware } from '../../chains/middleware';

export const hooksMiddleware: PacketMiddleware = {
  name: 'ibc-hooks',

  recv(r) {
    const { h, entry } = r;
    if (!h.chain.capabilities.ibcHooks) return undefined;
    if (r.memo.kind !== 'wasm') {
      const invalid = r.memo.kind === 'other' ? r.memo.error : undefined;
      return invalid?.startsWith('invalid wasm') ? r.writeAck({ ok: false, error: `ibc-hooks: ${invalid}` }) : undefined;
    }
    const { packet } = entry;
    const { contract, msg } = r.memo.memo.wasm;
    if (packet.receiver !== contract) {
      return r.writeAck({ ok: false, error: `ibc-hooks: the packet's receiver ${packet.receiver} must be the contract it calls (${contract}): invalid request` });
    }
    const sender = hooksIntermediateSender(h.chain.bech32Prefix, packet.destChannel, packet.sender);
    return r.guarded(() => {
      const received = r.plain(sender);
      h.within({ packetId: packet.id }, () => h.executeContract({ contract, sender, msg, funds: [{ denom: received.denom, amount: BigInt(packet.amount) }] }));
      return { ok: true, denom: received.denom, receiver: sender, contract };
    }, 'ibc-hooks: ');
  },
};
