/**
 * `window.courier.routes`: the default, Go Fast and each listed bridge asked at once through the
 * user's key, compared; same connection, params, rate limit and error rules as `route`.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { FakeApi, ok, type ApiRequest } from '../background/support';
import { DAPP, bridgeHarness, connected } from './support';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const REQUEST = { source_asset_chain_id: '1', source_asset_denom: USDC, dest_asset_chain_id: 'noble-1', dest_asset_denom: 'uusdc', amount_in: '100000000' };
const NO_ROUTE = { status: 404, body: { code: 5, message: 'no routes found', details: [] } };

function routeBody(op: object, out: string, seconds: number, fees: string[]) {
  return {
    ...REQUEST,
    amount_out: out,
    operations: [{ ...op, tx_index: 0, amount_in: REQUEST.amount_in, amount_out: out }],
    required_chain_addresses: ['1', 'noble-1'],
    estimated_amount_out: out,
    txs_required: 1,
    estimated_route_duration_seconds: seconds,
    usd_amount_in: '100.00',
    usd_amount_out: (Number(out) / 1e6).toFixed(2),
    estimated_fees: fees.map((usd) => ({ fee_type: 'SMART_RELAY', usd_amount: usd, amount: '1' })),
  };
}
const CCTP = routeBody({ cctp_transfer: { from_chain_id: '1', to_chain_id: 'noble-1', bridge_id: 'CCTP' } }, '100000000', 900, ['0.02']);
const GO_FAST = routeBody({ go_fast_transfer: { from_chain_id: '1', to_chain_id: 'noble-1', bridge_id: 'GO_FAST' } }, '99900000', 15, ['0.10', '0.05']);

/** An API that lists IBC, CCTP and Go Fast and answers like a planner would. */
function api(): FakeApi {
  return new FakeApi()
    .on('/v2/info/bridges', ok({ bridges: [{ id: 'IBC' }, { id: 'CCTP' }, { id: 'GO_FAST' }] }))
    .on('/v2/fungible/route', (request: ApiRequest) => {
      const body = request.body as { go_fast?: boolean; bridges?: string[] };
      if (body.go_fast) return ok(GO_FAST);
      if (body.bridges && !body.bridges.includes('CCTP')) return NO_ROUTE;
      return ok(CCTP);
    });
}

beforeEach(() => fakeBrowser.reset());

describe('bridge method routes', () => {
  it('asks the default, Go Fast and each bridge at once and answers them compared, most received first', async () => {
    const fake = api();
    const h = bridgeHarness({ api: fake });
    await connected(h, DAPP);
    const answer = await h.request(DAPP, 'routes', REQUEST);
    expect(answer).toEqual({
      ok: true,
      result: {
        routes: [
          { route: expect.objectContaining({ amount_out: '100000000' }), labels: ['cheapest'], received_usd: '100.00', fees_usd: '0.02', duration_seconds: 900, bridges: ['CCTP'] },
          { route: expect.objectContaining({ amount_out: '99900000' }), labels: ['fastest'], received_usd: '99.90', fees_usd: '0.15', duration_seconds: 15, bridges: ['GO_FAST'] },
        ],
      },
    });
    const bodies = fake.calls('/v2/fungible/route').map((r) => r.body);
    expect(bodies[0]).toEqual(REQUEST);
    expect(bodies).toContainEqual({ ...REQUEST, go_fast: true });
    expect(bodies).toContainEqual({ ...REQUEST, bridges: ['CCTP', 'IBC'], experimental_features: ['cctp'] });
    expect(bodies).toContainEqual({ ...REQUEST, bridges: ['GO_FAST', 'IBC'], go_fast: true });
    // nothing cached yet: the chain types are unknown, so IBC alone is tried as well (and answers 404)
    expect(bodies).toContainEqual({ ...REQUEST, bridges: ['IBC'] });
    expect(bodies).toHaveLength(5);
    expect(fake.maxInFlight).toBeGreaterThan(1);
  });

  it('uses the cached directory: its bridge list, and chain types that leave out IBC alone', async () => {
    const fake = api()
      .on('/v2/info/chains', ok({ chains: [{ chain_id: '1', chain_type: 'evm' }, { chain_id: 'noble-1', chain_type: 'cosmos' }] }))
      .on('/v2/fungible/assets', ok({ chain_to_assets_map: {} }));
    const h = bridgeHarness({ api: fake });
    await h.services.directory.refresh();
    await connected(h, DAPP);
    const before = fake.calls('/v2/info/bridges').length;
    const answer = await h.request(DAPP, 'routes', REQUEST);
    expect(answer.ok).toBe(true);
    expect(fake.calls('/v2/info/bridges')).toHaveLength(before);
    const bodies = fake.calls('/v2/fungible/route').map((r) => (r.body as { bridges?: string[] }).bridges ?? null);
    expect(bodies).not.toContainEqual(['IBC']);
  });

  it('needs a connection and valid params, like route', async () => {
    const fake = api();
    const h = bridgeHarness({ api: fake });
    expect(await h.request(DAPP, 'routes', REQUEST)).toMatchObject({ ok: false, error: { code: 4100 } });
    await connected(h, DAPP);
    expect(await h.request(DAPP, 'routes', { ...REQUEST, amount_in: 5 })).toMatchObject({ ok: false, error: { code: -32602, data: [{ path: ['amount_in'] }] } });
    expect(fake.calls('/v2/fungible/route')).toEqual([]);
  });

  it('answers the default request’s API error as 5000 when no request finds a route', async () => {
    const fake = new FakeApi().on('/v2/info/bridges', ok({ bridges: [{ id: 'IBC' }, { id: 'CCTP' }] })).on('/v2/fungible/route', NO_ROUTE);
    const h = bridgeHarness({ api: fake });
    await connected(h, DAPP);
    expect(await h.request(DAPP, 'routes', REQUEST)).toEqual({
      ok: false,
      error: { code: 5000, message: expect.any(String), data: { http_status: 404, code: 5, message: 'no routes found', details: [] } },
    });
  });

  it('is one request of the origin’s rate limit, like route', async () => {
    const h = bridgeHarness({ api: api(), services: { bridgeRateLimit: { capacity: 2, perSecond: 1, maxInFlight: 8 } } });
    await connected(h, DAPP);
    expect((await h.request(DAPP, 'routes', REQUEST)).ok).toBe(true);
    expect(await h.request(DAPP, 'routes', REQUEST)).toMatchObject({ ok: false, error: { code: 4290, data: { retry_after_ms: expect.any(Number) } } });
  });
});
