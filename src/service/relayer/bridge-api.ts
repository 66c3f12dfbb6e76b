/**
 * Bridge legs (CCTP, Axelar) as the relayer and status see them: which bridge, between
 * which chains, and the simulator's record of each (ChainSimulator.bridgeTransfer).
 */
import type { BridgeEvent, ChainSimulator } from '../chains';
import type { BridgeView } from '../status/derive';
import type { World } from '../world';

export interface BridgeRoute {
  bridge: 'cctp' | 'axelar';
  from: string;
  /** Where the bridge itself delivers: Axelar reaches a Cosmos chain through its hub, then IBC. */
  to: string;
  /** The denom minted there. */
  denom: string;
}

export function bridgeRoute(world: World, event: BridgeEvent): BridgeRoute {
  const hub = world.bridges.axelar.axelarChainId;
  if (event.kind === 'axelar_transfer') {
    const dest = world.chain(event.destChainId);
    const viaHub = dest?.chainType === 'cosmos' && dest.chainId !== hub;
    return { bridge: 'axelar', from: event.chainId, to: viaHub ? hub : event.destChainId, denom: viaHub ? event.asset : event.destDenom };
  }
  return { bridge: 'cctp', from: event.chainId, to: event.destChainId, denom: event.destDenom };
}

/** Completes a pending bridge leg on its destination; false when it is no longer pending. */
export function completeBridgeEvent(sim: ChainSimulator, event: BridgeEvent): boolean {
  if (sim.bridgeTransfer(event.id)?.state !== 'pending') return false;
  const { tx } = sim.completeBridge(event.id);
  return tx.code === 0;
}

export function bridgeView(sim: ChainSimulator, id: string): BridgeView | undefined {
  const t = sim.bridgeTransfer(id);
  if (!t) return undefined;
  return {
    event: t.event,
    state: t.state,
    ...(t.completeTx ? { completeTx: t.completeTx } : {}),
    ...(t.confirmTx ? { confirmTx: t.confirmTx } : {}),
    ...(t.mintedOn ? { mintedOn: t.mintedOn } : {}),
    childPacketIds: t.childPacketIds,
    ...(t.error !== undefined ? { error: t.error } : {}),
  };
}
