/**
 * Where IBC itself ends a transaction: a hop out of a chain the tokens just arrived on needs
 * packet-forward-middleware there. Bridges that take tokens in over IBC use the same rule.
 */
import type { World } from '../../world';
import type { TxBreak } from '../types';

/** "Osmosis (osmosis-1)", or the bare id for a chain the World does not know. */
export function chainLabel(world: World, chainId: string): string {
  const chain = world.chain(chainId);
  return chain ? `${chain.prettyName} (${chainId})` : chainId;
}

/** An IBC hop out of a chain the tokens arrived on: fine where PFM runs, a new transaction elsewhere. */
export function pfmBreak(world: World, chainId: string): TxBreak | undefined {
  if (world.chain(chainId)?.pfmEnabled) return undefined;
  return {
    chainId,
    reason: 'pfm',
    explanation: `${chainLabel(world, chainId)} does not support packet forwarding (PFM), so the route cannot continue from it in the same transaction`,
  };
}
