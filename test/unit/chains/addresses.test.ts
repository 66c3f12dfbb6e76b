import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromBech32, toBech32 } from '@cosmjs/encoding';
import {
  addressBytes,
  checkAddress,
  checkCosmosAddress,
  checkEvmAddress,
  checkSolanaAddress,
  decodeBase58,
  describeAddressProblem,
  encodeBase58,
  isValidAddress,
  leftPad32,
  toChecksumAddress,
  type AddressChain,
} from '../../../src/chains/addresses';

const COSMOS = 'cosmos1x8ad0zyw52mvndh7hlnafrg0gt284ga7cl43fw';
const OSMO = 'osmo1x8ad0zyw52mvndh7hlnafrg0gt284ga7syxplu';
/** A 32-byte contract address (the fixture's entry point on Osmosis). */
const OSMO_CONTRACT = 'osmo1qpvu80yfd0jnnh3ytn8964382typrqq0ejmqaasa3j233su8apasfqtler';
const osmosis: AddressChain = { chainId: 'osmosis-1', chainType: 'cosmos', bech32Prefix: 'osmo' };
const ethereum: AddressChain = { chainId: '1', chainType: 'evm' };
const solana: AddressChain = { chainId: 'solana', chainType: 'svm' };

/** Flips one data character to another of the bech32 alphabet: the checksum no longer matches. */
function corrupt(address: string): string {
  const i = address.length - 8;
  const c = address[i] === 'q' ? 'p' : 'q';
  return address.slice(0, i) + c + address.slice(i + 1);
}

describe('Cosmos (bech32) addresses', () => {
  it('accepts 20-byte accounts and 32-byte contracts with the chain prefix', () => {
    expect(checkCosmosAddress(OSMO, 'osmo')).toEqual({ ok: true });
    expect(checkCosmosAddress(OSMO_CONTRACT, 'osmo')).toEqual({ ok: true });
    expect(checkAddress(COSMOS, { chainId: 'cosmoshub-4', chainType: 'cosmos', bech32Prefix: 'cosmos' })).toEqual({ ok: true });
  });

  it('names the expected prefix when another chain’s address is given', () => {
    expect(checkAddress(COSMOS, osmosis)).toEqual({ ok: false, reason: 'does not have the prefix "osmo"' });
    // a prefix that merely starts the same is still wrong
    expect(checkCosmosAddress(toBech32('osmosis', fromBech32(OSMO, 128).data), 'osmo').ok).toBe(false);
  });

  it('refuses a bad checksum, bad characters, mixed or upper case, and odd lengths', () => {
    expect(checkAddress(corrupt(OSMO), osmosis)).toEqual({ ok: false, reason: 'is not valid bech32 (bad characters or checksum)' });
    expect(checkAddress('osmo1' + 'b'.repeat(38), osmosis).ok).toBe(false); // 'b' is not in the bech32 alphabet
    expect(checkAddress(OSMO.toUpperCase(), osmosis)).toEqual({ ok: false, reason: 'must be lowercase' });
    expect(checkAddress(toBech32('osmo', new Uint8Array(10), 128), osmosis)).toEqual({ ok: false, reason: 'holds 10 bytes, expected 20 or 32' });
    expect(checkAddress('', osmosis)).toEqual({ ok: false, reason: 'is empty' });
  });

  it('any 20- or 32-byte payload round-trips through bech32 (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(20, 32), fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.constantFrom('osmo', 'cosmos', 'noble', 'neutron'), (len, bytes, prefix) => {
        const address = toBech32(prefix, bytes.slice(0, len), 128);
        expect(checkCosmosAddress(address, prefix)).toEqual({ ok: true });
        expect(addressBytes(address, { chainId: 'x', chainType: 'cosmos', bech32Prefix: prefix })).toEqual(bytes.slice(0, len));
      }),
    );
  });
});

describe('EVM addresses', () => {
  // the test vectors of EIP-55
  const EIP55 = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];

  it('computes EIP-55 checksums', () => {
    for (const a of EIP55) {
      expect(toChecksumAddress(a.toLowerCase())).toBe(a);
      expect(checkEvmAddress(a)).toEqual({ ok: true });
    }
    expect(toChecksumAddress('0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')).toBe('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48');
  });

  it('accepts single-case addresses (no checksum claimed)', () => {
    expect(checkAddress(EIP55[0]!.toLowerCase(), ethereum).ok).toBe(true);
    expect(checkAddress('0x' + EIP55[0]!.slice(2).toUpperCase(), ethereum).ok).toBe(true);
  });

  it('refuses a wrong mixed-case checksum and malformed hex', () => {
    const wrong = EIP55[0]!.replace('aAeb', 'aaEb');
    expect(checkAddress(wrong, ethereum)).toEqual({ ok: false, reason: 'has an invalid EIP-55 checksum' });
    expect(checkAddress('0x1234', ethereum).ok).toBe(false);
    expect(checkAddress(EIP55[0]!.slice(2), ethereum).ok).toBe(false);
    expect(checkAddress('0x' + 'g'.repeat(40), ethereum).ok).toBe(false);
    expect(checkAddress(COSMOS, ethereum)).toEqual({ ok: false, reason: 'is not a 0x-prefixed 20-byte hex address' });
  });

  it('flipping the case of one letter of a checksummed address is caught (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.nat(), (bytes, pick) => {
        const good = toChecksumAddress([...bytes].map((b) => b.toString(16).padStart(2, '0')).join(''));
        const letters = [...good.slice(2)].map((c, i) => (/[a-f]/i.test(c) ? i + 2 : -1)).filter((i) => i >= 0);
        fc.pre(letters.length >= 2);
        const i = letters[pick % letters.length]!;
        const c = good[i]!;
        const flipped = good.slice(0, i) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) + good.slice(i + 1);
        fc.pre(flipped.slice(2) !== flipped.slice(2).toLowerCase() && flipped.slice(2) !== flipped.slice(2).toUpperCase());
        expect(checkEvmAddress(flipped).ok).toBe(false);
      }),
    );
  });
});

describe('Solana addresses', () => {
  it('accepts base58 that decodes to 32 bytes', () => {
    expect(checkAddress('9ujG2o3aoRmcamPtKxjNsesiUhautebv1AyvnMF4ncMA', solana)).toEqual({ ok: true });
    expect(checkSolanaAddress('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toEqual({ ok: true });
    // the system program: 32 zero bytes
    expect(decodeBase58('11111111111111111111111111111111')).toEqual(new Uint8Array(32));
  });

  it('refuses characters outside the alphabet and other lengths', () => {
    expect(checkSolanaAddress('0ujG2o3aoRmcamPtKxjNsesiUhautebv1AyvnMF4ncMA')).toEqual({ ok: false, reason: 'is not base58' });
    expect(checkSolanaAddress('9ujG2o3aoRmcamPt')).toEqual({ ok: false, reason: expect.stringMatching(/^decodes to \d+ bytes, expected 32$/) });
    expect(checkAddress('0x00b40F326Ab76189170cA2FfeCfa4B34b43949dA', solana).ok).toBe(false);
  });

  it('base58 round-trips, leading zero bytes included (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        expect(decodeBase58(encodeBase58(bytes))).toEqual(bytes);
      }),
    );
  });
});

describe('helpers', () => {
  it('describes a problem the way the service reports it', () => {
    const check = checkAddress(COSMOS, osmosis);
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(describeAddressProblem(COSMOS, osmosis, check.reason)).toBe(
        `invalid address for chain osmosis-1: "${COSMOS}" does not have the prefix "osmo"`,
      );
    }
    expect(isValidAddress(OSMO, osmosis)).toBe(true);
  });

  it('gives the raw bytes of each family and pads them to a word', () => {
    expect(addressBytes('0x00b40F326Ab76189170cA2FfeCfa4B34b43949dA', ethereum)).toHaveLength(20);
    expect(addressBytes('9ujG2o3aoRmcamPtKxjNsesiUhautebv1AyvnMF4ncMA', solana)).toHaveLength(32);
    const padded = leftPad32(addressBytes(OSMO, osmosis));
    expect(padded.slice(0, 12)).toEqual(new Uint8Array(12));
    expect(padded.slice(12)).toEqual(fromBech32(OSMO, 128).data);
    expect(() => addressBytes(COSMOS, osmosis)).toThrow(/does not have the prefix "osmo"/);
  });

  it('imports no Node built-ins (the extension UI uses this module)', async () => {
    const { readFileSync } = await import('node:fs');
    const source = readFileSync(new URL('../../../src/chains/addresses.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/from ['"](node:|fs|path|crypto|buffer)['"/]/);
    expect(source).not.toMatch(/\bBuffer\b/);
  });
});
