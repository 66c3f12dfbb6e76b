/**
 * OPInit through the local service over HTTP, as a wallet runs it: route (chosen when best and
 * when `bridges` restricts to it), msgs, a dev account signs and submits, status polled through
 * OPINIT_TRANSFER_SENT to OPINIT_TRANSFER_RECEIVED; the withdrawal's 7 days crossed with
 * POST /local/clock {advance_seconds}; the deposit failure refunded on the L1; supply conserved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusResponse } from '../../../../../src/api/schemas';
import { OPINIT_DATA, withdrawalSeconds } from '../../../../../src/service/bridges/opinit/data';
import { bridgeAddress } from '../../../../../src/service/bridges/opinit/denom';
import { eventually } from '../../../../support/eventually';
import { startService, type RunningService } from '../../../../support/service';
import { balanceOf, feeFor, msgsFor, route, signAndSubmit, waitForEnd } from '../../../../support/wallet-flow';

const L1 = 'interwoven-1';
const L2 = 'echelon-1';
const L2_INIT = 'l2/23c8396041db74441f4268d0c7e0533177dc3e028a47a8e584318f2d0c46fbe9';
const BRIDGE = bridgeAddress('init', 16n);
const EIGHT_DAYS = 8 * 24 * 3600;

let service: RunningService;
// 600x: the 15 s deposit takes 25 ms of wall time; the withdrawal's days are jumped over
beforeAll(async () => void (service = await startService({ speed: 600 })));
afterAll(() => service.close());

const dev = (chainId: string, index: number) => service.app.chains.devAddress(chainId, index);
const deposit = (amount: string) => ({ source_asset_denom: 'uinit', source_asset_chain_id: L1, dest_asset_denom: L2_INIT, dest_asset_chain_id: L2, amount_in: amount });
const withdrawal = (amount: string) => ({ source_asset_denom: L2_INIT, source_asset_chain_id: L2, dest_asset_denom: 'uinit', dest_asset_chain_id: L1, amount_in: amount });

type OpInitInfo = { from_chain_id: string; to_chain_id: string; state: string; txs: { send_tx: { tx_hash: string } | null; receive_tx: { tx_hash: string; chain_id: string } | null } };

async function status(hash: string, chainId: string): Promise<StatusResponse> {
  const res = await service.get(`/v2/tx/status?tx_hash=${hash}&chain_id=${chainId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return StatusResponse.parse(res.body);
}

function opInit(s: StatusResponse): OpInitInfo | undefined {
  const entry = s.transfers[0]?.transfer_sequence?.find((e) => 'op_init_transfer' in e) as { op_init_transfer: OpInitInfo } | undefined;
  return entry?.op_init_transfer;
}

/** Polls until the OPInit leg shows `state`; returns that status. */
function untilLeg(hash: string, chainId: string, state: string): Promise<StatusResponse> {
  return eventually(async () => {
    const s = await status(hash, chainId);
    expect(opInit(s)?.state).toBe(state);
    return s;
  }, 20_000);
}

async function run(request: Record<string, unknown>, index: number, bridges?: string[]) {
  const body = bridges ? { ...request, bridges } : request;
  const r = await route(service, body);
  const chains = r.required_chain_addresses;
  const msgs = await msgsFor(service, body, r, Object.fromEntries(chains.map((c) => [c, dev(c, index)])));
  const txs = (msgs.txs ?? []) as { cosmos_tx: { chain_id: string; signer_address: string; msgs: { msg: string; msg_type_url: string }[] } }[];
  expect(txs).toHaveLength(1);
  return { r, tx: txs[0]!.cosmos_tx };
}

function expectSupplyConserved() {
  expect(service.app.chains.checkInvariants()).toEqual([]);
}

describe('OPInit through the local service', () => {
  it('lists OPInit in /v2/info/bridges', async () => {
    const res = await service.get('/v2/info/bridges');
    expect(res.body.bridges).toContainEqual({ id: 'OPINIT', name: 'OPInit', logo_uri: expect.stringContaining('initia') });
  });

  it('routes INIT from Initia to Echelon over OPInit, when best and when `bridges` restricts to it; IBC alone cannot', async () => {
    for (const bridges of [undefined, ['OPINIT']]) {
      const r = await route(service, bridges ? { ...deposit('1000000'), bridges } : deposit('1000000'));
      expect(r.operations).toHaveLength(1);
      expect(r.operations[0]).toMatchObject({
        op_init_transfer: { from_chain_id: L1, to_chain_id: L2, denom_in: 'uinit', denom_out: L2_INIT, op_init_bridge_id: '16', bridge_id: 'OPINIT', smart_relay: false },
      });
      expect(r.amount_out).toBe('1000000');
      expect(r.estimated_fees ?? []).toEqual([]);
      expect(r.estimated_route_duration_seconds).toBe(OPINIT_DATA.timing.depositSeconds);
    }
    const ibcOnly = await service.post('/v2/fungible/route', { ...deposit('1000000'), bridges: ['IBC'] });
    expect(ibcOnly.status).not.toBe(200);
  });

  it('INIT on Osmosis reaches Echelon in two transactions: IBC home to Initia, then the deposit signed there', async () => {
    const initOnOsmosis = service.app.world.assetsByOrigin(L1, 'uinit').find((a) => a.chainId === 'osmosis-1')!.denom;
    const request = { source_asset_denom: initOnOsmosis, source_asset_chain_id: 'osmosis-1', dest_asset_denom: L2_INIT, dest_asset_chain_id: L2, amount_in: '1000000', allow_multi_tx: true };
    const r = await route(service, request);
    expect(r.operations.map((o) => Object.keys(o).find((k) => 'transfer' === k || 'op_init_transfer' === k))).toEqual(['transfer', 'op_init_transfer']);
    expect(r.txs_required).toBe(2);
    const msgs = await msgsFor(service, request, r, Object.fromEntries(r.required_chain_addresses.map((c) => [c, dev(c, 6)])));
    const txs = (msgs.txs ?? []) as { cosmos_tx: { chain_id: string; msgs: { msg_type_url: string }[] } }[];
    expect(txs.map((t) => [t.cosmos_tx.chain_id, t.cosmos_tx.msgs.map((m) => m.msg_type_url)])).toEqual([
      ['osmosis-1', ['/ibc.applications.transfer.v1.MsgTransfer']],
      [L1, ['/opinit.ophost.v1.MsgInitiateTokenDeposit']],
    ]);
  });

  it('deposit: MsgInitiateTokenDeposit signed on Initia, INIT locked in the bridge account, minted on Echelon: SENT → RECEIVED', async () => {
    const { r, tx } = await run(deposit('2500000'), 3, ['OPINIT']);
    expect(tx.chain_id).toBe(L1);
    expect(tx.msgs.map((m) => m.msg_type_url)).toEqual(['/opinit.ophost.v1.MsgInitiateTokenDeposit']);
    expect(JSON.parse(tx.msgs[0]!.msg)).toEqual({ sender: dev(L1, 3), bridge_id: '16', to: dev(L2, 3), amount: { denom: 'uinit', amount: '2500000' } });
    const lockedBefore = await balanceOf(service, L1, BRIDGE, 'uinit');
    const before = await balanceOf(service, L2, dev(L2, 3), L2_INIT);
    // hold the rollup so the SENT state is seen before the executor finalizes
    expect((await service.post('/local/faults', { kind: 'pause', chain_id: L2 })).status).toBe(200);
    const submitted = await signAndSubmit(service, tx, 3);
    const sent = await untilLeg(submitted.tx_hash, L1, 'OPINIT_TRANSFER_SENT');
    expect(opInit(sent)).toMatchObject({ from_chain_id: L1, to_chain_id: L2, txs: { send_tx: { tx_hash: submitted.tx_hash }, receive_tx: null } });
    expect(await balanceOf(service, L1, BRIDGE, 'uinit')).toBe(lockedBefore + 2_500_000n);
    expectSupplyConserved();
    expect((await service.post('/local/faults', { kind: 'resume', chain_id: L2 })).status).toBe(200);
    const end = await waitForEnd(service, submitted.tx_hash, L1);
    expect(end.state).toBe('STATE_COMPLETED_SUCCESS');
    expect(opInit(end)).toMatchObject({ state: 'OPINIT_TRANSFER_RECEIVED', txs: { receive_tx: { chain_id: L2 } } });
    expect((await balanceOf(service, L2, dev(L2, 3), L2_INIT)) - before).toBe(BigInt(r.amount_out));
    expectSupplyConserved();
  });

  it('withdrawal: MsgInitiateTokenWithdrawal burns on Echelon and pays on Initia after the 7-day period, crossed with /local/clock', async () => {
    const { r, tx } = await run(withdrawal('1500000'), 4, ['OPINIT']);
    expect(r.estimated_route_duration_seconds).toBe(withdrawalSeconds(OPINIT_DATA.timing));
    expect(tx.chain_id).toBe(L2);
    expect(tx.msgs.map((m) => m.msg_type_url)).toEqual(['/opinit.opchild.v1.MsgInitiateTokenWithdrawal']);
    const before = await balanceOf(service, L1, dev(L1, 4), 'uinit');
    // the clock refuses a body that asks for nothing, or a jump of no time
    expect((await service.post('/local/clock', {})).status).toBe(400);
    expect((await service.post('/local/clock', { advance_seconds: 0 })).status).toBe(400);
    const submitted = await signAndSubmit(service, tx, 4);
    await untilLeg(submitted.tx_hash, L2, 'OPINIT_TRANSFER_SENT');
    expectSupplyConserved();
    // a day later it is still waiting for its finalization period
    expect((await service.post('/local/clock', { advance_seconds: 24 * 3600 })).status).toBe(200);
    expect(opInit(await status(submitted.tx_hash, L2))?.state).toBe('OPINIT_TRANSFER_SENT');
    expect(await balanceOf(service, L1, dev(L1, 4), 'uinit')).toBe(before);
    expect((await service.post('/local/clock', { advance_seconds: EIGHT_DAYS })).status).toBe(200);
    const end = await waitForEnd(service, submitted.tx_hash, L2);
    expect(end.state).toBe('STATE_COMPLETED_SUCCESS');
    expect(opInit(end)).toMatchObject({ state: 'OPINIT_TRANSFER_RECEIVED', from_chain_id: L2, to_chain_id: L1, txs: { receive_tx: { chain_id: L1 } } });
    expect((await balanceOf(service, L1, dev(L1, 4), 'uinit')) - before).toBe(1_500_000n);
    expectSupplyConserved();
  });

  it('opinit_deposit_failed: nothing minted, OPINIT_TRANSFER_UNKNOWN, and the INIT comes back on Initia after the period', async () => {
    expect((await service.post('/local/faults', { kind: 'opinit_deposit_failed', chain_id: L1 })).status).toBe(200);
    const { tx } = await run(deposit('3000000'), 5);
    const sender = dev(L1, 5);
    const before = await balanceOf(service, L1, sender, 'uinit');
    const l2Before = await balanceOf(service, L2, dev(L2, 5), L2_INIT);
    const submitted = await signAndSubmit(service, tx, 5);
    const refused = await untilLeg(submitted.tx_hash, L1, 'OPINIT_TRANSFER_UNKNOWN');
    expect(refused.state).not.toBe('STATE_COMPLETED_SUCCESS');
    expect(await balanceOf(service, L2, dev(L2, 5), L2_INIT)).toBe(l2Before);
    expectSupplyConserved();
    expect((await service.post('/local/clock', { advance_seconds: EIGHT_DAYS })).status).toBe(200);
    const end = await waitForEnd(service, submitted.tx_hash, L1);
    expect(end.state).toBe('STATE_COMPLETED_ERROR');
    expect(end.transfers[0]!.transfer_asset_release).toMatchObject({ chain_id: L1, denom: 'uinit', released: true });
    const fee = BigInt(feeFor(service, L1).amount[0]!.amount);
    expect(before - (await balanceOf(service, L1, sender, 'uinit'))).toBe(fee); // only the fee is gone
    expectSupplyConserved();
  });
});
