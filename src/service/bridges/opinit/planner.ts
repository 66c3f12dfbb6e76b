/** OPInit in the planner: a deposit and a withdrawal edge per rollup and denom, no fee. */
import type { BridgePlanner, PlannedBridgeLeg } from '../types';
import { withdrawalSeconds, type OpinitData } from './data';
import { ends, finalizeBreak, initiateBreak, opinitLeg, type OpinitLeg } from './leg';

export const OP_INIT_OPERATION_KEY = 'op_init_transfer';

/** openapi OPInitTransfer, fields in its order; production relays OPInit itself and charges nothing. */
export function opInitTransferBody(leg: OpinitLeg): Record<string, unknown> {
  const [from, to, denomIn, denomOut] = ends(leg);
  return {
    from_chain_id: from,
    to_chain_id: to,
    denom_in: denomIn,
    denom_out: denomOut,
    op_init_bridge_id: leg.bridgeId,
    bridge_id: 'OPINIT',
    smart_relay: false,
  };
}

export function opinitSeconds(data: OpinitData, leg: OpinitLeg): number {
  return leg.direction === 'deposit' ? data.timing.depositSeconds : withdrawalSeconds(data.timing);
}

export function opinitPlanner(data: OpinitData): BridgePlanner<OpinitLeg> {
  return {
    *edges(ix) {
      for (const rollup of data.rollups) {
        for (const pair of rollup.pairs) {
          const l1 = ix.position(data.l1ChainId, pair.l1Denom);
          const l2 = ix.position(rollup.chainId, pair.l2Denom);
          if (!l1 || !l2) continue; // a World without the rollup (or the L1) has no such crossing
          yield { kind: 'bridge', bridge: 'OPINIT', from: l1, to: l2, data: opinitLeg(data, rollup, pair, 'deposit') } satisfies PlannedBridgeLeg<OpinitLeg>;
          yield { kind: 'bridge', bridge: 'OPINIT', from: l2, to: l1, data: opinitLeg(data, rollup, pair, 'withdrawal') } satisfies PlannedBridgeLeg<OpinitLeg>;
        }
      }
    },
    fee: () => null,
    seconds: (leg) => opinitSeconds(data, leg.data),
    cannotFollow: (_world, _prev, leg) => ({ chainId: leg.from.chainId, reason: `opinit-${leg.data.direction}`, explanation: initiateBreak(leg.data) }),
    cannotContinue: (_world, leg) => ({ chainId: leg.to.chainId, reason: 'opinit-finalize', explanation: finalizeBreak(leg.data) }),
    operation: (_ctx, leg) => ({ key: OP_INIT_OPERATION_KEY, body: opInitTransferBody(leg.data) }),
  };
}
