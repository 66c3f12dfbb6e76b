import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../../src/chains/catalog/catalog';
import { checkChainAddress, addressHint } from '../../../src/ui/model/address-check';
import { defaultBalanceRows } from '../../../src/ui/model/balances-model';
import { checkSignedTx, checkTxHash, submitFormOnArrival } from '../../../src/ui/model/submit-check';
import type { AssetRef } from '../../../src/ui/state/schemas';

const chains: Record<string, { id: string; name: string; type: 'cosmos' | 'evm' | 'svm'; bech32Prefix: string | null }> = {
  'cosmoshub-4': { id: 'cosmoshub-4', name: 'Cosmos Hub', type: 'cosmos', bech32Prefix: 'cosmos' },
  'osmosis-1': { id: 'osmosis-1', name: 'Osmosis', type: 'cosmos', bech32Prefix: 'osmo' },
  '1': { id: '1', name: 'Ethereum', type: 'evm', bech32Prefix: null },
  solana: { id: 'solana', name: 'Solana', type: 'svm', bech32Prefix: null },
};
const catalog = { chain: (id: string) => chains[id] } as unknown as Catalog;
const HUB_ADDRESS = 'cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4';
const OSMO_ADDRESS = 'osmo19rl4cm2hmr8afy4kldpxz3fka4jguq0a5m7df8';

describe('addresses per chain', () => {
  it('bech32 with the chain’s own prefix', () => {
    expect(checkChainAddress(catalog, 'cosmoshub-4', HUB_ADDRESS)).toEqual({ state: 'valid' });
    expect(checkChainAddress(catalog, 'osmosis-1', ` ${OSMO_ADDRESS} `)).toEqual({ state: 'valid' });
    expect(checkChainAddress(catalog, 'osmosis-1', HUB_ADDRESS)).toEqual({ state: 'invalid', message: 'A Osmosis address starts with “osmo1”.' });
    expect(checkChainAddress(catalog, 'cosmoshub-4', HUB_ADDRESS.slice(0, -1) + 'x')).toMatchObject({ state: 'invalid' });
    expect(checkChainAddress(catalog, 'cosmoshub-4', '')).toEqual({ state: 'empty' });
  });

  it('0x for EVM chains, base58 for Solana', () => {
    expect(checkChainAddress(catalog, '1', '0x52908400098527886E0F7030069857D2E4169EE7')).toEqual({ state: 'valid' });
    expect(checkChainAddress(catalog, '1', '0x52908400098527886e0F7030069857D2E4169EE7')).toMatchObject({ state: 'invalid' });
    expect(checkChainAddress(catalog, 'solana', 'So11111111111111111111111111111111111111112')).toEqual({ state: 'valid' });
    expect(checkChainAddress(catalog, 'solana', '0OIl')).toMatchObject({ state: 'invalid' });
  });

  it('a chain nobody knows cannot be checked, and says so', () => {
    expect(checkChainAddress(catalog, 'mystery-1', 'mys1abc')).toMatchObject({ state: 'unchecked' });
    expect(checkChainAddress(null, '42161', '0x52908400098527886E0F7030069857D2E4169EE7')).toEqual({ state: 'valid' });
    expect(addressHint(catalog, 'osmosis-1')).toBe('starts with osmo1');
    expect(addressHint(null, '10')).toBe('0x followed by 40 hex digits');
  });
});

describe('what is pasted into Submit and Track', () => {
  it('signed transactions must be standard base64', () => {
    expect(checkSignedTx('CpMBCpABChwvY29zbW9zLmJhbmsudjFiZXRhMS5Nc2dTZW5k')).toMatchObject({ ok: true });
    expect(checkSignedTx('CpMB\nCpAB ChwvY29z\tbW9z')).toEqual({ ok: true, value: 'CpMBCpABChwvY29zbW9z' });
    expect(checkSignedTx('')).toMatchObject({ ok: false, message: expect.stringContaining('Paste') });
    expect(checkSignedTx('CpMB-_CpAB')).toMatchObject({ ok: false, message: expect.stringContaining('URL-safe') });
    expect(checkSignedTx('CpMB!CpAB')).toMatchObject({ ok: false, message: expect.stringContaining('not base64') });
    expect(checkSignedTx('CpMBCpABCh')).toMatchObject({ ok: false, message: expect.stringContaining('multiple of 4') });
    expect(checkSignedTx('ab'.repeat(40))).toMatchObject({ ok: false, message: expect.stringContaining('hex') });
  });

  it('hashes are normalised for their chain', () => {
    const hex = '58543ce0b47df8f62b1e81d3e453b277916875d1a3553cdd29159eb326e2f573';
    expect(checkTxHash('cosmoshub-4', hex)).toEqual({ ok: true, value: hex.toUpperCase() });
    expect(checkTxHash('1', hex)).toEqual({ ok: true, value: `0x${hex}` });
    expect(checkTxHash('', hex)).toMatchObject({ ok: false, message: 'Choose the chain first.' });
    expect(checkTxHash('cosmoshub-4', 'ABCD')).toMatchObject({ ok: false, message: expect.stringContaining('32-byte hex') });
  });

  it("arriving from a built transaction points both fields at its chain, whatever an earlier visit left", () => {
    // a hash tracked on Ethereum before; now "Submit it once signed" of an Arbitrum transaction
    const earlier = { mode: 'track' as const, tx: '', txChain: 'cosmoshub-4', hash: '', hashChain: '1' };
    expect(submitFormOnArrival(earlier, { chain: '42161' })).toEqual({ ...earlier, mode: 'submit', txChain: '42161', hashChain: '42161' });
    expect(submitFormOnArrival(earlier, { chain: '42161', mode: 'track' })).toMatchObject({ mode: 'track', txChain: '42161', hashChain: '42161' });
    // without a chain only the mode changes; without either, nothing
    expect(submitFormOnArrival(earlier, { mode: 'submit' })).toEqual({ ...earlier, mode: 'submit' });
    expect(submitFormOnArrival(earlier, {})).toBe(earlier);
  });
});

describe('balances defaults', () => {
  const ref = (chainId: string, denom: string): AssetRef => ({ chainId, denom, symbol: denom, name: denom, decimals: 6, logo: null, known: true });
  it('one row per quoted chain with the remembered address and the quoted denoms, in quote order', () => {
    const rows = defaultBalanceRows({ 'osmosis-1': OSMO_ADDRESS }, [ref('osmosis-1', 'uosmo'), ref('cosmoshub-4', 'uatom'), ref('osmosis-1', 'ibc/X'), ref('osmosis-1', 'uosmo')]);
    expect(rows).toEqual([
      { chainId: 'osmosis-1', address: OSMO_ADDRESS, denoms: ['uosmo', 'ibc/X'] },
      { chainId: 'cosmoshub-4', address: '', denoms: ['uatom'] },
    ]);
  });
});
