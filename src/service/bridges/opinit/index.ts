/**
 * OPInit: INIT between the Initia L1 (interwoven-1) and its optimistic rollups (Echelon,
 * echelon-1, bridge 16). Deposits land in seconds; withdrawals wait for an output root and
 * its 7-day finalization period in simulated time. No fees. See data.json for every fact and
 * its source, steps.ts for the timeline and the `opinit_deposit_failed` fault.
 */
import type { MsgCodec } from '../../chains/messages';
import type { Executor } from '../../chains/executors';
import type { ServiceBridge } from '../types';
import { OPINIT_DATA, type OpinitData } from './data';
import { initiateTokenDepositCodec, initiateTokenWithdrawalCodec } from './messages';
import { initiateTokenDeposit, initiateTokenWithdrawal } from './execute';
import type { OpinitLeg } from './leg';
import { opinitMsgs } from './msgs';
import { opinitPlanner } from './planner';
import { opinitStatus } from './status';
import { bridgeAddress } from './denom';
import { opinitSupplyProblems } from './supply';
import { FAULT_DEPOSIT_FAILED, opinitSteps } from './steps';

export function makeOpinitBridge(data: OpinitData): ServiceBridge<OpinitLeg> {
  return {
    id: 'OPINIT',
    name: 'OPInit',
    // Initia's own logo (chain-registry mainnet/initia): OPInit is Initia's bridge
    logoUri: 'https://raw.githubusercontent.com/cosmos/chain-registry/master/initia/images/INIT.png',
    planner: opinitPlanner(data),
    msgs: opinitMsgs(data),
    simulation: {
      install(i) {
        // the registry is keyed by type URL, so it holds codecs and executors of unknown message types
        // ophost lives on the L1, opchild on each rollup: elsewhere the type URL is unknown
        i.registerMsgType(initiateTokenDepositCodec as MsgCodec, initiateTokenDeposit(data) as Executor, [data.l1ChainId]);
        i.registerMsgType(initiateTokenWithdrawalCodec as MsgCodec, initiateTokenWithdrawal(data) as Executor, data.rollups.map((r) => r.chainId));
        // each bridge account backs what its rollup holds of the pair's L2 denom, from genesis on
        const prefix = i.world.chain(data.l1ChainId)?.bech32Prefix;
        for (const r of data.rollups) {
          if (prefix === undefined || !i.world.chain(r.chainId)) continue;
          for (const p of r.pairs) {
            i.registerLockAccount({ chainId: data.l1ChainId, address: bridgeAddress(prefix, BigInt(r.bridgeId)), denom: p.l1Denom, backs: { chainId: r.chainId, denom: p.l2Denom } });
          }
        }
      },
      steps: (transfer, o) => opinitSteps(data, transfer, o),
      invariants: (read) => opinitSupplyProblems(data, read),
    },
    status: opinitStatus(data),
    faults: [
      {
        kind: FAULT_DEPOSIT_FAILED,
        help:
          'deposits only: the rollup refuses to credit the recipient (MsgFinalizeTokenDeposit records success=false, nothing is minted) and withdraws the INIT back to the L1 sender; ' +
          'the status turns OPINIT_TRANSFER_UNKNOWN at once and the leg settles as refunded when that withdrawal is paid on the L1 after the finalization period',
      },
    ],
  };
}

export const opinitBridge: ServiceBridge<OpinitLeg> = makeOpinitBridge(OPINIT_DATA);
