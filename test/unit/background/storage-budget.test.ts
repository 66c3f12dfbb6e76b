/**
 * storage.local's budget per kind (src/background/storage/budget.ts): cached API lists are
 * bounded in bytes and give way to settings, connected sites and tracked transactions. The fake
 * storage below refuses writes past a byte count the way the browsers do (Chrome: "QUOTA_BYTES
 * quota exceeded"; Firefox: a QuotaExceededError), counting bytes as Chrome does (key + JSON).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createApiClient } from '../../../src/api';
import { createBackgroundHandlers } from '../../../src/background/handlers';
import { createMessageRouter } from '../../../src/background/router';
import { manualClock } from '../../../src/background/clock';
import { DIRECTORY_INDEX_KEY, DirectoryCache, directoryKey } from '../../../src/background/directory/cache';
import { normaliseDirectory } from '../../../src/background/directory/normalise';
import {
  CACHE_BUDGET_BYTES,
  isQuotaError,
  LOCAL_QUOTA_BYTES,
  StorageGuard,
  type LocalArea,
} from '../../../src/background/storage/budget';
import { KeyedMutex } from '../../../src/background/storage/mutex';
import { assetsBody, longAsset, sizedAssetsBody } from '../../support/hostile-lists';
import { FakeApi, HASH_A, HASH_B, harness, NO_KEY_BUDGET, ok, statusBody } from './support';

// ───────────────────────────── a storage with a quota ─────────────────────────────

type QuotaStyle = 'chrome' | 'firefox' | 'firefox-message';

/** The error each browser rejects a write past the quota with. */
function quotaError(style: QuotaStyle): unknown {
  if (style === 'chrome') return new Error('QUOTA_BYTES quota exceeded');
  if (style === 'firefox') return new DOMException('The current transaction exceeded its quota limitations.', 'QuotaExceededError');
  return new Error('QuotaExceededError: storage.local API call exceeded its quota limitations.');
}

/** Chrome's count, written independently of the code under test: key + JSON, UTF-8. */
const bytesOf = (key: string, value: unknown) => Buffer.byteLength(key) + Buffer.byteLength(JSON.stringify(value));
const totalOf = (all: Record<string, unknown>) => Object.entries(all).reduce((sum, [k, v]) => sum + bytesOf(k, v), 0);

interface QuotaArea extends LocalArea {
  quota: number;
  removed: string[];
  used(): Promise<number>;
}

/**
 * fakeBrowser.storage.local refusing any write that would take it past `quota` bytes (nothing of
 * a refused write lands, as in both browsers). `measures`: offers getBytesInUse and QUOTA_BYTES
 * as Chrome does; without, it is Firefox's storage.local, which has neither.
 */
function quotaArea(quota: number, style: QuotaStyle = 'chrome', measures = style === 'chrome'): QuotaArea {
  const inner = fakeBrowser.storage.local;
  const removed: string[] = [];
  const area: QuotaArea = {
    quota,
    removed,
    used: async () => totalOf(await inner.get(null)),
    get: (keys) => inner.get(keys as never),
    remove: async (keys) => {
      removed.push(...(Array.isArray(keys) ? keys : [keys]));
      await inner.remove(keys);
    },
    set: async (items) => {
      const next = { ...(await inner.get(null)), ...JSON.parse(JSON.stringify(items)) };
      if (totalOf(next) > area.quota) throw quotaError(style);
      await inner.set(items);
    },
  };
  if (measures) {
    area.getBytesInUse = async () => totalOf(await inner.get(null));
    area.QUOTA_BYTES = quota;
  }
  return area;
}

// ───────────────────────────── the API's lists ─────────────────────────────

const BASE = 'http://127.0.0.1:8787';
const CHAINS = {
  chains: [
    { chain_id: 'cosmoshub-4', chain_name: 'cosmoshub', pretty_name: 'Cosmos Hub', chain_type: 'cosmos', bech32_prefix: 'cosmos', fee_assets: [{ denom: 'uatom' }] },
    { chain_id: 'osmosis-1', chain_name: 'osmosis', pretty_name: 'Osmosis', chain_type: 'cosmos', bech32_prefix: 'osmo', fee_assets: [{ denom: 'uosmo' }] },
  ],
};
const BRIDGES = { bridges: [{ id: 'IBC', name: 'IBC' }] };
const normalAssets = () => ({
  chain_to_assets_map: {
    'osmosis-1': { assets: [{ denom: 'uosmo', chain_id: 'osmosis-1', origin_denom: 'uosmo', origin_chain_id: 'osmosis-1', trace: '', symbol: 'OSMO', name: 'Osmosis', decimals: 6 }] },
  },
});

/**
 * The attack: an asset list whose cached record takes exactly `recordBytes` (the cache's
 * record for `baseUrl` at `fetchedAt`), i.e. sized to leave storage with no room at all.
 */
function quotaSizedAssets(recordBytes: number, baseUrl: string, fetchedAt: number): unknown {
  return sizedAssetsBody(recordBytes, (assets) =>
    bytesOf(directoryKey(baseUrl), { version: 1, baseUrl, fetchedAt, directory: normaliseDirectory(CHAINS as never, assets as never, BRIDGES as never) }),
  );
}

const KEY = 'sk-live-0123456789abcdefWXYZ';
const EXT = { kind: 'extension' } as const;

beforeEach(() => fakeBrowser.reset());

describe('quota errors', () => {
  it('recognises Chrome’s and Firefox’s, and nothing else', () => {
    expect(isQuotaError(quotaError('chrome'))).toBe(true);
    expect(isQuotaError(quotaError('firefox'))).toBe(true);
    expect(isQuotaError(quotaError('firefox-message'))).toBe(true);
    expect(isQuotaError(new Error('Access to storage is not allowed from this context.'))).toBe(false);
    expect(isQuotaError(new TypeError('x is undefined'))).toBe(false);
    expect(isQuotaError('QUOTA_BYTES')).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });
});

describe('a hostile API’s quota-sized asset list', () => {
  /** Courier with a normal list cached, its storage at `quota`, and the API about to answer `attack`. */
  async function attacked(style: QuotaStyle) {
    const clock = manualClock();
    const area = quotaArea(LOCAL_QUOTA_BYTES, style);
    const api = new FakeApi()
      .on('/v2/info/chains', ok(CHAINS))
      .on('/v2/fungible/assets', ok(normalAssets()))
      .on('/v2/info/bridges', ok(BRIDGES))
      .on('/v2/tx/track', (request) => ok({ tx_hash: (request.body as { tx_hash: string }).tx_hash }))
      .on('/v2/tx/status', ok(statusBody('STATE_PENDING')));
    const h = harness({ api, clock, area, keyBudget: NO_KEY_BUDGET });
    const before = await h.services.directory.refresh();
    expect(before.directory?.assets.map((a) => a.denom)).toEqual(['uosmo']);

    // Sized so that, once cached, not one more byte fits (a build without the budget stores it).
    const key = directoryKey(BASE);
    const stored = (await area.get(key))[key];
    const room = area.quota - (await area.used()) + bytesOf(key, stored);
    api.on('/v2/fungible/assets', ok(quotaSizedAssets(room, BASE, clock.now())));
    return { ...h, area, before };
  }

  for (const style of ['chrome', 'firefox'] as const) {
    it(`is refused with a clear message, the previous list kept, and settings and tracking keep working (${style})`, async () => {
      const { services, area, api } = await attacked(style);
      const answered = await services.directory.refresh(true);
      expect(api.calls('/v2/fungible/assets')).toHaveLength(2);
      expect(answered.error).toMatch(/did not keep the chain and asset lists of http:\/\/127\.0\.0\.1:8787: they take 10 MB, more than the 2 MB/);
      expect(answered.error).toMatch(/The lists it had stay in use/);
      expect(answered.directory?.assets.map((a) => a.denom)).toEqual(['uosmo']);
      // Still the old list after a worker restart: storage kept it too.
      expect((await area.get(directoryKey(BASE)))[directoryKey(BASE)]).toMatchObject({ directory: { assets: [{ denom: 'uosmo' }] } });
      expect(await area.used()).toBeLessThan(CACHE_BUDGET_BYTES);

      // Everything the issue lists as failing: saving the key, switching the API, tracking.
      await expect(services.settings.setKey(KEY)).resolves.toMatchObject({ key: { hasKey: true, keyLast4: 'WXYZ' } });
      await expect(services.settings.update({ api: { environment: 'development' } })).resolves.toMatchObject({ api: { environment: 'development' } });
      const { item } = await services.tracker.track({ tx_hash: HASH_A, chain_id: 'cosmoshub-4' }, EXT);
      expect(await services.tracker.get(item.id)).toMatchObject({ txHash: HASH_A, phase: 'pending' });
      await expect(services.bridge.sites.connect('https://dapp.example')).resolves.toMatchObject({ origin: 'https://dapp.example' });
    });
  }

  it('with nothing cached before, says the pickers use the bundled lists', async () => {
    const clock = manualClock();
    const area = quotaArea(LOCAL_QUOTA_BYTES);
    const api = new FakeApi().on('/v2/info/chains', ok(CHAINS)).on('/v2/info/bridges', ok(BRIDGES));
    api.on('/v2/fungible/assets', ok(quotaSizedAssets(LOCAL_QUOTA_BYTES - 200, BASE, clock.now())));
    const { services } = harness({ api, clock, area });
    await expect(services.directory.refresh()).rejects.toMatchObject({
      code: 'directory-too-large',
      message: expect.stringMatching(/more than the 2 MB .* The pickers offer the bundled lists instead\.$/),
    });
    expect((await area.get(directoryKey(BASE)))[directoryKey(BASE)]).toBeUndefined();
    await expect(services.settings.setKey(KEY)).resolves.toMatchObject({ key: { hasKey: true } });
  });

  it('left in storage by a build without the budget, is dropped when read and fetched again', async () => {
    const clock = manualClock();
    const area = quotaArea(LOCAL_QUOTA_BYTES);
    const assets = quotaSizedAssets(3 * 1024 * 1024, BASE, clock.now());
    const directory = normaliseDirectory(CHAINS as never, assets as never, BRIDGES as never);
    await fakeBrowser.storage.local.set({ [directoryKey(BASE)]: { version: 1, baseUrl: BASE, fetchedAt: clock.now(), directory } });
    const api = new FakeApi().on('/v2/info/chains', ok(CHAINS)).on('/v2/fungible/assets', ok(normalAssets())).on('/v2/info/bridges', ok(BRIDGES));
    const { services } = harness({ api, clock, area });
    expect(await services.directory.get()).toMatchObject({ directory: null, revalidating: true });
    expect((await services.directory.refresh()).directory?.assets.map((a) => a.denom)).toEqual(['uosmo']);
  });
});

describe('the storage guard', () => {
  /** Three base URLs' lists cached (A oldest, C newest) and a guard that knows they are cache. */
  async function threeCached(options: { quota?: number } = {}) {
    const clock = manualClock();
    const area = quotaArea(options.quota ?? LOCAL_QUOTA_BYTES);
    const guard = new StorageGuard(area, { log: { warn: () => undefined, error: () => undefined } });
    const api = new FakeApi()
      .on('/v2/info/chains', ok(CHAINS))
      .on('/v2/fungible/assets', ok(assetsBody(Array.from({ length: 40 }, (_, i) => longAsset(i, 2000)))))
      .on('/v2/info/bridges', ok(BRIDGES));
    const target = { baseUrl: 'https://a.example' };
    const cache = new DirectoryCache({
      area: guard,
      mutex: new KeyedMutex(),
      clock,
      getClient: async () => createApiClient({ baseUrl: target.baseUrl, fetch: api.fetch, retry: { retries: 0 }, sleep: async () => undefined }),
      log: { warn: () => undefined, error: () => undefined },
    });
    guard.addCache(cache.cacheKind());
    for (const url of ['https://a.example', 'https://b.example', 'https://c.example']) {
      target.baseUrl = url;
      await cache.refresh();
      clock.advance(1000);
    }
    const recordBytes = bytesOf(directoryKey('https://a.example'), (await area.get(directoryKey('https://a.example')))[directoryKey('https://a.example')]);
    return { area, guard, cache, api, target, clock, recordBytes };
  }

  it('drops cached lists, least recently fetched first, until an important write fits', async () => {
    const { area, guard, recordBytes } = await threeCached();
    // Storage now full to the byte; the important write needs a bit more than one list's room.
    area.quota = await area.used();
    const settings = { version: 3, pad: 'p'.repeat(recordBytes + 100) };
    await guard.set({ 'courier:settings': settings });
    expect(area.removed).toEqual([directoryKey('https://a.example'), directoryKey('https://b.example')]);
    expect((await area.get('courier:settings'))['courier:settings']).toEqual(settings);
    expect((await area.get(directoryKey('https://c.example')))[directoryKey('https://c.example')]).toBeDefined();
    expect((await area.get(DIRECTORY_INDEX_KEY))[DIRECTORY_INDEX_KEY]).toBeDefined();
  });

  it('drops lists the index does not name first, and the index last', async () => {
    const { area, guard, recordBytes } = await threeCached();
    const stray = directoryKey('https://stray.example');
    await fakeBrowser.storage.local.set({ [stray]: { version: 1, junk: 'x'.repeat(100) } });
    const all = await fakeBrowser.storage.local.get(null);
    const strayBytes = bytesOf(stray, all[stray]);
    const indexBytes = bytesOf(DIRECTORY_INDEX_KEY, all[DIRECTORY_INDEX_KEY]);
    area.quota = await area.used();
    // Fits only once every cached key is gone, the index included.
    const item = { version: 1, pad: '' };
    item.pad = 'p'.repeat(strayBytes + 3 * recordBytes + indexBytes - bytesOf('courier:sites', item) - 5);
    await guard.set({ 'courier:sites': item });
    expect(area.removed).toEqual([stray, directoryKey('https://a.example'), directoryKey('https://b.example'), directoryKey('https://c.example'), DIRECTORY_INDEX_KEY]);
    expect(Object.keys(await fakeBrowser.storage.local.get(null))).toEqual(['courier:sites']);
  });

  it('forgets a dropped list in memory too: the next get fetches it again', async () => {
    const { area, guard, cache, api, target, recordBytes } = await threeCached();
    area.quota = await area.used();
    await guard.set({ 'courier:tracked:item:x': { pad: 'p'.repeat(recordBytes - 200) } });
    expect(area.removed).toEqual([directoryKey('https://a.example')]);
    target.baseUrl = 'https://a.example';
    const assetCalls = api.calls('/v2/fungible/assets').length;
    expect(await cache.get()).toMatchObject({ directory: null, revalidating: true });
    target.baseUrl = 'https://c.example';
    expect(await cache.get()).toMatchObject({ fresh: true, revalidating: false });
    expect(api.calls('/v2/fungible/assets')).toHaveLength(assetCalls + 1);
  });

  it('never drops anything, cached or not, to make room for a cached list', async () => {
    const { area, guard, cache, target } = await threeCached();
    await guard.set({ 'courier:sites': { version: 1, sites: [] } });
    area.quota = await area.used();
    target.baseUrl = 'https://d.example';
    await expect(cache.refresh()).rejects.toMatchObject({ code: 'storage-full', message: expect.stringMatching(/storage is full, so the routing API’s lists were not kept/) });
    expect(area.removed).toEqual([]);
    expect((await area.get('courier:sites'))['courier:sites']).toEqual({ version: 1, sites: [] });
  });

  it('refuses an important write that cannot fit even without cache, with a clear error', async () => {
    const { area, guard } = await threeCached();
    area.quota = await area.used();
    await expect(guard.set({ 'courier:settings': { pad: 'p'.repeat(LOCAL_QUOTA_BYTES) } })).rejects.toMatchObject({
      code: 'storage-full',
      message: expect.stringMatching(/storage is full, so this change was not saved\. Remove finished transfers in Activity/),
    });
    expect(area.removed).toHaveLength(4); // every cached key was tried first
  });

  it('passes other write errors through without dropping anything', async () => {
    const { area, guard } = await threeCached();
    area.set = async () => {
      throw new Error('IO error: disk unavailable');
    };
    await expect(guard.set({ 'courier:settings': { version: 3 } })).rejects.toThrow('IO error: disk unavailable');
    expect(area.removed).toEqual([]);
  });
});

describe('the cache’s byte budget', () => {
  it('keeps older base URLs’ lists only while all of them fit the budget', async () => {
    const clock = manualClock();
    const api = new FakeApi()
      .on('/v2/info/chains', ok(CHAINS))
      .on('/v2/fungible/assets', ok(assetsBody(Array.from({ length: 40 }, (_, i) => longAsset(i, 2000)))))
      .on('/v2/info/bridges', ok(BRIDGES));
    const target = { baseUrl: 'https://a.example' };
    const make = (budgetBytes: number) =>
      new DirectoryCache({
        area: fakeBrowser.storage.local,
        mutex: new KeyedMutex(),
        clock,
        budgetBytes,
        getClient: async () => createApiClient({ baseUrl: target.baseUrl, fetch: api.fetch, retry: { retries: 0 }, sleep: async () => undefined }),
        log: { warn: () => undefined, error: () => undefined },
      });
    await make(CACHE_BUDGET_BYTES).refresh();
    const one = bytesOf(directoryKey(target.baseUrl), (await fakeBrowser.storage.local.get(directoryKey(target.baseUrl)))[directoryKey(target.baseUrl)]);
    const cache = make(2 * one + 10); // room for two lists of this size, not three
    for (const url of ['https://b.example', 'https://c.example']) {
      clock.advance(1000);
      target.baseUrl = url;
      await cache.refresh();
    }
    const stored = Object.keys(await fakeBrowser.storage.local.get(null)).filter((k) => k !== DIRECTORY_INDEX_KEY).sort();
    expect(stored).toEqual([directoryKey('https://b.example'), directoryKey('https://c.example')]);
    expect((await fakeBrowser.storage.local.get(DIRECTORY_INDEX_KEY))[DIRECTORY_INDEX_KEY]).toEqual({
      version: 1,
      entries: [
        { baseUrl: 'https://c.example', usedAt: clock.now(), bytes: one },
        { baseUrl: 'https://b.example', usedAt: clock.now() - 1000, bytes: one },
      ],
    });
  });
});

describe('storage usage for the popup', () => {
  it('is the browser’s count where it has one (Chrome), and near the limit from 80 %', async () => {
    const area = quotaArea(1000, 'chrome');
    const { services } = harness({ area });
    await fakeBrowser.storage.local.set({ filler: 'x'.repeat(700) });
    expect(await services.storage.usage()).toEqual({ bytesInUse: await area.used(), quotaBytes: 1000, nearLimit: false, measured: 'browser' });
    await fakeBrowser.storage.local.set({ more: 'x'.repeat(100) });
    expect(await services.storage.usage()).toMatchObject({ bytesInUse: await area.used(), nearLimit: true, measured: 'browser' });
  });

  it('is estimated from the stored values where the browser cannot say (Firefox), against 10 MB', async () => {
    const area = quotaArea(LOCAL_QUOTA_BYTES, 'firefox', false);
    const { services } = harness({ area });
    await fakeBrowser.storage.local.set({ filler: 'x'.repeat(8 * 1024 * 1024) });
    const usage = await services.storage.usage();
    expect(usage).toEqual({ bytesInUse: await area.used(), quotaBytes: LOCAL_QUOTA_BYTES, nearLimit: true, measured: 'estimate' });
  });

  it('reaches the popup through the protocol, and a full storage is said as such, never as an internal error', async () => {
    const area = quotaArea(LOCAL_QUOTA_BYTES);
    const h = harness({ area });
    const origin = new URL(fakeBrowser.runtime.getURL('/')).origin;
    const listener = createMessageRouter(createBackgroundHandlers(h.services, { workerStartedAt: 1, version: () => '0.1.0' }), origin);
    const send = (method: string, params: unknown = {}) =>
      listener({ courier: 1, method, params }, { id: fakeBrowser.runtime.id, url: `${origin}/popup.html` } as never) as Promise<any>;
    await fakeBrowser.storage.local.set({ 'someone-else': 'x'.repeat(LOCAL_QUOTA_BYTES - 40) });
    expect(await send('courier:storage:usage')).toMatchObject({ ok: true, result: { nearLimit: true, quotaBytes: LOCAL_QUOTA_BYTES, measured: 'browser' } });
    expect(await send('courier:settings:setKey', { apiKey: KEY })).toEqual({
      ok: false,
      error: { code: 'storage-full', message: expect.stringContaining('Courier’s storage is full, so this change was not saved') },
    });
    // and tracking says the same
    h.api.on('/v2/tx/track', ok({ tx_hash: HASH_B }));
    expect(await send('courier:tx:track', { tx_hash: HASH_B, chain_id: 'cosmoshub-4' })).toMatchObject({ ok: false, error: { code: 'storage-full' } });
  });
});
