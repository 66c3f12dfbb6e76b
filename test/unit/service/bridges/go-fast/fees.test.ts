import { describe, expect, it } from 'vitest';
import { amountInForOut, bpsFeeOf, quoteGoFastFee } from '../../../../../src/service/bridges/go-fast/fees';

const parts = { bps: 10n, sourceChainFee: 20_000n, destinationChainFee: 10_000n };

describe('Go Fast fee', () => {
  it('takes 10 bps (rounded up) plus both chains’ fees out of the order', () => {
    expect(quoteGoFastFee(25_000_000n, parts)).toEqual({
      bpsFeeAmount: 25_000n,
      sourceChainFeeAmount: 20_000n,
      destinationChainFeeAmount: 10_000n,
      total: 55_000n,
      amountOut: 24_945_000n,
    });
    expect(bpsFeeOf(1_001n, 10n)).toBe(2n); // 1.001 rounds up
    expect(bpsFeeOf(1_000n, 10n)).toBe(1n);
  });

  it('refuses an order the fees eat', () => {
    expect(quoteGoFastFee(30_030n, parts)).toBeNull();
    expect(quoteGoFastFee(0n, parts)).toBeNull();
    expect(quoteGoFastFee(30_032n, parts)?.amountOut).toBe(1n);
  });

  it('inverts exactly: the least amountIn that delivers amountOut', () => {
    for (const out of [1n, 7n, 999n, 1_000_000n, 24_945_000n, 123_456_789_012n]) {
      const x = amountInForOut(out, parts);
      expect(quoteGoFastFee(x, parts)!.amountOut).toBeGreaterThanOrEqual(out);
      expect(quoteGoFastFee(x - 1n, parts)?.amountOut ?? 0n).toBeLessThan(out);
    }
    expect(amountInForOut(24_945_000n, parts)).toBe(25_000_000n);
    expect(() => amountInForOut(0n, parts)).toThrow(RangeError);
  });
});
