/**
 * The link-host rule: an explorer link from the API is used only on the chain's own explorer
 * (the registry's template host, or the known explorer of an EVM chain or Solana); otherwise
 * Courier builds the link from the registry's template, or there is none. Each case below is a
 * way to make a foreign site look like the explorer.
 */
import { describe, expect, it } from 'vitest';
import {
  explorerHostsFor,
  linkOnHosts,
  trustedBridgeTrackerLink,
  trustedExplorerLink,
} from '../../../src/chains/explorer';
import { factsCatalog } from '../background/facts-fixture';

const catalog = factsCatalog();
const EVM = `0x${'ab'.repeat(32)}`;
const COSMOS = 'A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90';
const SOL = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
const ETHERSCAN_PAGE = `https://etherscan.io/tx/${EVM}`;

/** Every way below to dress evil.example up as etherscan.io, for Ethereum. */
const LOOK_ALIKES = [
  `https://etherscan.io.evil.example/tx/${EVM}`,
  `https://www.etherscan.io.evil.example/tx/${EVM}`,
  `https://evil.example/etherscan.io/tx/${EVM}`,
  `https://evil.example/?next=https://etherscan.io/tx/${EVM}`,
  `https://evil.example#https://etherscan.io/tx/${EVM}`,
  `https://evil-etherscan.io/tx/${EVM}`,
  `https://etherscan.io-evil.example/tx/${EVM}`,
  `https://etherscan.iο/tx/${EVM}`, // Greek omicron: punycode, another host
  `https://еtherscan.io/tx/${EVM}`, // Cyrillic e
  `https://etherscan.io%2eevil.example/tx/${EVM}`,
  `https://etherscan.io./tx/${EVM}`,
  `https://sub.etherscan.io/tx/${EVM}`,
  `https://www.www.etherscan.io/tx/${EVM}`,
  // userinfo: the host is what follows the @, and credentials are refused even on the right host
  `https://etherscan.io@evil.example/tx/${EVM}`,
  `https://etherscan.io:443@evil.example/tx/${EVM}`,
  `https://evil.example@etherscan.io/tx/${EVM}`,
  `https://user:pw@etherscan.io/tx/${EVM}`,
  // not https, or not the default port
  `http://etherscan.io/tx/${EVM}`,
  `https://etherscan.io:8443/tx/${EVM}`,
  `ftp://etherscan.io/tx/${EVM}`,
  `javascript:location='https://etherscan.io/'`,
  `data:text/html,<a href="https://etherscan.io">`,
  `//etherscan.io/tx/${EVM}`,
  `/tx/${EVM}`,
  // another chain's explorer is not Ethereum's
  `https://arbiscan.io/tx/${EVM}`,
  `https://www.mintscan.io/cosmos/transactions/${COSMOS}`,
  '',
  `https://etherscan.io/${'x'.repeat(2100)}`,
];

describe('the chain’s own explorer hosts', () => {
  it('are the registry template’s host and, for EVM chains and Solana, the known explorers', () => {
    expect([...explorerHostsFor(catalog, '1')].sort()).toEqual(['etherscan.io']);
    expect([...explorerHostsFor(catalog, '43114')].sort()).toEqual(['snowtrace.io', 'subnets.avax.network']);
    expect([...explorerHostsFor(catalog, 'solana')].sort()).toEqual(['explorer.solana.com', 'solscan.io']);
    expect([...explorerHostsFor(catalog, 'cosmoshub-4')]).toEqual(['mintscan.io']);
    // known without the catalog too, for the chains that have a known explorer
    expect([...explorerHostsFor(null, '8453')]).toEqual(['basescan.org']);
    expect([...explorerHostsFor(null, '10')]).toEqual(['optimistic.etherscan.io']);
    expect([...explorerHostsFor(null, '56')]).toEqual(['bscscan.com']);
    expect([...explorerHostsFor(null, '137')]).toEqual(['polygonscan.com']);
    expect([...explorerHostsFor(null, '42161')]).toEqual(['arbiscan.io']);
  });

  it('are none for a chain without an explorer, an unknown chain, or an id that names an object property', () => {
    expect(explorerHostsFor(catalog, 'quiet-1').size).toBe(0);
    expect(explorerHostsFor(catalog, 'evil-1').size).toBe(0);
    for (const id of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) expect(explorerHostsFor(catalog, id).size, id).toBe(0);
  });
});

describe('an API link is used only on the chain’s own explorer', () => {
  it('keeps links on the explorer as they are (normalised: scheme and host in lower case)', () => {
    expect(trustedExplorerLink(catalog, '1', EVM, ETHERSCAN_PAGE)).toBe(ETHERSCAN_PAGE);
    expect(trustedExplorerLink(catalog, '1', EVM, `https://www.etherscan.io/tx/${EVM}`)).toBe(`https://www.etherscan.io/tx/${EVM}`);
    expect(trustedExplorerLink(catalog, '1', EVM, `HTTPS://EtherScan.IO/tx/${EVM}`)).toBe(ETHERSCAN_PAGE);
    expect(trustedExplorerLink(catalog, '43114', EVM, `https://subnets.avax.network/c-chain/tx/${EVM}`)).toBe(`https://subnets.avax.network/c-chain/tx/${EVM}`);
    expect(trustedExplorerLink(catalog, 'solana', SOL, `https://solscan.io/tx/${SOL}`)).toBe(`https://solscan.io/tx/${SOL}`);
    // the registry's template says www.mintscan.io; the API's mintscan.io is the same site
    expect(trustedExplorerLink(catalog, 'cosmoshub-4', COSMOS, `https://mintscan.io/cosmos/tx/${COSMOS}`)).toBe(`https://mintscan.io/cosmos/tx/${COSMOS}`);
  });

  it('replaces every look-alike with the registry’s page for the hash', () => {
    for (const bad of LOOK_ALIKES) {
      expect(linkOnHosts(bad, explorerHostsFor(catalog, '1')), bad).toBeNull();
      expect(trustedExplorerLink(catalog, '1', EVM, bad), bad).toBe(ETHERSCAN_PAGE);
    }
  });

  it('a backslash is a slash to the URL parser and to the browser alike: the link stays on etherscan', () => {
    expect(trustedExplorerLink(catalog, '1', EVM, 'https://etherscan.io\\@evil.example/')).toBe('https://etherscan.io/@evil.example/');
  });

  it('falls back to the template, or to no link at all', () => {
    const hostile = `https://www.mintscan.io.evil.example/cosmos/tx/${COSMOS}`;
    expect(trustedExplorerLink(catalog, 'cosmoshub-4', COSMOS, hostile)).toBe(`https://www.mintscan.io/cosmos/transactions/${COSMOS}`);
    expect(trustedExplorerLink(catalog, 'cosmoshub-4', COSMOS, null)).toBe(`https://www.mintscan.io/cosmos/transactions/${COSMOS}`);
    // no template for the chain, an unknown chain, no chain, no hash, no catalog
    expect(trustedExplorerLink(catalog, 'quiet-1', COSMOS, hostile)).toBeNull();
    expect(trustedExplorerLink(catalog, 'evil-1', COSMOS, 'https://evil.example/tx')).toBeNull();
    expect(trustedExplorerLink(catalog, null, COSMOS, hostile)).toBeNull();
    expect(trustedExplorerLink(catalog, 'cosmoshub-4', null, hostile)).toBeNull();
    expect(trustedExplorerLink(null, 'cosmoshub-4', COSMOS, hostile)).toBeNull();
    expect(trustedExplorerLink(null, '1', EVM, ETHERSCAN_PAGE)).toBe(ETHERSCAN_PAGE);
    // the template's hash is the API's too: it cannot climb out of the tx page
    expect(trustedExplorerLink(catalog, '1', '../../evil', hostile)).toBe('https://etherscan.io/tx/..%2F..%2Fevil');
  });
});

describe('a bridge tracker link only on the bridge’s own tracker', () => {
  it('keeps axelarscan for Axelar hops and refuses look-alikes and other kinds', () => {
    expect(trustedBridgeTrackerLink('axelar_transfer', 'https://axelarscan.io/gmp/0xabc')).toBe('https://axelarscan.io/gmp/0xabc');
    for (const bad of ['https://axelarscan.io.evil.example/gmp/0xabc', 'http://axelarscan.io/gmp/0xabc', 'https://axelarscan.io@evil.example/', 'javascript:alert(2)']) {
      expect(trustedBridgeTrackerLink('axelar_transfer', bad), bad).toBeNull();
    }
    expect(trustedBridgeTrackerLink('ibc_transfer', 'https://axelarscan.io/gmp/0xabc')).toBeNull();
    expect(trustedBridgeTrackerLink('constructor', 'https://axelarscan.io/gmp/0xabc')).toBeNull();
  });
});
