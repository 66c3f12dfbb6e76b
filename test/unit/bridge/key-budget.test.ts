/**
 * The API key's budget through the bridge, each rule as the attack it stops: a site's `routes`
 * (eleven requests) and its retries are charged to it, so a site calling `routes` within its
 * per-origin rate limit can no longer flood the key and make another site's `route` or the
 * popup's quote fail with the API's 429.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createApiClient } from '../../../src/api';
import { BRIDGE_IDS } from '../../../src/api/bridge-ids';
import { createBackgroundHandlers } from '../../../src/background/handlers';
import { createMessageRouter } from '../../../src/background/router';
import type { ServiceOptions } from '../../../src/background/services';
import { FakeApi, ok, type ApiReply } from '../background/support';
import { DAPP, OTHER, bridgeHarness, connected, type BridgeHarness } from './support';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const REQUEST = { source_asset_chain_id: '1', source_asset_denom: USDC, dest_asset_chain_id: 'noble-1', dest_asset_denom: 'uusdc', amount_in: '100000000' };
const ROUTE = {
  ...REQUEST,
  amount_out: '100000000',
  operations: [{ cctp_transfer: { from_chain_id: '1', to_chain_id: 'noble-1', bridge_id: 'CCTP' }, tx_index: 0, amount_in: REQUEST.amount_in, amount_out: '100000000' }],
  required_chain_addresses: ['1', 'noble-1'],
  estimated_amount_out: '100000000',
  txs_required: 1,
  estimated_route_duration_seconds: 900,
};
const TOO_MANY: ApiReply = { status: 429, body: { code: 8, message: 'rate limit exceeded', details: [] }, headers: { 'retry-after': '1' } };
const EXTENSION_ORIGIN = 'chrome-extension://courier-test-extension';

/**
 * An API that lists all nine bridges (so `routes` asks eleven requests) and, like the local
 * service with `--rate-limit 20`, refuses past 20 requests a second (burst 100) with 429.
 */
function limitedApi(now: () => number) {
  let tokens = 100;
  let at: number | undefined; // from the first request: the harness's clock is made after the API
  const api = new FakeApi();
  const limited = (reply: () => ApiReply) => () => {
    tokens = Math.min(100, tokens + ((now() - (at ?? now())) / 1000) * 20);
    at = now();
    if (tokens < 1) return TOO_MANY;
    tokens -= 1;
    return reply();
  };
  api.on('/v2/info/bridges', limited(() => ok({ bridges: BRIDGE_IDS.map((id) => ({ id })) })));
  api.on('/v2/fungible/route', limited(() => ok(ROUTE)));
  return api;
}

/** The popup's quote, through the background's own protocol as the popup sends it. */
function popup(h: BridgeHarness) {
  const router = createMessageRouter(createBackgroundHandlers(h.services, { workerStartedAt: 1, version: () => '0.1.0' }), EXTENSION_ORIGIN);
  return async () =>
    (await router({ courier: 1, method: 'courier:api', params: { endpoint: 'route', body: REQUEST } }, { url: `${EXTENSION_ORIGIN}/popup.html` } as never)) as {
      ok: boolean;
      error?: unknown;
    };
}

/** Real retries (3, honouring Retry-After) on the scripted API; backoff sleeps recorded, not waited. */
function retryingClient(api: FakeApi, sleeps: number[]): Pick<ServiceOptions, 'createClient'> {
  return {
    createClient: (options) =>
      createApiClient({
        ...options,
        fetch: api.fetch,
        retry: { retries: 3 },
        random: () => 0.5,
        sleep: async (ms) => {
          sleeps.push(ms);
        },
      }),
  };
}

beforeEach(() => fakeBrowser.reset());

describe('the key budget through the bridge', () => {
  it('the attack: a site calling routes 20 times a second puts no more than the key allows on it; the other site’s route and the popup keep working', async () => {
    const api = limitedApi(() => h.clock.now());
    // The budget's waits pass on the harness's clock: each call here waits its turn in order.
    const h = bridgeHarness({ api, services: { keyBudgetSleep: async (ms) => h.clock.advance(ms) } });
    await connected(h, DAPP);
    await connected(h, OTHER);
    const quote = popup(h);
    const flood = { ok: 0, budget: 0, other: [] as unknown[] };
    const others: unknown[] = [];
    const quotes: unknown[] = [];
    const started = h.clock.now();
    const sentAt: number[] = [];
    const fetch = api.fetch;
    (api as { fetch: typeof fetch }).fetch = (input, init) => {
      sentAt.push(h.clock.now() - started);
      return fetch(input, init);
    };

    let nextOther = 0;
    let nextQuote = 0;
    for (let step = 0; step < 1_000 && h.clock.now() - started < 10_000; step++) {
      // 20 calls a second: exactly the per-origin rate limit, which counts each call once.
      const answer = await h.request(DAPP, 'routes', REQUEST);
      if (answer.ok) flood.ok++;
      else if (answer.error.code === 4290 && (answer.error.data as { reason?: string })?.reason === 'api-budget') flood.budget++;
      else flood.other.push(answer.error);
      const at = h.clock.now() - started;
      if (at >= nextOther) {
        nextOther = at + 250;
        const other = await h.request(OTHER, 'route', REQUEST);
        if (!other.ok) others.push(other.error);
      }
      if (at >= nextQuote) {
        nextQuote = at + 500;
        const answer = await quote();
        if (!answer.ok) quotes.push(answer.error);
      }
      h.clock.advance(50);
    }

    expect(others).toEqual([]);
    expect(quotes).toEqual([]);
    expect(flood.other).toEqual([]);
    expect(flood.budget).toBeGreaterThan(20);
    // The flooder keeps about its half of the sites' 15 a second: 12 requests a call.
    expect(flood.ok).toBeGreaterThan((7.5 * 10) / 12 - 2);
    // Within the key's 20 a second (and its buckets' burst), so the API never said 429.
    const seconds = Math.ceil(Math.max(...sentAt) / 1_000);
    expect(sentAt.length).toBeLessThanOrEqual(20 * seconds + 5 + 27);
    for (let from = 0; from < seconds * 1_000; from += 1_000) {
      expect(sentAt.filter((at) => at >= from && at < from + 1_000).length).toBeLessThanOrEqual(20 + 5 + 27);
    }
  });

  it('routes pays for all its requests before asking any: when that is more than its share allows, 4290 with retry_after_ms and nothing is sent', async () => {
    const api = limitedApi(() => h.clock.now());
    const h = bridgeHarness({ api, services: { keyBudgetSleep: async (ms) => h.clock.advance(ms) } });
    await connected(h, DAPP);
    await connected(h, OTHER);
    // Two sites asking: each has half the sites' pool, 7.5 a second, 12 in its bucket.
    expect((await h.request(OTHER, 'route', REQUEST)).ok).toBe(true);
    expect((await h.request(DAPP, 'routes', REQUEST)).ok).toBe(true);
    const asked = api.calls('/v2/fungible/route').length;
    expect(asked).toBe(1 + 11);
    const refused = await h.request(DAPP, 'routes', REQUEST);
    expect(refused).toEqual({
      ok: false,
      error: { code: 4290, message: expect.any(String), data: { retry_after_ms: expect.any(Number), reason: 'api-budget' } },
    });
    expect(api.calls('/v2/fungible/route')).toHaveLength(asked);
    // Once the wait it was given has passed, the site may compare again.
    h.clock.advance((refused as { error: { data: { retry_after_ms: number } } }).error.data.retry_after_ms);
    expect((await h.request(DAPP, 'routes', REQUEST)).ok).toBe(true);
    // The other site is not affected by what this one spent: its own burst is there.
    expect((await h.request(OTHER, 'routes', REQUEST)).ok).toBe(true);
  });

  it('each retry of a 429 is charged to the site that caused it, after the Retry-After', async () => {
    const api = new FakeApi().on('/v2/fungible/route', [TOO_MANY, TOO_MANY, ok(ROUTE)]);
    const sleeps: number[] = [];
    // A share of 3 requests a second, 3 at most in the bucket, never held.
    const h = bridgeHarness({ api, services: { ...retryingClient(api, sleeps), keyBudget: { perSecond: 4, siteBurst: 3, siteMaxWaitMs: 0 } } });
    await connected(h, DAPP);
    expect((await h.request(DAPP, 'route', REQUEST)).ok).toBe(true);
    expect(api.calls('/v2/fungible/route')).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
    for (const ms of sleeps) expect(ms).toBeGreaterThanOrEqual(1_000);
    // One call, three attempts: the site's three are spent.
    expect(await h.request(DAPP, 'route', REQUEST)).toMatchObject({ ok: false, error: { code: 4290, data: { reason: 'api-budget' } } });
    expect(api.calls('/v2/fungible/route')).toHaveLength(3);
  });

  it('track’s registration attempts are charged to the site', async () => {
    const unavailable: ApiReply = { status: 503, body: { code: 14, message: 'unavailable', details: [] } };
    const api = new FakeApi().on('/v2/tx/track', [unavailable, unavailable, ok({ tx_hash: 'A'.repeat(64) })]);
    const h = bridgeHarness({ api, services: { keyBudget: { perSecond: 4, siteBurst: 3, siteMaxWaitMs: 0 } } });
    await connected(h, DAPP);
    expect((await h.request(DAPP, 'track', { tx_hash: 'A'.repeat(64), chain_id: 'cosmoshub-4' })).ok).toBe(true);
    expect(api.calls('/v2/tx/track')).toHaveLength(3);
    expect(await h.request(DAPP, 'track', { tx_hash: 'B'.repeat(64), chain_id: 'cosmoshub-4' })).toMatchObject({
      ok: false,
      error: { code: 4290, data: { retry_after_ms: expect.any(Number), reason: 'api-budget' } },
    });
    expect(api.calls('/v2/tx/track')).toHaveLength(3);
  });

  it('a worker restart starts the budget afresh and it still holds', async () => {
    const api = limitedApi(() => h.clock.now());
    const h = bridgeHarness({ api, services: { keyBudget: { siteMaxWaitMs: 0 } } });
    await connected(h, DAPP);
    expect((await h.request(DAPP, 'routes', REQUEST)).ok).toBe(true);
    expect(await h.request(DAPP, 'routes', REQUEST)).toMatchObject({ ok: false, error: { code: 4290 } });
    const restarted = h.restartBridge();
    expect((await restarted.request(DAPP, 'routes', REQUEST)).ok).toBe(true);
    expect(await restarted.request(DAPP, 'routes', REQUEST)).toMatchObject({ ok: false, error: { code: 4290, data: { reason: 'api-budget' } } });
  });
});
