/**
 * Go Fast's contracts and steps on fake chains with real ledgers: submitOrder behind the USDC
 * approval, the solver's fill (plain, through the real swap entry point, and with a swap that
 * fails after the fill), and under `go_fast_no_solver` the timeout and the refund; then the
 * status projection of each state.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { goFastBridge } from '../../../../../src/service/bridges/go-fast';
import { decodeSubmitOrder, submitOrderCalldata } from '../../../../../src/service/bridges/go-fast/calldata';
import { GO_FAST_DATA } from '../../../../../src/service/bridges/go-fast/data';
import { recipientBytes } from '../../../../../src/service/bridges/go-fast/payload';
import type { GoFastCrossingStart } from '../../../../../src/service/bridges/go-fast/execute';
import { GO_FAST_STATES } from '../../../../../src/service/bridges/go-fast/status';
import type { BridgeTransferView, EvmContractHandler, StatusTx } from '../../../../../src/service/bridges/types';
import { approveCalldata, devAddress, devEvmAddress, executeErc20 } from '../../../../../src/service/chains';
import type { TxRecord } from '../../../../../src/service/chains/blocks';
import { entryPointHandler } from '../../../../../src/service/contracts/entry-point';
import { poolAddress } from '../../../../../src/service/contracts/pools';
import { buildWorld, type World } from '../../../../../src/service/world';
import { evmAddressBytes, leftPad32 } from '../../../../../src/chains/addresses';
import { FakeChains } from './fake-chain';
import { relayOnce, SERVICE_JITTER } from '../relay-once';

let world: World;
beforeAll(() => {
  world = buildWorld({ log: () => {} });
});

const ARB = GO_FAST_DATA.sources.find((s) => s.chainId === '42161')!;
const DEST = GO_FAST_DATA.destination;
const T0 = 1_790_000_000_000; // ms
const user = () => devEvmAddress(1);
const osmoUser = () => devAddress(1, 'osmo');

function setup() {
  const chains = new FakeChains(world);
  const handlers = new Map<string, EvmContractHandler>();
  goFastBridge.simulation.install({
    world,
    registerMsgType: () => {},
    registerEvmContract: (chainId, address, h) => void handlers.set(`${chainId}/${address}`, h),
    registerLockAccount: () => {},
    registerPacketMiddleware: () => {},
    afterMsg: () => {},
  });
  chains.ledger('42161').mint(user(), ARB.usdc, 1_000_000_000n);
  chains.ledger('osmosis-1').mint(GO_FAST_DATA.solver.address, DEST.usdc, GO_FAST_DATA.solver.inventory);
  const submit = (data: string, approve = true) => {
    if (approve) chains.tx('42161', T0, (ctx) => executeErc20(ctx, ARB.usdc, user(), approveCalldata(ARB.gateway, 100_000_000n), 0n));
    return chains.tx('42161', T0, (ctx) => handlers.get(`42161/${ARB.gateway}`)!(ctx, { from: user(), to: ARB.gateway, data, value: 0n }));
  };
  const view = (): BridgeTransferView => {
    const c = chains.crossings.at(-1) as GoFastCrossingStart;
    return { id: 'x', event: { ...c, id: 'x', chainId: '42161', txHash: '0xsubmit', height: 1, time: T0 }, state: 'pending', steps: [], childPacketIds: [] };
  };
  return { chains, handlers, submit, view };
}

const orderData = (recipient: Uint8Array, data = new Uint8Array(), amountOut = 99_870_000n) =>
  submitOrderCalldata({
    sender: leftPad32(evmAddressBytes(user())),
    recipient,
    amountIn: 100_000_000n,
    amountOut,
    destinationDomain: 875,
    timeoutTimestamp: BigInt(T0 / 1000 + 1800),
    data,
  });

describe('the source gateway', () => {
  it('installs at each source gateway address', () => {
    const { handlers } = setup();
    expect([...handlers.keys()]).toEqual(GO_FAST_DATA.sources.map((s) => `${s.chainId}/${s.gateway}`));
  });

  it('refuses an order without the USDC approval, and one to an unknown domain', () => {
    const { submit, chains } = setup();
    expect(() => submit(orderData(recipientBytes(osmoUser())), false)).toThrow(/insufficient allowance/);
    const wrongDomain = submitOrderCalldata({ ...decodeSubmitOrder(orderData(recipientBytes(osmoUser()))), destinationDomain: 4 });
    expect(() => submit(wrongDomain)).toThrow(/destination domain not found/);
    expect(chains.ledger('42161').balance(user(), ARB.usdc)).toBe(1_000_000_000n);
  });

  it('takes amountIn into the gateway, numbers the order and starts the crossing', () => {
    const { submit, chains } = setup();
    const id = submit(orderData(recipientBytes(osmoUser())));
    expect(chains.ledger('42161').balance(user(), ARB.usdc)).toBe(900_000_000n);
    expect(chains.ledger('42161').balance(ARB.gateway, ARB.usdc)).toBe(100_000_000n);
    const c = chains.crossings[0] as { detail: { orderId: string; refundTo: string }; recipient: string; amount: string };
    expect(c).toMatchObject({ bridge: 'GO_FAST', from: user(), amount: '100000000', destChainId: 'osmosis-1', sourceDenom: ARB.usdc, destDenom: DEST.usdc, recipient: osmoUser() });
    expect(c.detail.orderId).toBe(id);
    expect(c.detail.refundTo).toBe(user());
    const id2 = submit(orderData(recipientBytes(osmoUser())));
    expect(id2).not.toBe(id); // the nonce moved on
    expect(chains.events.find((e) => e.event.type === 'OrderSubmitted')).toBeDefined();
  });
});

describe('the solver’s fill', () => {
  it('pays the recipient from the solver’s inventory within seconds', () => {
    const { submit, chains, view } = setup();
    submit(orderData(recipientBytes(osmoUser())));
    const steps = goFastBridge.simulation.steps(view(), { timing: {} as never, fault: undefined, world });
    // the timeout and refund after the fill run only if it did not settle the crossing
    expect(steps.map((st) => [st.label, st.chainId, st.afterMs, st.fixedMs])).toEqual([
      ['go_fast_fill', 'osmosis-1', 10_000, undefined],
      ['go_fast_timeout', 'osmosis-1', 1_801_000, 1_801_000],
      ['go_fast_refund', '42161', 1_861_000, 1_801_000],
    ]);
    const fill = steps[0];
    const out = chains.tx('osmosis-1', T0 + fill!.afterMs, (ctx) => fill!.run(ctx, view()));
    expect(out).toEqual({ state: 'completed', arrived: { chainId: 'osmosis-1', denom: DEST.usdc, address: osmoUser() } });
    expect(chains.ledger('osmosis-1').balance(osmoUser(), DEST.usdc)).toBe(99_870_000n);
    expect(chains.ledger('osmosis-1').balance(GO_FAST_DATA.solver.address, DEST.usdc)).toBe(GO_FAST_DATA.solver.inventory - 99_870_000n);
    // filled once only
    expect(chains.tx('osmosis-1', T0 + 20_000, (ctx) => fill!.run(ctx, view()))).toBeUndefined();
    expect(chains.ledger('osmosis-1').balance(osmoUser(), DEST.usdc)).toBe(99_870_000n);
  });

  it('leaves an order it cannot fill (expired, or more than its inventory) to time out and be refunded', () => {
    const { submit, chains, view } = setup();
    submit(orderData(recipientBytes(osmoUser())));
    const [fill, timeout, refund] = goFastBridge.simulation.steps(view(), { timing: {} as never, fault: undefined, world });
    expect(chains.tx('osmosis-1', T0 + 1_800_000, (ctx) => fill!.run(ctx, view()))).toBeUndefined();
    expect(chains.events.at(-1)?.event.attributes).toContainEqual({ key: 'skipped', value: 'the order has expired' });
    chains.ledger('osmosis-1').burn(GO_FAST_DATA.solver.address, DEST.usdc, GO_FAST_DATA.solver.inventory - 5n);
    expect(chains.tx('osmosis-1', T0 + 10_000, (ctx) => fill!.run(ctx, view()))).toBeUndefined();
    expect(chains.events.at(-1)?.event.attributes).toContainEqual({ key: 'skipped', value: `the solver holds 5${DEST.usdc}, less than the order's 99870000` });
    expect(chains.ledger('osmosis-1').balance(osmoUser(), DEST.usdc)).toBe(0n);
    chains.tx('osmosis-1', T0 + timeout!.afterMs, (ctx) => timeout!.run(ctx, view()));
    expect(chains.tx('42161', T0 + refund!.afterMs, (ctx) => refund!.run(ctx, view()))).toMatchObject({ state: 'refunded' });
    expect(chains.ledger('42161').balance(user(), ARB.usdc)).toBe(1_000_000_000n);
  });

  function swapPayload(minOut: bigint) {
    const venue = world.venuesOn('osmosis-1').find((v) => v.name === 'osmosis-poolmanager')!;
    const pool = world.poolsOn('osmosis-1').find((p) => p.venue === venue.name && p.denoms.includes(DEST.usdc) && p.denoms.includes('uosmo'))!;
    const msg = {
      user_swap: { swap_exact_asset_in: { swap_venue_name: venue.name, operations: [{ pool: pool.id, denom_in: DEST.usdc, denom_out: 'uosmo' }] } },
      min_asset: { native: { denom: 'uosmo', amount: minOut.toString() } },
      timeout_timestamp: (T0 + 3_600_000) * 1_000_000,
      post_swap_action: { bank_send: { to_address: osmoUser() } },
      affiliates: [],
      recovery_addr: osmoUser(),
    };
    return { venue, pool, data: new TextEncoder().encode(JSON.stringify({ swap_and_action_with_recover: msg })) };
  }

  function withPool(chains: FakeChains, pool: { chainId: string; venue: string; id: string; denoms: readonly [string, string]; reserves: readonly [string, string] }) {
    const addr = poolAddress(world, pool);
    pool.denoms.forEach((d, i) => chains.ledger('osmosis-1').mint(addr, d, BigInt(pool.reserves[i]!)));
    return addr;
  }

  it('runs the payload: a swap on Osmosis through the entry point', () => {
    const { submit, chains, view } = setup();
    const { venue, pool, data } = swapPayload(1n);
    chains.contracts.set(venue.entryPointContract, entryPointHandler);
    withPool(chains, pool);
    submit(orderData(recipientBytes(venue.entryPointContract), data));
    const [fill] = goFastBridge.simulation.steps(view(), { timing: {} as never, fault: undefined, world });
    const out = chains.tx('osmosis-1', T0 + 10_000, (ctx) => fill!.run(ctx, view()));
    expect(out?.state).toBe('completed');
    expect(chains.ledger('osmosis-1').balance(osmoUser(), 'uosmo')).toBeGreaterThan(0n);
    expect(chains.ledger('osmosis-1').balance(osmoUser(), DEST.usdc)).toBe(0n);
  });

  it('GO_FAST_POST_ACTION_FAILED: the fill stands, the swap is undone and the USDC waits at the recovery address', () => {
    const { submit, chains, view } = setup();
    const { venue, pool, data } = swapPayload(10n ** 30n);
    chains.contracts.set(venue.entryPointContract, entryPointHandler);
    const addr = withPool(chains, pool);
    const reserves = chains.ledger('osmosis-1').balancesOf(addr);
    submit(orderData(recipientBytes(venue.entryPointContract), data));
    const [fill] = goFastBridge.simulation.steps(view(), { timing: {} as never, fault: undefined, world });
    const out = chains.tx('osmosis-1', T0 + 10_000, (ctx) => fill!.run(ctx, view()));
    expect(out).toMatchObject({ state: 'refunded', refund: { chainId: 'osmosis-1', denom: DEST.usdc, address: osmoUser() } });
    expect((out as { error: string }).error).toMatch(new RegExp(`99870000${DEST.usdc.replace('/', '\\/')} was sent to the recovery address ${osmoUser()} on osmosis-1`));
    expect((out as { error: string }).error).toMatch(/min_asset/);
    expect(chains.ledger('osmosis-1').balance(osmoUser(), DEST.usdc)).toBe(99_870_000n);
    expect(chains.ledger('osmosis-1').balancesOf(addr)).toEqual(reserves);
    expect(chains.ledger('osmosis-1').balancesOf(venue.entryPointContract)).toEqual([]);
    expect(chains.ledger('osmosis-1').balancesOf(DEST.gateway)).toEqual([]);
  });
});

describe('go_fast_no_solver', () => {
  it('times the order out on Osmosis, then refunds amountIn on the source', () => {
    const { submit, chains, view } = setup();
    submit(orderData(recipientBytes(osmoUser())));
    const steps = goFastBridge.simulation.steps(view(), { timing: {} as never, fault: 'go_fast_no_solver', world });
    // the first second the gateway takes the timeout in (the deadline is T0 + 1800 s), exactly:
    // only the Hyperlane message back is relayer latency
    expect(steps.map((s) => [s.label, s.chainId, s.afterMs, s.fixedMs])).toEqual([
      ['go_fast_timeout', 'osmosis-1', 1_801_000, 1_801_000],
      ['go_fast_refund', '42161', 1_801_000 + 60_000, 1_801_000],
    ]);
    const [timeout, refund] = steps as [(typeof steps)[0], (typeof steps)[0]];
    expect(() => chains.tx('osmosis-1', T0 + 1_000_000, (ctx) => timeout.run(ctx, view()))).toThrow(/not timed out/);
    expect(() => chains.tx('osmosis-1', T0 + timeout.afterMs - 1, (ctx) => timeout.run(ctx, view()))).toThrow(/not timed out/);
    expect(chains.tx('osmosis-1', T0 + timeout.afterMs, (ctx) => timeout.run(ctx, view()))).toBeUndefined();
    const out = chains.tx('42161', T0 + refund.afterMs, (ctx) => refund.run(ctx, view()));
    expect(out).toMatchObject({ state: 'refunded', refund: { chainId: '42161', denom: ARB.usdc, address: user() } });
    expect(chains.ledger('42161').balance(user(), ARB.usdc)).toBe(1_000_000_000n);
    expect(chains.ledger('42161').balance(ARB.gateway, ARB.usdc)).toBe(0n);
    expect(() => chains.tx('42161', T0 + refund.afterMs, (ctx) => refund.run(ctx, view()))).toThrow(/order is refunded/);
    expect(goFastBridge.faults.map((f) => f.kind)).toEqual(['go_fast_no_solver']);
  });

  it('through the relay, whatever its jitter draws: the timeout at the deadline, the refund a stretched minute later', () => {
    const deadline = T0 + 1_800_000;
    const refundDelays = new Set<number>();
    for (let seed = 1; seed <= 12; seed += 1) {
      const { submit, chains, view } = setup();
      submit(orderData(recipientBytes(osmoUser())));
      const steps = goFastBridge.simulation.steps(view(), { timing: {} as never, fault: 'go_fast_no_solver', world });
      const { ran, logs } = relayOnce(view(), steps, seed, (step, at) => chains.tx(step.chainId, at, (ctx) => step.run(ctx, view())));
      // Osmosis took the timeout (a refusal would be logged) in the first second past the deadline
      expect(logs).toEqual([]);
      expect(ran.map((r) => r.label)).toEqual(['go_fast_timeout', 'go_fast_refund']);
      expect(ran[0]!.at).toBe(deadline + 1_000);
      const delay = ran[1]!.at - ran[0]!.at;
      expect(delay).toBeGreaterThanOrEqual(60_000 * (1 - SERVICE_JITTER));
      expect(delay).toBeLessThanOrEqual(60_000 * (1 + SERVICE_JITTER));
      refundDelays.add(delay);
      expect(chains.ledger('42161').balance(user(), ARB.usdc)).toBe(1_000_000_000n);
    }
    // the jitter is live: it only never reaches the deadline
    expect(refundDelays.size).toBeGreaterThan(1);
  });
});

describe('status', () => {
  const fillEvent = { type: 'wasm', attributes: [{ key: 'action', value: 'fill_order' }] };
  const rec = (chainId: string, hash: string, time: number, code = 0, events = [fillEvent]) => ({ chainId, hash, time, code, log: code ? 'out of gas' : '', events }) as unknown as TxRecord;
  const statusTx = (chainId: string, hash: string, time: number): StatusTx => ({ chain_id: chainId, tx_hash: hash, explorer_link: `x/${hash}`, on_chain_at: new Date(time).toISOString() });
  const base = (): BridgeTransferView => ({
    id: 'x',
    event: {
      id: 'x',
      bridge: 'GO_FAST',
      kind: 'go_fast_order',
      chainId: '42161',
      txHash: '0xsub',
      height: 1,
      time: T0,
      from: user(),
      amount: '100',
      destChainId: 'osmosis-1',
      sourceDenom: ARB.usdc,
      destDenom: DEST.usdc,
      recipient: osmoUser(),
      expectedDelayMs: 10_000,
      detail: {},
    },
    state: 'pending',
    steps: [],
    childPacketIds: [],
  });
  const project = (t: BridgeTransferView, now: number) => goFastBridge.status.project(t, statusTx, now);
  const info = (t: BridgeTransferView, now: number) => (project(t, now).event as { go_fast_transfer: Record<string, unknown> }).go_fast_transfer;

  it('lists the states in the spec’s order', () => {
    expect(GO_FAST_STATES).toEqual(['GO_FAST_TRANSFER_UNKNOWN', 'GO_FAST_TRANSFER_SENT', 'GO_FAST_POST_ACTION_FAILED', 'GO_FAST_TRANSFER_TIMEOUT', 'GO_FAST_TRANSFER_FILLED', 'GO_FAST_TRANSFER_REFUNDED']);
  });

  it('SENT, then FILLED once the fill is on chain, in GoFastTransferInfo’s shape', () => {
    const t = { ...base(), state: 'completed' as const, steps: [{ label: 'go_fast_fill', tx: rec('osmosis-1', 'FILL', T0 + 10_000) }] };
    expect(Object.keys(info(t, T0))).toEqual(['from_chain_id', 'to_chain_id', 'state', 'txs', 'error_message']);
    expect(info(t, T0 + 5_000)).toMatchObject({ state: 'GO_FAST_TRANSFER_SENT', txs: { order_submitted_tx: statusTx('42161', '0xsub', T0), order_filled_tx: null } });
    expect(project(t, T0 + 5_000)).toMatchObject({ status: 'pending', settled: false, refunded: false });
    const done = info(t, T0 + 10_000);
    expect(done).toMatchObject({ from_chain_id: '42161', to_chain_id: 'osmosis-1', state: 'GO_FAST_TRANSFER_FILLED', error_message: null });
    expect(Object.keys(done.txs as object)).toEqual(['order_submitted_tx', 'order_filled_tx', 'order_refunded_tx', 'order_timeout_tx']);
    expect((done.txs as Record<string, unknown>).order_filled_tx).toEqual(statusTx('osmosis-1', 'FILL', T0 + 10_000));
    expect(project(t, T0 + 10_000)).toMatchObject({ status: 'success', settled: true });
  });

  it('POST_ACTION_FAILED says where the funds are', () => {
    const t = { ...base(), state: 'refunded' as const, error: 'the order was filled but its action failed (x); 5usdc was sent to the recovery address osmo1… on osmosis-1', steps: [{ label: 'go_fast_fill', tx: rec('osmosis-1', 'FILL', T0 + 10_000) }] };
    expect(info(t, T0 + 5_000).state).toBe('GO_FAST_TRANSFER_SENT');
    expect(info(t, T0 + 10_000)).toMatchObject({ state: 'GO_FAST_POST_ACTION_FAILED', error_message: t.error, txs: { order_refunded_tx: null } });
    // the funds are the user's again, at the recovery address
    expect(project(t, T0 + 10_000)).toMatchObject({ status: 'failed', settled: true, refunded: true });
  });

  it('TIMEOUT, then REFUNDED', () => {
    const t = {
      ...base(),
      state: 'refunded' as const,
      error: 'no solver filled the order before its timeout; 100 refunded',
      steps: [
        { label: 'go_fast_timeout', tx: rec('osmosis-1', 'TIMEOUT', T0 + 1_801_000) },
        { label: 'go_fast_refund', tx: rec('42161', '0xrefund', T0 + 1_861_000) },
      ],
    };
    expect(info(t, T0 + 1_000_000).state).toBe('GO_FAST_TRANSFER_SENT');
    expect(info(t, T0 + 1_801_000)).toMatchObject({ state: 'GO_FAST_TRANSFER_TIMEOUT', txs: { order_timeout_tx: statusTx('osmosis-1', 'TIMEOUT', T0 + 1_801_000), order_refunded_tx: null } });
    expect(project(t, T0 + 1_801_000)).toMatchObject({ status: 'pending', settled: false });
    expect(info(t, T0 + 1_861_000)).toMatchObject({ state: 'GO_FAST_TRANSFER_REFUNDED', error_message: t.error, txs: { order_refunded_tx: statusTx('42161', '0xrefund', T0 + 1_861_000) } });
    expect(project(t, T0 + 1_861_000)).toMatchObject({ status: 'failed', settled: true, refunded: true });
  });

  it('a fill step in which the solver did not fill is no fill', () => {
    const t = { ...base(), steps: [{ label: 'go_fast_fill', tx: rec('osmosis-1', 'FILL', T0 + 10_000, 0, []) }] };
    expect(info(t, T0 + 20_000)).toMatchObject({ state: 'GO_FAST_TRANSFER_SENT', txs: { order_filled_tx: null } });
    expect(project(t, T0 + 20_000)).toMatchObject({ status: 'pending', settled: false });
  });

  it('a step whose tx failed ends the order where its USDC is', () => {
    const t = { ...base(), state: 'failed' as const, error: 'out of gas', steps: [{ label: 'go_fast_refund', tx: rec('42161', '0xr', T0 + 1_861_000, 11) }] };
    expect(project(t, T0 + 1_000_000)).toMatchObject({ status: 'pending', settled: false });
    const p = project(t, T0 + 1_861_000);
    expect(p).toMatchObject({ status: 'failed', settled: true, refunded: false });
    expect(p.error).toBe(`go_fast_refund failed on 42161: out of gas; the USDC stays in the gateway on 42161`);
    expect((p.event as { go_fast_transfer: { error_message: string } }).go_fast_transfer.error_message).toBe(p.error);
  });
});
