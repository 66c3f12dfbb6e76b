import { describe, expect, it } from 'vitest';
import type { Route, RouteRequest } from '../../../src/api/schemas/route';
import { BRIDGE_TYPES } from '../../../src/api/schemas/enums';
import {
  askRouteCandidates,
  candidateContext,
  compareRoutes,
  fixedAmountOf,
  KNOWN_BRIDGES,
  planRouteCandidates,
  routeBridges,
  routeFeesUsd,
  routeIdentity,
} from '../../../src/routes/compare';
import { USDC_ETHEREUM as USDC_ETH, USDC_ETHEREUM_TO_NOBLE } from '../../support/usdc-routes';

const BASE: RouteRequest = USDC_ETHEREUM_TO_NOBLE;
const DIRECTORY = {
  chains: [
    { id: '1', type: 'evm' },
    { id: '42161', type: 'evm' },
    { id: 'noble-1', type: 'cosmos' },
    { id: 'osmosis-1', type: 'cosmos' },
  ],
};

const cctpOp = { cctp_transfer: { from_chain_id: '1', to_chain_id: 'noble-1', bridge_id: 'CCTP', denom_in: USDC_ETH, denom_out: 'uusdc' }, tx_index: 0, amount_in: '100000000', amount_out: '100000000' };
const axelarOp = { axelar_transfer: { from_chain_id: '1', to_chain_id: 'osmosis-1', bridge_id: 'AXELAR', asset: 'uusdc' }, tx_index: 0, amount_in: '100000000', amount_out: '99800000' };
const swapOp = { swap: { chain_id: 'osmosis-1', swap_in: { swap_venue: { name: 'osmosis-poolmanager' } } }, tx_index: 0, amount_in: '99800000', amount_out: '99791667' };
const ibcOp = { transfer: { from_chain_id: 'osmosis-1', to_chain_id: 'noble-1', channel: 'channel-750', denom_in: 'ibc/X', denom_out: 'uusdc' }, tx_index: 0, amount_in: '99791667', amount_out: '99791667' };
const goFastOp = { go_fast_transfer: { from_chain_id: '1', to_chain_id: 'noble-1', denom_in: USDC_ETH, denom_out: 'uusdc' }, tx_index: 0, amount_in: '100000000', amount_out: '99900000' };

function route(operations: object[], out: string, extra: Partial<Route> = {}): Route {
  return {
    amount_in: '100000000',
    amount_out: out,
    source_asset_chain_id: '1',
    source_asset_denom: USDC_ETH,
    dest_asset_chain_id: 'noble-1',
    dest_asset_denom: 'uusdc',
    operations,
    required_chain_addresses: ['1', 'noble-1'],
    usd_amount_in: '100.00',
    usd_amount_out: (Number(out) / 1e6).toFixed(2),
    txs_required: 1,
    estimated_route_duration_seconds: 900,
    ...extra,
  } as Route;
}

describe('planRouteCandidates', () => {
  it('asks the default first, then Go Fast and each listed bridge on its own, with IBC for a Cosmos end', () => {
    const ids = ['IBC', 'AXELAR', 'CCTP', 'GO_FAST', 'STARGATE'];
    const candidates = planRouteCandidates(BASE, candidateContext(DIRECTORY, ids));
    expect(candidates.map((c) => c.id)).toEqual(['default', 'go_fast', 'bridge:AXELAR', 'bridge:CCTP', 'bridge:GO_FAST', 'bridge:STARGATE']);
    expect(candidates[0]!.body).toBe(BASE);
    expect(candidates[1]!.body).toEqual({ ...BASE, go_fast: true });
    expect(candidates[2]!.body).toEqual({ ...BASE, bridges: ['AXELAR', 'IBC'] });
    // a bridge production gates behind an experimental feature is opted in to when asked alone
    expect(candidates[3]!.body).toEqual({ ...BASE, bridges: ['CCTP', 'IBC'], experimental_features: ['cctp'] });
    // Go Fast carries routes only with its flag on
    expect(candidates[4]!.body).toEqual({ ...BASE, bridges: ['GO_FAST', 'IBC'], go_fast: true });
    expect(candidates[5]!.body).toEqual({ ...BASE, bridges: ['STARGATE', 'IBC'], experimental_features: ['stargate'] });
  });

  it('asks IBC alone only between Cosmos chains, and no IBC at all between EVM chains', () => {
    const cosmos = planRouteCandidates({ ...BASE, source_asset_chain_id: 'osmosis-1', source_asset_denom: 'ibc/X' }, candidateContext(DIRECTORY, ['IBC', 'CCTP']));
    expect(cosmos.map((c) => c.id)).toEqual(['default', 'bridge:IBC', 'bridge:CCTP']);
    expect(cosmos[1]!.body.bridges).toEqual(['IBC']);
    const evm = planRouteCandidates({ ...BASE, dest_asset_chain_id: '42161', dest_asset_denom: '0xaf88' }, candidateContext(DIRECTORY, ['IBC', 'CCTP']));
    expect(evm.map((c) => [c.id, c.body.bridges])).toEqual([
      ['default', undefined],
      ['bridge:CCTP', ['CCTP']],
    ]);
  });

  it('keeps to the bridges the request allows, and tries every known bridge when the API list is unknown', () => {
    const allowed = planRouteCandidates({ ...BASE, bridges: ['CCTP', 'AXELAR'] }, candidateContext(DIRECTORY, ['IBC', 'AXELAR', 'CCTP', 'GO_FAST']));
    expect(allowed.map((c) => [c.id, c.body.bridges])).toEqual([
      ['default', ['CCTP', 'AXELAR']],
      ['bridge:AXELAR', ['AXELAR']],
      ['bridge:CCTP', ['CCTP']],
    ]);
    const unknown = planRouteCandidates(BASE, candidateContext(null));
    // unknown chain types may be Cosmos chains: IBC alone is tried too
    expect(unknown.map((c) => c.id)).toEqual(['default', 'go_fast', ...KNOWN_BRIDGES.map((b) => `bridge:${b}`)]);
  });

  it('does not ask the same request twice', () => {
    const candidates = planRouteCandidates({ ...BASE, go_fast: true, bridges: ['GO_FAST'] }, candidateContext(DIRECTORY, ['GO_FAST']));
    expect(candidates.map((c) => c.id)).toEqual(['default']);
  });

  it('knows the same bridge types as the API schemas', () => {
    expect([...KNOWN_BRIDGES]).toEqual([...BRIDGE_TYPES]);
  });
});

describe('compareRoutes', () => {
  it('sorts by most received, labels the cheapest and the fastest, and says fees, time and bridges', () => {
    const cctp = route([cctpOp], '100000000', { estimated_fees: [{ usd_amount: '0.02' }, { usd_amount: '0.005' }] } as Partial<Route>);
    const axelar = route([axelarOp, swapOp, ibcOp], '99791667', { estimated_route_duration_seconds: 1020, estimated_fees: [{ usd_amount: '0.20' }] } as Partial<Route>);
    const goFast = route([goFastOp], '99900000', { estimated_route_duration_seconds: 15, estimated_fees: [] } as Partial<Route>);
    const compared = compareRoutes([axelar, goFast, cctp]);
    expect(compared.map((c) => [c.bridges, c.labels, c.received_usd, c.fees_usd, c.duration_seconds])).toEqual([
      [['CCTP'], ['cheapest'], '100.00', '0.025', 900],
      [['GO_FAST'], ['fastest'], '99.90', null, 15],
      [['AXELAR', 'IBC'], [], '99.79', '0.2', 1020],
    ]);
    expect(compared[0]!.route).toBe(cctp);
  });

  it('merges answers with the same operations, keeping the one that delivers more', () => {
    const a = route([cctpOp], '99999000');
    const b = route([{ ...cctpOp, amount_out: '100000000' }], '100000000');
    const other = route([goFastOp], '99900000', { estimated_route_duration_seconds: 15 });
    const compared = compareRoutes([a, other, b]);
    expect(compared).toHaveLength(2);
    expect(compared[0]!.route).toBe(b);
    expect(routeIdentity(a)).toBe(routeIdentity(b));
    expect(routeIdentity(a)).not.toBe(routeIdentity(other));
  });

  it('compares in tokens when a route is not priced, and gives the fastest tie to fewer transactions', () => {
    const unpriced = route([cctpOp], '100000000', { usd_amount_out: undefined, txs_required: 2 });
    const priced = route([axelarOp, swapOp, ibcOp], '99791667', { estimated_route_duration_seconds: 900, txs_required: 1 });
    const compared = compareRoutes([priced, unpriced]);
    expect(compared.map((c) => [c.bridges[0], c.labels, c.received_usd])).toEqual([
      ['CCTP', ['cheapest'], null],
      ['AXELAR', ['fastest'], '99.79'],
    ]);
  });

  it('labels no fastest without a duration, and a tie in what arrives goes to what costs less to send', () => {
    const dearer = route([cctpOp], '100000000', { amount_in: '100100000', estimated_route_duration_seconds: undefined });
    const cheaper = route([goFastOp], '100000000', { estimated_route_duration_seconds: undefined });
    const compared = compareRoutes([dearer, cheaper]);
    expect(compared.map((c) => [c.bridges[0], c.labels, c.duration_seconds])).toEqual([
      ['GO_FAST', ['cheapest'], null],
      ['CCTP', [], null],
    ]);
  });

  it('names the bridge of each operation once, from bridge_id or the operation kind', () => {
    expect(routeBridges(route([axelarOp, swapOp, ibcOp, { transfer: { bridge_id: 'IBC' } }, goFastOp], '1'))).toEqual(['AXELAR', 'IBC', 'GO_FAST']);
    expect(routeFeesUsd(route([], '1', { estimated_fees: [{ usd_amount: '' }, {}] } as Partial<Route>))).toBeNull();
    expect(routeFeesUsd(route([], '1', { estimated_fees: [{ usd_amount: '1.5' }, { usd_amount: '2.25' }, {}] } as Partial<Route>))).toBe('3.75');
  });
});

describe('askRouteCandidates', () => {
  const candidates = planRouteCandidates(BASE, candidateContext(DIRECTORY, ['IBC', 'AXELAR', 'CCTP']));

  it('leaves out the requests that fail and compares the rest', async () => {
    const asked: RouteRequest[] = [];
    const compared = await askRouteCandidates(candidates, async (body) => {
      asked.push(body);
      if (body.bridges?.[0] === 'AXELAR') return route([axelarOp, swapOp, ibcOp], '99791667', { estimated_route_duration_seconds: 1020 });
      if (body.bridges === undefined) return route([cctpOp], '100000000');
      throw new Error('no routes found');
    });
    expect(asked).toHaveLength(3);
    expect(compared.map((c) => c.bridges)).toEqual([['CCTP'], ['AXELAR', 'IBC']]);
  });

  it('throws the default request’s failure when nothing answers', async () => {
    const failures = candidates.map((c) => new Error(c.id));
    await expect(askRouteCandidates(candidates, async (body) => Promise.reject(failures[candidates.findIndex((c) => c.body === body)]))).rejects.toBe(failures[0]);
  });
});

describe('what arrives fixed (amount_out): the routes compared by what they cost to send', () => {
  // Go Fast delivers a little more than asked but costs more to send; CCTP delivers what was asked for less
  const goFastOut = route([goFastOp], '100000002', { amount_in: '100510511', usd_amount_in: '100.51', usd_amount_out: '100.01', estimated_route_duration_seconds: 15 });
  const cctpOut = route([cctpOp], '100000000', { amount_in: '100000000', usd_amount_in: '100.00', usd_amount_out: '100.00' });
  const axelarOut = route([axelarOp, swapOp, ibcOp], '100000000', { amount_in: '100208785', usd_amount_in: '100.21', usd_amount_out: '100.00', estimated_route_duration_seconds: 1020 });

  it('cheapest is the least sent, in USD when every route is priced', () => {
    const compared = compareRoutes([goFastOut, axelarOut, cctpOut], { fixed: 'out' });
    expect(compared.map((c) => [c.bridges[0], c.labels, c.route.usd_amount_in])).toEqual([
      ['CCTP', ['cheapest'], '100.00'],
      ['AXELAR', [], '100.21'],
      ['GO_FAST', ['fastest'], '100.51'],
    ]);
    // with what is sent fixed, the same answers compare by what arrives
    expect(compareRoutes([goFastOut, axelarOut, cctpOut])[0]!.route).toBe(goFastOut);
  });

  it('in tokens of the source asset when a route is not priced', () => {
    const unpriced = { ...goFastOut, usd_amount_in: undefined, usd_amount_out: undefined };
    const compared = compareRoutes([unpriced, axelarOut, cctpOut], { fixed: 'out' });
    expect(compared.map((c) => [c.bridges[0], c.labels])).toEqual([
      ['CCTP', ['cheapest']],
      ['AXELAR', []],
      ['GO_FAST', ['fastest']],
    ]);
  });

  it('of two answers for the same operations, keeps the one that costs less', () => {
    const dearer = route([cctpOp], '100000001', { amount_in: '100300000', usd_amount_in: '100.30', usd_amount_out: '100.00' });
    const compared = compareRoutes([dearer, cctpOut], { fixed: 'out' });
    expect(compared).toHaveLength(1);
    expect(compared[0]!.route).toBe(cctpOut);
  });

  it('the bridge’s routes method compares this way when the request gives amount_out', async () => {
    const { amount_in: _in, ...rest } = BASE;
    const exactOut = planRouteCandidates({ ...rest, amount_out: '100000000' }, candidateContext(DIRECTORY, ['IBC', 'AXELAR', 'CCTP', 'GO_FAST']));
    expect(fixedAmountOf(exactOut[0]!.body)).toBe('out');
    expect(fixedAmountOf(BASE)).toBe('in');
    const compared = await askRouteCandidates(exactOut, async (body) => (body.go_fast ? goFastOut : body.bridges?.[0] === 'AXELAR' ? axelarOut : cctpOut));
    expect(compared.map((c) => [c.bridges[0], c.labels])).toEqual([
      ['CCTP', ['cheapest']],
      ['AXELAR', []],
      ['GO_FAST', ['fastest']],
    ]);
  });

  it('local routes for 100 USDC to arrive on Noble: CCTP costs least to send', async () => {
    const { planRoute } = await import('../../../src/service/planner');
    const { getWorld } = await import('../../../src/service/world');
    const { amount_in: _in, ...rest } = BASE;
    const wire = (v: unknown) => JSON.parse(JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x))) as Route;
    const ask = (extra: object) => wire(planRoute(getWorld(), { ...rest, amount_out: '100000000', ...extra } as never));
    const compared = compareRoutes([ask({ go_fast: true }), ask({ bridges: ['AXELAR', 'IBC'] }), ask({})], { fixed: 'out' });
    expect(compared.map((c) => [c.bridges.join('+'), c.labels, c.route.amount_out])).toEqual([
      ['CCTP', ['cheapest'], '100000000'],
      ['AXELAR+IBC', [], '100000000'],
      ['GO_FAST+IBC', ['fastest'], '100000000'],
    ]);
    const sent = compared.map((c) => BigInt(c.route.amount_in));
    expect(sent[0]! < sent[1]! && sent[1]! < sent[2]!).toBe(true);
  });
});
