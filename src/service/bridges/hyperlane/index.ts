/**
 * Hyperlane: TIA between Celestia (native, locked as collateral by the warp module) and Manta
 * Pacific (TIA.n, the synthetic warp token), both ways. Data in data.json; planner.ts (edges,
 * IGP fee, timing, transaction breaks), messages.ts (/msgs), codec.ts and message.ts (the
 * wire formats), execute.ts (dispatch and delivery on the simulated chains), steps.ts (the
 * relayer and the `hyperlane_fail` fault), status.ts (production's hyperlane_transfer).
 */
import type { ExecContext } from '../../chains/executors';
import type { Executor } from '../../chains';
import type { ServiceBridge } from '../types';
import { HYPERLANE_DATA, type HyperlaneData } from './data';
import { execRemoteTransfer, remoteTransferCodec, warpTokenContract, type DispatchSink } from './execute';
import { hyperlaneMsgs } from './messages';
import { hyperlanePlanner, type HyperlaneLegData } from './planner';
import { HYPERLANE_FAULTS, hyperlaneSteps } from './steps';
import { hyperlaneStatus } from './status';

/** Hands a dispatch to the bridge simulator, which stamps chain, tx, height and time. */
const toSimulator: DispatchSink = (ctx: ExecContext, e) => {
  // the shared BridgeEvent union learns bridge-owned events with the registry (phase 2)
  ctx.emitBridge(e as unknown as Parameters<ExecContext['emitBridge']>[0]);
};

export function makeHyperlaneBridge(d: HyperlaneData = HYPERLANE_DATA, sink: DispatchSink = toSimulator): ServiceBridge<HyperlaneLegData> {
  return {
    id: 'HYPERLANE',
    name: 'Hyperlane',
    logoUri: null,
    planner: hyperlanePlanner(d),
    msgs: hyperlaneMsgs(d),
    simulation: {
      install(i) {
        i.registerMsgType(remoteTransferCodec(), execRemoteTransfer(d, sink) as Executor);
        for (const route of d.routes) {
          for (const end of [route.collateral, route.synthetic]) {
            if (i.world.chain(end.chainId)?.chainType === 'evm') i.registerEvmContract(end.chainId, end.router, warpTokenContract(d, sink));
          }
        }
      },
      steps: (t, o) => hyperlaneSteps(d, t, o.fault),
    },
    status: hyperlaneStatus,
    faults: HYPERLANE_FAULTS,
  };
}

export const hyperlaneBridge: ServiceBridge<HyperlaneLegData> = makeHyperlaneBridge();
