/**
 * Simulated CosmWasm contracts of the local chains: the swap entry point (registered on every
 * venue chain by the ChainSimulator) and the live pools it trades against.
 */
import type { ChainSimulator } from '../chains/simulator';
import type { Pool } from '../world';
import { poolAddress } from './pools';

export { entryPointHandler, entryPointLifecycle, entryPoints, type SwapAndActionResult } from './entry-point';
export { poolAddress, liveReserves, requirePool, swapThroughPool, type LiveReserves } from './pools';

/** A pool's live reserves in the simulator (same order as the World pool's denoms); undefined for an unknown pool. */
export function poolReserves(sim: ChainSimulator, venue: string, poolId: string): { address: string; denoms: readonly [string, string]; reserves: [bigint, bigint] } | undefined {
  const pool = sim.world.pool(venue, poolId);
  if (!pool) return undefined;
  const address = poolAddress(sim.world, pool);
  return {
    address,
    denoms: pool.denoms,
    reserves: [sim.balance(pool.chainId, address, pool.denoms[0]), sim.balance(pool.chainId, address, pool.denoms[1])],
  };
}

/**
 * The planner's `poolReserves` option backed by the simulator's live pools, so routes are
 * quoted on the reserves the entry point will trade against: planRoute(world, req, { poolReserves: livePoolReserves(sim) }).
 */
export function livePoolReserves(sim: ChainSimulator): (pool: Pool) => readonly [string, string] {
  return (pool) => {
    const address = poolAddress(sim.world, pool);
    return [sim.balance(pool.chainId, address, pool.denoms[0]).toString(), sim.balance(pool.chainId, address, pool.denoms[1]).toString()];
  };
}
