/**
 * Go Fast end to end through the local service over HTTP, as a wallet runs it: route with
 * `go_fast: true` (or `bridges` naming GO_FAST), msgs, the ERC-20 approval then the order
 * through /local/evm/execute, status followed state by state on a paused clock that the test
 * advances; the solver's fill (with a swap after it in the same transaction), the fill whose
 * swap then fails (the USDC waits at the recovery address), and `go_fast_no_solver` to the
 * refund. Onward from Osmosis in the same transaction: to Noble (the order's payload sends the
 * USDC on over IBC), further by PFM to dYdX, and the onward hop timing out (the USDC comes back
 * to the user’s Osmosis address), and a further hop failing past Noble (PFM’s error acknowledgement
 * brings it back to Osmosis). Supply is conserved throughout.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MsgsResponse, StatusResponse } from '../../../../../src/api/schemas';
import { GO_FAST_DATA } from '../../../../../src/service/bridges/go-fast/data';
import { approveCalldata } from '../../../../../src/service/chains';
import { startService, type RunningService } from '../../../../support/service';
import { balanceOf, msgsFor, route, signAndSubmit } from '../../../../support/wallet-flow';

const EVM_DEV0 = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const USDC_OSMO = GO_FAST_DATA.destination.usdc;
const ARB = GO_FAST_DATA.sources.find((s) => s.chainId === '42161')!;
const BASE = GO_FAST_DATA.sources.find((s) => s.chainId === '8453')!;

let service: RunningService;
beforeAll(async () => void (service = await startService({ speed: 600 })));
afterAll(() => service.close());
// the clock stands still between the test's own steps, so every state can be seen
beforeEach(async () => void (await service.post('/local/clock', { speed: 0 })));

const dev = (chainId: string, index = 0) => service.app.chains.devAddress(chainId, index);
const addressesFor = (chains: readonly string[], index: number) =>
  Object.fromEntries(chains.map((c) => [c, service.app.world.chain(c)?.chainType === 'evm' ? EVM_DEV0 : dev(c, index)]));

type EvmTx = { chain_id: string; to: string; data: string; value: string; signer_address: string; required_erc20_approvals: { token_contract: string; spender: string; amount: string }[] };
const evmTxOf = (msgs: MsgsResponse): EvmTx => {
  expect(msgs.txs).toHaveLength(1);
  return (msgs.txs![0] as { evm_tx: EvmTx }).evm_tx;
};

async function execute(chainId: string, to: string, data: string, value = '0') {
  return (await service.post('/local/evm/execute', { chain_id: chainId, from: EVM_DEV0, to, data, value })).body as { status: string; tx_hash: string; error?: string };
}

/** Approves what the evm_tx lists, sends it, and registers it for status. */
async function approveAndSend(evm: EvmTx): Promise<string> {
  for (const a of evm.required_erc20_approvals) {
    expect(await execute(evm.chain_id, a.token_contract, approveCalldata(a.spender, BigInt(a.amount)))).toMatchObject({ status: 'success' });
  }
  const sent = await execute(evm.chain_id, evm.to, evm.data, evm.value);
  expect(sent, JSON.stringify(sent)).toMatchObject({ status: 'success' });
  expect((await service.post('/v2/tx/track', { tx_hash: sent.tx_hash, chain_id: evm.chain_id })).status).toBe(200);
  return sent.tx_hash;
}

async function status(txHash: string, chainId: string): Promise<StatusResponse> {
  const res = await service.get(`/v2/tx/status?tx_hash=${txHash}&chain_id=${encodeURIComponent(chainId)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return StatusResponse.parse(res.body);
}

type GoFastInfo = { state: string; txs: Record<string, { chain_id: string; tx_hash: string } | null>; error_message?: string | null };
const goFastOf = (s: StatusResponse): GoFastInfo | undefined =>
  (s.transfers?.[0]?.transfer_sequence?.[0] as { go_fast_transfer?: GoFastInfo } | undefined)?.go_fast_transfer;

/**
 * Advances simulated time by each step in turn and records the Go Fast state after it (repeats
 * dropped). A first step of 7 s puts the order's block (6 s blocks) on chain before any fill
 * (≥ 9 s after it).
 */
async function statesAlong(txHash: string, chainId: string, stepsMs: readonly number[]): Promise<{ states: string[]; last: StatusResponse }> {
  const states: string[] = [];
  let last = await status(txHash, chainId);
  for (const ms of stepsMs) {
    service.app.clock.advance(ms);
    last = await status(txHash, chainId);
    const s = goFastOf(last)?.state;
    if (s !== undefined && s !== states.at(-1)) states.push(s);
  }
  return { states, last };
}

const expectSupplyConserved = () => expect(service.app.chains.checkInvariants()).toEqual([]);

describe('Go Fast through the local service', () => {
  it('go_fast: true — USDC from Arbitrum is filled on Osmosis and swapped to OSMO in the same transaction', async () => {
    const request = { source_asset_denom: ARB.usdc, source_asset_chain_id: '42161', dest_asset_denom: 'uosmo', dest_asset_chain_id: 'osmosis-1', amount_in: '50000000', go_fast: true };
    const r = await route(service, request);
    const kinds = r.operations.map((o) => Object.keys(o).find((k) => !['tx_index', 'amount_in', 'amount_out'].includes(k)));
    expect(kinds).toEqual(['go_fast_transfer', 'swap']);
    expect(r.txs_required).toBe(1);
    expect(r.estimated_route_duration_seconds).toBeLessThan(60);
    const op = (r.operations[0] as unknown as { go_fast_transfer: Record<string, unknown> }).go_fast_transfer;
    expect(op).toMatchObject({ from_chain_id: '42161', to_chain_id: 'osmosis-1', bridge_id: 'GO_FAST', source_domain: '42161', destination_domain: '875', fee: { bps_fee: '10', bps_fee_amount: '50000' } });
    expect(r.estimated_fees).toEqual([expect.objectContaining({ bridge_id: 'GO_FAST', chain_id: '42161', fee_behavior: 'FEE_BEHAVIOR_DEDUCTED' })]);
    // without the flag the same request never takes Go Fast
    const plain = await service.post('/v2/fungible/route', { ...request, go_fast: false, allow_multi_tx: true });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(JSON.stringify(plain.body.operations)).not.toContain('go_fast_transfer');
    expect(JSON.stringify(plain.body.operations)).toContain('cctp_transfer');

    const msgs = await msgsFor(service, request, r, addressesFor(r.required_chain_addresses, 4));
    const evm = evmTxOf(msgs);
    expect(evm).toMatchObject({ chain_id: '42161', to: ARB.gateway, value: '0', required_erc20_approvals: [{ token_contract: ARB.usdc, spender: ARB.gateway, amount: '50000000' }] });
    const unapproved = await execute(evm.chain_id, evm.to, evm.data);
    expect(unapproved).toMatchObject({ status: 'reverted' });
    expect(unapproved.error).toMatch(/insufficient allowance/);

    const osmoBefore = await balanceOf(service, 'osmosis-1', dev('osmosis-1', 4), 'uosmo');
    const solverBefore = await balanceOf(service, 'osmosis-1', GO_FAST_DATA.solver.address, USDC_OSMO);
    const txHash = await approveAndSend(evm);
    const { states, last } = await statesAlong(txHash, '42161', [7_000, 20_000]);
    expect(states).toEqual(['GO_FAST_TRANSFER_SENT', 'GO_FAST_TRANSFER_FILLED']);
    expect(last.state).toBe('STATE_COMPLETED_SUCCESS');
    const info = goFastOf(last)!;
    expect(info.txs.order_submitted_tx).toMatchObject({ chain_id: '42161', tx_hash: txHash });
    expect(info.txs.order_filled_tx).toMatchObject({ chain_id: 'osmosis-1' });
    expect(info.txs.order_timeout_tx).toBeNull();

    expect((await balanceOf(service, 'osmosis-1', dev('osmosis-1', 4), 'uosmo')) - osmoBefore).toBeGreaterThanOrEqual(BigInt(msgs.min_amount_out!));
    expect(solverBefore - (await balanceOf(service, 'osmosis-1', GO_FAST_DATA.solver.address, USDC_OSMO))).toBe(BigInt((r.operations[0] as { amount_out: string }).amount_out));
    expectSupplyConserved();
  });

  it('bridges: ["GO_FAST"] — USDC from Base lands on Osmosis exactly amount_out', async () => {
    const request = { source_asset_denom: BASE.usdc, source_asset_chain_id: '8453', dest_asset_denom: USDC_OSMO, dest_asset_chain_id: 'osmosis-1', amount_in: '20000000', bridges: ['GO_FAST'] };
    const r = await route(service, request);
    expect(r.operations.map((o) => Object.keys(o)[0])).toEqual(['go_fast_transfer']);
    const msgs = await msgsFor(service, request, r, addressesFor(r.required_chain_addresses, 5));
    const before = await balanceOf(service, 'osmosis-1', dev('osmosis-1', 5), USDC_OSMO);
    const gatewayBefore = await balanceOf(service, '8453', BASE.gateway, BASE.usdc);
    const txHash = await approveAndSend(evmTxOf(msgs));
    const { states, last } = await statesAlong(txHash, '8453', [7_000, 20_000]);
    expect(states).toEqual(['GO_FAST_TRANSFER_SENT', 'GO_FAST_TRANSFER_FILLED']);
    expect(last.state).toBe('STATE_COMPLETED_SUCCESS');
    expect((await balanceOf(service, 'osmosis-1', dev('osmosis-1', 5), USDC_OSMO)) - before).toBe(BigInt(r.amount_out));
    // the gateway keeps amount_in for the solver's settlement
    expect((await balanceOf(service, '8453', BASE.gateway, BASE.usdc)) - gatewayBefore).toBe(20_000_000n);
    expectSupplyConserved();
  });

  it('go_fast_no_solver — the order times out on Osmosis and amount_in is refunded on Base', async () => {
    expect((await service.post('/local/faults', { kind: 'go_fast_no_solver', chain_id: '8453' })).status).toBe(200);
    const request = { source_asset_denom: BASE.usdc, source_asset_chain_id: '8453', dest_asset_denom: USDC_OSMO, dest_asset_chain_id: 'osmosis-1', amount_in: '15000000', go_fast: true };
    const r = await route(service, request);
    const msgs = await msgsFor(service, request, r, addressesFor(r.required_chain_addresses, 6));
    const before = await balanceOf(service, '8453', EVM_DEV0, BASE.usdc);
    const osmoBefore = await balanceOf(service, 'osmosis-1', dev('osmosis-1', 6), USDC_OSMO);
    const txHash = await approveAndSend(evmTxOf(msgs));
    expect(await balanceOf(service, '8453', EVM_DEV0, BASE.usdc)).toBe(before - 15_000_000n);
    // past the fill time, the deadline (30 min) and the watcher's margin, then the Hyperlane message back
    // (the refund follows the timeout by a minute: 30 s steps see both)
    const timeoutMs = GO_FAST_DATA.orderTimeoutSeconds * 1000;
    const { states, last } = await statesAlong(txHash, '8453', [2_000, 60_000, timeoutMs - 120_000, ...Array<number>(40).fill(30_000)]);
    expect(states).toEqual(['GO_FAST_TRANSFER_SENT', 'GO_FAST_TRANSFER_TIMEOUT', 'GO_FAST_TRANSFER_REFUNDED']);
    expect(last.state).toBe('STATE_COMPLETED_ERROR');
    const info = goFastOf(last)!;
    expect(info.txs.order_timeout_tx).toMatchObject({ chain_id: 'osmosis-1' });
    expect(info.txs.order_refunded_tx).toMatchObject({ chain_id: '8453' });
    expect(info.txs.order_filled_tx).toBeNull();
    expect(info.error_message).toMatch(/no solver filled the order/);
    expect(last.transfers![0]!.transfer_asset_release).toMatchObject({ chain_id: '8453', denom: BASE.usdc, released: true });
    expect(await balanceOf(service, '8453', EVM_DEV0, BASE.usdc)).toBe(before);
    expect(await balanceOf(service, 'osmosis-1', dev('osmosis-1', 6), USDC_OSMO)).toBe(osmoBefore);
    expectSupplyConserved();
  });

  it('GO_FAST_POST_ACTION_FAILED — the fill lands, the swap after it misses its minimum, the USDC waits at the recovery address', async () => {
    const request = { source_asset_denom: ARB.usdc, source_asset_chain_id: '42161', dest_asset_denom: 'uosmo', dest_asset_chain_id: 'osmosis-1', amount_in: '30000000', go_fast: true };
    const r = await route(service, request);
    // no slippage allowed: any move of the pool before the fill makes the swap miss min_asset
    const res = await service.post('/v2/fungible/msgs', {
      ...request,
      amount_out: r.amount_out,
      operations: r.operations,
      address_list: r.required_chain_addresses.map((c) => addressesFor(r.required_chain_addresses, 7)[c]),
      slippage_tolerance_percent: '0',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const evm = evmTxOf(MsgsResponse.parse(res.body));

    // someone buys OSMO with USDC on Osmosis first
    const front = { source_asset_denom: USDC_OSMO, source_asset_chain_id: 'osmosis-1', dest_asset_denom: 'uosmo', dest_asset_chain_id: 'osmosis-1', amount_in: '200000000' };
    const fr = await route(service, front);
    const fm = await msgsFor(service, front, fr, addressesFor(fr.required_chain_addresses, 8));
    const frontTx = await signAndSubmit(service, (fm.txs![0] as { cosmos_tx: { chain_id: string; signer_address: string; msgs: { msg: string; msg_type_url: string }[] } }).cosmos_tx, 8);
    service.app.clock.advance(10_000);
    expect((await status(frontTx.tx_hash, 'osmosis-1')).state).toBe('STATE_COMPLETED_SUCCESS');

    const usdcBefore = await balanceOf(service, 'osmosis-1', dev('osmosis-1', 7), USDC_OSMO);
    const osmoBefore = await balanceOf(service, 'osmosis-1', dev('osmosis-1', 7), 'uosmo');
    const txHash = await approveAndSend(evm);
    const { states, last } = await statesAlong(txHash, '42161', [7_000, 20_000]);
    expect(states).toEqual(['GO_FAST_TRANSFER_SENT', 'GO_FAST_POST_ACTION_FAILED']);
    expect(last.state).toBe('STATE_COMPLETED_ERROR');
    const info = goFastOf(last)!;
    expect(info.txs.order_filled_tx).toMatchObject({ chain_id: 'osmosis-1' });
    const filledOut = BigInt((r.operations[0] as { amount_out: string }).amount_out);
    expect(info.error_message).toContain(`${filledOut}${USDC_OSMO} was sent to the recovery address ${dev('osmosis-1', 7)} on osmosis-1`);
    expect(last.transfers![0]!.transfer_asset_release).toMatchObject({ chain_id: 'osmosis-1', denom: USDC_OSMO, released: true });
    expect((await balanceOf(service, 'osmosis-1', dev('osmosis-1', 7), USDC_OSMO)) - usdcBefore).toBe(filledOut);
    expect(await balanceOf(service, 'osmosis-1', dev('osmosis-1', 7), 'uosmo')).toBe(osmoBefore);
    expectSupplyConserved();
  });
});

describe('Go Fast onward from Osmosis in the same transaction', () => {
  const NOBLE = 'noble-1';
  type Op = Record<string, Record<string, unknown>>;
  const keyOf = (o: object) => Object.keys(o).find((k) => !['tx_index', 'amount_in', 'amount_out'].includes(k));
  type Sequence = Record<string, { state: string; from_chain_id?: string; to_chain_id?: string; packet_txs?: Record<string, unknown> }>[];
  const sequenceOf = (s: StatusResponse): Sequence => (s.transfers?.[0]?.transfer_sequence ?? []) as Sequence;
  /** Each leg's state, e.g. `go_fast_transfer:GO_FAST_TRANSFER_FILLED`, `ibc_transfer:TRANSFER_SUCCESS`. */
  const legStates = (s: StatusResponse): string[] => sequenceOf(s).map((e) => `${keyOf(e)}:${Object.values(e)[0]!.state}`);

  /** Advances the clock step by step and records each distinct list of leg states. */
  async function legsAlong(txHash: string, chainId: string, stepsMs: readonly number[]): Promise<{ seen: string[][]; last: StatusResponse }> {
    const seen: string[][] = [];
    let last = await status(txHash, chainId);
    for (const ms of stepsMs) {
      service.app.clock.advance(ms);
      last = await status(txHash, chainId);
      const now = legStates(last);
      if (now.length > 0 && JSON.stringify(now) !== JSON.stringify(seen.at(-1))) seen.push(now);
    }
    return { seen, last };
  }

  /** `seen` steps through `order` forwards (a step may skip states the clock stepped over). */
  const expectInOrder = (seen: string[][], order: string[][]) => {
    const at = seen.map((l) => order.findIndex((o) => JSON.stringify(o) === JSON.stringify(l)));
    expect(at.every((i) => i >= 0), JSON.stringify(seen)).toBe(true);
    expect([...at].sort((a, b) => a - b), JSON.stringify(seen)).toEqual(at);
  };
  const SENT = 'go_fast_transfer:GO_FAST_TRANSFER_SENT';
  const FILLED = 'go_fast_transfer:GO_FAST_TRANSFER_FILLED';

  // USDC on dYdX: Noble's, over Noble's channel (reached from Osmosis through Noble's PFM)
  const DYDX = 'dydx-mainnet-1';
  const USDC_DYDX = 'ibc/8E27BA2D5493AF5636760E354E46004562C46AB7EC0CC4C1CA14E9E20E2545B5';
  const baseToDydx = (amount: string) => ({ source_asset_denom: BASE.usdc, source_asset_chain_id: '8453', dest_asset_denom: USDC_DYDX, dest_asset_chain_id: DYDX, amount_in: amount, go_fast: true });

  const toNoble = (amount: string, flags: Record<string, unknown>) => ({
    source_asset_denom: ARB.usdc,
    source_asset_chain_id: '42161',
    dest_asset_denom: 'uusdc',
    dest_asset_chain_id: NOBLE,
    amount_in: amount,
    ...flags,
  });

  it('USDC from Arbitrum to Noble: go_fast_transfer then transfer in one order, filled on Osmosis and sent on to Noble as uusdc', async () => {
    const request = toNoble('40000000', { go_fast: true });
    const r = await route(service, request);
    expect(r.operations.map(keyOf)).toEqual(['go_fast_transfer', 'transfer']);
    expect(r.txs_required).toBe(1);
    expect(r.operations.map((o) => (o as { tx_index?: number }).tx_index)).toEqual([0, 0]);
    const hop = (r.operations[1] as unknown as Op).transfer!;
    expect(hop).toMatchObject({ from_chain_id: 'osmosis-1', to_chain_id: NOBLE, denom_in: USDC_OSMO, denom_out: 'uusdc' });
    // the same with bridges naming Go Fast and IBC
    const named = await route(service, toNoble('40000000', { bridges: ['GO_FAST', 'IBC'] }));
    expect(named.operations.map(keyOf)).toEqual(['go_fast_transfer', 'transfer']);
    expect(named.txs_required).toBe(1);

    const msgs = await msgsFor(service, request, r, addressesFor(r.required_chain_addresses, 9));
    const evm = evmTxOf(msgs);
    expect(evm).toMatchObject({ chain_id: '42161', to: ARB.gateway, required_erc20_approvals: [{ token_contract: ARB.usdc, spender: ARB.gateway, amount: '40000000' }] });
    // the order's payload is the entry point's action_with_recover: an IBC transfer to Noble, recovering on Osmosis
    const payloadText = Buffer.from(evm.data.slice(2), 'hex').toString('latin1');
    expect(payloadText).toContain(`"action_with_recover":{"timeout_timestamp":`);
    expect(payloadText).toContain(`"source_channel":"${String(hop.channel)}","receiver":"${dev(NOBLE, 9)}"`);
    expect(payloadText).toContain(`"recovery_addr":"${dev('osmosis-1', 9)}"`);

    const nobleBefore = await balanceOf(service, NOBLE, dev(NOBLE, 9), 'uusdc');
    const osmoBefore = await balanceOf(service, 'osmosis-1', dev('osmosis-1', 9), USDC_OSMO);
    const txHash = await approveAndSend(evm);
    const { seen, last } = await legsAlong(txHash, '42161', [7_000, ...Array<number>(12).fill(5_000)]);
    // the fill, then the IBC transfer it started, each in its own states
    expectInOrder(seen, [[SENT], [FILLED, 'ibc_transfer:TRANSFER_PENDING'], [FILLED, 'ibc_transfer:TRANSFER_RECEIVED'], [FILLED, 'ibc_transfer:TRANSFER_SUCCESS']]);
    expect(seen[0]).toEqual([SENT]);
    expect(seen.at(-1)).toEqual([FILLED, 'ibc_transfer:TRANSFER_SUCCESS']);
    expect(last.state).toBe('STATE_COMPLETED_SUCCESS');
    const ibc = sequenceOf(last)[1]!.ibc_transfer!;
    expect(ibc).toMatchObject({ from_chain_id: 'osmosis-1', to_chain_id: NOBLE });
    expect(last.transfers![0]!.transfer_asset_release).toMatchObject({ chain_id: NOBLE, denom: 'uusdc', amount: r.amount_out, released: true });
    expect((await balanceOf(service, NOBLE, dev(NOBLE, 9), 'uusdc')) - nobleBefore).toBe(BigInt(r.amount_out));
    // nothing stays on Osmosis
    expect(await balanceOf(service, 'osmosis-1', dev('osmosis-1', 9), USDC_OSMO)).toBe(osmoBefore);
    expectSupplyConserved();
  });

  it('a swap on Osmosis, then IBC onward: USDC from Arbitrum to ATOM on the Cosmos Hub in one transaction', async () => {
    const HUB = 'cosmoshub-4';
    const request = { source_asset_denom: ARB.usdc, source_asset_chain_id: '42161', dest_asset_denom: 'uatom', dest_asset_chain_id: HUB, amount_in: '60000000', go_fast: true };
    const r = await route(service, request);
    expect(r.operations.map(keyOf)).toEqual(['go_fast_transfer', 'swap', 'transfer']);
    expect(r.txs_required).toBe(1);
    const msgs = await msgsFor(service, request, r, addressesFor(r.required_chain_addresses, 0));
    const before = await balanceOf(service, HUB, dev(HUB, 0), 'uatom');
    const txHash = await approveAndSend(evmTxOf(msgs));
    const { seen, last } = await legsAlong(txHash, '42161', [7_000, ...Array<number>(12).fill(5_000)]);
    expectInOrder(seen, [[SENT], [FILLED, 'ibc_transfer:TRANSFER_PENDING'], [FILLED, 'ibc_transfer:TRANSFER_RECEIVED'], [FILLED, 'ibc_transfer:TRANSFER_SUCCESS']]);
    expect(seen.at(-1)).toEqual([FILLED, 'ibc_transfer:TRANSFER_SUCCESS']);
    expect(last.state).toBe('STATE_COMPLETED_SUCCESS');
    expect(last.transfers![0]!.transfer_asset_release).toMatchObject({ chain_id: HUB, denom: 'uatom', released: true });
    expect((await balanceOf(service, HUB, dev(HUB, 0), 'uatom')) - before).toBeGreaterThanOrEqual(BigInt(msgs.min_amount_out!));
    expectSupplyConserved();
  });

  it('further by PFM: USDC from Base to dYdX, filled on Osmosis, forwarded by Noble, in one transaction', async () => {
    const request = baseToDydx('12000000');
    const r = await route(service, request);
    expect(r.operations.map(keyOf)).toEqual(['go_fast_transfer', 'transfer', 'transfer']);
    expect(r.txs_required).toBe(1);
    const msgs = await msgsFor(service, request, r, addressesFor(r.required_chain_addresses, 2));
    const before = await balanceOf(service, DYDX, dev(DYDX, 2), USDC_DYDX);
    const txHash = await approveAndSend(evmTxOf(msgs));
    const { seen, last } = await legsAlong(txHash, '8453', [7_000, ...Array<number>(16).fill(5_000)]);
    expect(seen[0]).toEqual([SENT]);
    expect(seen.at(-1)).toEqual([FILLED, 'ibc_transfer:TRANSFER_SUCCESS', 'ibc_transfer:TRANSFER_SUCCESS']);
    expect(last.state).toBe('STATE_COMPLETED_SUCCESS');
    expect(sequenceOf(last).slice(1).map((e) => [e.ibc_transfer!.from_chain_id, e.ibc_transfer!.to_chain_id])).toEqual([['osmosis-1', NOBLE], [NOBLE, DYDX]]);
    expect(last.transfers![0]!.transfer_asset_release).toMatchObject({ chain_id: DYDX, denom: USDC_DYDX, amount: r.amount_out, released: true });
    expect((await balanceOf(service, DYDX, dev(DYDX, 2), USDC_DYDX)) - before).toBe(BigInt(r.amount_out));
    expectSupplyConserved();
  });

  it('the IBC transfer after the fill times out: GO_FAST_POST_ACTION_FAILED, the USDC waits at the user’s Osmosis address', async () => {
    const request = toNoble('25000000', { go_fast: true });
    const r = await route(service, request);
    expect(r.txs_required).toBe(1);
    const hop = (r.operations[1] as unknown as Op).transfer!;
    expect((await service.post('/local/faults', { kind: 'timeout', chain_id: 'osmosis-1', channel_id: hop.channel, count: 1 })).status).toBe(200);
    const msgs = await msgsFor(service, request, r, addressesFor(r.required_chain_addresses, 3));
    const filledOut = BigInt((r.operations[0] as { amount_out: string }).amount_out);
    const nobleBefore = await balanceOf(service, NOBLE, dev(NOBLE, 3), 'uusdc');
    const osmoBefore = await balanceOf(service, 'osmosis-1', dev('osmosis-1', 3), USDC_OSMO);
    const txHash = await approveAndSend(evmTxOf(msgs));
    // past the fill, then past the packet's timeout (the route's 300 s) and the relayer's timeout tx
    const { seen, last } = await legsAlong(txHash, '42161', [7_000, 20_000, ...Array<number>(30).fill(15_000)]);
    const failed = ['go_fast_transfer:GO_FAST_POST_ACTION_FAILED', 'ibc_transfer:TRANSFER_FAILURE'];
    // FILLED while the packet travels and while its refund is on the way back; POST_ACTION_FAILED once it is back
    expectInOrder(seen, [[SENT], [FILLED, 'ibc_transfer:TRANSFER_PENDING'], [FILLED, 'ibc_transfer:TRANSFER_FAILURE'], failed]);
    expect(seen.slice(0, 2)).toEqual([[SENT], [FILLED, 'ibc_transfer:TRANSFER_PENDING']]);
    expect(seen.at(-1)).toEqual(failed);
    expect(last.state).toBe('STATE_COMPLETED_ERROR');
    const info = goFastOf(last)!;
    expect(info.txs.order_filled_tx).toMatchObject({ chain_id: 'osmosis-1' });
    expect(info.error_message).toContain(`the IBC transfer after it from osmosis-1 to ${NOBLE} timed out; ${filledOut}${USDC_OSMO} was returned to the recovery address ${dev('osmosis-1', 3)} on osmosis-1`);
    expect(sequenceOf(last)[1]!.ibc_transfer!.packet_txs).toMatchObject({ timeout_tx: { chain_id: 'osmosis-1' }, error: { type: 'PACKET_ERROR_TIMEOUT' } });
    expect(last.transfers![0]!.transfer_asset_release).toMatchObject({ chain_id: 'osmosis-1', denom: USDC_OSMO, amount: filledOut.toString(), released: true });
    expect((await balanceOf(service, 'osmosis-1', dev('osmosis-1', 3), USDC_OSMO)) - osmoBefore).toBe(filledOut);
    expect(await balanceOf(service, NOBLE, dev(NOBLE, 3), 'uusdc')).toBe(nobleBefore);
    expectSupplyConserved();
  });

  it('a further hop fails past Noble: PFM answers Osmosis with an error acknowledgement, POST_ACTION_FAILED, the USDC back on Osmosis', async () => {
    const request = baseToDydx('11000000');
    const r = await route(service, request);
    const onward = (r.operations[2] as unknown as Op).transfer!;
    expect(onward).toMatchObject({ from_chain_id: NOBLE, to_chain_id: DYDX });
    // the forward and both of PFM's retries time out
    expect((await service.post('/local/faults', { kind: 'timeout', chain_id: NOBLE, channel_id: onward.channel, count: 3 })).status).toBe(200);
    const msgs = await msgsFor(service, request, r, addressesFor(r.required_chain_addresses, 1));
    const filledOut = BigInt((r.operations[0] as { amount_out: string }).amount_out);
    const osmoBefore = await balanceOf(service, 'osmosis-1', dev('osmosis-1', 1), USDC_OSMO);
    const txHash = await approveAndSend(evmTxOf(msgs));
    const { seen, last } = await legsAlong(txHash, '8453', [7_000, 20_000, ...Array<number>(100).fill(15_000)]);
    expect(seen[0]).toEqual([SENT]);
    // Osmosis → Noble, then Noble → dYdX sent three times by PFM, each timing out
    expect(seen.at(-1)).toEqual(['go_fast_transfer:GO_FAST_POST_ACTION_FAILED', ...Array<string>(4).fill('ibc_transfer:TRANSFER_FAILURE')]);
    // the order stays FILLED until the refund is back on Osmosis
    expect(seen.slice(1, -1).every((l) => l[0] === FILLED)).toBe(true);
    expect(last.state).toBe('STATE_COMPLETED_ERROR');
    expect(goFastOf(last)!.error_message).toContain(`the IBC transfer after it from osmosis-1 to ${NOBLE} came back with an error acknowledgement`);
    expect(goFastOf(last)!.error_message).toContain(`was returned to the recovery address ${dev('osmosis-1', 1)} on osmosis-1`);
    expect(last.transfers![0]!.transfer_asset_release).toMatchObject({ chain_id: 'osmosis-1', denom: USDC_OSMO, amount: filledOut.toString(), released: true });
    expect((await balanceOf(service, 'osmosis-1', dev('osmosis-1', 1), USDC_OSMO)) - osmoBefore).toBe(filledOut);
    expectSupplyConserved();
  });
});
