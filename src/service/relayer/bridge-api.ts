/**
 * Adapter over the simulator's bridge events: which bridge, between which chains, and how
 * the relayer completes one. Kept apart because bridge execution is still growing.
 */
import type { BridgeEvent, ChainSimulator } from '../chains';
import type { BridgeOutcome } from '../status/derive';
import type { World } from '../world';

export interface BridgeRoute {
  bridge: 'cctp' | 'axelar';
  from: string;
  /** '' when the destination cannot be resolved. */
  to: string;
}

export function bridgeRoute(world: World, event: BridgeEvent): BridgeRoute {
  const to = world.bridges.cctp.chains.find((c) => c.domain === event.destinationDomain)?.chainId ?? '';
  return { bridge: 'cctp', from: event.chainId, to };
}

type Completer = { completeBridge?: (id: string) => unknown };

let warned = false;

/** Completes the bridge leg on its destination; false when the simulator cannot (yet). */
export function completeBridgeEvent(sim: ChainSimulator, event: BridgeEvent): boolean {
  const complete = (sim as unknown as Completer).completeBridge;
  if (typeof complete !== 'function') {
    if (!warned) console.error('[relayer] the chain simulator has no bridge completion yet: bridge legs stay pending');
    warned = true;
    return false;
  }
  complete.call(sim, event.id);
  return true;
}

/** Where a bridge leg landed, once completed; undefined while in flight. */
export function bridgeOutcome(_sim: ChainSimulator, _event: BridgeEvent): BridgeOutcome | undefined {
  return undefined;
}
