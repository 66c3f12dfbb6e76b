/**
 * What the popup's pickers offer, over time: the bundled catalog before the API's lists arrive,
 * the cached lists merged in at once, the fresh ones after the background's revalidation, and the
 * bundled catalog (saying why) when the API cannot answer and nothing is cached.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { generateCatalog } from '../../../scripts/generate-catalog';
import { ProtocolError } from '../../../src/background/protocol-error';
import type { DirectorySnapshot } from '../../../src/background/directory/schema';

// A plain function, not vi.fn(): a vi.fn that returns a rejected promise is reported as a
// failure even when the caller handles the rejection.
const layer = vi.hoisted(() => {
  const state = {
    calls: [] as string[],
    impl: (_method: string): Promise<unknown> => Promise.reject(new Error('no answer scripted')),
  };
  return {
    state,
    callApi: () => Promise.reject(new Error('not used')),
    callBackground: (method: string) => {
      state.calls.push(method);
      return state.impl(method);
    },
  };
});
vi.mock('../../../src/background/call', () => layer);

let catalogJson: unknown;
beforeAll(() => {
  catalogJson = JSON.parse(generateCatalog().json);
});

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const lab = (extra: string[] = []): DirectorySnapshot['directory'] => ({
  chains: ['cosmoshub-4', 'courierlab-1', ...extra].map((id) => ({
    id,
    name: id === 'courierlab-1' ? 'Courier Lab' : null,
    registryName: null,
    type: 'cosmos',
    bech32Prefix: 'x',
    logo: null,
    feeDenoms: [],
  })),
  assets: [],
});

const snapshot = (directory: DirectorySnapshot['directory'], fresh: boolean, revalidating: boolean): DirectorySnapshot => ({
  baseUrl: 'http://127.0.0.1:8787',
  directory,
  fetchedAt: directory ? 1_000 : null,
  fresh,
  revalidating,
  error: null,
});

async function freshModules() {
  vi.resetModules();
  const { setCatalogSource } = await import('../../../src/chains/catalog/load');
  setCatalogSource(async () => catalogJson);
  return import('../../../src/ui/state/catalog');
}

const offered = (state: { status: string; catalog?: { searchChains(q: string): { id: string }[] } }) =>
  state.status === 'ready' ? state.catalog!.searchChains('').map((c) => c.id) : [];

beforeEach(() => {
  layer.state.calls = [];
});

describe('the pickers’ catalog in the popup', () => {
  it('bundled first; the cached lists at once; the revalidated ones after', async () => {
    const get = deferred<DirectorySnapshot>();
    const refresh = deferred<DirectorySnapshot>();
    layer.state.impl = (method) => (method === 'courier:directory:get' ? get.promise : refresh.promise);
    const { catalogState, ensureCatalog } = await freshModules();
    ensureCatalog();
    await expect.poll(() => catalogState.get()).toMatchObject({ status: 'ready', source: { kind: 'bundled', pending: true } });
    expect(offered(catalogState.get() as never)).toContain('juno-1');

    get.resolve(snapshot(lab(), false, true));
    await expect.poll(() => catalogState.get()).toMatchObject({ source: { kind: 'api', stale: true } });
    expect(offered(catalogState.get() as never)).toEqual(['cosmoshub-4', 'courierlab-1']);

    refresh.resolve(snapshot(lab(['osmosis-1']), true, false));
    await expect.poll(() => catalogState.get()).toMatchObject({ source: { kind: 'api', stale: false } });
    expect(offered(catalogState.get() as never)).toEqual(['cosmoshub-4', 'courierlab-1', 'osmosis-1']);
    expect(layer.state.calls).toEqual(['courier:directory:get', 'courier:directory:refresh']);
  });

  it('a fresh cached entry: no refresh', async () => {
    layer.state.impl = async () => snapshot(lab(), true, false);
    const { catalogState, ensureCatalog } = await freshModules();
    ensureCatalog();
    await expect.poll(() => catalogState.get()).toMatchObject({ source: { kind: 'api', stale: false } });
    expect(layer.state.calls).toEqual(['courier:directory:get']);
  });

  it('the API unreachable and nothing cached: the bundled catalog stays, with the reason', async () => {
    const failure = () =>
      new ProtocolError('api', 'Failed to fetch', { name: 'ApiError', kind: 'network', message: 'Failed to fetch', endpoint: '/v2/info/chains', method: 'GET', attempts: 1, httpStatus: null, code: null, details: [], issues: [], retryAfterMs: null });
    layer.state.impl = (method) => (method === 'courier:directory:get' ? Promise.resolve(snapshot(null, false, true)) : Promise.reject(failure()));
    const { catalogState, ensureCatalog } = await freshModules();
    ensureCatalog();
    await expect.poll(() => catalogState.get()).toMatchObject({ status: 'ready', source: { kind: 'bundled', pending: false, error: { kind: 'network' } } });
    expect(offered(catalogState.get() as never)).toContain('juno-1');
    const { catalogNote } = await import('../../../src/ui/components/AssetPickers');
    expect(catalogNote(catalogState.get(), 'asset')).toContain('showing the bundled list');
  });
});
