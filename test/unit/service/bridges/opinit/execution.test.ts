/**
 * OPInit on two stand-in chains (real ledgers): the user's message, then every planned step at
 * its simulated time, as the relayer will run them. Supply is checked after every step: the
 * bridge account's INIT = Echelon's INIT supply + deposits not yet finalized + withdrawals not yet paid.
 */
import { describe, expect, it } from 'vitest';
import { opinitBridge } from '../../../../../src/service/bridges/opinit';
import type { MsgInitiateTokenDeposit, MsgInitiateTokenWithdrawal } from '../../../../../src/service/bridges/opinit/codec';
import { OPINIT_DATA } from '../../../../../src/service/bridges/opinit/data';
import { bridgeAddress } from '../../../../../src/service/bridges/opinit/denom';
import { initiateTokenDeposit, initiateTokenWithdrawal } from '../../../../../src/service/bridges/opinit/execute';
import { initiateTokenDepositCodec, initiateTokenWithdrawalCodec } from '../../../../../src/service/bridges/opinit/messages';
import { opinitSupplyProblems } from '../../../../../src/service/bridges/opinit/supply';
import { FAULT_DEPOSIT_FAILED } from '../../../../../src/service/bridges/opinit/steps';
import type { BridgeStep, BridgeTransferView, StatusTx } from '../../../../../src/service/bridges/types';
import { L1, L2, T0, TwoChains, alice, attr, bob, fakeWorld } from './harness';

const L2_INIT = 'l2/23c8396041db74441f4268d0c7e0533177dc3e028a47a8e584318f2d0c46fbe9';
const BRIDGE = bridgeAddress('init', 16n);
const DAY_MS = 86_400_000;
const { simulation, status } = opinitBridge;

const txOf = (chainId: string, hash: string, time: number): StatusTx => ({
  chain_id: chainId,
  tx_hash: hash,
  explorer_link: `x/${hash}`,
  on_chain_at: new Date(time).toISOString(),
});

function deposit(c: TwoChains, amount: bigint, to = bob, time = T0) {
  const m: MsgInitiateTokenDeposit = { sender: alice, bridgeId: 16n, to, amount: { denom: 'uinit', amount: amount.toString() }, data: new Uint8Array() };
  const r = c.tx(L1, time, (ctx) => initiateTokenDeposit(OPINIT_DATA)(ctx, m));
  expect(r.record.code, r.record.log).toBe(0);
  return { ...r, view: c.view(r.bridgeEvent!) };
}

function withdraw(c: TwoChains, amount: bigint, time = T0) {
  const m: MsgInitiateTokenWithdrawal = { sender: bob, to: alice, amount: { denom: L2_INIT, amount: amount.toString() } };
  const r = c.tx(L2, time, (ctx) => initiateTokenWithdrawal(OPINIT_DATA)(ctx, m));
  expect(r.record.code, r.record.log).toBe(0);
  return { ...r, view: c.view(r.bridgeEvent!) };
}

/** The invariant the simulator will check, over the transfers the test holds. */
function supplyProblems(c: TwoChains, ...views: BridgeTransferView[]): string[] {
  return opinitSupplyProblems(OPINIT_DATA, {
    balance: (ch, a, d) => c.ledger(ch).balance(a, d),
    supply: (ch, d) => c.ledger(ch).supply(d),
    bech32Prefix: () => 'init',
    transfers: () => views,
  });
}

describe('OPInit deposit (interwoven-1 → echelon-1)', () => {
  it('locks INIT in the bridge account, then the executor mints it on Echelon in seconds: SENT → RECEIVED', () => {
    const c = new TwoChains();
    c.ledger(L1).mint(alice, 'uinit', 5_000_000n);
    const { record, bridgeEvent, result, view } = deposit(c, 1_000_000n);
    expect(c.ledger(L1).balance(alice, 'uinit')).toBe(4_000_000n);
    expect(c.ledger(L1).balance(BRIDGE, 'uinit')).toBe(1_000_000n);
    expect(result).toEqual({ data: { sequence: 1n } });
    expect(attr(record.events, 'initiate_token_deposit', 'l2_denom')).toBe(L2_INIT);
    expect(bridgeEvent).toMatchObject({ bridge: 'OPINIT', destChainId: L2, sourceDenom: 'uinit', destDenom: L2_INIT, recipient: bob, detail: { direction: 'deposit', bridgeId: '16', sequence: '1' } });
    expect(supplyProblems(c, view)).toEqual([]);
    expect(supplyProblems(c)).toEqual([expect.stringMatching(/bridge 16: interwoven-1 locks 1000000uinit but echelon-1 has 0l2\/23c8.+ \+ 0 in flight/)]);

    const sent = status.project(view, txOf, T0);
    expect(sent).toMatchObject({ status: 'pending', settled: false, event: { op_init_transfer: { state: 'OPINIT_TRANSFER_SENT', txs: { receive_tx: null } } } });
    expect(Object.keys(sent.event.op_init_transfer as object)).toEqual(['to_chain_id', 'from_chain_id', 'state', 'txs']);
    expect(sent.event.op_init_transfer).toMatchObject({ from_chain_id: L1, to_chain_id: L2 });

    const steps = simulation.steps(view, { timing: {} as never, fault: undefined, world: fakeWorld });
    expect(steps.map((s) => [s.label, s.chainId, s.afterMs])).toEqual([['finalize_token_deposit', L2, OPINIT_DATA.timing.depositSeconds * 1000]]);
    const { record: fin, outcome } = c.runStep(steps[0]!, view);
    expect(outcome).toEqual({ state: 'completed', arrived: { chainId: L2, denom: L2_INIT, address: bob } });
    expect(c.ledger(L2).balance(bob, L2_INIT)).toBe(1_000_000n);
    expect(attr(fin.events, 'finalize_token_deposit', 'success')).toBe('true');
    expect(supplyProblems(c, view)).toEqual([]);

    // the receive tx is only on chain once the clock reaches it
    expect(status.project(view, txOf, fin.time - 1).event).toMatchObject({ op_init_transfer: { state: 'OPINIT_TRANSFER_SENT' } });
    const received = status.project(view, txOf, fin.time);
    expect(received).toMatchObject({ status: 'success', settled: true, refunded: false });
    expect(received.event.op_init_transfer).toMatchObject({ state: 'OPINIT_TRANSFER_RECEIVED', txs: { send_tx: { tx_hash: record.hash, chain_id: L1 }, receive_tx: { tx_hash: fin.hash, chain_id: L2 } } });
  });

  it('finalizes deposits in L1 sequence order only', () => {
    const c = new TwoChains();
    c.ledger(L1).mint(alice, 'uinit', 10n);
    const first = deposit(c, 4n);
    const second = deposit(c, 6n);
    const step = (v: typeof first.view): BridgeStep => simulation.steps(v, { timing: {} as never, fault: undefined, world: fakeWorld })[0]!;
    expect(c.runStep(step(second.view), second.view).record.log).toMatch(/invalid sequence/);
    expect(status.project(second.view, txOf, T0 + DAY_MS)).toMatchObject({
      status: 'failed',
      settled: true,
      error: expect.stringMatching(/invalid sequence/),
      event: { op_init_transfer: { state: 'OPINIT_TRANSFER_UNKNOWN' } },
    });
    expect(c.runStep(step(first.view), first.view).record.code).toBe(0);
    expect(c.ledger(L2).supply(L2_INIT)).toBe(4n);
  });

  it('refuses a deposit over an unknown bridge or of a denom the bridge does not carry, moving nothing', () => {
    const c = new TwoChains();
    c.ledger(L1).mint(alice, 'uinit', 10n);
    c.ledger(L1).mint(alice, 'uusdc', 10n);
    const run = (m: Partial<MsgInitiateTokenDeposit>, chain = L1) =>
      c.tx(chain, T0, (ctx) => initiateTokenDeposit(OPINIT_DATA)(ctx, { sender: alice, bridgeId: 16n, to: bob, amount: { denom: 'uinit', amount: '5' }, data: new Uint8Array(), ...m })).record;
    expect(run({ bridgeId: 14n }).log).toMatch(/bridge 14 not found/);
    expect(run({ amount: { denom: 'uusdc', amount: '5' } }).log).toMatch(/uusdc is not carried by bridge 16/);
    expect(run({ amount: { denom: 'uinit', amount: '11' } }).log).toMatch(/insufficient funds/);
    expect(run({}, L2).log).toMatch(/not handled on echelon-1/);
    expect(c.ledger(L1).balance(alice, 'uinit')).toBe(10n);
    expect(c.ledger(L1).balance(BRIDGE, 'uinit')).toBe(0n);
  });
});

describe('OPInit withdrawal (echelon-1 → interwoven-1)', () => {
  it('burns on Echelon, waits for the output and its 7-day finalization period, then pays from the bridge account, once', () => {
    const c = new TwoChains();
    // genesis as the simulator will lay it out: what circulates on Echelon is locked on the L1
    c.ledger(L1).mint(BRIDGE, 'uinit', 3_000_000n);
    c.ledger(L2).mint(bob, L2_INIT, 3_000_000n);
    const { record, bridgeEvent, view } = withdraw(c, 2_000_000n);
    expect(c.ledger(L2).supply(L2_INIT)).toBe(1_000_000n);
    expect(bridgeEvent).toMatchObject({ destChainId: L1, sourceDenom: L2_INIT, destDenom: 'uinit', recipient: alice, detail: { direction: 'withdrawal', sequence: '1' } });
    expect(attr(record.events, 'initiate_token_withdrawal', 'base_denom')).toBe('uinit');
    expect(supplyProblems(c, view)).toEqual([]);

    const steps = simulation.steps(view, { timing: {} as never, fault: undefined, world: fakeWorld });
    const { outputSubmissionSeconds: out, finalizationPeriodSeconds: period, withdrawalClaimSeconds: claim } = OPINIT_DATA.timing;
    expect(steps.map((s) => [s.label, s.chainId, s.afterMs])).toEqual([
      ['propose_output', L1, out * 1000],
      ['finalize_token_withdrawal', L1, (out + period + claim) * 1000],
    ]);
    const [propose, finalize] = steps as [BridgeStep, BridgeStep];
    expect(c.runStep(propose, view).outcome).toBeUndefined();
    expect(attr(view.steps[0]!.tx.events, 'propose_output', 'output_index')).toBe('1');
    expect(status.project(view, txOf, T0 + 6 * DAY_MS).event).toMatchObject({ op_init_transfer: { state: 'OPINIT_TRANSFER_SENT', txs: { receive_tx: null } } });

    expect(c.ledger(L1).balance(alice, 'uinit')).toBe(0n);

    const { record: paid, outcome } = c.runStep(finalize, view);
    expect(outcome).toEqual({ state: 'completed', arrived: { chainId: L1, denom: 'uinit', address: alice } });
    expect(c.ledger(L1).balance(alice, 'uinit')).toBe(2_000_000n);
    expect(supplyProblems(c, view)).toEqual([]);
    expect(status.project(view, txOf, paid.time)).toMatchObject({
      status: 'success',
      event: { op_init_transfer: { state: 'OPINIT_TRANSFER_RECEIVED', from_chain_id: L2, to_chain_id: L1, txs: { receive_tx: { tx_hash: paid.hash, chain_id: L1 } } } },
    });
    // the same withdrawal is paid once
    expect(c.tx(L1, paid.time + 1, (ctx) => finalize.run(ctx, view)).record.log).toMatch(/withdrawal already finalized/);
  });

  it('refuses a denom that is not a bridge pair on the rollup', () => {
    const c = new TwoChains();
    c.ledger(L2).mint(bob, 'uother', 5n);
    const r = c.tx(L2, T0, (ctx) => initiateTokenWithdrawal(OPINIT_DATA)(ctx, { sender: bob, to: alice, amount: { denom: 'uother', amount: '5' } })).record;
    expect(r.log).toMatch(/denom pair of uother: not found/);
    expect(c.ledger(L2).balance(bob, 'uother')).toBe(5n);
  });
});

describe('OPInit failure path: opinit_deposit_failed', () => {
  for (const [name, fault, to] of [
    ['under the fault', FAULT_DEPOSIT_FAILED, bob],
    ['for a recipient the rollup cannot decode', undefined, 'not-an-address'],
  ] as const) {
    it(`mints nothing and withdraws the INIT back to the sender (${name}): SENT → UNKNOWN → refunded`, () => {
      const c = new TwoChains();
      c.ledger(L1).mint(alice, 'uinit', 1_000_000n);
      const { view } = deposit(c, 1_000_000n, to);
      const steps = simulation.steps(view, { timing: {} as never, fault, world: fakeWorld });
      expect(steps.map((s) => s.label)).toEqual(['finalize_token_deposit', 'propose_output', 'finalize_token_withdrawal']);

      const { record: fin, outcome } = c.runStep(steps[0]!, view);
      expect(outcome).toBeUndefined();
      expect(attr(fin.events, 'finalize_token_deposit', 'success')).toBe('false');
      expect(attr(fin.events, 'initiate_token_withdrawal', 'to')).toBe(alice);
      expect(c.ledger(L2).supply(L2_INIT)).toBe(0n);
      const refused = status.project(view, txOf, fin.time);
      expect(refused).toMatchObject({ status: 'failed', settled: false, refunded: false, event: { op_init_transfer: { state: 'OPINIT_TRANSFER_UNKNOWN', txs: { receive_tx: null } } } });
      expect(refused.error).toMatch(/the deposit failed on echelon-1 \(deposit failed; .+\): the rollup withdraws it back to init1.+ on interwoven-1, paid after the 7-day finalization period/);
      expect(supplyProblems(c, view)).toEqual([]);

      c.runStep(steps[1]!, view);
      const { record: paid, outcome: refund } = c.runStep(steps[2]!, view);
      expect(refund).toMatchObject({ state: 'refunded', refund: { chainId: L1, denom: 'uinit', address: alice } });
      expect(paid.time - view.event.time).toBeGreaterThanOrEqual(7 * DAY_MS);
      expect(c.ledger(L1).balance(alice, 'uinit')).toBe(1_000_000n);
      expect(c.ledger(L1).balance(BRIDGE, 'uinit')).toBe(0n);
      expect(supplyProblems(c, view)).toEqual([]);
      const settled = status.project(view, txOf, paid.time);
      expect(settled).toMatchObject({ status: 'failed', settled: true, refunded: true, event: { op_init_transfer: { state: 'OPINIT_TRANSFER_UNKNOWN' } } });
      expect(settled.error).toMatch(/refunded to init1.+ on interwoven-1/);
    });
  }

  it('leaves withdrawals alone (the fault is about deposits)', () => {
    const c = new TwoChains();
    c.ledger(L1).mint(BRIDGE, 'uinit', 5n);
    c.ledger(L2).mint(bob, L2_INIT, 5n);
    const { view } = withdraw(c, 5n);
    expect(simulation.steps(view, { timing: {} as never, fault: FAULT_DEPOSIT_FAILED, world: fakeWorld }).map((s) => s.label)).toEqual(['propose_output', 'finalize_token_withdrawal']);
  });

  it('names its fault kind with help for the README and /local/faults', () => {
    expect(opinitBridge.faults).toEqual([{ kind: 'opinit_deposit_failed', help: expect.stringMatching(/deposits only/) }]);
  });
});

describe('OPInit message checks (CheckTx)', () => {
  const ctx = { chainId: L1, prefix: 'init' };
  const dep = (m: Partial<MsgInitiateTokenDeposit>) =>
    initiateTokenDepositCodec.validate({ sender: alice, bridgeId: 16n, to: bob, amount: { denom: 'uinit', amount: '1' }, data: new Uint8Array(), ...m }, ctx);
  it('validates a deposit like ophost: sender, bridge id, a recipient, a positive amount', () => {
    expect(dep({})).toBeUndefined();
    expect(dep({ to: 'anything the rollup may refuse' })).toBeUndefined();
    expect(dep({ sender: 'cosmos1xyz' })).toMatch(/invalid sender address/);
    expect(dep({ bridgeId: 0n })).toMatch(/invalid bridge id/);
    expect(dep({ to: '' })).toMatch(/empty to address/);
    expect(dep({ amount: { denom: 'uinit', amount: '0' } })).toMatch(/invalid bridge amount/);
    expect(initiateTokenDepositCodec.signers({ sender: alice } as MsgInitiateTokenDeposit)).toEqual([alice]);
  });
  it('validates a withdrawal like opchild: both addresses and a positive amount', () => {
    const w = (m: Partial<MsgInitiateTokenWithdrawal>) => initiateTokenWithdrawalCodec.validate({ sender: bob, to: alice, amount: { denom: L2_INIT, amount: '1' }, ...m }, { chainId: L2, prefix: 'init' });
    expect(w({})).toBeUndefined();
    expect(w({ to: 'nope' })).toMatch(/invalid to address/);
    expect(w({ amount: { denom: L2_INIT, amount: '0' } })).toMatch(/invalid coins/);
  });
});
