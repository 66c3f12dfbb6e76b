/**
 * The planner over the real registry World: transfers (unwind then forward), PFM and
 * multi-transaction routes, swaps, CCTP and Axelar legs, exact-out, ranking, option handling.
 * Every route is checked against the wire schema `RouteResponse`, and built by the msgs
 * builder into exactly the transactions its tx_index and txs_required promise.
 */
import { fromBech32, toBech32 } from '@cosmjs/encoding';
import { beforeAll, describe, expect, it } from 'vitest';
import { RouteResponse, type MsgsRequest, type RouteRequest } from '../../../src/api/schemas';
import type { ServiceError } from '../../../src/service/http/errors';
import { buildMsgsJson } from '../../../src/service/msgs';
import { DEFAULT_TIMING, NO_ROUTES_FOUND, NO_SINGLE_TX_ROUTES, planRoute, type PlannerConfig, type WireRoute } from '../../../src/service/planner';
import { CCTP_TIMING } from '../../../src/service/bridges/cctp/planner';
import { buildWorld, ibcDenom, type World } from '../../../src/service/world';
import { readFixture } from '../../support/fixtures';
import { serviceErrorOf } from '../../support/service-error';

const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const USDC_ON_OSMOSIS = 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4';
const AXLUSDC_ON_OSMOSIS = 'ibc/D189335C6E4A68B513C10AB227BF1C1D38C746766278BA3EEB4FB14124F1D858';
const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';

let world: World;
beforeAll(() => {
  world = buildWorld({ log: () => {} });
});

type AnyOp = Record<string, unknown> & { tx_index: number; amount_in: string; amount_out: string };
const kindOf = (op: AnyOp): string => Object.keys(op).find((k) => !['tx_index', 'amount_in', 'amount_out'].includes(k))!;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const body = (op: AnyOp): any => op[kindOf(op)];

function plan(req: RouteRequest, config?: Partial<PlannerConfig>): WireRoute {
  const route = planRoute(world, req, config);
  const parsed = RouteResponse.safeParse(route);
  if (!parsed.success) throw new Error(`route does not validate: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`);
  checkTxsAgainstMsgs(route as unknown as WireRoute);
  return route as unknown as WireRoute;
}

const EVM_USER = '0x00b40F326Ab76189170cA2FfeCfa4B34b43949dA';
const USER_BYTES = fromBech32('cosmos1x8ad0zyw52mvndh7hlnafrg0gt284ga7cl43fw', 128).data;

/** The same user's address on any chain of the World. */
function addressOn(chainId: string): string {
  const chain = world.chain(chainId)!;
  if (chain.chainType === 'evm') return EVM_USER;
  if (chain.chainType === 'svm') return '9ujG2o3aoRmcamPtKxjNsesiUhautebv1AyvnMF4ncMA';
  return toBech32(chain.bech32Prefix!, USER_BYTES, 128);
}

/**
 * The msgs builder turns the route into exactly `txs_required` transactions, and the one
 * carrying each operation (operations_indices) is the operation's tx_index; the fees name
 * the transaction that pays them. Returns the transactions' operation indices.
 */
function checkTxsAgainstMsgs(r: WireRoute): number[][] {
  // the local msgs builder does not sign on Solana
  if (world.chain(r.source_asset_chain_id)!.chainType === 'svm') return [];
  const ops = r.operations as unknown as AnyOp[];
  const request: MsgsRequest = {
    source_asset_denom: r.source_asset_denom,
    source_asset_chain_id: r.source_asset_chain_id,
    dest_asset_denom: r.dest_asset_denom,
    dest_asset_chain_id: r.dest_asset_chain_id,
    amount_in: r.amount_in,
    amount_out: r.amount_out,
    operations: r.operations as unknown as MsgsRequest['operations'],
    address_list: r.required_chain_addresses.map(addressOn),
    slippage_tolerance_percent: '1',
  };
  const built = buildMsgsJson(world, request, { now: () => 1_700_000_000_000 });
  const groups = built.txs.map((t) => t.operations_indices);
  expect(groups.length, 'transactions built = txs_required').toBe(r.txs_required);
  expect(groups.flat()).toEqual(ops.map((_, i) => i));
  groups.forEach((indices, tx) => {
    for (const i of indices) expect(ops[i]!.tx_index, `tx_index of operation ${i}`).toBe(tx);
  });
  expect(built.estimated_fees.map((f) => [f.tx_index, f.operation_index])).toEqual(r.estimated_fees.map((f) => [f.tx_index, f.operation_index]));
  return groups;
}

function planError(req: RouteRequest, config?: Partial<PlannerConfig>): ServiceError {
  return serviceErrorOf(() => planRoute(world, req, config));
}

/** Production's no-route answer (404, code 5, its exact message); the local reason is in details. */
function noRouteReason(e: ServiceError, message: string): string {
  expect(e.httpStatus).toBe(404);
  expect(e.code).toBe(5);
  expect(e.message).toBe(message);
  return e.details[0]?.metadata?.explanation ?? '';
}

const req = (
  source: [string, string],
  dest: [string, string],
  extra: Partial<RouteRequest> = { amount_in: '1000000' },
): RouteRequest => ({
  source_asset_denom: source[0],
  source_asset_chain_id: source[1],
  dest_asset_denom: dest[0],
  dest_asset_chain_id: dest[1],
  ...extra,
});

/** Invariants every route must satisfy. */
function checkConsistency(r: WireRoute): void {
  const ops = r.operations as unknown as AnyOp[];
  expect(ops.length).toBeGreaterThan(0);
  expect(ops[0]!.amount_in).toBe(r.amount_in);
  expect(ops.at(-1)!.amount_out).toBe(r.amount_out);
  expect(r.estimated_amount_out).toBe(r.amount_out);
  for (let i = 1; i < ops.length; i++) {
    expect(ops[i]!.amount_in, `op ${i} takes what op ${i - 1} delivers`).toBe(ops[i - 1]!.amount_out);
    expect(ops[i]!.tx_index).toBeGreaterThanOrEqual(ops[i - 1]!.tx_index);
    expect(ops[i]!.tx_index - ops[i - 1]!.tx_index).toBeLessThanOrEqual(1);
  }
  expect(ops[0]!.tx_index).toBe(0);
  expect(r.txs_required).toBe(ops.at(-1)!.tx_index + 1);
  expect(r.chain_ids[0]).toBe(r.source_asset_chain_id);
  expect(r.chain_ids.at(-1)).toBe(r.dest_asset_chain_id);
  expect(r.required_chain_addresses).toEqual(r.chain_ids);
  for (const op of ops) {
    if (kindOf(op) !== 'transfer') continue;
    const t = body(op);
    // the World agrees with every hop's denom arithmetic
    expect(world.denomAfterHop(t.denom_in, t.from_chain_id, t.channel).denom).toBe(t.denom_out);
    expect(t.dest_denom).toBe(t.denom_out);
    expect(t.pfm_enabled).toBe(world.chain(t.from_chain_id)!.pfmEnabled);
  }
}

describe('IBC transfers', () => {
  it('ATOM from the Hub to Osmosis: one transfer on channel-141 delivering ibc/27394…', () => {
    const r = plan(req(['uatom', 'cosmoshub-4'], [ATOM_ON_OSMOSIS, 'osmosis-1']));
    checkConsistency(r);
    expect(r.operations).toHaveLength(1);
    const op = r.operations[0] as unknown as AnyOp;
    expect(kindOf(op)).toBe('transfer');
    expect(body(op)).toEqual({
      port: 'transfer',
      channel: 'channel-141',
      from_chain_id: 'cosmoshub-4',
      to_chain_id: 'osmosis-1',
      pfm_enabled: true,
      supports_memo: true,
      denom_in: 'uatom',
      denom_out: ATOM_ON_OSMOSIS,
      fee_amount: null,
      usd_fee_amount: null,
      fee_asset: null,
      bridge_id: 'IBC',
      smart_relay: false,
      to_chain_entry_contract_address: null,
      to_chain_callback_contract_address: null,
      dest_denom: ATOM_ON_OSMOSIS,
    });
    expect(op).toMatchObject({ tx_index: 0, amount_in: '1000000', amount_out: '1000000' });
    expect(r).toMatchObject({
      amount_in: '1000000',
      amount_out: '1000000',
      chain_ids: ['cosmoshub-4', 'osmosis-1'],
      required_chain_addresses: ['cosmoshub-4', 'osmosis-1'],
      does_swap: false,
      swap_venues: [],
      txs_required: 1,
      usd_amount_in: '4.02',
      usd_amount_out: '4.02',
      estimated_fees: [],
      estimated_route_duration_seconds: DEFAULT_TIMING.ibcHopSeconds,
    });
    expect(r.warning).toBeUndefined();
    expect(r.swap_price_impact_percent).toBeUndefined();
  });

  it('unwinds ATOM on Osmosis back to uatom on the Hub over the channel it came in on', () => {
    const r = plan(req([ATOM_ON_OSMOSIS, 'osmosis-1'], ['uatom', 'cosmoshub-4']));
    checkConsistency(r);
    expect(r.operations).toHaveLength(1);
    expect(body(r.operations[0] as unknown as AnyOp)).toMatchObject({
      channel: 'channel-0',
      from_chain_id: 'osmosis-1',
      to_chain_id: 'cosmoshub-4',
      denom_in: ATOM_ON_OSMOSIS,
      denom_out: 'uatom',
    });
  });

  it('accepts a lowercase ibc hash and echoes the denoms as asked', () => {
    const r = plan(req([ATOM_ON_OSMOSIS.toLowerCase().replace('IBC/', 'ibc/'), 'osmosis-1'], ['uatom', 'cosmoshub-4']));
    expect(r.source_asset_denom).toBe(ATOM_ON_OSMOSIS.toLowerCase());
    expect(body(r.operations[0] as unknown as AnyOp).denom_in).toBe(ATOM_ON_OSMOSIS);
  });

  it('ATOM from Osmosis to Neutron: unwinds to the Hub, then forwards (PFM on the Hub), one tx', () => {
    const atomOnNeutron = world.canonicalDenomOn('cosmoshub-4', 'uatom', 'neutron-1')!;
    const r = plan(req([ATOM_ON_OSMOSIS, 'osmosis-1'], [atomOnNeutron, 'neutron-1']));
    checkConsistency(r);
    const ops = r.operations as unknown as AnyOp[];
    expect(ops.map((o) => [body(o).from_chain_id, body(o).to_chain_id])).toEqual([
      ['osmosis-1', 'cosmoshub-4'],
      ['cosmoshub-4', 'neutron-1'],
    ]);
    expect(body(ops[0]!).denom_out).toBe('uatom');
    expect(body(ops[1]!).denom_out).toBe(atomOnNeutron);
    expect(ops.map((o) => o.tx_index)).toEqual([0, 0]);
    expect(r.chain_ids).toEqual(['osmosis-1', 'cosmoshub-4', 'neutron-1']);
    expect(r.estimated_route_duration_seconds).toBe(2 * DEFAULT_TIMING.ibcHopSeconds);
  });

  it('delivers exactly the requested denom: ATOM on Neutron through Osmosis uses the channels of its trace', () => {
    // CHAIN-DATA: cosmoshub -> osmosis -> neutron = transfer/channel-10/transfer/channel-0/uatom
    const viaOsmosis = ibcDenom('transfer/channel-10/transfer/channel-0', 'uatom');
    world.ibcDenom('transfer/channel-10/transfer/channel-0', 'uatom'); // the World learns the trace
    const r = plan(req(['uatom', 'cosmoshub-4'], [viaOsmosis, 'neutron-1']));
    checkConsistency(r);
    const ops = r.operations as unknown as AnyOp[];
    expect(ops.map((o) => body(o).channel)).toEqual(['channel-141', world.channelBetween('osmosis-1', 'neutron-1')!.channelId]);
    expect(body(ops[1]!).denom_out).toBe(viaOsmosis);
    expect(r.txs_required).toBe(1);
    // and from ATOM on Osmosis it is a single hop: the shared tail of the trace stays put
    const short = plan(req([ATOM_ON_OSMOSIS, 'osmosis-1'], [viaOsmosis, 'neutron-1']));
    expect(short.operations).toHaveLength(1);
  });

  describe('a chain without packet forwarding on the path', () => {
    let throughAxelar: string;
    beforeAll(() => {
      const hop1 = world.denomAfterHop('uatom', 'cosmoshub-4', world.channelBetween('cosmoshub-4', 'axelar-dojo-1')!.channelId);
      throughAxelar = world.denomAfterHop(hop1.denom, 'axelar-dojo-1', world.channelBetween('axelar-dojo-1', 'osmosis-1')!.channelId).denom;
      expect(world.chain('axelar-dojo-1')!.pfmEnabled).toBe(false);
    });

    it('is refused without allow_multi_tx, naming the chain and the option', () => {
      const why = noRouteReason(planError(req(['uatom', 'cosmoshub-4'], [throughAxelar, 'osmosis-1'])), NO_SINGLE_TX_ROUTES);
      expect(why).toMatch(/axelar-dojo-1/);
      expect(why).toMatch(/packet forwarding/);
    });

    it('needs two transactions with allow_multi_tx: tx_index steps at Axelar', () => {
      const r = plan(req(['uatom', 'cosmoshub-4'], [throughAxelar, 'osmosis-1'], { amount_in: '1000000', allow_multi_tx: true }));
      checkConsistency(r);
      expect(r.txs_required).toBe(2);
      expect((r.operations as unknown as AnyOp[]).map((o) => [body(o).from_chain_id, o.tx_index])).toEqual([
        ['cosmoshub-4', 0],
        ['axelar-dojo-1', 1],
      ]);
      expect(r.chain_ids).toEqual(['cosmoshub-4', 'axelar-dojo-1', 'osmosis-1']);
    });
  });

  it('the transfer-statom fixture: stATOM on Osmosis to stATOM on the Hub goes through Stride', () => {
    const r = plan(
      req(
        ['ibc/C140AFD542AE77BD7DCC83F13FDD8C5E5BB8C4929785E6EC2F4C636F98F17901', 'osmosis-1'],
        ['ibc/B05539B66B72E2739B986B86391E5D08F12B8D5D2C2A7F8F8CF9ADF674DFA231', 'cosmoshub-4'],
        { amount_in: '1000000', allow_multi_tx: true, cumulative_affiliate_fee_bps: '0' },
      ),
    );
    checkConsistency(r);
    expect(r.chain_ids).toEqual(['osmosis-1', 'stride-1', 'cosmoshub-4']);
    expect(r.does_swap).toBe(false);
  });
});

describe('swaps', () => {
  it('ATOM from the Hub to OSMO: transfer into the venue chain, swap, with entry point, impact and USD values', () => {
    const r = plan(req(['uatom', 'cosmoshub-4'], ['uosmo', 'osmosis-1'], { amount_in: '1000000000' }));
    checkConsistency(r);
    const ops = r.operations as unknown as AnyOp[];
    expect(ops.map(kindOf)).toEqual(['transfer', 'swap']);
    const venue = world.venue('osmosis-poolmanager')!;
    expect(body(ops[0]!).to_chain_entry_contract_address).toBe(venue.entryPointContract);
    const swap = body(ops[1]!);
    expect(swap).toMatchObject({
      from_chain_id: 'osmosis-1',
      chain_id: 'osmosis-1',
      denom_in: ATOM_ON_OSMOSIS,
      denom_out: 'uosmo',
      estimated_affiliate_fee: '0uosmo',
      swap_venues: [{ name: 'osmosis-poolmanager', chain_id: 'osmosis-1' }],
    });
    expect(swap.swap_in.swap_venue).toEqual({ name: 'osmosis-poolmanager', chain_id: 'osmosis-1' });
    expect(swap.swap_in.swap_amount_in).toBe('1000000000');
    expect(swap.swap_in.swap_operations).toEqual([{ pool: '1', denom_in: ATOM_ON_OSMOSIS, denom_out: 'uosmo' }]);
    expect(swap.swap_in.price_impact_percent).toMatch(/^\d+\.\d\d$/);
    expect(Number(swap.swap_in.price_impact_percent)).toBeGreaterThan(0);
    expect(r.swap_price_impact_percent).toBe(swap.swap_in.price_impact_percent);
    expect(r.does_swap).toBe(true);
    expect(r.swap_venues).toEqual([{ name: venue.name, chain_id: venue.chainId, logo_uri: venue.logoUri }]);
    expect(r.usd_amount_in).toBe('4020.00');
    const lossPct = (1 - Number(r.usd_amount_out) / Number(r.usd_amount_in)) * 100;
    expect(lossPct).toBeGreaterThan(0);
    expect(lossPct).toBeLessThan(1);
  });

  it('price impact follows the constant-product formula for one pool', () => {
    const pool = world.pool('osmosis-poolmanager', '1')!;
    const r = plan(req([ATOM_ON_OSMOSIS, 'osmosis-1'], ['uosmo', 'osmosis-1'], { amount_in: '5000000000' }));
    expect(body(r.operations[0] as unknown as AnyOp).swap_in.swap_operations.map((o: { pool: string }) => o.pool)).toEqual(['1']);
    const atomFirst = pool.denoms[0] === ATOM_ON_OSMOSIS;
    const rin = BigInt(atomFirst ? pool.reserves[0] : pool.reserves[1]);
    const rout = BigInt(atomFirst ? pool.reserves[1] : pool.reserves[0]);
    const inEff = 5_000_000_000n * BigInt(10_000 - pool.feeBps);
    expect(r.amount_out).toBe(((inEff * rout) / (rin * 10_000n + inEff)).toString());
    const impact = (Number(inEff) / (Number(rin) * 10_000 + Number(inEff))) * 100;
    expect(Number(r.swap_price_impact_percent)).toBeCloseTo(impact, 2);
  });

  it('affiliate fees come off the swap output and are reported as <amount><denom>', () => {
    const base = plan(req(['uatom', 'cosmoshub-4'], ['uosmo', 'osmosis-1'], { amount_in: '1000000000' }));
    const r = plan(req(['uatom', 'cosmoshub-4'], ['uosmo', 'osmosis-1'], { amount_in: '1000000000', cumulative_affiliate_fee_bps: '100' }));
    const gross = BigInt(base.amount_out);
    const fee = (gross * 100n) / 10_000n;
    expect(r.amount_out).toBe((gross - fee).toString());
    const swap = body((r.operations as unknown as AnyOp[])[1]!);
    expect(swap.estimated_affiliate_fee).toBe(`${fee}uosmo`);
    expect(swap.swap_in.estimated_amount_out).toBe(gross.toString());
  });

  it('routes through a hub pool when that pays best (axlUSDC → USDC → ATOM, the msgs_direct fixture shape)', () => {
    const r = plan(req(['uusdc', 'axelar-dojo-1'], ['uatom', 'cosmoshub-4'], { amount_in: '1000000', allow_multi_tx: true }));
    checkConsistency(r);
    const ops = r.operations as unknown as AnyOp[];
    expect(ops.map(kindOf)).toEqual(['transfer', 'swap', 'transfer']);
    expect(body(ops[0]!)).toMatchObject({ channel: 'channel-3', pfm_enabled: false, denom_out: AXLUSDC_ON_OSMOSIS });
    expect(body(ops[1]!).swap_in.swap_operations.length).toBeGreaterThan(1);
    expect(body(ops[2]!)).toMatchObject({ channel: 'channel-0', from_chain_id: 'osmosis-1', denom_out: 'uatom' });
    expect(r.chain_ids).toEqual(['axelar-dojo-1', 'osmosis-1', 'cosmoshub-4']);
    expect(r.txs_required).toBe(1);
    expect(r.estimated_route_duration_seconds).toBe(60);
  });

  it('picks the venue that pays most; swap_venues restricts the choice', () => {
    const q = req(['uatom', 'cosmoshub-4'], ['uusdc', 'noble-1'], { amount_in: '100000000' });
    const best = plan(q);
    const onNeutron = plan({ ...q, swap_venues: [{ name: 'neutron-astroport', chain_id: 'neutron-1' }] });
    const onOsmosis = plan({ ...q, swap_venues: [{ name: 'osmosis-poolmanager', chain_id: 'osmosis-1' }] });
    expect(onNeutron.swap_venues[0]!.name).toBe('neutron-astroport');
    expect(onNeutron.chain_ids).toContain('neutron-1');
    expect(onOsmosis.swap_venues[0]!.name).toBe('osmosis-poolmanager');
    expect(BigInt(best.amount_out)).toBe(
      BigInt(onNeutron.amount_out) > BigInt(onOsmosis.amount_out) ? BigInt(onNeutron.amount_out) : BigInt(onOsmosis.amount_out),
    );
  });

  it('allow_swaps false: no swap route', () => {
    const why = noRouteReason(planError(req(['uatom', 'cosmoshub-4'], ['uosmo', 'osmosis-1'], { amount_in: '1000', allow_swaps: false })), NO_ROUTES_FOUND);
    expect(why).toMatch(/^no route from uatom on cosmoshub-4 to uosmo on osmosis-1/);
    expect(why).toMatch(/allow_swaps: false/);
  });

  it('exact-out: the smallest input that yields amount_out (swap_out body)', () => {
    const q = req(['uosmo', 'osmosis-1'], ['ibc/F663521BF1836B00F5F177680F74BFB9A8B5654A694D0D2BC249E03CF2509013', 'cosmoshub-4'], {
      amount_out: '1000000',
      allow_multi_tx: true,
      cumulative_affiliate_fee_bps: '0',
    });
    const r = plan(q);
    checkConsistency(r);
    expect(BigInt(r.amount_out)).toBeGreaterThanOrEqual(1_000_000n);
    const swap = body((r.operations as unknown as AnyOp[])[0]!);
    expect(swap.swap_out).toBeDefined();
    expect(swap.swap_in).toBeUndefined();
    expect(swap.swap_out.swap_amount_out).toBe((r.operations[0] as unknown as AnyOp).amount_out);
    // one unit less in does not make it
    const less = plan({ ...q, amount_out: undefined, amount_in: (BigInt(r.amount_in) - 1n).toString() });
    expect(BigInt(less.amount_out)).toBeLessThan(1_000_000n);
    const same = plan({ ...q, amount_out: undefined, amount_in: r.amount_in });
    expect(same.amount_out).toBe(r.amount_out);
  });

  it('exact-out with affiliates and a bridge fee still delivers at least amount_out', () => {
    // the CCTP burn on Noble is its own transaction (swap and transfer to Noble, then burn)
    const r = plan(req(['uosmo', 'osmosis-1'], [USDC_ARB, '42161'], { amount_out: '100000000', cumulative_affiliate_fee_bps: '50', allow_multi_tx: true }));
    expect(r.txs_required).toBe(2);
    checkConsistency(r);
    expect(BigInt(r.amount_out)).toBeGreaterThanOrEqual(100_000_000n);
    expect(BigInt(r.amount_out) - 100_000_000n).toBeLessThan(10n);
  });

  it('exact-out on a transfer route: amount_in equals amount_out', () => {
    const r = plan(req(['uatom', 'cosmoshub-4'], [ATOM_ON_OSMOSIS, 'osmosis-1'], { amount_out: '777' }));
    expect(r.amount_in).toBe('777');
    expect(r.amount_out).toBe('777');
  });

  it('live pool reserves can be supplied (the chain simulator passes its ledger)', () => {
    const q = req([ATOM_ON_OSMOSIS, 'osmosis-1'], ['uosmo', 'osmosis-1'], { amount_in: '1000000' });
    const genesis = plan(q);
    const drained = plan(q, { poolReserves: (p) => (p.id === '1' ? [p.reserves[0], (BigInt(p.reserves[1]) / 2n).toString()] : p.reserves) });
    expect(BigInt(drained.amount_out)).toBeLessThan(BigInt(genesis.amount_out));
  });
});

describe('CCTP', () => {
  it('Noble USDC to Arbitrum: one cctp_transfer, smart-relayed, fee deducted and listed', () => {
    const r = plan(req(['uusdc', 'noble-1'], [USDC_ARB, '42161'], { amount_in: '100000000' }));
    checkConsistency(r);
    expect(r.operations).toHaveLength(1);
    const op = r.operations[0] as unknown as AnyOp;
    expect(kindOf(op)).toBe('cctp_transfer');
    expect(body(op)).toEqual({
      from_chain_id: 'noble-1',
      to_chain_id: '42161',
      burn_token: 'uusdc',
      denom_in: 'uusdc',
      denom_out: USDC_ARB,
      bridge_id: 'CCTP',
      smart_relay: true,
      smart_relay_fee_quote: { fee_amount: '100000', fee_denom: 'uusdc', fee_payment_address: null },
    });
    expect(op).toMatchObject({ amount_in: '100000000', amount_out: '99900000' });
    expect(r.estimated_fees).toHaveLength(1);
    expect(r.estimated_fees[0]).toMatchObject({
      fee_type: 'SMART_RELAY',
      bridge_id: 'CCTP',
      amount: '100000',
      usd_amount: '0.10',
      chain_id: 'noble-1',
      tx_index: 0,
      operation_index: 0,
      fee_behavior: 'FEE_BEHAVIOR_DEDUCTED',
      origin_asset: { denom: 'uusdc', chain_id: 'noble-1', symbol: 'USDC', decimals: 6 },
    });
    expect(r.chain_ids).toEqual(['noble-1', '42161']);
    expect(r.estimated_route_duration_seconds).toBe(CCTP_TIMING.secondsBySource['noble-1']);
  });

  it('without smart relay: no fee, the user relays (longer)', () => {
    const r = plan(req(['uusdc', 'noble-1'], [USDC_ARB, '42161'], { amount_in: '100000000', smart_relay: false }));
    expect(r.amount_out).toBe('100000000');
    expect(r.estimated_fees).toEqual([]);
    expect(body(r.operations[0] as unknown as AnyOp)).toMatchObject({ smart_relay: false, smart_relay_fee_quote: null });
    expect(r.estimated_route_duration_seconds).toBe(CCTP_TIMING.secondsBySource['noble-1']! + CCTP_TIMING.manualRelaySeconds);
  });

  it('from an EVM chain the relay fee is charged on top (FEE_BEHAVIOR_ADDITIONAL); the mint on Noble ends the transaction', () => {
    const q = req([USDC_ETH, '1'], [USDC_ON_OSMOSIS, 'osmosis-1'], { amount_in: '100000000', bridges: ['CCTP', 'IBC'], allow_multi_tx: true });
    const r = plan(q);
    checkConsistency(r);
    const ops = r.operations as unknown as AnyOp[];
    expect(ops.map(kindOf)).toEqual(['cctp_transfer', 'transfer']);
    expect(ops[0]!.amount_out).toBe('100000000');
    expect(r.amount_out).toBe('100000000');
    expect(r.estimated_fees[0]).toMatchObject({ fee_behavior: 'FEE_BEHAVIOR_ADDITIONAL', chain_id: '1', bridge_id: 'CCTP', tx_index: 0 });
    // the minted USDC carries no memo: the IBC transfer on from Noble is a second transaction
    expect(ops.map((o) => o.tx_index)).toEqual([0, 1]);
    expect(r.txs_required).toBe(2);
    expect(r.chain_ids).toEqual(['1', 'noble-1', 'osmosis-1']);
  });

  it('EVM USDC → Noble → Osmosis without allow_multi_tx: refused, saying the CCTP transfer ends the transaction', () => {
    for (const extra of [{ bridges: ['CCTP', 'IBC'] }, { allow_swaps: false }]) {
      const e = planError(req([USDC_ETH, '1'], [USDC_ON_OSMOSIS, 'osmosis-1'], { amount_in: '100000000', ...extra }));
      const why = noRouteReason(e, NO_SINGLE_TX_ROUTES);
      expect(why).toMatch(/^no single-transaction route from 0xA0b8\w+ on 1 to ibc\/498A\w+ on osmosis-1: /);
      expect(why).toMatch(/a CCTP transfer ends the transaction/);
      expect(why).toMatch(/noble-1/);
    }
  });

  it('fewer transactions win over a larger amount: Axelar and a swap in one tx beat CCTP in two', () => {
    const q = req([USDC_ETH, '1'], [USDC_ON_OSMOSIS, 'osmosis-1'], { amount_in: '100000000', allow_multi_tx: true });
    const viaCctp = plan({ ...q, bridges: ['CCTP', 'IBC'] });
    const best = plan(q);
    expect(best.txs_required).toBe(1);
    expect((best.operations as unknown as AnyOp[]).map(kindOf)).toEqual(['axelar_transfer', 'swap']);
    expect(viaCctp.txs_required).toBe(2);
    // the CCTP route delivers more, and still loses
    expect(BigInt(viaCctp.amount_out)).toBeGreaterThan(BigInt(best.amount_out));
    // without allow_multi_tx the same one-transaction route is the answer
    expect(plan({ ...q, allow_multi_tx: false })).toEqual(best);
  });

  it('USDC on Neutron to Solana: back to Noble, then CCTP (the neutron-to-solana fixture)', () => {
    const r = plan(
      req(['ibc/B559A80D62249C8AA07A380E2A2BEA6E5CA9A6F079C912C3A9E9B494105E4F81', 'neutron-1'], ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'solana'], {
        amount_in: '100000000',
        allow_multi_tx: true,
        smart_relay: true,
      }),
    );
    checkConsistency(r);
    expect((r.operations as unknown as AnyOp[]).map(kindOf)).toEqual(['transfer', 'cctp_transfer']);
    expect(r.chain_ids).toEqual(['neutron-1', 'noble-1', 'solana']);
    // no memo can sign the burn: MsgDepositForBurn is a second transaction, on Noble
    expect((r.operations as unknown as AnyOp[]).map((o) => o.tx_index)).toEqual([0, 1]);
    expect(r.txs_required).toBe(2);
  });

  it('the bridges option restricts the legs', () => {
    const q = req(['uusdc', 'noble-1'], [USDC_ETH, '1'], { amount_in: '200000000' });
    const cctpOnly = plan({ ...q, bridges: ['CCTP'] });
    expect((cctpOnly.operations as unknown as AnyOp[]).map(kindOf)).toEqual(['cctp_transfer']);
    const noCctp = plan({ ...q, bridges: ['IBC', 'AXELAR'] });
    const kinds = (noCctp.operations as unknown as AnyOp[]).map(kindOf);
    expect(kinds).not.toContain('cctp_transfer');
    expect(kinds).toContain('axelar_transfer');
    expect(noRouteReason(planError({ ...q, bridges: ['IBC'] }), NO_ROUTES_FOUND)).toMatch(/^no route from uusdc on noble-1 to 0xA0b8/);
    // IBC excluded: no transfers at all
    const e2 = planError(req(['uatom', 'cosmoshub-4'], [ATOM_ON_OSMOSIS, 'osmosis-1'], { amount_in: '1', bridges: ['CCTP'] }));
    expect(noRouteReason(e2, NO_ROUTES_FOUND)).toMatch(/IBC is not among the allowed bridges/);
  });
});

describe('Axelar', () => {
  it('Ethereum USDC to axlUSDC on Osmosis: one axelar_transfer delivering one IBC hop past Axelar', () => {
    const r = plan(req([USDC_ETH, '1'], [AXLUSDC_ON_OSMOSIS, 'osmosis-1'], { amount_in: '100000000', bridges: ['AXELAR', 'IBC'] }));
    checkConsistency(r);
    expect(r.operations).toHaveLength(1);
    const op = r.operations[0] as unknown as AnyOp;
    expect(kindOf(op)).toBe('axelar_transfer');
    const b = body(op);
    expect(b).toMatchObject({
      from_chain_id: '1',
      to_chain_id: 'osmosis-1',
      from_chain: 'Ethereum',
      to_chain: 'osmosis',
      asset: 'uusdc',
      should_unwrap: false,
      denom_in: USDC_ETH,
      denom_out: AXLUSDC_ON_OSMOSIS,
      is_testnet: false,
      bridge_id: 'AXELAR',
      smart_relay: true,
    });
    expect(b.fee_asset).toMatchObject({ denom: 'ethereum-native', chain_id: '1', is_evm: true });
    expect(BigInt(b.fee_amount)).toBeGreaterThan(0n);
    expect(b.usd_fee_amount).toBe('0.20');
    expect(b.ibc_transfer_to_axelar).toBeUndefined();
    expect(op).toMatchObject({ amount_in: '100000000', amount_out: '100000000' });
    // the msgs fixture for an EVM -> Osmosis Axelar route lists exactly these two addresses
    expect(r.required_chain_addresses).toEqual(['1', 'osmosis-1']);
    expect(r.estimated_fees[0]).toMatchObject({ bridge_id: 'AXELAR', fee_behavior: 'FEE_BEHAVIOR_ADDITIONAL', amount: b.fee_amount });
  });

  it('axlUSDC on Osmosis to Ethereum: the IBC leg into Axelar rides inside (ibc_transfer_to_axelar), fee deducted', () => {
    const r = plan(req([AXLUSDC_ON_OSMOSIS, 'osmosis-1'], [USDC_ETH, '1'], { amount_in: '100000000', allow_swaps: false }));
    checkConsistency(r);
    expect(r.operations).toHaveLength(1);
    const b = body(r.operations[0] as unknown as AnyOp);
    expect(b).toMatchObject({ from_chain_id: 'osmosis-1', to_chain_id: '1', denom_in: AXLUSDC_ON_OSMOSIS, denom_out: USDC_ETH });
    expect(b.ibc_transfer_to_axelar).toMatchObject({
      port: 'transfer',
      from_chain_id: 'osmosis-1',
      to_chain_id: 'axelar-dojo-1',
      denom_in: AXLUSDC_ON_OSMOSIS,
      denom_out: 'uusdc',
      bridge_id: 'IBC',
    });
    expect(b.fee_asset).toMatchObject({ denom: 'uusdc', chain_id: 'axelar-dojo-1' });
    expect(BigInt(r.amount_out)).toBe(100_000_000n - BigInt(b.fee_amount));
    expect(r.estimated_fees[0]).toMatchObject({ fee_behavior: 'FEE_BEHAVIOR_DEDUCTED', chain_id: 'axelar-dojo-1' });
    expect(r.chain_ids).toEqual(['osmosis-1', '1']);
  });

  it('an Axelar-wrapped token on Arbitrum reaches ATOM on the Hub in one transaction (bridge, swap, transfer)', () => {
    const r = plan(req(['0xEB466342C4d449BC9f53A865D5Cb90586f405215', '42161'], ['uatom', 'cosmoshub-4'], { amount_in: '100000000' }));
    checkConsistency(r);
    expect((r.operations as unknown as AnyOp[]).map(kindOf)).toEqual(['axelar_transfer', 'swap', 'transfer']);
    expect(r.txs_required).toBe(1);
  });
});

describe('transactions agree with the msgs builder', () => {
  const NEUTRON_USDC = 'ibc/B559A80D62249C8AA07A380E2A2BEA6E5CA9A6F079C912C3A9E9B494105E4F81';
  const cctpAndIbc = { amount_in: '100000000', allow_multi_tx: true, bridges: ['CCTP', 'IBC'] };
  // [request, kind:tx_index of each operation]
  const cases: [RouteRequest, string[]][] = [
    [req([USDC_ETH, '1'], ['uusdc', 'noble-1'], { amount_in: '100000000' }), ['cctp_transfer:0']],
    [req([USDC_ETH, '1'], ['uusdc', 'noble-1'], { amount_in: '100000000', smart_relay: false }), ['cctp_transfer:0']],
    [req(['uusdc', 'noble-1'], [USDC_ARB, '42161'], { amount_in: '100000000' }), ['cctp_transfer:0']],
    // (Stargate carries this one cheaper than CCTP's $2.50 relay to Ethereum: named CCTP only)
    [req([USDC_ARB, '42161'], [USDC_ETH, '1'], { amount_in: '100000000', bridges: ['CCTP'] }), ['cctp_transfer:0']],
    // the mint ends the transaction: what follows is signed on Noble
    [req([USDC_ETH, '1'], [USDC_ON_OSMOSIS, 'osmosis-1'], cctpAndIbc), ['cctp_transfer:0', 'transfer:1']],
    [req([USDC_ETH, '1'], ['uosmo', 'osmosis-1'], cctpAndIbc), ['cctp_transfer:0', 'transfer:1', 'swap:1']],
    [req([USDC_ARB, '42161'], ['uatom', 'cosmoshub-4'], cctpAndIbc), ['cctp_transfer:0', 'transfer:1', 'swap:1', 'transfer:1']],
    // the burn starts one: it is signed on Noble once the tokens are there
    [req([NEUTRON_USDC, 'neutron-1'], [USDC_ARB, '42161'], { amount_in: '100000000', allow_multi_tx: true }), ['transfer:0', 'cctp_transfer:1']],
    [req(['uosmo', 'osmosis-1'], [USDC_ARB, '42161'], { amount_in: '100000000', allow_multi_tx: true }), ['swap:0', 'transfer:0', 'cctp_transfer:1']],
    // Axelar to Ethereum, CCTP back to Noble, IBC on: three transactions
    [req(['uusdc', 'axelar-dojo-1'], [USDC_ON_OSMOSIS, 'osmosis-1'], { amount_in: '100000000', allow_multi_tx: true, allow_swaps: false }), ['axelar_transfer:0', 'cctp_transfer:1', 'transfer:2']],
  ];

  it('CCTP routes: buildMsgs makes txs_required transactions, each carrying the operations of its tx_index', () => {
    for (const [q, expected] of cases) {
      const r = plan(q); // plan() runs checkTxsAgainstMsgs
      checkConsistency(r);
      const ops = r.operations as unknown as AnyOp[];
      expect(ops.map((o) => `${kindOf(o)}:${o.tx_index}`), `${q.source_asset_chain_id} → ${q.dest_asset_chain_id}`).toEqual(expected);
      const groups = checkTxsAgainstMsgs(r);
      expect(groups).toHaveLength(r.txs_required);
      ops.forEach((op, i) => {
        if (kindOf(op) !== 'cctp_transfer') return;
        // a CCTP transfer is alone at both of its ends
        if (i + 1 < ops.length) expect(ops[i + 1]!.tx_index).toBe(op.tx_index + 1);
        if (i > 0) expect(op.tx_index).toBe(ops[i - 1]!.tx_index + 1);
      });
    }
  });

  it('a route needing several transactions is refused without allow_multi_tx, whichever CCTP end it is', () => {
    for (const [q, expected] of cases) {
      if (expected.at(-1)!.endsWith(':0') || expected.some((k) => k.startsWith('axelar'))) continue;
      // CCTP and IBC only: no Axelar detour whose own break would be reported instead
      const why = noRouteReason(planError({ ...q, allow_multi_tx: false, bridges: ['CCTP', 'IBC'] }), NO_SINGLE_TX_ROUTES);
      expect(why).toMatch(/^no single-transaction route /);
      expect(why).toMatch(/a CCTP transfer (ends the|starts its own) transaction/);
    }
  });
});

describe('ranking: fewer transactions first', () => {
  const usdcToAtom = readFixture('v2_fungible_route.request.swap-usdc-to-atom.json') as RouteRequest;
  const oneTx = (r: WireRoute): void => {
    checkConsistency(r);
    const ops = r.operations as unknown as AnyOp[];
    expect(ops.map((o) => `${kindOf(o)}:${o.tx_index}`)).toEqual(['transfer:0', 'swap:0', 'transfer:0']);
    expect(body(ops[0]!)).toMatchObject({ from_chain_id: 'axelar-dojo-1', to_chain_id: 'osmosis-1', denom_out: AXLUSDC_ON_OSMOSIS });
    expect(body(ops[1]!).swap_venues[0].name).toBe('osmosis-poolmanager');
    expect(body(ops[2]!)).toMatchObject({ from_chain_id: 'osmosis-1', to_chain_id: 'cosmoshub-4', denom_out: 'uatom' });
    expect(r.chain_ids).toEqual(['axelar-dojo-1', 'osmosis-1', 'cosmoshub-4']);
    expect(r.txs_required).toBe(1);
  };

  it('axlUSDC on Axelar to ATOM (the swap-usdc-to-atom fixtures): IBC to Osmosis, swap, IBC to the Hub, one transaction', () => {
    expect(usdcToAtom).toMatchObject({ source_asset_chain_id: 'axelar-dojo-1', dest_asset_chain_id: 'cosmoshub-4', allow_multi_tx: true });
    oneTx(plan(usdcToAtom));
  });

  it('even where the detour through Ethereum and CCTP (three transactions) would deliver more', () => {
    // at 1 500 USDC (the msgs_direct fixture's amount) the two hops through pool 678 cost more
    // than Axelar's $3 to Ethereum plus the CCTP relay: ranked by amount first, the detour won
    const big = { ...usdcToAtom, amount_in: '1500000000' };
    const best = plan(big);
    oneTx(best);
    // with single-pool swaps only, the direct route is gone and the detour is what is left
    const detour = plan(big, { maxSwapPools: 1 });
    expect((detour.operations as unknown as AnyOp[]).map((o) => `${kindOf(o)}:${o.tx_index}`)).toEqual([
      'axelar_transfer:0',
      'cctp_transfer:1',
      'transfer:2',
      'swap:2',
      'transfer:2',
    ]);
    expect(detour.chain_ids).toEqual(['axelar-dojo-1', '1', 'noble-1', 'osmosis-1', 'cosmoshub-4']);
    expect(detour.txs_required).toBe(3);
    expect(BigInt(detour.amount_out)).toBeGreaterThan(BigInt(best.amount_out));
  });

  it('exact-out ranks by transactions first too, then by the smallest input', () => {
    const r = plan({ ...usdcToAtom, amount_in: undefined, amount_out: '300000000' });
    expect(r.txs_required).toBe(1);
    expect(r.chain_ids).toEqual(['axelar-dojo-1', 'osmosis-1', 'cosmoshub-4']);
    expect(BigInt(r.amount_out)).toBeGreaterThanOrEqual(300_000_000n);
  });
});

describe('requests', () => {
  it('unknown assets and chains', () => {
    expect(planError(req(['uxyz', 'osmosis-1'], ['uatom', 'cosmoshub-4'])).message).toBe('unknown source asset uxyz on osmosis-1');
    expect(planError(req(['uatom', 'cosmoshub-4'], ['uxyz', 'osmosis-1'])).message).toBe('unknown destination asset uxyz on osmosis-1');
    expect(planError(req(['uatom', 'nope-1'], ['uosmo', 'osmosis-1'])).message).toBe('unknown source chain nope-1');
    expect(planError(req(['uatom', 'cosmoshub-4'], ['uatom', 'osmosis-1'])).message).toBe('unknown destination asset uatom on osmosis-1');
  });

  it('exactly one positive integer amount', () => {
    const q = req(['uatom', 'cosmoshub-4'], [ATOM_ON_OSMOSIS, 'osmosis-1'], {});
    expect(planError(q).message).toBe('amount_in or amount_out is required');
    expect(planError({ ...q, amount_in: '1', amount_out: '1' }).message).toBe('give only one of amount_in and amount_out');
    for (const bad of ['0', '-1', '1.5', 'abc', ' 1', '1e6', '9'.repeat(80)]) {
      const e = planError({ ...q, amount_in: bad });
      expect(e.message, bad).toBe('invalid amount_in');
      expect(e.code).toBe(3);
    }
    expect(planError({ ...q, amount_out: '0' }).message).toBe('invalid amount_out');
  });

  it('missing fields, same asset, bad options', () => {
    expect(planError({ source_asset_chain_id: 'cosmoshub-4', dest_asset_denom: 'x', dest_asset_chain_id: 'y', amount_in: '1' }).message).toBe(
      'source_asset_denom is required',
    );
    expect(planError(req(['uatom', 'cosmoshub-4'], ['uatom', 'cosmoshub-4'])).message).toBe(
      'source and destination are the same asset: uatom on cosmoshub-4',
    );
    expect(planError(req(['uatom', 'cosmoshub-4'], ['uosmo', 'osmosis-1'], { amount_in: '1', bridges: ['WORMHOLE'] })).message).toBe(
      'unknown bridge type WORMHOLE',
    );
    expect(planError(req(['uatom', 'cosmoshub-4'], ['uosmo', 'osmosis-1'], { amount_in: '1', swap_venues: [{ name: 'nope', chain_id: 'x' }] })).message).toBe(
      'unknown swap venue nope',
    );
    expect(planError(req(['uatom', 'cosmoshub-4'], ['uosmo', 'osmosis-1'], { amount_in: '1', cumulative_affiliate_fee_bps: '10000' })).message).toBe(
      'invalid cumulative_affiliate_fee_bps',
    );
  });

  it('go_fast, smart_swap_options and experimental_features: production’s values are accepted, others refused by name', () => {
    const q = req(['uatom', 'cosmoshub-4'], [ATOM_ON_OSMOSIS, 'osmosis-1'], {
      amount_in: '5',
      go_fast: true,
      smart_swap_options: { split_routes: true, evm_swaps: false },
      experimental_features: ['hyperlane', 'eureka'],
    });
    expect(plan(q).amount_out).toBe('5');
    expect(planError({ ...q, experimental_features: ['x'] }).message).toBe(
      'invalid experimental_features: unknown feature "x" (known: cctp, hyperlane, stargate, eureka, layer_zero)',
    );
    expect(planError({ ...q, smart_swap_options: { split: true } as never }).message).toBe(
      'invalid smart_swap_options.split: unknown option (known: split_routes, evm_swaps)',
    );
  });

  it('is deterministic and leaves the request untouched', () => {
    const q = req(['uusdc', 'axelar-dojo-1'], ['uatom', 'cosmoshub-4'], { amount_in: '1000000', allow_multi_tx: true });
    const copy = structuredClone(q);
    expect(planRoute(world, q)).toEqual(planRoute(world, q));
    expect(q).toEqual(copy);
    // a second, independently built World plans the same route
    expect(planRoute(buildWorld({ log: () => {} }), q)).toEqual(planRoute(world, q));
  });
});

describe('an amount too low to cover the fees: 400, code 3, with the minimum', () => {
  const tooLow = /^Input amount is too low to cover (.+): the minimum amount_in is (\d+) (\S+)$/;

  it('a CCTP transfer whose smart relay fee eats the whole amount; the minimum it names is exact', () => {
    const q = req(['uusdc', 'noble-1'], [USDC_ETH, '1'], { amount_in: '1' });
    const e = planError(q);
    expect(e.httpStatus).toBe(400);
    expect(e.code).toBe(3);
    const [, cover, minimum, denom] = tooLow.exec(e.message) ?? [];
    expect(cover).toMatch(/^the CCTP smart relay fee of \d+ uusdc$/);
    expect(denom).toBe('uusdc');
    expect(e.details[0]).toMatchObject({ reason: 'INPUT_AMOUNT_TOO_LOW', metadata: { minimum_amount_in: minimum, denom: 'uusdc' } });
    expect(plan({ ...q, amount_in: minimum }).amount_out).toBe('1');
    expect(planError({ ...q, amount_in: (BigInt(minimum!) - 1n).toString() }).message).toBe(e.message);
  });

  it('a swap whose output rounds to nothing', () => {
    const e = planError(req(['uosmo', 'osmosis-1'], [ATOM_ON_OSMOSIS, 'osmosis-1'], { amount_in: '1' }));
    const [, cover, minimum] = tooLow.exec(e.message) ?? [];
    expect(cover).toMatch(/^the fees of the swap on (osmosis-poolmanager|neutron-astroport)$/);
    expect(BigInt(plan(req(['uosmo', 'osmosis-1'], [ATOM_ON_OSMOSIS, 'osmosis-1'], { amount_in: minimum, allow_unsafe: true })).amount_out)).toBeGreaterThan(0n);
  });
});
