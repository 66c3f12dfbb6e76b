import { createHash } from 'node:crypto';
import { fromBech32 } from '@cosmjs/encoding';
import { describe, expect, it } from 'vitest';
import { bridgeAddress, bridgeIdBytes, l2Denom } from '../../../../../src/service/bridges/opinit/denom';

describe('OPInit derived names', () => {
  it('derives the L2 denom the issue gives for bridge 14 and uinit', () => {
    expect(l2Denom(14n, 'uinit')).toBe('l2/333f8e6ae6855338f99d451126bfefc1b920763c16681d55fbc7df68ccb36972');
  });

  it("derives Echelon's INIT (bridge 16), the fee denom initia-registry lists for echelon-1", () => {
    expect(l2Denom(16n, 'uinit')).toBe('l2/23c8396041db74441f4268d0c7e0533177dc3e028a47a8e584318f2d0c46fbe9');
  });

  it('hashes the id as 8 big-endian bytes, then the denom (SHA3, not Keccak)', () => {
    expect([...bridgeIdBytes(258n)]).toEqual([0, 0, 0, 0, 0, 0, 1, 2]);
    const pre = Buffer.concat([Buffer.from(bridgeIdBytes(7n)), Buffer.from('uusdc')]);
    expect(l2Denom(7n, 'uusdc')).toBe(`l2/${createHash('sha3-256').update(pre).digest('hex')}`);
    expect(() => bridgeIdBytes(1n << 64n)).toThrow(RangeError);
    expect(() => bridgeIdBytes(-1n)).toThrow(RangeError);
  });

  it("places the bridge account at address.Module('ophost', id): 32 bytes, one per bridge", () => {
    const seed = Buffer.concat([Buffer.from('ophost'), Buffer.from([0]), Buffer.from(bridgeIdBytes(16n))]);
    const typ = createHash('sha256').update('module').digest();
    const expected = createHash('sha256').update(Buffer.concat([typ, seed])).digest();
    const addr = bridgeAddress('init', 16n);
    const decoded = fromBech32(addr, 128);
    expect(decoded.prefix).toBe('init');
    expect(Buffer.from(decoded.data).equals(expected)).toBe(true);
    expect(bridgeAddress('init', 17n)).not.toBe(addr);
  });
});
