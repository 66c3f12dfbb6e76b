import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MAX_PENDING_APPROVALS } from '../../../src/background/bridge/approvals';
import { createBridgeListener } from '../../../src/background/bridge/listener';
import { BRIDGE_METHODS } from '../../../src/bridge/protocol';
import { FakeApi, HASH_A, HASH_B, NO_KEY_BUDGET, ok, statusBody } from '../background/support';
import { DAPP, EXTENSION_ID, OTHER, bridgeHarness, connected, sender, tick, waitForWindow } from './support';

const ROUTE = { source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4', dest_asset_denom: 'uosmo', dest_asset_chain_id: 'osmosis-1', amount_in: '100' };
const submitted = (hash: string) => ok({ tx_hash: hash, explorer_link: `https://explorer.example/tx/${hash}` });

beforeEach(() => fakeBrowser.reset());

describe('bridge handler: the door', () => {
  it('answers 4200 for unknown methods, prototype names included, and writes nothing', async () => {
    const h = bridgeHarness();
    const before = { local: await fakeBrowser.storage.local.get(null), session: await fakeBrowser.storage.session.get(null) };
    for (const method of ['nope', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'courier:api', 'courier:sites:list']) {
      const answer = await h.request(DAPP, method, { anything: 1 });
      expect(answer).toMatchObject({ ok: false, error: { code: 4200 } });
    }
    expect(await fakeBrowser.storage.local.get(null)).toEqual(before.local);
    expect(await fakeBrowser.storage.session.get(null)).toEqual(before.session);
  });

  it('answers 4100 for every method that needs a connection, before looking at params', async () => {
    const h = bridgeHarness();
    for (const method of BRIDGE_METHODS.filter((m) => m !== 'connect' && m !== 'disconnect')) {
      expect(await h.request(DAPP, method, 'not even an object')).toMatchObject({ ok: false, error: { code: 4100 } });
    }
    expect(h.api.requests).toEqual([]);
  });

  it('takes the origin from the sender, never the message; refuses senders that are not pages of this extension', async () => {
    const h = bridgeHarness();
    await connected(h, DAPP);
    const listener = createBridgeListener({ handle: h.services.bridge.handle, events: h.services.bridge.events, limiter: h.services.bridge.limiter, extensionId: EXTENSION_ID });
    const message = { 'courier:bridge': 1, method: 'tracked', origin: DAPP };
    // A message that claims DAPP from another origin is answered as the other origin.
    expect(await listener(message, sender(OTHER))).toMatchObject({ ok: false, error: { code: 4100 } });
    expect(await listener(message, sender(DAPP))).toEqual({ ok: true, result: [] });
    // No tab (an extension page), another extension, an opaque or non-web origin.
    const noTab = { ...sender(DAPP), tab: undefined };
    expect(await listener(message, noTab)).toMatchObject({ ok: false, error: { code: 4100 } });
    expect(await listener(message, { ...sender(DAPP), id: 'someone-else' })).toMatchObject({ ok: false, error: { code: 4100 } });
    expect(await listener(message, { ...sender(DAPP), origin: 'null' } as never)).toMatchObject({ ok: false, error: { code: 4100 } });
    expect(await listener(message, { ...sender(DAPP), origin: 'chrome-extension://abc' } as never)).toMatchObject({ ok: false, error: { code: 4100 } });
    // Not the bridge's: left for other listeners.
    expect(listener({ courier: 1, method: 'courier:hello' }, sender(DAPP))).toBeUndefined();
  });

  it('parses params with the API schemas: -32602 with the issues (path and message)', async () => {
    const h = bridgeHarness();
    await connected(h, DAPP);
    const bad = await h.request(DAPP, 'route', { ...ROUTE, amount_in: 5 });
    expect(bad).toMatchObject({ ok: false, error: { code: -32602, data: [{ path: ['amount_in'], message: expect.any(String) }] } });
    expect(await h.request(DAPP, 'submit', { tx: 'dHg=', chain_id: 'cosmoshub-4', extra: 1 })).toMatchObject({ ok: false, error: { code: -32602 } });
    expect(await h.request(DAPP, 'status', { tx_hash: HASH_A })).toMatchObject({
      ok: false,
      error: { code: -32602, data: [{ path: ['chain_id'] }] },
    });
    expect(await h.request(DAPP, 'tracked', { origin: OTHER })).toMatchObject({ ok: false, error: { code: -32602 } });
    expect(await h.request(DAPP, 'connect', 'x')).toMatchObject({ ok: false, error: { code: -32602 } });
    expect(await h.request(DAPP, 'ibc_origin_assets', { assets: 'all' })).toMatchObject({ ok: false, error: { code: -32602 } });
    const huge = await h.request(DAPP, 'submit', { tx: 'A'.repeat(4_100_000), chain_id: 'cosmoshub-4' });
    expect(huge).toMatchObject({ ok: false, error: { code: -32602, data: [{ code: 'too_big' }] } });
    expect(h.api.requests).toEqual([]);
  });
});

describe('bridge handler: API calls', () => {
  it('answers with the API response for the page’s own request', async () => {
    const operations = [{ swap: { swap_in: { swap_venue: { name: 'osmosis-poolmanager', chain_id: 'cosmoshub-4' }, swap_operations: [{ pool: '1', denom_in: 'uatom', denom_out: 'uosmo' }] }, chain_id: 'cosmoshub-4', denom_in: 'uatom', denom_out: 'uosmo' }, tx_index: 0, amount_in: '100', amount_out: '99' }];
    // a toy route, but one that takes what was asked where it was asked (the answer is held to the request)
    const transfer = { transfer: { from_chain_id: 'cosmoshub-4', to_chain_id: 'osmosis-1', channel: 'channel-141', denom_in: 'uosmo', denom_out: 'uosmo' }, tx_index: 0, amount_in: '99', amount_out: '99' };
    const api = new FakeApi().on('/v2/fungible/route', ok({ ...ROUTE, amount_out: '99', operations: [...operations, transfer], chain_ids: ['cosmoshub-4', 'osmosis-1'], required_chain_addresses: [], estimated_amount_out: '99', txs_required: 1, estimated_route_duration_seconds: 30 }));
    const h = bridgeHarness({ api });
    await connected(h, DAPP);
    const answer = await h.request(DAPP, 'route', ROUTE);
    expect(answer).toMatchObject({ ok: true, result: { amount_out: '99', operations: [...operations, transfer] } });
    expect(api.calls('/v2/fungible/route')[0]!.body).toEqual(ROUTE);
  });

  it('passes API errors through as 5000 with the body as received; 5001 when unreachable; the key never', async () => {
    const body = { code: 3, message: 'source_asset_denom is required', details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'X' }] };
    const api = new FakeApi().on('/v2/fungible/route', { status: 400, body });
    const h = bridgeHarness({ api });
    await h.services.settings.setKey('super-secret-api-key');
    await connected(h, DAPP);
    const answer = await h.request(DAPP, 'route', {});
    expect(answer).toEqual({
      ok: false,
      error: { code: 5000, message: expect.any(String), data: { http_status: 400, code: 3, message: body.message, details: body.details } },
    });
    expect(api.calls('/v2/fungible/route')[0]!.headers.authorization).toBe('super-secret-api-key');

    api.on('/v2/fungible/route', () => {
      throw new TypeError('fetch failed');
    });
    const unreachable = await h.request(DAPP, 'route', ROUTE);
    expect(unreachable).toMatchObject({ ok: false, error: { code: 5001, data: { kind: 'network', retriable: true } } });
    expect(JSON.stringify([answer, unreachable])).not.toContain('super-secret');
    expect(JSON.stringify(unreachable)).not.toContain('127.0.0.1');

    api.on('/v2/fungible/route', ok({ not: 'a route' }));
    expect(await h.request(DAPP, 'route', ROUTE)).toMatchObject({ ok: false, error: { code: -32603 } });
  });
});

describe('bridge handler: rate limit', () => {
  it('gives each origin its own bucket: 4290 with a retry hint, refilled over time', async () => {
    const h = bridgeHarness();
    await connected(h, DAPP);
    const answers = [];
    for (let i = 0; i < 45; i++) answers.push(await h.request(DAPP, 'tracked'));
    const limited = answers.filter((a) => !a.ok);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]).toMatchObject({ ok: false, error: { code: 4290, data: { retry_after_ms: expect.any(Number) } } });
    // Another origin is unaffected.
    expect(await h.request(OTHER, 'tracked')).toMatchObject({ ok: false, error: { code: 4100 } });
    h.clock.advance(1_000);
    expect(await h.request(DAPP, 'tracked')).toEqual({ ok: true, result: [] });
  });

  it('caps unanswered requests per origin', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api = new FakeApi().on('/v2/fungible/route', async () => {
      await gate;
      return ok({});
    });
    const h = bridgeHarness({ api, services: { keyBudget: NO_KEY_BUDGET } });
    await connected(h, DAPP);
    const slow = Array.from({ length: 32 }, () => h.request(DAPP, 'route', ROUTE));
    await tick();
    expect(await h.request(DAPP, 'tracked')).toMatchObject({ ok: false, error: { code: 4290 } });
    release();
    await Promise.all(slow);
  });
});

describe('bridge handler: connecting', () => {
  it('opens one approval window per origin; -32002 while it is open; Approve connects and persists', async () => {
    const h = bridgeHarness();
    const first = h.request(DAPP, 'connect');
    await waitForWindow(h);
    expect(h.windows.opened[0]!.url).toMatch(/^chrome-extension:\/\/.+\/approve\.html\?request=[0-9a-f]{32}$/);
    expect(await h.request(DAPP, 'connect')).toMatchObject({ ok: false, error: { code: -32002 } });
    // Another origin in another tab gets its own window.
    const other = h.request(OTHER, 'connect', undefined, { tabId: 2 });
    await waitForWindow(h, 2);
    expect(h.windows.opened).toHaveLength(2);

    const view = await h.services.bridge.approvalView(new URL(h.windows.opened[0]!.url).searchParams.get('request')!);
    expect(view).toMatchObject({ origin: DAPP, permissions: expect.arrayContaining([expect.stringContaining('Submit')]) });
    await h.services.bridge.approvals.decide(view!.request, true);
    expect(await first).toEqual({ ok: true, result: { origin: DAPP, connected: true } });
    expect(h.windows.removed).toContain(h.windows.opened[0]!.id);
    const stored = (await fakeBrowser.storage.local.get('courier:sites'))['courier:sites'];
    expect(stored).toEqual({ version: 1, sites: [{ origin: DAPP, connectedAt: expect.any(Number) }] });

    // Closing the other window rejects it.
    await h.services.bridge.approvals.onWindowRemoved(h.windows.opened[1]!.id);
    expect(await other).toMatchObject({ ok: false, error: { code: 4001 } });
    expect(await h.services.bridge.sites.isConnected(OTHER)).toBe(false);

    // Connected: no window any more.
    expect(await h.request(DAPP, 'connect')).toEqual({ ok: true, result: { origin: DAPP, connected: true } });
    expect(h.windows.opened).toHaveLength(2);
  });

  it('Reject answers 4001; a window that cannot open answers -32603 and leaves nothing pending', async () => {
    const h = bridgeHarness();
    const answer = h.request(DAPP, 'connect');
    await waitForWindow(h);
    await h.services.bridge.approvals.decide(h.windows.lastRequest(), false);
    expect(await answer).toMatchObject({ ok: false, error: { code: 4001 } });

    h.windows.failNext = true;
    expect(await h.request(OTHER, 'connect')).toMatchObject({ ok: false, error: { code: -32603 } });
    expect((await fakeBrowser.storage.session.get('courier:approvals'))['courier:approvals']).toMatchObject({ pending: [] });
  });

  it('a decision made after a worker restart still applies; reconcile drops approvals whose window is gone', async () => {
    const h = bridgeHarness();
    void h.request(DAPP, 'connect');
    await waitForWindow(h);
    const request = h.windows.lastRequest();

    const restarted = h.restartBridge();
    expect(await restarted.services.bridge.approvalView(request)).toMatchObject({ origin: DAPP });
    expect(await restarted.request(DAPP, 'connect')).toMatchObject({ ok: false, error: { code: -32002 } });
    await restarted.services.bridge.approvals.decide(request, true);
    expect(await restarted.request(DAPP, 'tracked')).toEqual({ ok: true, result: [] });

    void restarted.request(OTHER, 'connect');
    await waitForWindow(restarted, 2);
    await restarted.windows.remove(restarted.windows.opened.at(-1)!.id); // closed while no worker listened
    const again = restarted.restartBridge();
    await again.services.bridge.start();
    expect(await again.services.bridge.approvalView(again.windows.lastRequest())).toBeNull();
  });

  it(`keeps at most ${MAX_PENDING_APPROVALS} approval windows open at once, one per site and tab (4290 beyond)`, async () => {
    const h = bridgeHarness();
    for (let i = 1; i <= MAX_PENDING_APPROVALS; i++) {
      void h.request(`https://site${i}.example`, 'connect', undefined, { tabId: i });
      await waitForWindow(h, i);
    }
    const next = MAX_PENDING_APPROVALS + 1;
    expect(await h.request(`https://site${next}.example`, 'connect', undefined, { tabId: next })).toMatchObject({ ok: false, error: { code: 4290 } });
    expect(h.windows.opened).toHaveLength(MAX_PENDING_APPROVALS);
  });

  it('disconnect and Settings revoke forget the site', async () => {
    const h = bridgeHarness();
    await connected(h, DAPP);
    await connected(h, OTHER);
    expect((await h.services.bridge.sites.list()).map((s) => s.origin).sort()).toEqual([DAPP, OTHER].sort());
    expect(await h.request(DAPP, 'disconnect')).toEqual({ ok: true, result: null });
    expect(await h.request(DAPP, 'tracked')).toMatchObject({ ok: false, error: { code: 4100 } });
    expect(await h.services.bridge.sites.revoke(OTHER)).toBe(true);
    expect(await h.services.bridge.sites.revoke(OTHER)).toBe(false);
    expect(await h.services.bridge.sites.list()).toEqual([]);
  });
});

describe('bridge handler: transactions of pages', () => {
  it('submit and track enter the tracker under the page’s origin; status and tracked answer only for it', async () => {
    const api = new FakeApi()
      .on('/v2/tx/submit', submitted(HASH_A))
      .on('/v2/tx/track', ok({ tx_hash: HASH_B, explorer_link: 'https://explorer.example/tx/B' }));
    const h = bridgeHarness({ api });
    await connected(h, DAPP);
    await connected(h, OTHER);

    const submit = await h.request(DAPP, 'submit', { tx: 'dHg=', chain_id: 'cosmoshub-4' });
    expect(submit).toEqual({ ok: true, result: { tx_hash: HASH_A, explorer_link: `https://explorer.example/tx/${HASH_A}` } });
    const track = await h.request(OTHER, 'track', { tx_hash: HASH_B.toLowerCase(), chain_id: 'cosmoshub-4' });
    expect(track).toMatchObject({ ok: true, result: { tx_hash: HASH_B } });

    const status = await h.request(DAPP, 'status', { tx_hash: HASH_A.toLowerCase(), chain_id: 'cosmoshub-4' });
    expect(status).toEqual({
      ok: true,
      result: { tx_hash: HASH_A, chain_id: 'cosmoshub-4', state: null, status: null, explorer_link: expect.any(String), created_at: expect.any(Number), outcome: 'pending' },
    });
    const foreign = await h.request(DAPP, 'status', { tx_hash: HASH_B, chain_id: 'cosmoshub-4' });
    const unknown = await h.request(DAPP, 'status', { tx_hash: 'C'.repeat(64), chain_id: 'cosmoshub-4' });
    expect(foreign).toMatchObject({ ok: false, error: { code: 4100 } });
    expect(foreign).toEqual(unknown);
    expect(await h.request(DAPP, 'tracked')).toMatchObject({ ok: true, result: [{ tx_hash: HASH_A }] });
    expect(await h.request(OTHER, 'tracked')).toMatchObject({ ok: true, result: [{ tx_hash: HASH_B }] });
    // No origins list, no other origin, nothing of the background's bookkeeping.
    expect(JSON.stringify(await h.request(DAPP, 'tracked'))).not.toContain(OTHER);
  });

  it('an invalid hash for the chain is -32602; a refused submit is 5000 and tracks nothing', async () => {
    const api = new FakeApi().on('/v2/tx/submit', { status: 400, body: { code: 3, message: 'tx must be base64 encoded', details: [] } });
    const h = bridgeHarness({ api });
    await connected(h, DAPP);
    expect(await h.request(DAPP, 'track', { tx_hash: 'xyz', chain_id: 'cosmoshub-4' })).toMatchObject({
      ok: false,
      error: { code: -32602, data: [{ path: ['tx_hash'] }] },
    });
    expect(await h.request(DAPP, 'submit', { tx: '!!', chain_id: 'cosmoshub-4' })).toMatchObject({
      ok: false,
      error: { code: 5000, data: { http_status: 400, code: 3 } },
    });
    expect(await h.request(DAPP, 'tracked')).toEqual({ ok: true, result: [] });
  });
});

describe('bridge: page events', () => {
  it('sends statusChanged to the subscribed frames of connected origins that asked, and no one else', async () => {
    const api = new FakeApi().on('/v2/tx/submit', submitted(HASH_A)).on('/v2/tx/status', ok(statusBody('STATE_COMPLETED_SUCCESS')));
    const h = bridgeHarness({ api });
    await connected(h, DAPP);
    await connected(h, OTHER);
    expect(await h.subscribe(DAPP, { tabId: 1, frameId: 0 })).toEqual({ ok: true, result: null });
    await h.subscribe(DAPP, { tabId: 2, frameId: 0 });
    await h.subscribe(OTHER, { tabId: 3, frameId: 0 });
    await h.subscribe(OTHER, { tabId: 1, frameId: 4 }); // an iframe of another origin in DAPP's tab

    await h.request(DAPP, 'submit', { tx: 'dHg=', chain_id: 'cosmoshub-4' });
    expect(h.sent.map((s) => s.frame.tabId)).toEqual([1, 2]);
    expect(h.sent[0]!.message).toEqual({
      'courier:bridge-event': 1,
      origin: DAPP,
      event: 'statusChanged',
      payload: { tx_hash: HASH_A, chain_id: 'cosmoshub-4', state: null, status: null },
    });
    expect(h.sent[0]!.frame.documentId).toBe('doc-1-0');

    // After a worker restart, from storage.session.
    h.sent.length = 0;
    const restarted = h.restartBridge();
    h.clock.advance(60_000);
    restarted.clock.advance(60_000);
    await restarted.services.tracker.pollDue();
    await restarted.services.tracker.whenIdle();
    expect(h.sent.map((s) => [s.frame.tabId, s.message.payload.state])).toEqual([
      [1, 'STATE_COMPLETED_SUCCESS'],
      [2, 'STATE_COMPLETED_SUCCESS'],
    ]);
  });

  it('forgets frames that are gone or closed, and origins that disconnected hear nothing', async () => {
    const api = new FakeApi().on('/v2/tx/submit', submitted(HASH_A)).on('/v2/tx/track', ok({ tx_hash: HASH_B }));
    const h = bridgeHarness({ api });
    await connected(h, DAPP);
    await h.subscribe(DAPP, { tabId: 1, frameId: 0 });
    await h.subscribe(DAPP, { tabId: 2, frameId: 0 });
    await h.subscribe(DAPP, { tabId: 5, frameId: 0 });
    h.goneFrames.add('doc-2-0');
    await h.services.bridge.events.forgetTab(5);
    await h.request(DAPP, 'submit', { tx: 'dHg=', chain_id: 'cosmoshub-4' });
    expect(h.sent.map((s) => s.frame.tabId)).toEqual([1]);
    expect((await h.services.bridge.events.listFor(DAPP)).map((f) => f.tabId)).toEqual([1]);

    h.sent.length = 0;
    await h.request(DAPP, 'disconnect');
    await h.services.bridge.sites.connect(OTHER); // someone else, to keep the tracker busy
    await h.services.tracker.trackFromOrigin(DAPP, { tx_hash: HASH_B, chain_id: 'cosmoshub-4' });
    expect(h.sent).toEqual([]);
  });

  it('a frame that navigated to another document is replaced, not kept', async () => {
    const h = bridgeHarness();
    await connected(h, DAPP);
    await connected(h, OTHER);
    await h.subscribe(DAPP, { tabId: 1, frameId: 0, documentId: 'old' });
    await h.subscribe(OTHER, { tabId: 1, frameId: 0, documentId: 'new' });
    expect(await h.services.bridge.events.listFor(DAPP)).toEqual([]);
    expect((await h.services.bridge.events.listFor(OTHER)).map((f) => f.documentId)).toEqual(['new']);
  });
});
