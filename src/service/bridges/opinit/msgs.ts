/**
 * OPInit in /msgs: reads the caller's `op_init_transfer` back (checking that its chains, bridge
 * id and denoms are the bridge's real ones) and writes the one message the user signs: a
 * MsgInitiateTokenDeposit on the L1, or a MsgInitiateTokenWithdrawal on the rollup.
 */
import { invalidArgument } from '../../http/errors';
import type { BridgeMsgs, MsgsBridgeLeg, MsgsLegBase } from '../types';
import { rollupOf, type OpinitData } from './data';
import { ends, finalizeBreak, initiateBreak, opinitLeg, type OpinitLeg } from './leg';
import { initiateTokenDepositJson, initiateTokenWithdrawalJson } from './messages';
import { OP_INIT_OPERATION_KEY } from './planner';

type Body = Record<string, unknown>;

export function readOpInitTransfer(data: OpinitData, body: Body, base: MsgsLegBase, where: string): MsgsBridgeLeg<OpinitLeg> {
  const depositTo = base.from === data.l1ChainId ? rollupOf(data, base.to) : undefined;
  const withdrawFrom = base.to === data.l1ChainId ? rollupOf(data, base.from) : undefined;
  const rollup = depositTo ?? withdrawFrom;
  if (!rollup) {
    const served = data.rollups.map((r) => r.chainId).join(', ');
    throw invalidArgument(`${where}: OPInit connects ${data.l1ChainId} with its rollups (${served}), not ${base.from} and ${base.to}`);
  }
  const direction = depositTo ? 'deposit' : 'withdrawal';
  const bridgeId = body.op_init_bridge_id;
  if (bridgeId !== undefined && String(bridgeId) !== rollup.bridgeId) {
    throw invalidArgument(`${where}: op_init_bridge_id ${JSON.stringify(bridgeId)} is not the bridge of ${rollup.chainId} (${rollup.bridgeId})`);
  }
  const pair = rollup.pairs.find((p) => (direction === 'deposit' ? p.l1Denom : p.l2Denom) === base.denomIn);
  if (!pair) {
    const carried = rollup.pairs.map((p) => (direction === 'deposit' ? p.l1Denom : p.l2Denom)).join(', ');
    throw invalidArgument(`${where}: denom_in ${base.denomIn} is not carried by OPInit bridge ${rollup.bridgeId} from ${base.from} (it carries ${carried})`);
  }
  const leg = opinitLeg(data, rollup, pair, direction);
  const [, , , denomOut] = ends(leg);
  if (body.denom_out !== undefined && body.denom_out !== denomOut) {
    throw invalidArgument(`${where}: denom_out ${JSON.stringify(body.denom_out)} is not what bridge ${rollup.bridgeId} delivers (${denomOut})`);
  }
  return { ...base, kind: 'bridge', bridge: 'OPINIT', denomIn: base.denomIn, denomOut, data: leg };
}

export function opinitMsgs(data: OpinitData): BridgeMsgs<OpinitLeg> {
  return {
    operationKey: OP_INIT_OPERATION_KEY,
    read: (_world, body, base, where) => readOpInitTransfer(data, body, base, where),
    amountOut: (_leg, amountIn) => amountIn,
    cannotFollow: (_world, _prev, leg) => initiateBreak(leg.data),
    cannotContinue: (_world, leg) => finalizeBreak(leg.data),
    startTx(b, leg, amount) {
      const sender = b.address(leg.fromPos);
      const to = b.address(leg.toPos);
      const coin = { denom: leg.denomIn, amount: amount.toString() };
      const msg =
        leg.data.direction === 'deposit'
          ? initiateTokenDepositJson({ sender, bridgeId: BigInt(leg.data.bridgeId), to, amount: coin, data: new Uint8Array() })
          : initiateTokenWithdrawalJson({ sender, to, amount: coin });
      return [b.cosmosTx([msg])];
    },
    // production shows no fee for OPInit: the bridge executor relays on its own
    fees: () => [],
  };
}
