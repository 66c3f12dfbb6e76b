/**
 * Hyperlane: TIA between Celestia (native, locked as collateral by the warp module) and Manta
 * Pacific (TIA.n, the synthetic warp token), both ways. Data in data.json; planner.ts (edges,
 * IGP fee, timing, transaction breaks), messages.ts (/msgs), codec.ts and message.ts (the
 * wire formats), execute.ts (dispatch and delivery on the simulated chains), steps.ts (the
 * relayer and the `hyperlane_fail` fault), status.ts (production's hyperlane_transfer).
 */
import type { ExecContext } from '../../chains/executors';
import type { Executor, MsgCodec } from '../../chains';
import type { ServiceBridge } from '../types';
import { HYPERLANE_DATA, type HyperlaneData } from './data';
import { collateralAccount, execRemoteTransfer, remoteTransferCodec, warpTokenContract, type DispatchSink } from './execute';
import { hyperlaneMsgs } from './messages';
import { hyperlanePlanner, type HyperlaneLegData } from './planner';
import { HYPERLANE_FAULTS, hyperlaneSteps } from './steps';
import { hyperlaneStatus } from './status';

/** Hands a dispatch to the bridge simulator, which stamps chain, tx, height and time. */
const toSimulator: DispatchSink = (ctx: ExecContext, e) => void ctx.emitBridge(e);

export function makeHyperlaneBridge(d: HyperlaneData = HYPERLANE_DATA, sink: DispatchSink = toSimulator): ServiceBridge<HyperlaneLegData, HyperlaneLegData> {
  return {
    id: 'HYPERLANE',
    name: 'Hyperlane',
    logoUri: 'https://raw.githubusercontent.com/skip-mev/skip-go-registry/main/bridges/hyperlane/logo.svg',
    planner: hyperlanePlanner(d),
    msgs: hyperlaneMsgs(d),
    simulation: {
      install(i) {
        const ends = d.routes.flatMap((r) => [r.collateral, r.synthetic]);
        const cosmos = ends.filter((e) => i.world.chain(e.chainId)?.chainType === 'cosmos').map((e) => e.chainId);
        // only chains with the warp module know MsgRemoteTransfer
        i.registerMsgType(remoteTransferCodec() as MsgCodec, execRemoteTransfer(d, sink) as Executor, [...new Set(cosmos)]);
        for (const end of ends) if (i.world.chain(end.chainId)?.chainType === 'evm') i.registerEvmContract(end.chainId, end.router, warpTokenContract(d, sink));
      },
      // each route's synthetic is backed by the collateral its router holds
      collateral: (world) =>
        d.routes.flatMap((r) => {
          const chain = world.chain(r.collateral.chainId);
          if (!chain || !world.chain(r.synthetic.chainId)) return [];
          const address = chain.chainType === 'cosmos' ? collateralAccount(chain, r.collateral) : r.collateral.router;
          return [{ token: { chainId: r.synthetic.chainId, denom: r.synthetic.denom }, lock: { chainId: r.collateral.chainId, address, denom: r.collateral.denom } }];
        }),
      steps: (t, o) => hyperlaneSteps(d, t, o.fault),
    },
    status: hyperlaneStatus,
    faults: HYPERLANE_FAULTS,
  };
}

export const hyperlaneBridge: ServiceBridge<HyperlaneLegData, HyperlaneLegData> = makeHyperlaneBridge();
