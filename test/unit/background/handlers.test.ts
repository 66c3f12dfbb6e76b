import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiError } from '../../../src/api';
import { callApi, callBackground } from '../../../src/background/call';
import { createBackgroundHandlers } from '../../../src/background/handlers';
import { hostPermissionPattern } from '../../../src/background/host-permission';
import type { BackgroundMethod, MethodParams } from '../../../src/background/protocol';
import { createMessageRouter } from '../../../src/background/router';
import { StorageProtection } from '../../../src/background/storage-protection';
import { FakeApi, harness, HASH_A, ok, route, statusBody } from './support';

const origin = new URL(fakeBrowser.runtime.getURL('/')).origin;
const popup = { id: fakeBrowser.runtime.id, url: `${origin}/popup.html` };
const contentScript = { id: fakeBrowser.runtime.id, url: 'https://dapp.example/', tab: { id: 3 } };
const KEY = 'sk-live-0123456789abcdefWXYZ';

function setup(options: Parameters<typeof harness>[0] = {}) {
  const h = harness(options);
  const listener = createMessageRouter(createBackgroundHandlers(h.services, { workerStartedAt: 1, version: () => '0.1.0' }), origin);
  const answers: unknown[] = [];
  const send = (sender: object) => async (message: unknown) => {
    const answer = await listener(message, sender as never);
    answers.push(answer);
    return answer;
  };
  const call = <M extends BackgroundMethod>(method: M, params: MethodParams<M>) => callBackground(method, params, send(popup));
  const raw = (method: string, params: unknown) => send(popup)({ courier: 1, method, params }) as Promise<{ ok: boolean; error?: { code: string } }>;
  return { ...h, call, raw, send, answers };
}

describe('settings through the protocol', () => {
  beforeEach(() => fakeBrowser.reset());

  it('starts with the build default, no key, notifications on', async () => {
    const { call } = setup();
    expect(await call('courier:settings:get', {})).toEqual({
      api: { environment: 'local', baseUrl: 'http://127.0.0.1:8787', customUrl: null, isBuildDefault: true, hostPermission: 'granted' },
      notifications: true,
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
