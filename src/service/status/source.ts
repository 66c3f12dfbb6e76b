/** The simulator seen through the read-only interface status derivation needs. */
import type { ChainSimulator } from '../chains';
import { axelarChainByName } from '../chains/bridges';
import { AXELAR_GMP_ACCOUNT, parseMemo } from '../msgs/memo';
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
    axelarInbound: (packet) => {
      if (packet.destChainId !== world.bridges.axelar.axelarChainId || packet.receiver !== AXELAR_GMP_ACCOUNT) return undefined;
      const memo = parseMemo(packet.memo);
      const dest = memo.kind === 'axelar' ? axelarChainByName(world, memo.memo.destination_chain) : undefined;
      return dest ? { destChainId: dest.chainId } : undefined;
    },
  };
}
