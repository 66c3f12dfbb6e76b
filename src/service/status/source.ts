/** The simulator seen through the read-only interface status derivation needs. */
import type { ChainSimulator } from '../chains';
import type { StatusSource } from './legs';

export function simStatusSource(sim: ChainSimulator): StatusSource {
  return {
    world: sim.world,
    now: () => sim.clock.now(),
    tx: (chainId, hash) => sim.tx(chainId, hash),
    packet: (id) => sim.packet(id),
    latestBlock: (chainId) => sim.latestBlock(chainId),
    explorerLink: (chainId, hash) => sim.explorerLink(chainId, hash),
    bridge: (id) => sim.bridgeTransfer(id),
  };
}
