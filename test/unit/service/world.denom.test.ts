import { describe, expect, it } from 'vitest';
import {
  ibcDenom,
  ibcDenomOfFullPath,
  isIbcDenom,
  numberToDecimalString,
  parseDecimal,
  parseFullPath,
  parseTrace,
} from '../../../src/service/world';

const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';

describe('ibc denoms', () => {
  it('hashes ATOM received on Osmosis over channel-0', () => {
    expect(ibcDenom('transfer/channel-0', 'uatom')).toBe(ATOM_ON_OSMOSIS);
    expect(ibcDenomOfFullPath('transfer/channel-0/uatom')).toBe(ATOM_ON_OSMOSIS);
    expect(isIbcDenom(ATOM_ON_OSMOSIS)).toBe(true);
  });

  it('returns the base denom for an empty trace', () => {
    expect(ibcDenom('', 'uatom')).toBe('uatom');
  });

  it('hashes the multi-hop path cosmoshub -> osmosis -> neutron', () => {
    const d = ibcDenom('transfer/channel-10/transfer/channel-0', 'uatom');
    expect(d).toMatch(/^ibc\/[0-9A-F]{64}$/);
    expect(d).toBe(ibcDenomOfFullPath('transfer/channel-10/transfer/channel-0/uatom'));
    expect(d).not.toBe(ATOM_ON_OSMOSIS);
  });

  it('splits full paths without breaking base denoms that contain slashes', () => {
    expect(parseFullPath('transfer/channel-10/transfer/channel-0/uatom')).toEqual({
      hops: [
        { port: 'transfer', channel: 'channel-10' },
        { port: 'transfer', channel: 'channel-0' },
      ],
      trace: 'transfer/channel-10/transfer/channel-0',
      baseDenom: 'uatom',
    });
    const f = parseFullPath('transfer/channel-750/factory/osmo1abc/alloyed/allBTC');
    expect(f.trace).toBe('transfer/channel-750');
    expect(f.baseDenom).toBe('factory/osmo1abc/alloyed/allBTC');
    expect(parseFullPath('gamm/pool/1')).toEqual({ hops: [], trace: '', baseDenom: 'gamm/pool/1' });
    // IBC v2 paths name a client
    expect(parseFullPath('transfer/08-wasm-1369/0xabc').trace).toBe('transfer/08-wasm-1369');
  });

  it('rejects malformed traces', () => {
    expect(parseTrace('')).toEqual([]);
    expect(() => parseTrace('transfer')).toThrow();
    expect(() => parseTrace('transfer/uatom')).toThrow();
  });
});

describe('decimal helpers', () => {
  it('renders registry gas prices without exponent notation', () => {
    expect(numberToDecimalString(0.0025)).toBe('0.0025');
    expect(numberToDecimalString(1e-7)).toBe('0.0000001');
    expect(numberToDecimalString(2.5e-8)).toBe('0.000000025');
    expect(numberToDecimalString(20000000000)).toBe('20000000000');
    expect(numberToDecimalString(1e21)).toBe('1000000000000000000000');
  });

  it('parses decimal strings exactly', () => {
    expect(parseDecimal('0.9985')).toEqual({ num: 9985n, den: 10000n });
    expect(parseDecimal('107300')).toEqual({ num: 107300n, den: 1n });
    expect(() => parseDecimal('1e3')).toThrow();
    expect(() => parseDecimal('-1')).toThrow();
  });
});
