import { beforeEach, describe, expect, it } from 'vitest';
import { EUREKA_DATA } from '../../../../../src/service/bridges/eureka/data';
import { handlerTransferCalldata, sendTransferCalldata } from '../../../../../src/service/bridges/eureka/calldata';
import { eurekaHandlerContract, ics20TransferContract, msgTransferCodec, msgTransferExecutor } from '../../../../../src/service/bridges/eureka/execute';
import { type MsgTransferV10 } from '../../../../../src/service/bridges/eureka/hub-msg';
import { eurekaSteps } from '../../../../../src/service/bridges/eureka/steps';
import { eurekaForwardMiddleware } from '../../../../../src/service/bridges/eureka/forward';
import type { BridgeOutcome, BridgeStep, BridgeTransferView } from '../../../../../src/service/bridges/types';
import { devAddress, devEvmAddress, pfmIntermediateAddress } from '../../../../../src/service/chains/address';
import type { MiddlewareContext } from '../../../../../src/service/chains/middleware';
import { approveCalldata, executeErc20 } from '../../../../../src/service/chains/erc20';
import { ExecError } from '../../../../../src/service/chains/errors';
import type { ExecContext, Executor } from '../../../../../src/service/chains/executors';
import { MSG_CODECS, type MsgCodec } from '../../../../../src/service/chains/messages';
import { getWorld } from '../../../../../src/service/world';
import { fakeChain, fakeRun, hubTransfer, txOf, viewOf, type FakeChain, type FakeRun } from './fake-chain';
import { relayOnce, SERVICE_JITTER } from '../relay-once';

const world = getWorld();
const D = EUREKA_DATA;
const WBTC = '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599';
const WBTC_HUB = 'ibc/D742E8566B0B8CC8F569D950051C09CF57988A88F0E45574BFB3079D41DE6462';
const ATOM_ETH = '0xbf6Bc6782f7EB580312CC09B976e9329f3e027B3';
const T0 = Date.UTC(2026, 10, 24, 9, 0, 0);
const user = devEvmAddress(0);
const hubUser = devAddress(0, 'cosmos');

const handler = eurekaHandlerContract(D);
const ics20 = ics20TransferContract(D);
const baseExec: Executor = () => ({ data: { sequence: 'base' } });
const hubExec = msgTransferExecutor(D, baseExec);

let eth: FakeChain;
let hub: FakeChain;

beforeEach(() => {
  eth = fakeChain(world, '1');
  hub = fakeChain(world, 'cosmoshub-4');
  eth.ledger.mint(user, WBTC, 10_000_000n);
  hub.ledger.mint(hubUser, 'uatom', 50_000_000n);
});

function approve(owner: string, token: string, spender: string, amount: bigint, time = T0): void {
  const run = fakeRun(world, eth, { time, signer: owner });
  executeErc20(run.ctx, token, owner, approveCalldata(spender, amount), 0n);
}

function ethSend(args: { amount: bigint; fee: bigint; recipient?: string; memo?: string; time?: number; expiry?: bigint; timeout?: bigint; client?: string }): FakeRun {
  const time = args.time ?? T0;
  const run = fakeRun(world, eth, { time, signer: user });
  const data = handlerTransferCalldata({
    amount: args.amount,
    token: WBTC,
    recipient: args.recipient ?? hubUser,
    sourceClient: args.client ?? 'cosmoshub-0',
    destPort: 'transfer',
    timeoutTimestamp: args.timeout ?? BigInt(time / 1000 + 1500),
    memo: args.memo ?? '',
    relayFee: args.fee,
    relayFeeRecipient: D.ethereumFeeRecipient,
    quoteExpiry: args.expiry ?? BigInt(time / 1000 + 3600),
  });
  run.ctx.atomic(() => handler(run.ctx, { from: user, to: D.eurekaHandler, data, value: 0n }));
  return run;
}

function hubSend(m: Partial<MsgTransferV10>, time = T0): FakeRun {
  const run = fakeRun(world, hub, { time, signer: hubUser });
  const msg = hubTransfer(hubUser, user, { timeoutTimestamp: BigInt(time + 600_000) * 1_000_000n, ...m });
  run.ctx.atomic(() => hubExec(run.ctx, msg));
  return run;
}

/** Runs the relayer's planned steps in order on the fake chains, as the simulator will. */
function relay(view: BridgeTransferView, fault?: string): { outcome: BridgeOutcome | undefined; runs: FakeRun[]; view: BridgeTransferView } {
  const steps = eurekaSteps(D, view, { fault, world });
  let outcome: BridgeOutcome | undefined;
  const runs: FakeRun[] = [];
  let v = view;
  for (const s of steps) {
    const run = fakeRun(world, s.chainId === '1' ? eth : hub, { time: view.event.time + s.afterMs });
    outcome = s.run(run.ctx, v);
    runs.push(run);
    v = { ...v, steps: [...v.steps, { label: s.label, tx: txOf(run) }] };
    // a landing that is not yet settled (minted, the acknowledgement still due) goes on
    if (outcome && outcome.state !== 'pending') break;
  }
  return { outcome, runs, view: v };
}

describe('Eureka from Ethereum: the EurekaHandler', () => {
  it('pulls amount + fee with one approval, pays the relayer, takes the amount out of supply and records the packet', () => {
    approve(user, WBTC, D.eurekaHandler, 1_500_100n);
    const run = ethSend({ amount: 1_500_000n, fee: 100n });
    expect(eth.ledger.balance(user, WBTC)).toBe(10_000_000n - 1_500_100n);
    expect(eth.ledger.balance(D.ethereumFeeRecipient, WBTC)).toBe(100n);
    expect(eth.ledger.supply(WBTC)).toBe(10_000_000n - 1_500_000n);
    expect(run.bridges).toHaveLength(1);
    expect(run.bridges[0]).toMatchObject({ kind: 'eureka_send_packet', bridge: 'EUREKA', from: user, amount: '1500000', destChainId: 'cosmoshub-4', sourceDenom: WBTC, destDenom: WBTC_HUB, recipient: hubUser, expectedDelayMs: 900_000 });
    expect(run.bridges[0]!.detail).toMatchObject({ direction: 'to-hub', sourceClient: 'cosmoshub-0', destClient: '08-wasm-1369', sequence: '1', relayFee: '100' });
    expect(run.events.find((e) => e.type === 'send_packet')?.attributes).toContainEqual({ key: 'packet_sequence', value: '1' });
    // sequences count up per client
    approve(user, WBTC, D.eurekaHandler, 10n);
    expect(ethSend({ amount: 10n, fee: 0n }).bridges[0]!.detail).toMatchObject({ sequence: '2' });
  });

  it('reverts without the approval, past the quote expiry, on an unknown client and for a timeout beyond a day', () => {
    expect(() => ethSend({ amount: 1_000n, fee: 1n })).toThrow(/insufficient allowance/);
    approve(user, WBTC, D.eurekaHandler, 10_000n);
    expect(() => ethSend({ amount: 1_000n, fee: 1n, expiry: BigInt(T0 / 1000) })).toThrow(/Fee quote expired/);
    expect(() => ethSend({ amount: 1_000n, fee: 1n, client: 'cosmoshub-1' })).toThrow(/IBCClientNotFound/);
    expect(() => ethSend({ amount: 1_000n, fee: 1n, timeout: BigInt(T0 / 1000 + 86_401) })).toThrow(/IBCInvalidTimeoutDuration/);
    expect(() => ethSend({ amount: 1_000n, fee: 1n, timeout: BigInt(T0 / 1000) })).toThrow(/IBCInvalidTimeoutTimestamp/);
    // nothing moved
    expect(eth.ledger.balance(user, WBTC)).toBe(10_000_000n);
  });

  it('the ICS20Transfer takes a direct sendTransfer without a fee and returns the sequence', () => {
    approve(user, WBTC, D.ics20Transfer, 5n);
    const run = fakeRun(world, eth, { time: T0, signer: user });
    const out = ics20(run.ctx, { from: user, to: D.ics20Transfer, data: sendTransferCalldata({ denom: WBTC, amount: 5n, receiver: hubUser, sourceClient: 'cosmoshub-0', destPort: 'transfer', timeoutTimestamp: BigInt(T0 / 1000 + 60), memo: '' }), value: 0n });
    expect(BigInt(out)).toBe(1n);
    expect(eth.ledger.balance(user, WBTC)).toBe(10_000_000n - 5n);
  });
});

describe('Eureka relaying', () => {
  it('WBTC to the Hub and back: minted as the ibc denom on arrival, burnt on the way back; supply conserved', () => {
    approve(user, WBTC, D.eurekaHandler, 2_000_000n);
    const send = ethSend({ amount: 2_000_000n, fee: 0n });
    const there = relay(viewOf(send, send.bridges[0]!));
    expect(there.runs.map((r) => [r.ctx.chainId, r.ctx.time - T0])).toEqual([
      ['cosmoshub-4', 900_000],
      ['1', 1_080_000],
    ]);
    expect(there.outcome).toEqual({ state: 'completed', arrived: { chainId: 'cosmoshub-4', denom: WBTC_HUB, address: hubUser } });
    expect(hub.ledger.balance(hubUser, WBTC_HUB)).toBe(2_000_000n);
    expect(hub.ledger.supply(WBTC_HUB) + eth.ledger.supply(WBTC)).toBe(10_000_000n);

    const back = hubSend({ token: { denom: WBTC_HUB, amount: '500000' } }, T0 + 2_000_000);
    expect(hub.ledger.supply(WBTC_HUB)).toBe(1_500_000n);
    expect(back.bridges[0]).toMatchObject({ destChainId: '1', sourceDenom: WBTC_HUB, destDenom: WBTC, recipient: user });
    expect(back.bridges[0]!.detail).toMatchObject({ direction: 'to-ethereum', sourceClient: '08-wasm-1369' });
    const r = relay(viewOf(back, back.bridges[0]!));
    expect(r.runs.map((x) => [x.ctx.chainId, x.ctx.time - (T0 + 2_000_000)])).toEqual([
      ['1', 180_000],
      ['cosmoshub-4', 1_080_000],
    ]);
    expect(r.outcome?.state).toBe('completed');
    expect(eth.ledger.balance(user, WBTC)).toBe(10_000_000n - 1_500_000n);
    expect(hub.ledger.supply(WBTC_HUB) + eth.ledger.supply(WBTC)).toBe(10_000_000n);
  });

  it("ATOM to Ethereum: out of the Hub's supply, minted as the Eureka ATOM ERC-20 (to the checksummed receiver)", () => {
    const send = hubSend({ receiver: user.toLowerCase() });
    expect(hub.ledger.supply('uatom')).toBe(48_000_000n);
    const r = relay(viewOf(send, send.bridges[0]!));
    expect(r.outcome).toMatchObject({ state: 'completed', arrived: { chainId: '1', denom: ATOM_ETH, address: user } });
    expect(eth.ledger.balance(user, ATOM_ETH)).toBe(2_000_000n);
    expect(eth.ledger.supply(ATOM_ETH) + hub.ledger.supply('uatom')).toBe(50_000_000n);
  });

  describe('a PFM forward memo on the Hub', () => {
    const intermediate = pfmIntermediateAddress('cosmos', '08-wasm-1369', user);
    const middleware = eurekaForwardMiddleware(D);
    /** What the Hub's PFM hears about the forward, in a Hub tx (the packet's ack or refund relayed). */
    function hear(childId: string, what: 'ack' | 'timeout', time: number): FakeRun {
      const run = fakeRun(world, hub, { time });
      const h = { ...run.ctx, within: <T>(_c: unknown, fn: () => T) => fn(), onCommit: () => {}, note: () => {} };
      const m = { h, entry: { packet: { id: childId } } } as unknown as MiddlewareContext;
      expect(what === 'ack' ? middleware.onAcknowledged!(m) : middleware.onRefunded!(m, 'timeout')).toBe(true);
      return run;
    }
    /** Runs one planned step on its fake chain. */
    function step(view: BridgeTransferView, s: BridgeStep, time = view.event.time + s.afterMs): { run: FakeRun; outcome: BridgeOutcome | undefined; view: BridgeTransferView } {
      const run = fakeRun(world, s.chainId === '1' ? eth : hub, { time });
      const outcome = s.run(run.ctx, view);
      // where the tokens landed, as the simulator records it from the outcome
      const arrived = outcome?.state === 'pending' || outcome?.state === 'completed' ? { arrived: outcome.arrived } : {};
      return { run, outcome, view: { ...view, ...arrived, steps: [...view.steps, { label: s.label, tx: txOf(run) }] } };
    }

    function sendWithForward(retries: number) {
      approve(user, WBTC, D.eurekaHandler, 1_000n);
      const memo = JSON.stringify({ forward: { receiver: 'osmo1receiver', port: 'transfer', channel: 'channel-141', timeout: '300s', retries } });
      const send = ethSend({ amount: 1_000n, fee: 0n, memo });
      const view = viewOf(send, send.bridges[0]!);
      const steps = eurekaSteps(D, view, { fault: undefined, world });
      expect(steps.map((x) => [x.label, x.chainId, x.afterMs, x.afterChildren ?? false])).toEqual([
        ['eureka_recv', 'cosmoshub-4', 900_000, false],
        ['eureka_write_ack', 'cosmoshub-4', 900_000, true],
        ['eureka_ack', '1', 1_080_000, false],
      ]);
      const recv = step(view, steps[0]!);
      return { steps, recv };
    }

    it('receives into PFM\'s account and sends on from there; the acknowledgement waits for the forward, then completes', () => {
      const { steps, recv } = sendWithForward(2);
      expect(recv.run.sends).toEqual([
        { sourcePort: 'transfer', sourceChannel: 'channel-141', token: { denom: WBTC_HUB, amount: 1_000n }, sender: intermediate, receiver: 'osmo1receiver', memo: '', timeoutTimestamp: BigInt(recv.run.ctx.time + 300_000) * 1_000_000n },
      ]);
      expect(recv.outcome).toEqual({ state: 'pending', arrived: { chainId: 'cosmoshub-4', denom: WBTC_HUB, address: intermediate } });
      expect(recv.run.events.map((e) => e.type)).toEqual(['eureka_forward', 'recv_packet']);
      // PFM has not answered: nothing to write, nothing to relay
      const early = step(recv.view, steps[1]!);
      expect(early.outcome).toBeUndefined();
      expect(step(early.view, steps[2]!).outcome).toBeUndefined();
      // the fake chain numbers packets packet-<tx>-<n>
      hear(`packet-${recv.run.ctx.height - 100}-1`, 'ack', T0 + 930_000);
      const write = step(recv.view, steps[1]!, T0 + 935_000);
      expect(write.run.events.find((e) => e.type === 'write_acknowledgement')?.attributes).toContainEqual({ key: 'packet_ack_success', value: 'true' });
      expect(step(write.view, steps[2]!).outcome).toEqual({ state: 'completed', arrived: { chainId: 'cosmoshub-4', denom: WBTC_HUB, address: intermediate } });
    });

    it('retries a timed-out forward, then answers with an error: the voucher is burnt and the sender refunded on Ethereum', () => {
      const { steps, recv } = sendWithForward(1);
      const escrow = hub.ledger.escrowAccount('channel-141', 'transfer');
      const refundToPfm = () => hub.ledger.send(escrow, intermediate, WBTC_HUB, 1_000n);
      refundToPfm();
      const retry = hear(`packet-${recv.run.ctx.height - 100}-1`, 'timeout', T0 + 1_200_000);
      expect(retry.sends).toHaveLength(1);
      expect(retry.events.find((e) => e.type === 'eureka_forward')?.attributes).toContainEqual({ key: 'retries_left', value: '0' });
      refundToPfm();
      hear(`packet-${retry.ctx.height - 100}-1`, 'timeout', T0 + 1_500_000);
      const write = step(recv.view, steps[1]!, T0 + 1_505_000);
      expect(write.outcome).toEqual({ state: 'pending', arrived: undefined });
      expect(write.run.events.find((e) => e.type === 'write_acknowledgement')?.attributes).toContainEqual({ key: 'packet_ack_error', value: expect.stringMatching(/packet-forward-middleware: forwarded packet .* timed out/) });
      expect(hub.ledger.supply(WBTC_HUB)).toBe(0n);
      const ack = step(write.view, steps[2]!, T0 + 1_685_000);
      expect(ack.outcome).toMatchObject({ state: 'refunded', refund: { chainId: '1', denom: WBTC, address: user } });
      expect(eth.ledger.balance(user, WBTC)).toBe(10_000_000n);
    });
  });

  it('refunds the sender after an error acknowledgement (a receiver Ethereum cannot take)', () => {
    const send = hubSend({ receiver: hubUser });
    const r = relay(viewOf(send, send.bridges[0]!));
    expect(r.runs[0]!.events.find((e) => e.type === 'write_acknowledgement')?.attributes).toContainEqual({ key: 'packet_ack_success', value: 'false' });
    expect(r.outcome).toMatchObject({ state: 'refunded', refund: { chainId: 'cosmoshub-4', denom: 'uatom', address: hubUser } });
    expect(hub.ledger.balance(hubUser, 'uatom')).toBe(50_000_000n);
    expect(hub.ledger.supply('uatom')).toBe(50_000_000n);
    expect(eth.ledger.supply(ATOM_ETH)).toBe(0n);
  });

  it('under eureka_timeout: no delivery; the timeout lands on the source after the packet timeout and refunds', () => {
    approve(user, WBTC, D.eurekaHandler, 3_000n);
    const send = ethSend({ amount: 3_000n, fee: 0n, timeout: BigInt(T0 / 1000 + 1500) });
    const view = viewOf(send, send.bridges[0]!);
    // the packet's timeout is fixed; proving it back from the Hub takes its ~3 min
    expect(eurekaSteps(D, view, { fault: 'eureka_timeout', world }).map((st) => [st.label, st.afterMs, st.fixedMs])).toEqual([['eureka_timeout', 1_680_000, 1_500_000]]);
    const r = relay(view, 'eureka_timeout');
    expect(r.runs.map((x) => [x.ctx.chainId, x.ctx.time - T0])).toEqual([['1', 1_500_000 + 180_000]]);
    expect(r.outcome).toMatchObject({ state: 'refunded', refund: { chainId: '1', denom: WBTC, address: user }, error: expect.stringMatching(/timed out/) });
    expect(eth.ledger.balance(user, WBTC)).toBe(10_000_000n);
    expect(eth.ledger.supply(WBTC)).toBe(10_000_000n);
    expect(hub.ledger.supply(WBTC_HUB)).toBe(0n);
  });

  it('under eureka_timeout, through the relay whatever its jitter draws: the timeout proven the stretched 3 min after the packet timeout', () => {
    const timeoutAt = T0 + 1_500_000;
    const proofDelays = new Set<number>();
    for (let seed = 1; seed <= 12; seed += 1) {
      approve(user, WBTC, D.eurekaHandler, 3_000n);
      const send = ethSend({ amount: 3_000n, fee: 0n, timeout: BigInt(timeoutAt / 1000) });
      const view = viewOf(send, send.bridges[0]!);
      const { ran, logs } = relayOnce(view, eurekaSteps(D, view, { fault: 'eureka_timeout', world }), seed, (step, at) =>
        step.run(fakeRun(world, step.chainId === '1' ? eth : hub, { time: at }).ctx, view),
      );
      expect(logs).toEqual([]);
      expect(ran.map((x) => x.label)).toEqual(['eureka_timeout']);
      const delay = ran[0]!.at - timeoutAt;
      expect(delay).toBeGreaterThanOrEqual(180_000 * (1 - SERVICE_JITTER));
      expect(delay).toBeLessThanOrEqual(180_000 * (1 + SERVICE_JITTER));
      proofDelays.add(delay);
    }
    expect(proofDelays.size).toBeGreaterThan(1);
    expect(eth.ledger.balance(user, WBTC)).toBe(10_000_000n);
  });
});

describe('the Hub MsgTransfer over the Ethereum client', () => {
  const base = MSG_CODECS.get('/ibc.applications.transfer.v1.MsgTransfer') as MsgCodec;
  const codec = msgTransferCodec(D, base);
  const ok = hubTransfer(hubUser, user, { token: { denom: 'uatom', amount: '1' }, timeoutTimestamp: 1n });

  it('checks IBC v2 rules at CheckTx: timestamp only, a known encoding', () => {
    const c = { chainId: 'cosmoshub-4', prefix: 'cosmos' };
    expect(codec.validate(ok, c)).toBeUndefined();
    expect(codec.validate({ ...ok, timeoutHeight: { revisionNumber: 4n, revisionHeight: 10n } }, c)).toMatch(/timeout height must be zero/);
    expect(codec.validate({ ...ok, encoding: 'text/csv' }, c)).toMatch(/unsupported packet data encoding/);
    // the replaced codec's own checks still apply
    expect(codec.validate({ ...ok, sender: 'osmo1xyz' }, c)).toMatch(/invalid sender address/);
    // a channel transfer keeps its v1 rules
    expect(codec.validate({ ...ok, sourceChannel: 'channel-141', timeoutHeight: { revisionNumber: 1n, revisionHeight: 10n } }, c)).toBeUndefined();
  });

  it('hands channel transfers to the executor it replaces and refuses tokens Eureka does not carry', () => {
    const run = fakeRun(world, hub, { time: T0, signer: hubUser });
    expect(hubExec(run.ctx, { ...ok, sourceChannel: 'channel-141' })).toEqual({ data: { sequence: 'base' } });
    expect(() => hubExec(run.ctx as ExecContext, { ...ok, token: { denom: 'uosmo', amount: '1' }, timeoutTimestamp: BigInt(T0 + 60_000) * 1_000_000n })).toThrow(ExecError);
    expect(() => hubExec(run.ctx, { ...ok, timeoutTimestamp: BigInt(T0) * 1_000_000n })).toThrow(/invalid packet timeout/);
  });
});
