/**
 * The pickers' lists in the background: `/v2/info/chains` and `/v2/fungible/assets` cached in
 * storage.local per base URL, fresh for a time-to-live, then served stale while a fetch
 * revalidates them; a damaged entry is dropped and fetched again.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createApiClient } from '../../../src/api';
import { manualClock } from '../../../src/background/clock';
import {
  DIRECTORY_INDEX_KEY,
  DIRECTORY_RETRY_AFTER_MS,
  DIRECTORY_TTL_MS,
  DirectoryCache,
  directoryKey,
} from '../../../src/background/directory/cache';
import { normaliseDirectory } from '../../../src/background/directory/normalise';
import { KeyedMutex } from '../../../src/background/storage/mutex';
import { FakeApi, ok, serverError } from './support';

function chainBody(id: string, name: string, prefix: string, fee: string) {
  return {
    chain_name: name.toLowerCase().replace(/\s+/g, ''),
    chain_id: id,
    pfm_enabled: true,
    cosmos_module_support: { authz: true, feegrant: true },
    supports_memo: true,
    logo_uri: `https://logos.example/${prefix}.png`,
    bech32_prefix: prefix,
    fee_assets: [{ denom: fee, gas_price: { low: '0.01', average: '0.025', high: '0.03' } }],
    chain_type: 'cosmos',
    ibc_capabilities: { cosmos_pfm: true, cosmos_ibc_hooks: true, cosmos_memo: true, cosmos_autopilot: true },
    is_testnet: false,
    pretty_name: name,
  };
}
const CHAINS = { chains: [chainBody('cosmoshub-4', 'Cosmos Hub', 'cosmos', 'uatom'), chainBody('osmosis-1', 'Osmosis', 'osmo', 'uosmo')] };
const ASSETS = {
  chain_to_assets_map: {
    'osmosis-1': {
      assets: [
        { denom: 'uosmo', chain_id: 'osmosis-1', origin_denom: 'uosmo', origin_chain_id: 'osmosis-1', trace: '', symbol: 'OSMO', name: 'OSMO', decimals: 6, recommended_symbol: 'OSMO' },
      ],
    },
  },
};
const A = 'https://api.a.test';
const B = 'https://api.b.test';
const quiet = { warn: () => undefined, error: () => undefined };

function withChain(id: string, name: string) {
  return { chains: [...CHAINS.chains, chainBody(id, name, 'new', 'unew')] };
}

function setup(options: { maxEntries?: number } = {}) {
  const api = new FakeApi()
    .on('/v2/info/chains', ok(CHAINS))
    .on('/v2/fungible/assets', ok(ASSETS))
    .on('/v2/info/bridges', ok({ bridges: [{ id: 'IBC', name: 'IBC' }, { id: 'CCTP', name: 'CCTP' }] }));
  const clock = manualClock();
  const target = { baseUrl: A };
  const make = () =>
    new DirectoryCache({
      area: fakeBrowser.storage.local,
      mutex: new KeyedMutex(),
      clock,
      getClient: async () => createApiClient({ baseUrl: target.baseUrl, fetch: api.fetch, retry: { retries: 0 }, sleep: async () => undefined }),
      log: quiet,
      ...(options.maxEntries !== undefined ? { maxEntries: options.maxEntries } : {}),
    });
  return { api, clock, target, cache: make(), restart: make };
}

const stored = async (baseUrl: string) => (await fakeBrowser.storage.local.get(directoryKey(baseUrl)))[directoryKey(baseUrl)] as any;

beforeEach(() => fakeBrowser.reset());

describe('the directory cache', () => {
  it('fetches every kind once, stores it under a versioned key, and answers at once after that', async () => {
    const { api, cache } = setup();
    const first = await cache.get();
    expect(first).toMatchObject({ baseUrl: A, directory: null, fetchedAt: null, fresh: false, revalidating: true });
    const fetched = await cache.refresh();
    expect(fetched.directory?.chains.map((c) => c.id)).toEqual(['cosmoshub-4', 'osmosis-1']);
    expect(fetched.directory?.assets.map((a) => `${a.chainId} ${a.denom}`)).toEqual(['osmosis-1 uosmo']);
    expect(fetched).toMatchObject({ fresh: true, revalidating: false, error: null });

    const [chains] = api.calls('/v2/info/chains');
    expect(Object.fromEntries(chains!.query)).toMatchObject({ include_evm: 'true', include_svm: 'true' });
    const [assets] = api.calls('/v2/fungible/assets');
    expect(Object.fromEntries(assets!.query)).toMatchObject({ include_evm_assets: 'true', include_svm_assets: 'true', include_cw20_assets: 'true' });
    expect(await stored(A)).toMatchObject({ version: 1, baseUrl: A, directory: { chains: [{ id: 'cosmoshub-4' }, { id: 'osmosis-1' }], bridges: ['IBC', 'CCTP'] } });

    expect(await cache.get()).toMatchObject({ fresh: true, revalidating: false });
    expect(api.requests).toHaveLength(3);
  });

  it('survives a worker restart: a fresh entry is read from storage, not fetched', async () => {
    const { api, cache, restart } = setup();
    await cache.refresh();
    const again = await restart().get();
    expect(again).toMatchObject({ fresh: true, revalidating: false, directory: { chains: [{ id: 'cosmoshub-4' }, { id: 'osmosis-1' }] } });
    expect(api.requests).toHaveLength(3);
  });

  it('keeps the lists when the bridge list cannot be had (bridges: null)', async () => {
    const { api, cache } = setup();
    api.on('/v2/info/bridges', serverError);
    const fetched = await cache.refresh();
    expect(fetched).toMatchObject({ fresh: true, error: null, directory: { chains: [{ id: 'cosmoshub-4' }, { id: 'osmosis-1' }], bridges: null } });
  });

  it('serves an entry cached before bridges were kept, and fetches it again', async () => {
    const { api, cache, clock } = setup();
    const old = { chains: normaliseDirectory(CHAINS as never, ASSETS as never).chains, assets: [] };
    await fakeBrowser.storage.local.set({ [directoryKey(A)]: { version: 1, baseUrl: A, fetchedAt: clock.now(), directory: old } });
    expect(await cache.get()).toMatchObject({ fresh: false, revalidating: true, directory: { chains: [{ id: 'cosmoshub-4' }, { id: 'osmosis-1' }] } });
    expect(await cache.refresh()).toMatchObject({ fresh: true, directory: { bridges: ['IBC', 'CCTP'] } });
    expect(api.calls('/v2/info/bridges')).toHaveLength(1);
  });

  it('past the time-to-live: the stale lists at once, a fetch behind them, the new lists from refresh()', async () => {
    const { api, cache, clock } = setup();
    await cache.refresh();
    clock.advance(DIRECTORY_TTL_MS - 1);
    expect((await cache.get()).fresh).toBe(true);
    api.on('/v2/info/chains', ok(withChain('newchain-1', 'New Chain')));
    clock.advance(2);
    const stale = await cache.get();
    expect(stale).toMatchObject({ fresh: false, revalidating: true });
    expect(stale.directory?.chains.map((c) => c.id)).not.toContain('newchain-1');
    const fresh = await cache.refresh();
    expect(fresh).toMatchObject({ fresh: true, revalidating: false });
    expect(fresh.directory?.chains.map((c) => c.id)).toContain('newchain-1');
    expect(api.calls('/v2/info/chains')).toHaveLength(2); // get() started it, refresh() joined it
  });

  it('one entry per base URL; the other stays cached', async () => {
    const { api, cache, target } = setup();
    await cache.refresh();
    target.baseUrl = B;
    api.on('/v2/info/chains', ok(withChain('bchain-1', 'B Chain')));
    expect(await cache.get()).toMatchObject({ baseUrl: B, directory: null });
    expect((await cache.refresh()).directory?.chains.map((c) => c.id)).toContain('bchain-1');
    target.baseUrl = A;
    const backToA = await cache.get();
    expect(backToA).toMatchObject({ baseUrl: A, fresh: true });
    expect(backToA.directory?.chains.map((c) => c.id)).not.toContain('bchain-1');
    expect(api.calls('/v2/info/chains')).toHaveLength(2);
    expect(await stored(A)).toMatchObject({ baseUrl: A });
    expect(await stored(B)).toMatchObject({ baseUrl: B });
  });

  it('keeps at most maxEntries base URLs, dropping the least recently fetched', async () => {
    const { cache, target, clock } = setup({ maxEntries: 2 });
    for (const url of [A, B, 'https://api.c.test']) {
      target.baseUrl = url;
      await cache.refresh();
      clock.advance(1000);
    }
    expect(await stored(A)).toBeUndefined();
    expect(await stored(B)).toBeDefined();
    expect(await stored('https://api.c.test')).toBeDefined();
    const index = (await fakeBrowser.storage.local.get(DIRECTORY_INDEX_KEY))[DIRECTORY_INDEX_KEY] as any;
    expect(index.entries.map((e: { baseUrl: string }) => e.baseUrl)).toEqual(['https://api.c.test', B]);
  });

  it('a damaged or foreign entry is dropped and fetched again, never a crash', async () => {
    for (const bad of ['garbage', { version: 1, baseUrl: A, fetchedAt: 'x', directory: {} }, { version: 9, baseUrl: A }, { version: 1, baseUrl: B, fetchedAt: 1, directory: { chains: [], assets: [] } }]) {
      fakeBrowser.reset();
      await fakeBrowser.storage.local.set({ [directoryKey(A)]: bad });
      const { api, cache } = setup();
      expect(await cache.get()).toMatchObject({ directory: null, revalidating: true });
      expect(await stored(A)).toBeUndefined();
      expect((await cache.refresh()).directory?.chains).toHaveLength(2);
      expect(await stored(A)).toMatchObject({ version: 1, baseUrl: A });
      expect(api.calls('/v2/info/chains')).toHaveLength(1);
    }
  });

  it('a failed revalidation keeps the cached lists and says why; with nothing cached it is the API error', async () => {
    const { api, cache, clock } = setup();
    await cache.refresh();
    api.on('/v2/info/chains', serverError);
    clock.advance(DIRECTORY_TTL_MS + 1);
    const kept = await cache.refresh();
    expect(kept).toMatchObject({ fresh: false, directory: { chains: [{ id: 'cosmoshub-4' }, { id: 'osmosis-1' }] } });
    expect(kept.error).toContain('internal server error');
    // backing off: the next opens of the popup do not hammer a failing API
    const calls = api.calls('/v2/info/chains').length;
    expect(await cache.get()).toMatchObject({ revalidating: false });
    expect(api.calls('/v2/info/chains')).toHaveLength(calls);
    clock.advance(DIRECTORY_RETRY_AFTER_MS);
    expect(await cache.get()).toMatchObject({ revalidating: true });

    fakeBrowser.reset();
    const empty = setup();
    empty.api.on('/v2/fungible/assets', serverError);
    await expect(empty.cache.refresh()).rejects.toMatchObject({ name: 'ProtocolError', code: 'api', data: { httpStatus: 500, code: 2 } });
  });

  it('concurrent refreshes share one fetch', async () => {
    const { api, cache } = setup();
    const [x, y] = await Promise.all([cache.refresh(), cache.refresh(true)]);
    expect(x.fetchedAt).toBe(y.fetchedAt);
    expect(api.calls('/v2/info/chains')).toHaveLength(1);
  });
});

describe('normalising the answers', () => {
  it('reads production chains without pretty_name and assets with nulls and blanks leniently', () => {
    const d = normaliseDirectory(
      { chains: [{ chain_id: 'sparse-1', chain_name: 'sparse', chain_type: 'cosmos', bech32_prefix: 'sp', fee_assets: [{ denom: 'usp' }] }] } as any,
      {
        chain_to_assets_map: {
          'sparse-1': { assets: [{ denom: 'usp', chain_id: 'sparse-1', origin_denom: 'usp', origin_chain_id: 'sparse-1', trace: '', symbol: '', name: null, decimals: null, logo_uri: '' }, { denom: '' }] },
        },
      } as any,
    );
    expect(d.chains).toEqual([{ id: 'sparse-1', name: 'sparse', registryName: 'sparse', type: 'cosmos', bech32Prefix: 'sp', logo: null, feeDenoms: ['usp'] }]);
    expect(d.assets).toHaveLength(1);
    expect(d.assets[0]).toMatchObject({ chainId: 'sparse-1', denom: 'usp', symbol: null, name: null, decimals: null, logo: null, isCw20: false });
  });

  it('keeps the average gas price of each fee token (Max keeps a fee back), and drops unreadable ones', () => {
    const d = normaliseDirectory(
      {
        chains: [
          {
            chain_id: 'cosmoshub-4',
            fee_assets: [
              { denom: 'uatom', gas_price: { low: '0.005', average: '0.025', high: '0.03' } },
              { denom: 'ibc/X', gas_price: { average: '1e-3' } },
              { denom: 'uother', gas_price: null },
            ],
          },
        ],
      } as any,
      { chain_to_assets_map: {} } as any,
    );
    expect(d.chains[0]!.feeDenoms).toEqual(['uatom', 'ibc/X', 'uother']);
    expect(d.chains[0]!.gasPrices).toEqual({ uatom: '0.025' });
  });
});
