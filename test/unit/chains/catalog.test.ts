import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateCatalog } from '../../../scripts/generate-catalog';
import {
  type Catalog,
  CatalogError,
  type CatalogFile,
  createCatalog,
  loadCatalog,
  peekCatalog,
  setCatalogSource,
  shortDenom,
} from '../../../src/chains/catalog';

const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const USDC_ON_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

let file: CatalogFile;
let json: string;
let catalog: Catalog;

beforeAll(() => {
  ({ file, json } = generateCatalog());
  const t0 = performance.now();
  catalog = createCatalog(JSON.parse(json));
  console.info(`createCatalog (JSON.parse + zod + index): ${(performance.now() - t0).toFixed(1)} ms`);
});

const clone = (): CatalogFile => structuredClone(file);

describe('asset lookups', () => {
  it('resolves ATOM on Osmosis to its symbol, decimals and origin', () => {
    const atom = catalog.asset('osmosis-1', ATOM_ON_OSMOSIS);
    expect(atom).toMatchObject({
      chainId: 'osmosis-1',
      denom: ATOM_ON_OSMOSIS,
      symbol: 'ATOM',
      recommendedSymbol: 'ATOM',
      decimals: 6,
      originChainId: 'cosmoshub-4',
      originDenom: 'uatom',
      trace: 'transfer/channel-0',
      coingeckoId: 'cosmos',
      logo: 'https://raw.githubusercontent.com/cosmos/chain-registry/master/cosmoshub/images/atom.png',
      isCw20: false,
      isEvm: false,
      isSvm: false,
    });
  });

  it('matches ibc hashes in any case, and EVM addresses in any case', () => {
    expect(catalog.asset('osmosis-1', ATOM_ON_OSMOSIS.toLowerCase())).toBe(catalog.asset('osmosis-1', ATOM_ON_OSMOSIS));
    expect(catalog.asset('osmosis-1', `IBC/${ATOM_ON_OSMOSIS.slice(4)}`)?.symbol).toBe('ATOM');
    const usdc = catalog.asset('1', USDC_ON_ETHEREUM.toLowerCase());
    expect(usdc).toMatchObject({ denom: USDC_ON_ETHEREUM, symbol: 'USDC', decimals: 6, isEvm: true });
  });

  it('gives a native asset itself as origin, with an empty trace', () => {
    expect(catalog.asset('cosmoshub-4', 'uatom')).toMatchObject({
      originChainId: 'cosmoshub-4',
      originDenom: 'uatom',
      trace: '',
      symbol: 'ATOM',
    });
    expect(catalog.asset('solana', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toMatchObject({ symbol: 'USDC', isSvm: true });
  });

  it('does not invent assets', () => {
    expect(catalog.asset('osmosis-1', 'ibc/0000000000000000000000000000000000000000000000000000000000000000')).toBeUndefined();
    expect(catalog.asset('nowhere-1', 'uatom')).toBeUndefined();
    expect(catalog.assetsOn('nowhere-1')).toEqual([]);
  });

  it('lists a chain’s assets, ATOM among Osmosis’s', () => {
    const onOsmosis = catalog.assetsOn('osmosis-1');
    expect(onOsmosis.length).toBeGreaterThan(100);
    expect(onOsmosis.every((a) => a.chainId === 'osmosis-1')).toBe(true);
    expect(onOsmosis.map((a) => a.denom)).toContain(ATOM_ON_OSMOSIS);
  });
});

describe('symbolFor', () => {
  it('uses the recommended symbol of a known asset', () => {
    expect(catalog.symbolFor('osmosis-1', ATOM_ON_OSMOSIS.toLowerCase())).toBe('ATOM');
    const axl = catalog.assets.find((a) => a.recommendedSymbol !== a.symbol);
    expect(axl).toBeDefined();
    expect(catalog.symbolFor(axl!.chainId, axl!.denom)).toBe(axl!.recommendedSymbol);
  });

  it('shortens an unknown ibc denom, and other long denoms', () => {
    expect(catalog.symbolFor('neutron-1', 'ibc/27394fb092d2eccd56123c74f36e4c1f926001ceada9ca97ea622b25f41e5eb2')).toBe(
      'ibc/2739…5EB2',
    );
    expect(shortDenom(USDC_ON_ETHEREUM)).toBe('0xA0b8…eB48');
    expect(shortDenom('factory/osmo1abcdefghijklmnopqrstuvwxyz0123456789/alloyed/allBTC')).toBe('alloyed/allBTC');
    expect(catalog.symbolFor('nowhere-1', 'uwhat')).toBe('uwhat');
  });
});

describe('chain lookups', () => {
  it('knows Cosmos chains with prefix, type, explorer and fee denoms', () => {
    expect(catalog.chain('osmosis-1')).toEqual({
      id: 'osmosis-1',
      name: 'Osmosis',
      registryName: 'osmosis',
      type: 'cosmos',
      bech32Prefix: 'osmo',
      logo: 'https://raw.githubusercontent.com/cosmos/chain-registry/master/osmosis/images/osmo.png',
      explorerTx: 'https://www.mintscan.io/osmosis/transactions/${txHash}',
      feeDenoms: ['uosmo'],
    });
    expect(catalog.chain('cosmoshub-4')).toMatchObject({ name: 'Cosmos Hub', bech32Prefix: 'cosmos', type: 'cosmos' });
  });

  it('names EVM chains by numeric id and Solana as "solana", without a bech32 prefix', () => {
    expect(catalog.chain('1')).toMatchObject({ name: 'Ethereum', type: 'evm', bech32Prefix: null });
    expect(catalog.chain('solana')).toMatchObject({ name: 'Solana', type: 'svm', bech32Prefix: null });
    expect(catalog.chain('101')).toBeUndefined();
  });

  it('chainName falls back to the id', () => {
    expect(catalog.chainName('noble-1')).toBe('Noble');
    expect(catalog.chainName('nowhere-1')).toBe('nowhere-1');
  });

  it('searches chains by name, registry name or id', () => {
    expect(catalog.searchChains('osmo')[0]?.id).toBe('osmosis-1');
    expect(catalog.searchChains('cosmoshub-4').map((c) => c.id)).toEqual(['cosmoshub-4']);
    expect(catalog.searchChains('arb')[0]?.id).toBe('42161');
  });
});

describe('searchAssets', () => {
  it('ranks ATOM first for "atom", exact symbols before prefixes before other matches', () => {
    const results = catalog.searchAssets('atom');
    expect(results[0]).toMatchObject({ chainId: 'cosmoshub-4', denom: 'uatom', symbol: 'ATOM' });
    const tiers = results.map((a) => {
      const s = a.symbol.toLowerCase();
      const r = a.recommendedSymbol.toLowerCase();
      return s === 'atom' || r === 'atom' ? 0 : s.startsWith('atom') || r.startsWith('atom') ? 1 : 2;
    });
    expect(tiers).toEqual([...tiers].sort((x, y) => x - y));
    expect(tiers).toContain(2); // stATOM, qATOM, … come after every ATOM
  });

  it('ranks ATOM first on one chain, and only searches that chain', () => {
    const results = catalog.searchAssets('ATOM', { chainId: 'osmosis-1' });
    expect(results[0]?.denom).toBe(ATOM_ON_OSMOSIS);
    expect(results.every((a) => a.chainId === 'osmosis-1')).toBe(true);
  });

  it('finds by denom, case-insensitively, and by name', () => {
    expect(catalog.searchAssets('ibc/27394fb0', { chainId: 'osmosis-1' })[0]?.denom).toBe(ATOM_ON_OSMOSIS);
    expect(catalog.searchAssets('uatom', { chainId: 'cosmoshub-4' })[0]?.denom).toBe('uatom');
    expect(catalog.searchAssets('cosmos hub', { chainId: 'osmosis-1' }).map((a) => a.denom)).toContain(ATOM_ON_OSMOSIS);
  });

  it('puts the widely held token first among equal symbols: Noble USDC, not a chain-local USDC', () => {
    expect(catalog.searchAssets('usdc')[0]).toMatchObject({ chainId: 'noble-1', denom: 'uusdc' });
    const onOsmosis = catalog.searchAssets('usdc', { chainId: 'osmosis-1' })[0]!;
    expect([onOsmosis.originChainId, onOsmosis.originDenom]).toEqual(['noble-1', 'uusdc']);
  });

  it('needs every word to match: symbol and chain together', () => {
    const results = catalog.searchAssets('usdc noble');
    expect(results[0]).toMatchObject({ chainId: 'noble-1', denom: 'uusdc' });
    expect(catalog.searchAssets('atom zzzz-no-such-thing')).toEqual([]);
  });

  it('lists fee tokens first for an empty query, and honours limit', () => {
    const all = catalog.searchAssets('', { chainId: 'osmosis-1' });
    expect(all).toHaveLength(catalog.assetsOn('osmosis-1').length);
    expect(all[0]?.denom).toBe('uosmo');
    // Neutron accepts several fee tokens; its own comes first
    expect(catalog.searchAssets('', { chainId: 'neutron-1' })[0]?.denom).toBe('untrn');
    expect(catalog.searchAssets('', { limit: 5 })).toHaveLength(5);
    expect(catalog.searchAssets('atom', { limit: 0 })).toEqual([]);
  });

  it('is fast enough to run on every keystroke', () => {
    const t0 = performance.now();
    for (const q of ['a', 'at', 'ato', 'atom', 'usdc', 'os', 'ibc/']) catalog.searchAssets(q);
    expect((performance.now() - t0) / 7).toBeLessThan(20);
  });
});

describe('malformed catalogs are refused with a clear error', () => {
  const refuse = (data: unknown, message: RegExp): void => {
    let error: unknown;
    try {
      createCatalog(data);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CatalogError);
    expect((error as Error).message).toMatch(/^malformed chain catalog: /);
    expect((error as Error).message).toMatch(message);
  };

  it('refuses what is not a catalog at all', () => {
    refuse(null, /\(root\)/);
    refuse('[]', /\(root\)/);
    refuse({ ...clone(), chains: undefined }, /chains/);
  });

  it('refuses another format version', () => {
    refuse({ ...clone(), format: 2 }, /unsupported catalog format 2 \(this build reads format 1\)/);
  });

  it('names the row and the field of a bad value', () => {
    const f = clone();
    const i = f.assets.findIndex((r) => r[0] === 'osmosis-1' && r[1] === ATOM_ON_OSMOSIS);
    (f.assets[i] as unknown[])[4] = '6';
    refuse(f, new RegExp(`assets\\[${i}\\] \\(osmosis-1 ibc/27394F\\w+\\)\\.decimals: .*expected number`));
  });

  it('refuses a reference to an unknown chain', () => {
    const f = clone();
    const i = f.assets.findIndex((r) => r[1] === ATOM_ON_OSMOSIS);
    f.assets[i]![6] = 'cosmoshub-5';
    refuse(f, /originChainId: unknown origin chain cosmoshub-5/);
  });

  it('refuses duplicates and unsorted rows', () => {
    const f = clone();
    f.assets.splice(1, 0, structuredClone(f.assets[0]!));
    refuse(f, /out of order or duplicated/);
    const g = clone();
    g.chains.reverse();
    refuse(g, /chains\[1\] .*out of order/);
  });

  it('refuses an unsafe explorer template, a lowercase ibc hash and a prefix on an EVM chain', () => {
    const f = clone();
    const osmosis = f.chains.findIndex((c) => c[0] === 'osmosis-1');
    f.chains[osmosis]![6] = 'javascript:alert(1)//${txHash}';
    refuse(f, /chains\[\d+\] \(osmosis-1\)\.explorerTx: expected an http\(s\) template/);
    const g = clone();
    const i = g.assets.findIndex((r) => r[1] === ATOM_ON_OSMOSIS);
    g.assets[i]![1] = ATOM_ON_OSMOSIS.toLowerCase();
    refuse(g, /64 uppercase hex/);
    const h = clone();
    h.chains.find((c) => c[0] === '1')![4] = 'eth';
    refuse(h, /a evm chain has no bech32 prefix/);
  });

  it('says how many more problems there are', () => {
    const f = clone();
    for (const r of f.assets.slice(0, 8)) (r as unknown[])[4] = -1;
    refuse(f, /; and 3 more$/);
  });
});

describe('loadCatalog', () => {
  afterEach(() => {
    setCatalogSource(null);
    vi.unstubAllGlobals();
  });

  it('loads once, lazily, and shares the result', async () => {
    const source = vi.fn(async () => JSON.parse(json) as unknown);
    setCatalogSource(source);
    expect(source).not.toHaveBeenCalled();
    expect(peekCatalog()).toBeUndefined();
    const [a, b] = await Promise.all([loadCatalog(), loadCatalog()]);
    expect(a).toBe(b);
    expect(await loadCatalog()).toBe(a);
    expect(source).toHaveBeenCalledTimes(1);
    expect(peekCatalog()).toBe(a);
    expect(a.asset('osmosis-1', ATOM_ON_OSMOSIS)?.symbol).toBe('ATOM');
  });

  it('rejects a malformed catalog with a CatalogError, and tries again on the next call', async () => {
    const source = vi.fn(async (): Promise<unknown> => ({ format: 1 }));
    setCatalogSource(source);
    await expect(loadCatalog()).rejects.toThrow(CatalogError);
    await expect(loadCatalog()).rejects.toThrow(/malformed chain catalog: registry/);
    expect(source).toHaveBeenCalledTimes(2);
    expect(peekCatalog()).toBeUndefined();
  });

  it('fetches /catalog.json from the extension package by default', async () => {
    const fetchMock = vi.fn(async () => new Response(json, { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const loaded = await loadCatalog();
    expect(loaded.chain('osmosis-1')?.name).toBe('Osmosis');
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toMatch(/^chrome-extension:\/\/[^/]+\/catalog\.json$/);
  });

  it('reports a missing file clearly', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('not found', { status: 404 })));
    await expect(loadCatalog()).rejects.toThrow('could not read /catalog.json: HTTP 404');
  });
});
