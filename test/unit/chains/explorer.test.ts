import { describe, expect, it } from 'vitest';
import { createCatalog } from '../../../src/chains/catalog/catalog';
import { explorerLinkFor, explorerTxUrl } from '../../../src/chains/explorer';
import { isExplorerTxTemplate } from '../../../src/chains/explorer-template';

const HASH = 'A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90';

describe('explorerTxUrl', () => {
  it('fills the registry form ${txHash}', () => {
    expect(explorerTxUrl('https://www.mintscan.io/osmosis/transactions/${txHash}', HASH)).toBe(
      `https://www.mintscan.io/osmosis/transactions/${HASH}`,
    );
  });

  it('fills the {txHash} form, in a query string too, and every occurrence', () => {
    expect(explorerTxUrl('https://staking-explorer.com/transaction.php?chain=provenance&tx={txHash}', 'ab')).toBe(
      'https://staking-explorer.com/transaction.php?chain=provenance&tx=ab',
    );
    expect(explorerTxUrl('https://x.example/tx/${txHash}#{txHash}', 'ab')).toBe('https://x.example/tx/ab#ab');
  });

  it('keeps EVM and Solana hashes as they are', () => {
    const evm = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';
    const sol = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
    expect(explorerTxUrl('https://etherscan.io/tx/${txHash}', evm)).toBe(`https://etherscan.io/tx/${evm}`);
    expect(explorerTxUrl('https://explorer.solana.com/tx/${txHash}', sol)).toBe(`https://explorer.solana.com/tx/${sol}`);
  });

  it('percent-encodes the hash, so it cannot add path, query or fragment parts', () => {
    expect(explorerTxUrl('https://x.example/tx/${txHash}', '../../admin?x=1#y')).toBe(
      'https://x.example/tx/..%2F..%2Fadmin%3Fx%3D1%23y',
    );
    expect(explorerTxUrl('https://x.example/tx/${txHash}', '$&$1')).toBe('https://x.example/tx/%24%26%241');
  });

  it('refuses hashes that are empty, contain whitespace or control characters, or are huge', () => {
    const t = 'https://x.example/tx/${txHash}';
    expect(explorerTxUrl(t, '')).toBeNull();
    expect(explorerTxUrl(t, 'AB CD')).toBeNull();
    expect(explorerTxUrl(t, 'AB\nCD')).toBeNull();
    expect(explorerTxUrl(t, 'A'.repeat(257))).toBeNull();
    expect(explorerTxUrl(t, '..')).toBeNull();
  });

  it('accepts only http(s) templates with a host and no credentials', () => {
    for (const bad of [
      'javascript:alert(1)//${txHash}',
      'data:text/html,${txHash}',
      'chrome-extension://abc/${txHash}',
      'ftp://x.example/${txHash}',
      '//x.example/tx/${txHash}',
      '/tx/${txHash}',
      'https://user:pw@x.example/tx/${txHash}',
      ' https://x.example/tx/${txHash}',
    ]) {
      expect(isExplorerTxTemplate(bad), bad).toBe(false);
      expect(explorerTxUrl(bad, 'AB'), bad).toBeNull();
    }
    expect(explorerTxUrl('http://localhost:8080/tx/${txHash}', 'AB')).toBe('http://localhost:8080/tx/AB');
  });

  it('refuses templates without the hash, with other placeholders, or where the hash picks the host', () => {
    expect(explorerTxUrl('https://x.example/tx/', 'AB')).toBeNull();
    expect(explorerTxUrl('https://hubble.figment.io/p/${block}/transactions/${txHash}', 'AB')).toBeNull();
    expect(explorerTxUrl('https://${txHash}.example/tx', 'AB')).toBeNull();
    expect(explorerTxUrl('https://x.example${txHash}', 'AB')).toBeNull();
    expect(explorerTxUrl(null, 'AB')).toBeNull();
    expect(explorerTxUrl(undefined, 'AB')).toBeNull();
  });
});

describe('explorerLinkFor', () => {
  const catalog = createCatalog({
    format: 1,
    registry: '2.0.251',
    digest: '0123456789abcdef',
    logoBase: 'https://logos.example/',
    chains: [
      ['cosmoshub-4', 'Cosmos Hub', 'cosmoshub', 'cosmos', 'cosmos', '', 'https://www.mintscan.io/cosmos/transactions/${txHash}', ['uatom']],
      ['quiet-1', 'Quiet', 'quiet', 'cosmos', 'quiet', '', '', ['uq']],
    ],
    assets: [],
  });

  it('links a transaction through its chain’s template', () => {
    expect(explorerLinkFor(catalog, 'cosmoshub-4', HASH)).toBe(`https://www.mintscan.io/cosmos/transactions/${HASH}`);
  });

  it('gives null for a chain without an explorer or an unknown chain', () => {
    expect(explorerLinkFor(catalog, 'quiet-1', HASH)).toBeNull();
    expect(explorerLinkFor(catalog, 'nowhere-1', HASH)).toBeNull();
  });
});
