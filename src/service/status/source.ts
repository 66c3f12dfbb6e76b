/** The simulator seen through the read-only interface status derivation needs. */
import type { ChainSimulator } from '../chains';
import { bridgeRoute, bridgeView } from '../relayer/bridge-api';
import type { StatusSource } from './derive';

export function simStatusSource(sim: ChainSimulator): StatusSource {
  const world = sim.world;
  return {
    now: () => sim.clock.now(),
    tx: (chainId, hash) => sim.tx(chainId, hash),
    packet: (id) => sim.packet(id),
    latestBlock: (chainId) => sim.latestBlock(chainId),
    explorerLink: (chainId, hash) => sim.explorerLink(chainId, hash),
    bridgeRoute: (event) => bridgeRoute(world, event),
    bridge: (id) => bridgeView(sim, id),
  };
}
