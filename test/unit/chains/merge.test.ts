/** What the pickers offer once the API has answered: its chains and assets, named by the bundled catalog. */
import { beforeAll, describe, expect, it } from 'vitest';
import { generateCatalog } from '../../../scripts/generate-catalog';
import { createCatalog, mergeApiDirectory, type ApiDirectory, type ApiDirectoryAsset, type ApiDirectoryChain, type Catalog } from '../../../src/chains/catalog';
import { fromCatalogAsset } from '../../../src/ui/model/assets';

let bundled: Catalog;
beforeAll(() => {
  bundled = createCatalog(JSON.parse(generateCatalog().json));
});

const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';

function chain(id: string, extra: Partial<ApiDirectoryChain> = {}): ApiDirectoryChain {
  return { id, name: null, registryName: null, type: 'cosmos', bech32Prefix: 'x', logo: null, feeDenoms: [], ...extra };
}
function asset(chainId: string, denom: string, extra: Partial<ApiDirectoryAsset> = {}): ApiDirectoryAsset {
  return {
    chainId,
    denom,
    symbol: null,
    name: null,
    decimals: null,
    logo: null,
    originChainId: null,
    originDenom: null,
    trace: '',
    coingeckoId: null,
    recommendedSymbol: null,
    isCw20: false,
    isEvm: false,
    isSvm: false,
    ...extra,
  };
}

/** The API's view: the Hub, Osmosis, Ethereum and one chain the registry does not have; Noble left out. */
function directory(): ApiDirectory {
  return {
    chains: [
      chain('cosmoshub-4', { name: 'API name for the Hub', logo: 'https://api.example/hub.png' }),
      chain('osmosis-1', { name: 'Osmosis' }),
      chain('1', { type: 'evm', name: 'Ethereum', bech32Prefix: null }),
      chain('newchain-7', { name: 'New Chain', registryName: 'newchain', logo: 'https://api.example/new.png', feeDenoms: ['unew'] }),
      chain('future-1', { type: 'movevm', name: 'Future' }),
    ],
    assets: [
      asset('cosmoshub-4', 'uatom', { symbol: 'API-ATOM', decimals: 9 }),
      asset('osmosis-1', ATOM_ON_OSMOSIS.toLowerCase(), { symbol: 'ATOM' }),
      asset('osmosis-1', ATOM_ON_OSMOSIS), // the same asset twice (another case): offered once
      asset('newchain-7', 'unew', { symbol: 'NEW', name: 'New token', decimals: 6, logo: 'https://api.example/unew.png' }),
      asset('newchain-7', 'factory/new1creator/nodecimals'),
      asset('1', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', { symbol: 'USDC', decimals: 6, isEvm: true }),
      asset('noble-1', 'uusdc', { symbol: 'USDC', decimals: 6 }), // its chain is not listed
      asset('future-1', 'ufut', { symbol: 'FUT', decimals: 6 }),
    ],
  };
}

describe('merging the API lists with the bundled catalog', () => {
  it('a chain both know: the catalog’s name, logo and explorer', () => {
    const merged = mergeApiDirectory(bundled, directory());
    const hub = merged.chain('cosmoshub-4')!;
    expect(hub).toEqual(bundled.chain('cosmoshub-4'));
    expect(hub.name).toBe('Cosmos Hub');
    expect(hub.explorerTx).toContain('${txHash}');
    expect(merged.asset('cosmoshub-4', 'uatom')).toMatchObject({ symbol: 'ATOM', decimals: 6 });
  });

  it('gas prices come from the API only, for a chain both know and one only the API has', () => {
    const d = directory();
    const prices: Record<string, Record<string, string>> = { 'cosmoshub-4': { uatom: '0.025' }, 'newchain-7': { unew: '0.5' } };
    const chains = d.chains.map((c) => (prices[c.id] ? { ...c, gasPrices: prices[c.id] } : c));
    const merged = mergeApiDirectory(bundled, { ...d, chains });
    expect(bundled.chain('cosmoshub-4')!.gasPrices).toBeUndefined();
    expect(merged.chain('cosmoshub-4')!.gasPrices).toEqual({ uatom: '0.025' });
    expect(merged.chain('newchain-7')!.gasPrices).toEqual({ unew: '0.5' });
    expect(merged.chain('osmosis-1')!.gasPrices).toBeUndefined();
  });

  it('a chain and assets only the API has: offered with the API’s own metadata', () => {
    const merged = mergeApiDirectory(bundled, directory());
    expect(bundled.chain('newchain-7')).toBeUndefined();
    expect(merged.chain('newchain-7')).toMatchObject({ name: 'New Chain', registryName: 'newchain', logo: 'https://api.example/new.png', explorerTx: null, feeDenoms: ['unew'] });
    expect(merged.searchChains('new').map((c) => c.id)).toContain('newchain-7');
    const [found] = merged.searchAssets('NEW', { limit: 1 });
    expect(found).toMatchObject({ chainId: 'newchain-7', symbol: 'NEW', name: 'New token', decimals: 6, logo: 'https://api.example/unew.png' });
    expect(fromCatalogAsset(found!)).toMatchObject({ known: true, decimals: 6 });
    // without symbol or decimals: the short denom, and amounts in base units
    const bare = merged.asset('newchain-7', 'factory/new1creator/nodecimals')!;
    expect(bare).toMatchObject({ symbol: 'nodecimals', decimals: null });
    expect(fromCatalogAsset(bare)).toMatchObject({ known: false, decimals: null });
  });

  it('a chain and assets only the catalog has: not offered, still named in lookups', () => {
    const merged = mergeApiDirectory(bundled, directory());
    expect(merged.offers('noble-1')).toBe(false);
    expect(merged.searchChains('noble').map((c) => c.id)).not.toContain('noble-1');
    expect(merged.searchAssets('usdc').map((a) => a.chainId)).not.toContain('noble-1');
    expect(merged.searchAssets('', { chainId: 'noble-1' })).toEqual([]);
    expect(merged.chainName('noble-1')).toBe('Noble');
    expect(merged.asset('noble-1', 'uusdc')?.symbol).toBe('USDC');
    // catalog assets on an offered chain that the API does not list are not offered either
    expect(merged.searchAssets('', { chainId: 'cosmoshub-4' }).map((a) => a.denom)).toEqual(['uatom']);
    expect(merged.searchAssets('', { chainId: 'osmosis-1' }).map((a) => a.denom)).toEqual([ATOM_ON_OSMOSIS]);
  });

  it('a chain of a type Courier cannot address is left out, with its assets', () => {
    const merged = mergeApiDirectory(bundled, directory());
    expect(merged.chain('future-1')).toBeUndefined();
    expect(merged.searchAssets('FUT')).toEqual([]);
  });

  it('the form’s EVM, SVM and CW20 options filter both the merged and the bundled lists', () => {
    const merged = mergeApiDirectory(bundled, directory());
    const none = { evm: false, svm: false, cw20: false };
    expect(merged.searchAssets('usdc').map((a) => a.chainId)).toContain('1');
    expect(merged.searchAssets('usdc', { kinds: none }).map((a) => a.chainId)).not.toContain('1');
    expect(merged.searchChains('ethereum', none)).toEqual([]);
    expect(merged.searchChains('ethereum', { ...none, evm: true }).map((c) => c.id)).toEqual(['1']);

    expect(bundled.searchAssets('', { kinds: none }).some((a) => a.isEvm || a.isSvm || a.isCw20)).toBe(false);
    const cw20 = bundled.assets.find((a) => a.isCw20);
    expect(cw20).toBeDefined();
    const cw20Query = `${cw20!.denom}`;
    expect(bundled.searchAssets(cw20Query, { kinds: none })).not.toContainEqual(cw20);
    expect(bundled.searchAssets(cw20Query, { kinds: { ...none, cw20: true } })).toContainEqual(cw20);
    expect(bundled.searchChains('solana', none)).toEqual([]);
    expect(bundled.searchChains('solana', { ...none, svm: true }).map((c) => c.id)).toEqual(['solana']);
  });
});
