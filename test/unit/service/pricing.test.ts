import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../src/service/http/errors';
import {
  affiliateFee,
  baseUnitsForUsd,
  enforcePriceSafety,
  formatUsd,
  grossForNet,
  judgePriceSafety,
  keptFraction,
  lossPercentString,
  parseUsd,
  swapExactIn,
  swapExactOut,
  usdValue,
  USD_SCALE,
} from '../../../src/service/pricing';

const pool = (reserveIn: bigint, reserveOut: bigint, feeBps = 30n) => ({ reserveIn, reserveOut, feeBps });

describe('constant-product math', () => {
  it('matches the formula out = in(1-f)·Rout / (Rin + in(1-f)), rounded down', () => {
    // 1000 in, 0.3 % fee, 1e6 / 2e6 reserves: 997000·2e6 / (1e6·1e4 + 997000) = 1992.0…
    expect(swapExactIn(pool(1_000_000n, 2_000_000n), 1000n)).toBe(1992n);
    expect(swapExactIn(pool(1_000_000n, 2_000_000n), 0n)).toBe(0n);
    expect(swapExactIn(pool(1_000_000n, 2_000_000n, 0n), 1_000_000n)).toBe(1_000_000n); // half the pool: out = Rout/2
  });

  it('exact-out is the smallest input that yields the output', () => {
    const reserve = fc.bigInt({ min: 1000n, max: 10n ** 30n });
    fc.assert(
      fc.property(reserve, reserve, fc.bigInt({ min: 0n, max: 100n }), fc.double({ min: 0.000001, max: 0.99, noNaN: true }), (rin, rout, fee, frac) => {
        const p = pool(rin, rout, fee);
        const out = BigInt(Math.max(1, Math.floor(Number(rout) * frac))) % rout || 1n;
        const need = swapExactOut(p, out);
        expect(need).not.toBeNull();
        expect(swapExactIn(p, need!)).toBeGreaterThanOrEqual(out);
        if (need! > 1n) expect(swapExactIn(p, need! - 1n)).toBeLessThan(out);
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it('cannot pay out the whole reserve', () => {
    expect(swapExactOut(pool(10n, 10n), 10n)).toBeNull();
    expect(swapExactOut(pool(10n, 10n), 11n)).toBeNull();
  });

  it('price impact excludes the fee and grows with size', () => {
    const p = pool(1_000_000n, 1_000_000n, 0n);
    const small = keptFraction(p, 1000n);
    const big = keptFraction(p, 100_000n);
    expect(lossPercentString(small.num, small.den)).toBe('0.10');
    expect(lossPercentString(big.num, big.den)).toBe('9.09');
    // a pool's fee is not price impact
    const withFee = keptFraction(pool(1_000_000n, 1_000_000n, 30n), 1000n);
    expect(lossPercentString(withFee.num, withFee.den)).toBe('0.10');
  });

  it('formats a loss as a two-decimal percent, half-up', () => {
    expect(lossPercentString(1n, 1n)).toBe('0.00');
    expect(lossPercentString(0n, 1n)).toBe('100.00');
    expect(lossPercentString(99_995n, 100_000n)).toBe('0.01'); // 0.005 % rounds up
    expect(lossPercentString(98_950n, 100_000n)).toBe('1.05');
  });

  it('affiliate fee floors, and grossForNet is its minimal inverse', () => {
    expect(affiliateFee(12_345n, 100n)).toBe(123n);
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 24n }), fc.bigInt({ min: 0n, max: 9999n }), (net, bps) => {
        const gross = grossForNet(net, bps);
        expect(gross - affiliateFee(gross, bps)).toBeGreaterThanOrEqual(net);
        if (gross > 1n) expect(gross - 1n - affiliateFee(gross - 1n, bps)).toBeLessThan(net);
      }),
      { numRuns: 300, seed: 11 },
    );
  });
});

describe('USD values', () => {
  it('values base units at a decimal price without floating point', () => {
    expect(formatUsd(usdValue(1_000_000n, 6, '4.02'))).toBe('4.02');
    expect(formatUsd(usdValue(10n ** 18n, 18, '2485'))).toBe('2485.00');
    expect(formatUsd(usdValue(123_456_789n, 6, '0.9985'))).toBe('123.27');
    expect(formatUsd(parseUsd('0.005'))).toBe('0.01');
    expect(formatUsd(parseUsd('100000'))).toBe('100000.00');
    expect(formatUsd(-parseUsd('1.234'))).toBe('-1.23');
  });

  it('converts a USD fee into base units, rounding up', () => {
    expect(baseUnitsForUsd(parseUsd('0.10'), 6, '1.0000')).toBe(100_000n);
    expect(baseUnitsForUsd(parseUsd('3'), 6, '0.9985')).toBe(3_004_507n);
    const wei = baseUnitsForUsd(parseUsd('0.40'), 18, '2485');
    expect(usdValue(wei, 18, '2485')).toBeGreaterThanOrEqual(parseUsd('0.40'));
    expect(usdValue(wei - 1n, 18, '2485')).toBeLessThan(parseUsd('0.40'));
  });

  it('uses an 18-decimal fixed point', () => {
    expect(USD_SCALE).toBe(10n ** 18n);
  });
});

describe('price safety', () => {
  const t = { badPricePercent: '10', highLossUsd: '10000' };

  it('passes a small loss', () => {
    expect(judgePriceSafety({ usdIn: parseUsd('100'), usdOut: parseUsd('95'), unpriced: [] }, t)).toEqual({ ok: true });
  });

  it('BAD_PRICE_ERROR above the percentage, with both values in the spec message', () => {
    const v = judgePriceSafety({ usdIn: parseUsd('100000'), usdOut: parseUsd('88811.81'), unpriced: [] }, t);
    expect(v).toMatchObject({ ok: false, reason: 'BAD_PRICE_ERROR', warning: 'BAD_PRICE_WARNING' });
    expect(!v.ok && v.message).toBe(
      'difference in usd value of route input and output is too large. input usd value: 100000.00 output usd value: 88811.81',
    );
    // exactly at the threshold is still accepted
    expect(judgePriceSafety({ usdIn: parseUsd('100'), usdOut: parseUsd('90'), unpriced: [] }, t).ok).toBe(true);
  });

  it('HIGH_LOSS_ERROR above the dollar loss, reported as BAD_PRICE_WARNING when allowed', () => {
    const v = judgePriceSafety({ usdIn: parseUsd('300000'), usdOut: parseUsd('285000'), unpriced: [] }, t);
    expect(v).toMatchObject({ ok: false, reason: 'HIGH_LOSS_ERROR', warning: 'BAD_PRICE_WARNING' });
    expect(judgePriceSafety({ usdIn: parseUsd('300000'), usdOut: parseUsd('285000'), unpriced: [] }, { ...t, highLossUsd: null }).ok).toBe(true);
  });

  it('LOW_INFO_ERROR without a price, naming the asset', () => {
    const v = judgePriceSafety({ usdIn: undefined, usdOut: parseUsd('1'), unpriced: ['uxyz on foo-1'] }, t);
    expect(v).toMatchObject({ ok: false, reason: 'LOW_INFO_ERROR', warning: 'LOW_INFO_WARNING' });
    expect(!v.ok && v.message).toContain('uxyz on foo-1');
  });

  it('throws a 400 code 3 ErrorInfo, or returns the warning with allow_unsafe', () => {
    const v = judgePriceSafety({ usdIn: parseUsd('100'), usdOut: parseUsd('50'), unpriced: [] }, t);
    let caught: unknown;
    try {
      enforcePriceSafety(v, false);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(ServiceError);
    const err = caught as ServiceError;
    expect(err.httpStatus).toBe(400);
    expect(err.toBody()).toMatchObject({
      code: 3,
      details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'BAD_PRICE_ERROR', metadata: {} }],
    });
    expect(enforcePriceSafety(v, true)).toEqual({ type: 'BAD_PRICE_WARNING', message: err.message });
    expect(enforcePriceSafety({ ok: true }, false)).toBeUndefined();
  });
});
