import { describe, expect, it } from 'vitest';
import { OPINIT_DATA } from '../../../../../src/service/bridges/opinit/data';
import { opinitBridge } from '../../../../../src/service/bridges/opinit';
import { MsgInitiateTokenDepositCodec } from '../../../../../src/service/bridges/opinit/codec';
import type { OpinitLeg } from '../../../../../src/service/bridges/opinit/leg';
import { initiateTokenDepositFromJson, initiateTokenWithdrawalFromJson } from '../../../../../src/service/bridges/opinit/messages';
import type { CosmosMsgJson } from '../../../../../src/service/msgs/cosmos';
import type { MsgsBridgeLeg, MsgsLegBase, PlannedBridgeLeg, TxBuilding } from '../../../../../src/service/bridges/types';
import type { PlannerIndex } from '../../../../../src/service/planner/graph';
import type { Position } from '../../../../../src/service/planner/types';
import { ServiceError } from '../../../../../src/service/http/errors';
import { L1, L2, alice, bob, fakeWorld } from './harness';
import { testTxBuilding } from '../../../../support/tx-building';

const L2_INIT = 'l2/23c8396041db74441f4268d0c7e0533177dc3e028a47a8e584318f2d0c46fbe9';
const { planner, msgs } = opinitBridge;
const WHERE = 'operations[0] (op_init_transfer)';

/** A planner index that knows only the positions OPInit asks for (and, optionally, not the rollup). */
function fakeIndex(withRollup = true): PlannerIndex {
  return {
    world: fakeWorld,
    position: (chainId: string, denom: string) =>
      (chainId === L1 && denom === 'uinit') || (withRollup && chainId === L2 && denom === L2_INIT) ? ({ chainId, denom } as Position) : undefined,
  } as unknown as PlannerIndex;
}

function base(from: string, to: string, denomIn: string): MsgsLegBase {
  return { index: 0, txIndex: 0, from, to, fromPos: 0, toPos: 1, denomIn, denomOut: '', amountIn: 1_000_000n, amountOut: 1_000_000n };
}

function building(): TxBuilding {
  // OPInit never writes an EVM tx
  return testTxBuilding(fakeWorld, [alice, bob], { cosmos: { chainId: '?', path: [] } });
}

/** The msgs of the single cosmos_tx a crossing starts (fails on anything else). */
function onlyCosmosMsgs(txs: ReturnType<typeof msgs.startTx>): CosmosMsgJson[] {
  expect(txs).toHaveLength(1);
  const [tx] = txs;
  if (!tx || !('cosmos_tx' in tx)) throw new Error('expected one cosmos_tx');
  return tx.cosmos_tx.msgs;
}

describe('OPInit planner', () => {
  const edges = [...planner.edges(fakeIndex())];

  it('offers a deposit and a withdrawal between interwoven-1 uinit and echelon-1 INIT', () => {
    expect(edges.map((e) => [e.from.chainId, e.from.denom, e.to.chainId, e.to.denom, e.data.direction])).toEqual([
      [L1, 'uinit', L2, L2_INIT, 'deposit'],
      [L2, L2_INIT, L1, 'uinit', 'withdrawal'],
    ]);
    expect(edges.every((e) => e.bridge === 'OPINIT' && e.data.bridgeId === '16')).toBe(true);
    expect([...planner.edges(fakeIndex(false))]).toEqual([]);
  });

  it('charges nothing and quotes seconds for a deposit, 7 days and more for a withdrawal', () => {
    const [deposit, withdrawal] = edges as [PlannedBridgeLeg<OpinitLeg>, PlannedBridgeLeg<OpinitLeg>];
    expect(planner.fee({} as never, deposit)).toBeNull();
    expect(planner.seconds(deposit, { smartRelay: true, timing: {} as never })).toBe(OPINIT_DATA.timing.depositSeconds);
    expect(planner.seconds(withdrawal, { smartRelay: true, timing: {} as never })).toBeGreaterThanOrEqual(7 * 24 * 3600);
  });

  it('writes op_init_transfer with openapi OPInitTransfer fields in order', () => {
    const [deposit, withdrawal] = edges as [PlannedBridgeLeg<OpinitLeg>, PlannedBridgeLeg<OpinitLeg>];
    const op = planner.operation({} as never, deposit, { amountIn: 5n, amountOut: 5n }, { smartRelay: true });
    expect(op.key).toBe('op_init_transfer');
    expect(Object.entries(op.body)).toEqual([
      ['from_chain_id', L1],
      ['to_chain_id', L2],
      ['denom_in', 'uinit'],
      ['denom_out', L2_INIT],
      ['op_init_bridge_id', '16'],
      ['bridge_id', 'OPINIT'],
      ['smart_relay', false],
    ]);
    expect(planner.operation({} as never, withdrawal, { amountIn: 5n, amountOut: 5n }, { smartRelay: false }).body).toMatchObject({
      from_chain_id: L2,
      to_chain_id: L1,
      denom_in: L2_INIT,
      denom_out: 'uinit',
    });
  });

  it('starts its own transaction and ends the one it is in, on the right chains', () => {
    const [deposit] = edges as [PlannedBridgeLeg<OpinitLeg>];
    expect(planner.cannotFollow(fakeWorld, {} as never, deposit)).toMatchObject({ chainId: L1, reason: 'opinit-deposit' });
    expect(planner.cannotContinue(fakeWorld, deposit, {} as never)).toMatchObject({ chainId: L2, reason: 'opinit-finalize' });
  });
});

describe('OPInit msgs', () => {
  it('reads the fixture-shaped operation back and builds a MsgInitiateTokenDeposit on the L1', () => {
    const body = { from_chain_id: L1, to_chain_id: L2, denom_in: 'uinit', denom_out: L2_INIT, op_init_bridge_id: '16' };
    const leg = msgs.read(fakeWorld, body, base(L1, L2, 'uinit'), WHERE);
    expect(leg).toMatchObject({ kind: 'bridge', bridge: 'OPINIT', denomIn: 'uinit', denomOut: L2_INIT, data: { direction: 'deposit', bridgeId: '16' } });
    expect(msgs.amountOut(leg, 123n)).toBe(123n);
    expect(msgs.fees(fakeWorld, leg, 0)).toEqual([]);
    const [m] = onlyCosmosMsgs(msgs.startTx(building(), leg, 1_000_000n));
    expect(m?.msg_type_url).toBe('/opinit.ophost.v1.MsgInitiateTokenDeposit');
    expect(JSON.parse(m!.msg)).toEqual({ sender: alice, bridge_id: '16', to: bob, amount: { denom: 'uinit', amount: '1000000' } });
    // the JSON is exactly a protobuf message a wallet can sign, and back
    const decoded = initiateTokenDepositFromJson(m!.msg);
    expect(MsgInitiateTokenDepositCodec.decode(MsgInitiateTokenDepositCodec.encode(decoded))).toEqual({ ...decoded });
    expect(decoded.bridgeId).toBe(16n);
  });

  it('builds a MsgInitiateTokenWithdrawal on the rollup for the way back', () => {
    const leg = msgs.read(fakeWorld, { op_init_bridge_id: '16' }, base(L2, L1, L2_INIT), WHERE) as MsgsBridgeLeg<OpinitLeg>;
    expect(leg.denomOut).toBe('uinit');
    const [m] = onlyCosmosMsgs(msgs.startTx(building(), leg, 77n));
    expect(m?.msg_type_url).toBe('/opinit.opchild.v1.MsgInitiateTokenWithdrawal');
    expect(initiateTokenWithdrawalFromJson(m!.msg)).toEqual({ sender: alice, to: bob, amount: { denom: L2_INIT, amount: '77' } });
  });

  it('refuses an operation that is not the real bridge, naming the field', () => {
    const bad = (body: Record<string, unknown>, b: MsgsLegBase): string => {
      try {
        msgs.read(fakeWorld, body, b, WHERE);
      } catch (e) {
        expect(e).toBeInstanceOf(ServiceError);
        return (e as Error).message;
      }
      throw new Error('accepted');
    };
    expect(bad({ op_init_bridge_id: '14' }, base(L1, L2, 'uinit'))).toMatch(/op_init_bridge_id "14" is not the bridge of echelon-1 \(16\)/);
    expect(bad({}, base(L1, L2, 'uusdc'))).toMatch(/denom_in uusdc is not carried/);
    expect(bad({ denom_out: 'uinit' }, base(L1, L2, 'uinit'))).toMatch(/denom_out "uinit" is not what bridge 16 delivers/);
    expect(bad({}, base(L1, 'osmosis-1', 'uinit'))).toMatch(/OPInit connects interwoven-1 with its rollups \(echelon-1\), not interwoven-1 and osmosis-1/);
    expect(bad({}, base(L2, L2, L2_INIT))).toMatch(/operations\[0\] \(op_init_transfer\)/);
  });

  it('explains why nothing rides with it in one transaction', () => {
    const leg = msgs.read(fakeWorld, {}, base(L1, L2, 'uinit'), WHERE);
    expect(msgs.cannotFollow(fakeWorld, { kind: 'transfer', to: L1 }, leg)).toMatch(/MsgInitiateTokenDeposit\) signed on interwoven-1/);
    expect(msgs.cannotContinue(fakeWorld, leg, { kind: 'transfer', from: L2 })).toMatch(/new transaction signed on echelon-1/);
  });
});
