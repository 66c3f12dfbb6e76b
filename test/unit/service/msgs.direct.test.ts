/** msgs_direct: the planner's route and the msgs builder's transactions in one call. */
import { describe, expect, it, vi } from 'vitest';
import { fromBech32, toBech32 } from '@cosmjs/encoding';
import { MsgsDirectRequest, MsgsDirectResponse, type RouteRequest, type RouteResponse } from '../../../src/api/schemas';
import { EntryPointExecuteMsg, buildMsgs, buildMsgsDirect } from '../../../src/service/msgs';
import { planRoute } from '../../../src/service/planner';
import { getWorld } from '../../../src/service/world';
import { readFixture } from '../../support/fixtures';
import { serviceErrorOf as failure } from '../../support/service-error';

const world = getWorld();
const NOW = 1_700_000_000_000;
const opts = { now: () => NOW };
const DATA = fromBech32('cosmos1x8ad0zyw52mvndh7hlnafrg0gt284ga7cl43fw', 128).data;
const on = (prefix: string) => toBech32(prefix, DATA, 128);
const EVM_USER = '0x00b40F326Ab76189170cA2FfeCfa4B34b43949dA';
const fixture = (name: string): any => readFixture(name);

/** Every Cosmos chain the tests route through, plus Ethereum. */
const ADDRESSES: Record<string, string> = {
  'noble-1': on('noble'),
  'osmosis-1': on('osmo'),
  'cosmoshub-4': on('cosmos'),
  'axelar-dojo-1': on('axelar'),
  'neutron-1': on('neutron'),
  '1': EVM_USER,
};

function direct(req: MsgsDirectRequest, options: Parameters<typeof buildMsgsDirect>[2] = opts) {
  const res = buildMsgsDirect(world, req, options);
  const parsed = MsgsDirectResponse.safeParse(res);
  expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues)).toBe(true);
  return res as unknown as { msgs: any[]; txs: any[]; min_amount_out: string; estimated_fees: any[]; route: RouteResponse };
}


const usdcToAtom: MsgsDirectRequest = {
  source_asset_denom: 'uusdc',
  source_asset_chain_id: 'noble-1',
  dest_asset_denom: 'uatom',
  dest_asset_chain_id: 'cosmoshub-4',
  amount_in: '10000000',
  chain_ids_to_addresses: ADDRESSES,
  slippage_tolerance_percent: '3',
  allow_multi_tx: true,
};

describe('msgs_direct', () => {
  it('returns the planner’s route and exactly what msgs builds from it', () => {
    const res = direct(usdcToAtom);
    const route = planRoute(world, {
      source_asset_denom: 'uusdc',
      source_asset_chain_id: 'noble-1',
      dest_asset_denom: 'uatom',
      dest_asset_chain_id: 'cosmoshub-4',
      amount_in: '10000000',
      allow_multi_tx: true,
    });
    expect(res.route).toEqual(route);
    const msgs = buildMsgs(
      world,
      {
        amount_in: route.amount_in,
        amount_out: route.amount_out,
        operations: route.operations,
        address_list: route.required_chain_addresses.map((c) => ADDRESSES[c]!),
        slippage_tolerance_percent: '3',
      },
      opts,
    );
    expect({ msgs: res.msgs, txs: res.txs, min_amount_out: res.min_amount_out, estimated_fees: res.estimated_fees }).toEqual(msgs);
    expect(res.route.required_chain_addresses).toEqual(['noble-1', 'osmosis-1', 'cosmoshub-4']);
    expect(BigInt(res.min_amount_out)).toBe((BigInt(route.amount_out) * 97n) / 100n);
  });

  it('a chain on the path without an address is a 400 code 3 naming it; extra chains are ignored', () => {
    const { 'osmosis-1': _, ...rest } = ADDRESSES;
    const e = failure(() => buildMsgsDirect(world, { ...usdcToAtom, chain_ids_to_addresses: rest }, opts));
    expect(e.httpStatus).toBe(400);
    expect(e.code).toBe(3);
    expect(e.message).toBe(
      'missing address for chain osmosis-1: chain_ids_to_addresses must give an address for every chain on the route (noble-1, osmosis-1, cosmoshub-4)',
    );
    expect(failure(() => buildMsgsDirect(world, { ...usdcToAtom, chain_ids_to_addresses: undefined }, opts)).message).toMatch(/^invalid chain_ids_to_addresses/);
  });

  it('checks each address against its chain', () => {
    const e = failure(() => buildMsgsDirect(world, { ...usdcToAtom, chain_ids_to_addresses: { ...ADDRESSES, 'cosmoshub-4': on('osmo') } }, opts));
    expect(e.message).toBe(`invalid address for chain cosmoshub-4: "${on('osmo')}" does not have the prefix "cosmos"`);
  });

  it('unequal affiliate bps fail before planning; equal ones are quoted by the planner and paid by the swap', () => {
    const plan = vi.fn((w: typeof world, r: RouteRequest) => planRoute(w, r));
    const bad = {
      ...usdcToAtom,
      chain_ids_to_affiliates: {
        'osmosis-1': { affiliates: [{ address: on('osmo'), basis_points_fee: '50' }] },
        'noble-1': { affiliates: [{ address: on('noble'), basis_points_fee: '40' }] },
      },
    };
    expect(failure(() => buildMsgsDirect(world, bad, { ...opts, planRoute: plan })).message).toMatch(/^all chains must have the same cumulative affiliate fee bps/);
    expect(plan).not.toHaveBeenCalled();

    const good = { ...bad, chain_ids_to_affiliates: { ...bad.chain_ids_to_affiliates, 'noble-1': { affiliates: [{ address: on('noble'), basis_points_fee: '50' }] } } };
    const res = direct(good, { ...opts, planRoute: plan });
    expect(plan).toHaveBeenCalledTimes(1);
    expect(plan.mock.calls[0]![1]).toMatchObject({ cumulative_affiliate_fee_bps: '50', amount_in: '10000000', allow_multi_tx: true });
    const swap = res.route.operations.find((o: any) => o.swap) as any;
    expect(swap.swap.estimated_affiliate_fee).not.toMatch(/^0/);
    const msg = JSON.parse(res.txs[0].cosmos_tx.msgs[0].msg);
    const ep = EntryPointExecuteMsg.parse(JSON.parse(msg.memo).wasm.msg).swap_and_action;
    expect(ep.affiliates).toEqual([{ basis_points_fee: '50', address: on('osmo') }]);
  });

  it('planner errors come through unchanged (price safety)', () => {
    const req = MsgsDirectRequest.parse(fixture('v2_fungible_msgs_direct.request.swap-with-allow_unsafe-false.json'));
    const e = failure(() => buildMsgsDirect(world, { ...req, chain_ids_to_addresses: ADDRESSES }, opts));
    expect(e.code).toBe(3);
    expect(e.details[0]?.reason).toBe('BAD_PRICE_ERROR');
  });

  it('fixture: CCTP with smart relay from Noble', () => {
    const res = direct(MsgsDirectRequest.parse(fixture('v2_fungible_msgs_direct.request.cctp-transfer-with-smart-relay.json')));
    expect(res.txs).toHaveLength(1);
    expect(res.txs[0].cosmos_tx.msgs.map((m: any) => m.msg_type_url)).toEqual(['/circle.cctp.v1.MsgDepositForBurn', '/cosmos.bank.v1beta1.MsgSend']);
    expect(res.estimated_fees).toEqual(res.route.estimated_fees);
    expect(res.min_amount_out).toBe(res.route.amount_out);
  });

  it('fixture: USDC from Ethereum to Noble over CCTP', () => {
    const res = direct(MsgsDirectRequest.parse(fixture('v2_fungible_msgs_direct.request.transfer-usdc-from-ethereum-to-noble-via-cctp.json')));
    expect(res.txs).toHaveLength(1);
    expect(res.txs[0].evm_tx).toMatchObject({ chain_id: '1', signer_address: EVM_USER, value: '0' });
    expect(res.msgs).toEqual([{ evm_tx: res.txs[0].evm_tx }]);
  });

  it('fixture: a Solana source starts with an svm_tx (the CCTP burn), then the Noble transaction', () => {
    const res = buildMsgsDirect(world, MsgsDirectRequest.parse(fixture('v2_fungible_msgs_direct.request.swap-usdc-from-solana-to-osmo-on-osmosis.json')), opts) as any;
    expect(res.txs.map((t: Record<string, unknown>) => Object.keys(t).find((k) => k !== 'operations_indices'))).toEqual(['svm_tx', 'cosmos_tx']);
    expect(res.txs[0].svm_tx).toMatchObject({ chain_id: 'solana', signer_address: '9ujG2o3aoRmcamPtKxjNsesiUhautebv1AyvnMF4ncMA' });
    expect(res.txs[0].svm_tx.tx).toMatch(/^[A-Za-z0-9+/]+=*$/);
  });

  it('fixture: swap-usdc-to-atom plans and builds when every chain of the route has an address', () => {
    const req = MsgsDirectRequest.parse(fixture('v2_fungible_msgs_direct.request.swap-usdc-to-atom.json'));
    const res = direct({ ...req, chain_ids_to_addresses: { ...req.chain_ids_to_addresses, ...ADDRESSES } });
    expect(res.txs.flatMap((t: any) => t.operations_indices)).toEqual(res.route.operations.map((_: unknown, i: number) => i));
    expect(res.route.source_asset_chain_id).toBe('axelar-dojo-1');
  });

  it('amount_in is checked like msgs', () => {
    expect(failure(() => buildMsgsDirect(world, { ...usdcToAtom, amount_in: '1.5' }, opts)).message).toBe('invalid amount_in');
  });
});
