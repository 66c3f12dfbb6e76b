import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../support/eventually';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiError, createApiClient } from '../../../src/api';
import { ApiCallRegistry } from '../../../src/background/api-proxy';
import { callApi, callBackground } from '../../../src/background/call';
import { createBackgroundHandlers, senderScope } from '../../../src/background/handlers';
import { hostPermissionPattern } from '../../../src/background/host-permission';
import type { BackgroundMethod, MethodParams } from '../../../src/background/protocol';
import { createMessageRouter } from '../../../src/background/router';
import { StorageProtection } from '../../../src/background/storage-protection';
import { fetchUntilAborted } from '../../support/abortable-fetch';
import { FakeApi, harness, HASH_A, ok, route, statusBody } from './support';
import { describeError } from '../../../src/ui/shared/errors';

const origin = new URL(fakeBrowser.runtime.getURL('/')).origin;
const popup = { id: fakeBrowser.runtime.id, url: `${origin}/popup.html` };
const contentScript = { id: fakeBrowser.runtime.id, url: 'https://dapp.example/', tab: { id: 3 } };
const KEY = 'sk-live-0123456789abcdefWXYZ';

function setup(options: Parameters<typeof harness>[0] = {}) {
  const h = harness(options);
  const apiCalls = new ApiCallRegistry();
  const listener = createMessageRouter(
    createBackgroundHandlers(h.services, { workerStartedAt: 1, version: () => '0.1.0' }, { apiCalls }),
    origin,
  );
  const answers: unknown[] = [];
  const send = (sender: object) => async (message: unknown) => {
    const answer = await listener(message, sender as never);
    answers.push(answer);
    return answer;
  };
  const call = <M extends BackgroundMethod>(method: M, params: MethodParams<M>) => callBackground(method, params, send(popup));
  const raw = (method: string, params: unknown) => send(popup)({ courier: 1, method, params }) as Promise<{ ok: boolean; error?: { code: string } }>;
  return { ...h, call, raw, send, answers, apiCalls };
}

describe('settings through the protocol', () => {
  beforeEach(() => fakeBrowser.reset());

  it('starts with the build default, no key, notifications on', async () => {
    const { call } = setup();
    expect(await call('courier:settings:get', {})).toEqual({
      api: { environment: 'local', baseUrl: 'http://127.0.0.1:8787', customUrl: null, isBuildDefault: true, hostPermission: 'granted' },
      notifications: true,
      remoteLogos: true,
      key: { hasKey: false, keyLast4: null },
      keyProtection: 'unverified',
    });
  });

  it('stores the key only after restricting storage to trusted contexts, and shows only its last four characters', async () => {
    const { call, setAccessLevel, answers } = setup();
    const view = await call('courier:settings:setKey', { apiKey: `  ${KEY} ` });
    expect(setAccessLevel).toHaveBeenCalledWith({ accessLevel: 'TRUSTED_CONTEXTS' });
    expect(view.key).toEqual({ hasKey: true, keyLast4: 'WXYZ' });
    expect(view.keyProtection).toBe('trusted-contexts');
    expect(await call('courier:settings:get', {})).toMatchObject({ key: { hasKey: true, keyLast4: 'WXYZ' } });
    // Stored trimmed, in its own key; never in any answer.
    expect((await fakeBrowser.storage.local.get('courier:secrets'))['courier:secrets']).toEqual({ version: 1, apiKey: KEY });
    expect(JSON.stringify((await fakeBrowser.storage.local.get('courier:settings'))['courier:settings'] ?? null)).not.toContain(KEY);
    expect(JSON.stringify(answers)).not.toContain(KEY);
    expect(JSON.stringify(answers)).not.toContain(KEY.slice(0, -4));
  });

  it('does not reveal any of a short key', async () => {
    const { call } = setup();
    expect((await call('courier:settings:setKey', { apiKey: 'abc123' })).key).toEqual({ hasKey: true, keyLast4: null });
  });

  it('removes the key', async () => {
    const { call } = setup();
    await call('courier:settings:setKey', { apiKey: KEY });
    expect((await call('courier:settings:removeKey', {})).key).toEqual({ hasKey: false, keyLast4: null });
    expect((await fakeBrowser.storage.local.get('courier:secrets'))['courier:secrets']).toBeUndefined();
  });

  it('refuses to store the key when restricting storage fails', async () => {
    const failing = new StorageProtection({ setAccessLevel: vi.fn(async () => Promise.reject(new Error('nope'))) });
    const { call } = setup({ protection: failing });
    await expect(call('courier:settings:setKey', { apiKey: KEY })).rejects.toMatchObject({ code: 'key-storage-unprotected' });
    expect((await fakeBrowser.storage.local.get('courier:secrets'))['courier:secrets']).toBeUndefined();
  });

  it('on a browser without access levels (Firefox) stores it and says how it is protected', async () => {
    const { call } = setup({ protection: new StorageProtection({}) });
    const view = await call('courier:settings:setKey', { apiKey: KEY });
    expect(view).toMatchObject({ key: { hasKey: true }, keyProtection: 'extension-contexts' });
  });

  it('switches environments; a custom URL is validated and needs its host permission', async () => {
    const { call, services } = setup();
    expect((await call('courier:settings:update', { api: { environment: 'production' } })).api).toMatchObject({
      environment: 'production',
      baseUrl: 'https://api.skip.build',
      isBuildDefault: false,
    });
    await expect(call('courier:settings:update', { api: { environment: 'custom', url: 'ftp://x' } })).rejects.toMatchObject({
      code: 'invalid-url',
    });
    const refused = call('courier:settings:update', { api: { environment: 'custom', url: 'https://proxy.example/api/' } });
    await expect(refused).rejects.toMatchObject({
      code: 'permission-required',
      data: { origins: ['https://proxy.example/*'] },
      message: expect.stringContaining('proxy.example'),
    });
    expect((await services.settings.apiConfig()).baseUrl).toBe('https://api.skip.build'); // unchanged

    // A host the manifest already covers (any port on 127.0.0.1) needs no extra grant.
    expect((await call('courier:settings:update', { api: { environment: 'custom', url: 'http://127.0.0.1:9999/' } })).api).toMatchObject({
      environment: 'custom',
      baseUrl: 'http://127.0.0.1:9999',
      customUrl: 'http://127.0.0.1:9999',
    });
    const back = await call('courier:settings:update', { api: { environment: 'default' }, notifications: false });
    expect(back).toMatchObject({ api: { isBuildDefault: true, baseUrl: 'http://127.0.0.1:8787' }, notifications: false });
    expect(hostPermissionPattern('https://proxy.example:8443/api')).toBe('https://proxy.example/*');
  });

  it('accepts a custom URL once the page has been granted the permission', async () => {
    const granted = new Set<string>();
    const { call } = setup({ hasHostPermission: async (pattern) => granted.has(pattern) });
    await expect(call('courier:settings:update', { api: { environment: 'custom', url: 'https://proxy.example' } })).rejects.toMatchObject({
      code: 'permission-required',
    });
    granted.add('https://proxy.example/*');
    expect((await call('courier:settings:update', { api: { environment: 'custom', url: 'https://proxy.example' } })).api).toMatchObject({
      environment: 'custom',
      hostPermission: 'granted',
    });
    granted.clear(); // revoked later in the browser's settings: the view says so
    expect((await call('courier:settings:get', {})).api.hostPermission).toBe('missing');
  });

  it('refuses http:// to another machine (the key would travel in clear), with the reason', async () => {
    const { call, services } = setup({ hasHostPermission: async () => true });
    for (const url of ['http://api.example.com', 'http://192.168.1.5:8787', 'http://10.0.0.1/api']) {
      await expect(call('courier:settings:update', { api: { environment: 'custom', url } })).rejects.toMatchObject({
        code: 'invalid-url',
        message: expect.stringContaining('unencrypted'),
      });
    }
    expect((await services.settings.apiConfig()).baseUrl).toBe('http://127.0.0.1:8787');
    for (const url of ['http://localhost:9000', 'http://127.0.0.1:1234', 'https://api.example.com']) {
      expect((await call('courier:settings:update', { api: { environment: 'custom', url } })).api.baseUrl).toBe(url);
    }
  });

  it('a stored http:// URL to another machine (saved before this rule) is not used: the build default is', async () => {
    const { call, services } = setup();
    await fakeBrowser.storage.local.set({
      'courier:settings': { version: 3, api: { environment: 'custom', url: 'http://api.example.com' }, notifications: true, remoteLogos: true },
    });
    expect((await services.settings.apiConfig()).baseUrl).toBe('http://127.0.0.1:8787');
    expect((await call('courier:settings:get', {})).api).toMatchObject({ isBuildDefault: true, baseUrl: 'http://127.0.0.1:8787' });
  });

  it('the local service needs its host permission like a custom URL (optional in production builds)', async () => {
    const granted = new Set<string>(['https://api.skip.build/*']);
    const { call } = setup({ buildDefaultUrl: 'https://api.skip.build', hasHostPermission: async (pattern) => granted.has(pattern) });
    await expect(call('courier:settings:update', { api: { environment: 'local' } })).rejects.toMatchObject({
      code: 'permission-required',
      data: { origins: ['http://127.0.0.1/*'] },
    });
    granted.add('http://127.0.0.1/*');
    expect((await call('courier:settings:update', { api: { environment: 'local' } })).api).toMatchObject({
      environment: 'local',
      baseUrl: 'http://127.0.0.1:8787',
      hostPermission: 'granted',
    });
  });

  it('turns remote logos off and on', async () => {
    const { call } = setup();
    expect((await call('courier:settings:update', { remoteLogos: false })).remoteLogos).toBe(false);
    expect((await call('courier:settings:get', {})).remoteLogos).toBe(false);
    expect((await call('courier:settings:update', { remoteLogos: true })).remoteLogos).toBe(true);
  });

  it('refuses bad params with zod, before any handler runs', async () => {
    const { raw, services } = setup();
    const spy = vi.spyOn(services.settings, 'setKey');
    const refusals: [string, unknown][] = [
      ['courier:settings:setKey', { apiKey: '' }],
      ['courier:settings:setKey', { apiKey: 'has a space' }],
      ['courier:settings:setKey', { apiKey: KEY, extra: 1 }],
      ['courier:settings:update', { api: { environment: 'mars' } }],
      ['courier:settings:update', { notifications: 'yes' }],
      ['courier:tx:get', {}],
      ['courier:tx:submit', { tx: 'dHg=' }],
      ['courier:tx:track', { tx_hash: HASH_A, chain_id: 'cosmoshub-4', route: { nope: true } }],
      ['courier:api', { endpoint: 'submit', body: {} }],
      ['courier:api', { endpoint: 'route', body: { amount_in: '1', amount_out: '2' } }],
      ['courier:api', { endpoint: 'route', body: { amount_in: 1 } }],
    ];
    for (const [method, params] of refusals) {
      expect(await raw(method, params), `${method} ${JSON.stringify(params)}`).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    }
    expect(spy).not.toHaveBeenCalled();
  });

  it('answers only Courier’s own pages', async () => {
    const { send } = setup();
    await expect(callBackground('courier:settings:get', {}, send(contentScript))).rejects.toMatchObject({ code: 'forbidden' });
  });
});

describe('API calls through the background', () => {
  beforeEach(() => fakeBrowser.reset());

  it('refuses a route that is not the transfer the popup asked for, in words', async () => {
    const substituted = route();
    const op = (substituted.operations as { transfer: { denom_out: string } }[])[0]!;
    op.transfer.denom_out = 'ibc/0000000000000000000000000000000000000000000000000000000000000000';
    const api = new FakeApi().on('/v2/fungible/route', ok(substituted));
    const { send } = setup({ api });
    const asked = { source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4', dest_asset_denom: String(substituted.dest_asset_denom), dest_asset_chain_id: 'osmosis-1', amount_in: '1500000' };
    const failure = await callApi('route', asked, send(popup)).catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'ProtocolError', code: 'route-mismatch', data: { findings: [expect.objectContaining({ kind: 'route' })] } });
    const shown = describeError(failure);
    expect(shown).toMatchObject({ kind: 'route-mismatch', title: 'Courier refused this route' });
    expect(shown.explanation).toMatch(/different transfer than the one you asked for/);
  });

  it('adds the key and returns the parsed answer', async () => {
    const api = new FakeApi().on('/v2/fungible/route', ok(route()));
    const { call, send } = setup({ api });
    await call('courier:settings:setKey', { apiKey: KEY });
    const answer = await callApi('route', { source_asset_denom: 'uatom', amount_in: '1500000' }, send(popup));
    expect(answer.estimated_route_duration_seconds).toBe(30);
    expect(api.requests[0]).toMatchObject({ method: 'POST', path: '/v2/fungible/route', headers: { authorization: KEY } });

    await call('courier:settings:removeKey', {});
    await callApi('route', {}, send(popup));
    expect(api.requests[1]!.headers.authorization).toBeUndefined();
  });

  it('sends GET endpoints their query', async () => {
    const api = new FakeApi().on('/v2/info/chains', ok({ chains: [] }));
    const { send } = setup({ api });
    expect(await callApi('chains', { include_evm: true }, send(popup))).toEqual({ chains: [] });
    expect(api.requests[0]!.query.get('include_evm')).toBe('true');
  });

  it('returns an API failure as code "api" carrying the serialised ApiError', async () => {
    const api = new FakeApi().on('/v2/fungible/route', {
      status: 400,
      body: { code: 3, message: 'difference in usd value of route input and output is too large', details: [{ reason: 'BAD_PRICE_ERROR' }] },
    });
    const { send } = setup({ api });
    const failure = await callApi('route', {}, send(popup)).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'api', message: expect.stringContaining('too large') });
    const rebuilt = ApiError.fromSerialized((failure as { data: unknown }).data);
    expect(rebuilt).toMatchObject({ kind: 'http', httpStatus: 400, code: 3, details: [{ reason: 'BAD_PRICE_ERROR' }] });
  });
});

describe('cancelling API calls', () => {
  beforeEach(() => fakeBrowser.reset());

  type Answer = { ok: boolean; result?: unknown; error?: { code: string } };
  const ROUTE_BODY = { source_asset_denom: 'uatom', amount_in: '1500000' };

  /** A background whose API fetch never answers: only an abort of its signal ends it (retries allowed). */
  function hanging() {
    const { fetch, signals } = fetchUntilAborted();
    const sleeps: number[] = [];
    const t = setup({
      createClient: (clientOptions) =>
        createApiClient({
          ...clientOptions,
          retry: { retries: 3 },
          sleep: async (ms) => {
            sleeps.push(ms);
          },
          fetch,
        }),
    });
    const message = (method: string, params: unknown) => ({ courier: 1, method, params });
    const from = (sender: object, method: string, params: unknown) => t.send(sender)(message(method, params)) as Promise<Answer>;
    return { ...t, signals, sleeps, from };
  }

  /** A send that keeps every message it sends. */
  function recording(send: (message: unknown) => Promise<unknown>) {
    const sent: unknown[] = [];
    const recordingSend = async (message: unknown) => {
      sent.push(message);
      return send(message);
    };
    return { sent, recordingSend };
  }

  it('courier:api:cancel aborts the proxied call: its fetch stops, no retry, it answers "cancelled"', async () => {
    const { from, signals, sleeps, apiCalls } = hanging();
    const pending = from(popup, 'courier:api', { endpoint: 'route', body: ROUTE_BODY, requestId: 'q-1' });
    await eventually(() => expect(signals).toHaveLength(1));
    expect(apiCalls.size).toBe(1);
    expect(await from(popup, 'courier:api:cancel', { requestId: 'q-1' })).toEqual({ ok: true, result: { cancelled: true } });
    expect(await pending).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(signals[0]!.aborted).toBe(true);
    expect(signals).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(apiCalls.size).toBe(0);
    // Already gone: a second cancel finds nothing.
    expect(await from(popup, 'courier:api:cancel', { requestId: 'q-1' })).toEqual({ ok: true, result: { cancelled: false } });
  });

  it('cancel of an unknown id answers cancelled: false', async () => {
    const { call } = setup();
    expect(await call('courier:api:cancel', { requestId: 'never-sent' })).toEqual({ cancelled: false });
  });

  it('the entry is removed when the call settles, answered or failed', async () => {
    const api = new FakeApi()
      .on('/v2/fungible/route', ok(route()))
      .on('/v2/info/chains', { status: 400, body: { code: 3, message: 'bad', details: [] } });
    const { raw, call, apiCalls } = setup({ api });
    let release: () => void = () => undefined;
    api.gate = new Promise((resolve) => {
      release = resolve;
    });
    const pending = raw('courier:api', { endpoint: 'route', body: ROUTE_BODY, requestId: 'r1' });
    await eventually(() => expect(api.requests).toHaveLength(1));
    expect(apiCalls.size).toBe(1);
    release();
    expect(await pending).toMatchObject({ ok: true });
    expect(apiCalls.size).toBe(0);
    expect(await call('courier:api:cancel', { requestId: 'r1' })).toEqual({ cancelled: false });

    api.gate = undefined;
    expect(await raw('courier:api', { endpoint: 'chains', requestId: 'r2' })).toMatchObject({ ok: false, error: { code: 'api' } });
    expect(apiCalls.size).toBe(0);
  });

  it('a requestId already in flight for the same page is refused', async () => {
    const { from, signals } = hanging();
    void from(popup, 'courier:api', { endpoint: 'route', body: ROUTE_BODY, requestId: 'dup' });
    await eventually(() => expect(signals).toHaveLength(1));
    expect(await from(popup, 'courier:api', { endpoint: 'route', body: ROUTE_BODY, requestId: 'dup' })).toMatchObject({
      ok: false,
      error: { code: 'bad-request' },
    });
    expect(signals).toHaveLength(1);
    await from(popup, 'courier:api:cancel', { requestId: 'dup' });
  });

  it('refuses malformed requestIds on both methods', async () => {
    const { raw, apiCalls } = setup();
    for (const requestId of ['', 'has space', 'a/b', 'é', 'x'.repeat(65), 42, null]) {
      const label = JSON.stringify(requestId);
      expect(await raw('courier:api', { endpoint: 'route', body: ROUTE_BODY, requestId }), label).toMatchObject({
        ok: false,
        error: { code: 'bad-request' },
      });
      expect(await raw('courier:api:cancel', { requestId }), label).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    }
    expect(await raw('courier:api:cancel', {})).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    expect(await raw('courier:api:cancel', { requestId: 'ok', extra: 1 })).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    expect(apiCalls.size).toBe(0);
    // The longest and shortest allowed.
    expect(await raw('courier:api:cancel', { requestId: 'x'.repeat(64) })).toEqual({ ok: true, result: { cancelled: false } });
    expect(await raw('courier:api:cancel', { requestId: '_' })).toEqual({ ok: true, result: { cancelled: false } });
  });

  it('only the page that made the call can cancel it; content scripts cannot reach cancel at all', async () => {
    const { from, signals, apiCalls } = hanging();
    const pending = from(popup, 'courier:api', { endpoint: 'route', body: ROUTE_BODY, requestId: 'mine' });
    await eventually(() => expect(signals).toHaveLength(1));

    expect(await from(contentScript, 'courier:api:cancel', { requestId: 'mine' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await from(contentScript, 'courier:api', { endpoint: 'route', body: ROUTE_BODY, requestId: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    const options = { id: fakeBrowser.runtime.id, url: `${origin}/options.html` };
    expect(await from(options, 'courier:api:cancel', { requestId: 'mine' })).toEqual({ ok: true, result: { cancelled: false } });
    const popupInTab = { ...popup, tab: { id: 7 }, frameId: 0 };
    expect(await from(popupInTab, 'courier:api:cancel', { requestId: 'mine' })).toEqual({ ok: true, result: { cancelled: false } });
    expect(signals[0]!.aborted).toBe(false);
    expect(apiCalls.size).toBe(1);

    // The popup itself, after moving to another of its views (the hash changed): still its call.
    const moved = { ...popup, url: `${origin}/popup.html#/route` };
    expect(await from(moved, 'courier:api:cancel', { requestId: 'mine' })).toEqual({ ok: true, result: { cancelled: true } });
    expect(await pending).toMatchObject({ ok: false, error: { code: 'cancelled' } });
  });

  it('scopes by document when the browser names it (Chrome)', () => {
    const a = { ...popup, documentId: 'DOC-A' };
    expect(senderScope(a)).toBe(senderScope({ ...a, url: `${origin}/popup.html#/activity` }));
    expect(senderScope(a)).not.toBe(senderScope({ ...popup, documentId: 'DOC-B' }));
    expect(senderScope({ ...popup, url: `${origin}/popup.html#/quote` })).toBe(senderScope({ ...popup, url: `${origin}/popup.html?x=1` }));
    expect(senderScope(popup)).not.toBe(senderScope({ ...popup, url: `${origin}/options.html` }));
  });

  it('callApi with a signal: aborting rejects at once with an AbortError and cancels in the background', async () => {
    const { send, answers, signals, apiCalls } = hanging();
    const { sent, recordingSend } = recording(send(popup));
    const controller = new AbortController();
    const pending = callApi('route', ROUTE_BODY, recordingSend, { signal: controller.signal });
    await eventually(() => expect(signals).toHaveLength(1));
    const requestId = (sent[0] as { params: { requestId: string } }).params.requestId;
    expect(requestId).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    controller.abort(new Error('superseded')); // whatever the reason, the caller gets an AbortError
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(sent[1]).toEqual({ courier: 1, method: 'courier:api:cancel', params: { requestId } });
    await eventually(() => expect(signals[0]!.aborted).toBe(true));
    await eventually(() => expect(answers).toContainEqual({ ok: false, error: expect.objectContaining({ code: 'cancelled' }) }));
    expect(answers).toContainEqual({ ok: true, result: { cancelled: true } });
    expect(apiCalls.size).toBe(0);
  });

  it('callApi with a signal already aborted sends nothing; without a signal no requestId is sent', async () => {
    const api = new FakeApi().on('/v2/fungible/route', ok(route()));
    const { send, apiCalls } = setup({ api });
    const { sent, recordingSend } = recording(send(popup));
    await expect(callApi('route', ROUTE_BODY, recordingSend, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    expect(sent).toEqual([]);
    await callApi('route', ROUTE_BODY, recordingSend);
    expect(sent[0]).toEqual({ courier: 1, method: 'courier:api', params: { endpoint: 'route', body: ROUTE_BODY } });
    // With a signal that never fires: answered as usual, nothing left behind.
    const answer = await callApi('route', ROUTE_BODY, recordingSend, { signal: new AbortController().signal });
    expect(answer.estimated_route_duration_seconds).toBe(30);
    expect(sent).toHaveLength(2);
    expect(apiCalls.size).toBe(0);
  });
});

describe('transactions through the protocol', () => {
  beforeEach(() => fakeBrowser.reset());

  it('submit, list, get, retry refusal, remove and activity:seen', async () => {
    const api = new FakeApi()
      .on('/v2/tx/submit', ok({ tx_hash: HASH_A, explorer_link: 'https://explorer.example/tx' }))
      .on('/v2/tx/status', ok(statusBody('STATE_COMPLETED_SUCCESS')));
    const { call, services, clock } = setup({ api });
    const item = await call('courier:tx:submit', { tx: 'dHg=', chain_id: 'cosmoshub-4', route: route() as never, assets: { source: { symbol: 'ATOM', decimals: 6 } } });
    expect(item).toMatchObject({ txHash: HASH_A, requester: { kind: 'extension' }, route: { source: { symbol: 'ATOM', decimals: 6 } } });
    expect((await call('courier:tx:list', {})).items.map((i) => i.id)).toEqual([item.id]);
    expect((await call('courier:tx:list', { origin: 'https://dapp.example' })).items).toEqual([]);
    expect(await call('courier:tx:get', { id: item.id })).toEqual(item);
    await expect(call('courier:tx:get', { id: 'nope' })).rejects.toMatchObject({ code: 'not-found' });
    expect(await fakeBrowser.action.getBadgeText({})).toBe('1');

    clock.advance(3_000);
    await services.tracker.pollDue();
    await expect(call('courier:tx:retry', { id: item.id })).rejects.toMatchObject({ code: 'not-retriable' });
    expect(await fakeBrowser.action.getBadgeText({})).toBe('✓');
    expect(await call('courier:activity:seen', {})).toEqual({ pending: 0 });
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');

    expect(await call('courier:tx:remove', { id: item.id })).toEqual({ removed: true });
    expect((await call('courier:tx:list', {})).items).toEqual([]);
  });

  it('maps a submit failure to code "api" and tracks nothing', async () => {
    const api = new FakeApi().on('/v2/tx/submit', { status: 400, body: { code: 3, message: 'tx must be base64 encoded', details: [] } });
    const { call } = setup({ api });
    await expect(call('courier:tx:submit', { tx: '!!', chain_id: 'cosmoshub-4' })).rejects.toMatchObject({
      code: 'api',
      data: { httpStatus: 400, code: 3 },
    });
    expect((await call('courier:tx:list', {})).items).toEqual([]);
  });

  it('track refuses a malformed hash with its own code', async () => {
    const { call } = setup();
    await expect(call('courier:tx:track', { tx_hash: 'zz', chain_id: 'cosmoshub-4' })).rejects.toMatchObject({ code: 'invalid-tx-hash' });
  });

  it('hello reports the base URL in effect', async () => {
    const { call } = setup();
    await call('courier:settings:update', { api: { environment: 'development' } });
    expect(await call('courier:hello', {})).toMatchObject({ product: 'Courier', apiBaseUrl: 'https://api.dev.skip.build' });
  });
});

describe('courier:routes:plan', () => {
  beforeEach(() => fakeBrowser.reset());

  it('answers the requests to compare, default first, from the API bridge list; refuses a bad body', async () => {
    const api = new FakeApi().on('/v2/info/bridges', ok({ bridges: [{ id: 'IBC' }, { id: 'AXELAR' }, { id: 'GO_FAST' }] }));
    const { call, raw } = setup({ api });
    const body = { source_asset_chain_id: 'cosmoshub-4', source_asset_denom: 'uatom', dest_asset_chain_id: 'osmosis-1', dest_asset_denom: 'uosmo', amount_in: '1' };
    const { candidates } = await call('courier:routes:plan', { body });
    expect(candidates.map((c) => c.id)).toEqual(['default', 'go_fast', 'bridge:IBC', 'bridge:AXELAR', 'bridge:GO_FAST']);
    expect(candidates[0]!.body).toEqual(body);
    expect(candidates[3]!.body).toEqual({ ...body, bridges: ['AXELAR', 'IBC'] });
    expect(await raw('courier:routes:plan', { body: { ...body, amount_in: 1 } })).toMatchObject({ ok: false, error: { code: 'bad-request' } });
  });
});
