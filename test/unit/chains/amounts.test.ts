import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  AmountError,
  type AmountErrorReason,
  MAX_DECIMALS,
  addBaseUnits,
  compareBaseUnits,
  decimalToScaled,
  formatAmount,
  formatUsd,
  fromBaseUnits,
  isBaseUnitAmount,
  mulDivBaseUnits,
  parseDisplayAmount,
  subBaseUnits,
  toBaseUnits,
} from '../../../src/chains/amounts';

/** The reason a call throws with; fails the test when it throws something else or nothing. */
function reasonOf(fn: () => unknown): AmountErrorReason {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AmountError);
    return (error as AmountError).reason;
  }
  throw new Error('expected an AmountError, nothing was thrown');
}

const RUNS = { numRuns: 800 };
const baseUnits = fc.bigInt({ min: 0n, max: 10n ** 60n }).map((n) => n.toString());
const decimalsArb = fc.integer({ min: 0, max: 30 });

describe('toBaseUnits', () => {
  it.each([
    ['1.5', 6, '1500000'],
    ['0.000001', 6, '1'],
    ['1', 0, '1'],
    ['0', 18, '0'],
    ['0.0', 6, '0'],
    ['1', 18, '1000000000000000000'],
    ['123456789.123456789012345678', 18, '123456789123456789012345678'],
    ['  2.25\t', 6, '2250000'],
    ['\u00a03\n', 2, '300'],
    ['007.50', 6, '7500000'],
    ['000', 6, '0'],
    ['.5', 6, '500000'],
    ['5.', 6, '5000000'],
    ['1.000000', 6, '1000000'],
    ['10000000000000000000000000000000000000000', 0, '10000000000000000000000000000000000000000'],
  ])('%j with %i decimals is %s', (display, decimals, expected) => {
    expect(toBaseUnits(display, decimals)).toBe(expected);
    expect(parseDisplayAmount(display, decimals)).toEqual({ ok: true, baseUnits: expected });
  });

  it.each<[string, number, AmountErrorReason]>([
    ['', 6, 'empty'],
    ['   ', 6, 'empty'],
    ['1e6', 6, 'exponent'],
    ['1E6', 6, 'exponent'],
    ['1.5e-3', 6, 'exponent'],
    ['.5e2', 6, 'exponent'],
    ['-1', 6, 'sign'],
    ['+1', 6, 'sign'],
    ['-0', 6, 'sign'],
    ['- 1', 6, 'sign'],
    ['1.0000001', 6, 'too-many-decimals'],
    ['1.5', 0, 'too-many-decimals'],
    ['1.50', 1, 'too-many-decimals'],
    ['1,000.5', 6, 'separator'],
    ['1,5', 6, 'separator'],
    ['1 000', 6, 'separator'],
    ['1_000', 6, 'separator'],
    ["1'000", 6, 'separator'],
    ['1\u202f000', 6, 'separator'],
    ['1.2.3', 6, 'multiple-dots'],
    ['1..', 6, 'multiple-dots'],
    ['1.000.000', 6, 'multiple-dots'],
    ['.', 6, 'not-a-number'],
    ['abc', 6, 'not-a-number'],
    ['1a', 6, 'not-a-number'],
    ['0x10', 6, 'not-a-number'],
    ['a,b', 6, 'not-a-number'],
    ['１２', 6, 'not-a-number'],
    ['٣', 6, 'not-a-number'],
    ['e6', 6, 'not-a-number'],
    ['NaN', 6, 'not-a-number'],
    ['Infinity', 6, 'not-a-number'],
    ['-Infinity', 6, 'not-a-number'],
    ['∞', 6, 'not-a-number'],
    ['1', -1, 'bad-decimals'],
    ['1', 1.5, 'bad-decimals'],
    ['1', MAX_DECIMALS + 1, 'bad-decimals'],
    ['1', Number.NaN, 'bad-decimals'],
  ])('rejects %j with %i decimals: %s', (display, decimals, reason) => {
    expect(reasonOf(() => toBaseUnits(display, decimals))).toBe(reason);
    const parsed = parseDisplayAmount(display, decimals);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.reason).toBe(reason);
      expect(parsed.message.length).toBeGreaterThan(0);
    }
  });

  it('rejects a non-string at run time instead of coercing it', () => {
    expect(reasonOf(() => toBaseUnits(1.5 as unknown as string, 6))).toBe('not-a-number');
  });

  it('accepts MAX_DECIMALS itself', () => {
    expect(toBaseUnits('1', MAX_DECIMALS)).toBe(`1${'0'.repeat(MAX_DECIMALS)}`);
  });

  it('gives messages a person can act on', () => {
    expect(parseDisplayAmount('1.1234567', 6)).toMatchObject({ message: 'This asset has at most 6 decimal places' });
    expect(parseDisplayAmount('1.5', 0)).toMatchObject({ message: expect.stringContaining('whole number') });
    expect(parseDisplayAmount('1,000', 6)).toMatchObject({ message: expect.stringContaining('separators') });
  });

  it('throws an AmountError that is an Error with a name', () => {
    const error = (() => {
      try {
        toBaseUnits('-1', 6);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('AmountError');
  });
});

describe('fromBaseUnits', () => {
  it.each([
    ['1500000', 6, '1.5'],
    ['1', 6, '0.000001'],
    ['0', 6, '0'],
    ['0', 0, '0'],
    ['1000000', 6, '1'],
    ['123', 0, '123'],
    ['000123', 2, '1.23'],
    ['1', 36, `0.${'0'.repeat(35)}1`],
    [`1${'0'.repeat(40)}`, 18, `1${'0'.repeat(22)}`],
  ])('%s with %i decimals is %s', (base, decimals, expected) => {
    expect(fromBaseUnits(base, decimals)).toBe(expected);
  });

  it.each(['', '-1', '+1', '1.5', ' 1', '1 ', '1 0', '1e6', 'abc', '0x1', '１'])('rejects %j', (base) => {
    expect(reasonOf(() => fromBaseUnits(base, 6))).toBe('bad-base-units');
  });

  it('rejects bad decimals', () => {
    expect(reasonOf(() => fromBaseUnits('1', -1))).toBe('bad-decimals');
    expect(reasonOf(() => fromBaseUnits('1', 37))).toBe('bad-decimals');
  });
});

describe('formatAmount', () => {
  it.each<[string, number, Parameters<typeof formatAmount>[2], string]>([
    ['1234567800', 6, {}, '1,234.5678'],
    ['0', 6, {}, '0'],
    ['1000000', 6, {}, '1'],
    ['999999999', 6, {}, '999.999999'],
    // Truncated, never rounded up: 0.9999999 must not show as 1.
    ['9999999', 7, {}, '0.999999'],
    ['1999999999999999999', 18, { maxFractionDigits: 2 }, '1.99'],
    ['1500000', 6, { maxFractionDigits: 0 }, '1'],
    ['1', 6, {}, '0.000001'],
    ['1', 7, {}, '< 0.000001'],
    ['1', 18, { maxFractionDigits: 2 }, '< 0.01'],
    ['1', 6, { maxFractionDigits: 0 }, '< 1'],
    ['1', 18, { symbol: 'ETH' }, '< 0.000001 ETH'],
    ['1500000', 6, { symbol: 'ATOM' }, '1.5 ATOM'],
    ['1234567800', 6, { grouping: false }, '1234.5678'],
    ['123', 0, {}, '123'],
    ['1234', 0, {}, '1,234'],
    ['1000000000', 3, {}, '1,000,000'],
    [`1${'0'.repeat(40)}`, 0, {}, `10${',000'.repeat(13)}`],
    [`1${'0'.repeat(40)}`, 18, {}, `10${',000'.repeat(7)}`],
    ['1234567800', 6, { locale: 'de-DE' }, '1.234,5678'],
    ['1', 7, { locale: 'de-DE' }, '< 0,000001'],
    ['100000000000', 6, { locale: 'en-IN' }, '1,00,000'],
    ['1234567800', 6, { locale: 'ar-EG' }, '1,234.5678'],
  ])('%s with %i decimals and %j is %j', (base, decimals, options, expected) => {
    expect(formatAmount(base, decimals, options)).toBe(expected);
  });

  it('rejects bad input and options', () => {
    expect(reasonOf(() => formatAmount('-1', 6))).toBe('bad-base-units');
    expect(reasonOf(() => formatAmount('1', 99))).toBe('bad-decimals');
    expect(reasonOf(() => formatAmount('1', 6, { maxFractionDigits: -1 }))).toBe('bad-option');
    expect(reasonOf(() => formatAmount('1', 6, { maxFractionDigits: 1.5 }))).toBe('bad-option');
    expect(reasonOf(() => formatAmount('1', 6, { locale: 'not a locale!' }))).toBe('bad-option');
  });
});

describe('formatUsd', () => {
  it.each([
    ['1234.567', '$1,234.57'],
    ['1234.565', '$1,234.57'],
    ['1234.564999', '$1,234.56'],
    ['0', '$0.00'],
    ['0.00', '$0.00'],
    ['0.005', '$0.01'],
    ['0.0049', '< $0.01'],
    ['0.000000000000000000000000000000000000000001', '< $0.01'],
    ['-0.001', '$0.00'],
    ['-1.5', '-$1.50'],
    ['-1.005', '-$1.01'],
    ['999.995', '$1,000.00'],
    ['1', '$1.00'],
    ['.5', '$0.50'],
    ['1.5e3', '$1,500.00'],
    ['1.2345e-1', '$0.12'],
    ['12345678901234567890123.45', '$12,345,678,901,234,567,890,123.45'],
    [' 42 ', '$42.00'],
  ])('%j is %j', (value, expected) => {
    expect(formatUsd(value)).toBe(expected);
  });

  it.each(['', 'abc', '$1', '1,000', 'NaN', '1.2.3', '.', 'e5'])('rejects %j', (value) => {
    expect(reasonOf(() => formatUsd(value))).toBe('not-a-number');
  });
});

describe('decimalToScaled', () => {
  it('scales exactly or rounds as asked', () => {
    expect(decimalToScaled('12.345', 3)).toBe(12345n);
    expect(decimalToScaled('12.345', 2, 'half-up')).toBe(1235n);
    expect(decimalToScaled('12.344', 2, 'half-up')).toBe(1234n);
    expect(decimalToScaled('12.349', 2, 'floor')).toBe(1234n);
    expect(decimalToScaled('-12.341', 2, 'floor')).toBe(-1235n);
    expect(decimalToScaled('-12.345', 2, 'half-up')).toBe(-1235n);
    expect(decimalToScaled('0.5', 4)).toBe(5000n);
    expect(decimalToScaled('1e-2', 2)).toBe(1n);
    expect(decimalToScaled('0.001', 0, 'floor')).toBe(0n);
    expect(reasonOf(() => decimalToScaled('12.345', 2))).toBe('too-many-decimals');
    expect(reasonOf(() => decimalToScaled('1', -1))).toBe('bad-decimals');
  });
});

describe('base-unit helpers', () => {
  it('isBaseUnitAmount accepts digit strings only', () => {
    expect(isBaseUnitAmount('0')).toBe(true);
    expect(isBaseUnitAmount('001')).toBe(true);
    expect(isBaseUnitAmount(`9${'9'.repeat(80)}`)).toBe(true);
    for (const bad of ['', '-1', '+1', '1.0', ' 1', '1e3', 'abc']) expect(isBaseUnitAmount(bad)).toBe(false);
    for (const bad of [1, 1n, null, undefined, {}]) expect(isBaseUnitAmount(bad)).toBe(false);
  });

  it('compares, adds and subtracts exactly beyond 2^53', () => {
    expect(compareBaseUnits('9007199254740993', '9007199254740992')).toBe(1);
    expect(compareBaseUnits('1', '2')).toBe(-1);
    expect(compareBaseUnits('007', '7')).toBe(0);
    expect(addBaseUnits('9007199254740993', '1')).toBe('9007199254740994');
    expect(subBaseUnits('1000', '1')).toBe('999');
    expect(subBaseUnits('5', '5')).toBe('0');
    expect(reasonOf(() => subBaseUnits('1', '2'))).toBe('negative-result');
    expect(reasonOf(() => addBaseUnits('1', '-1'))).toBe('bad-base-units');
    expect(reasonOf(() => compareBaseUnits('1.5', '1'))).toBe('bad-base-units');
  });

  it('mulDivBaseUnits floors: slippage never raises a minimum', () => {
    expect(mulDivBaseUnits('1000000', 9950, 10000)).toBe('995000');
    expect(mulDivBaseUnits('999', 1, 2)).toBe('499');
    expect(mulDivBaseUnits('10', '1', '3')).toBe('3');
    expect(mulDivBaseUnits(`1${'0'.repeat(40)}`, 3n, 7n)).toBe('4285714285714285714285714285714285714285');
    expect(reasonOf(() => mulDivBaseUnits('1', 1, 0))).toBe('division-by-zero');
    expect(reasonOf(() => mulDivBaseUnits('1', -1, 2))).toBe('bad-base-units');
    expect(reasonOf(() => mulDivBaseUnits('1', 0.5, 2))).toBe('bad-base-units');
    expect(reasonOf(() => mulDivBaseUnits('1', 1, -2n))).toBe('bad-base-units');
  });
});

describe('properties', () => {
  it('toBaseUnits(fromBaseUnits(x, d), d) === x', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n }), decimalsArb, (x, d) => {
        expect(toBaseUnits(fromBaseUnits(x.toString(), d), d)).toBe(x.toString());
      }),
      RUNS,
    );
  });

  it('fromBaseUnits(toBaseUnits(s, d), d) is s normalised', () => {
    const displayArb = decimalsArb.chain((d) =>
      fc
        .record({
          lead: fc.string({ unit: fc.constant('0'), maxLength: 3 }),
          int: fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 25 }),
          frac: fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: d }),
          dot: fc.boolean(),
          pad: fc.constantFrom('', ' ', '\t', '  '),
        })
        .filter(({ lead, int, frac }) => lead + int + frac !== '')
        .map(({ lead, int, frac, dot, pad }) => ({
          d,
          text: `${pad}${lead}${int}${dot || frac !== '' ? '.' : ''}${frac}${pad}`,
          int: lead + int,
          frac,
        })),
    );
    fc.assert(
      fc.property(displayArb, ({ d, text, int, frac }) => {
        const normalInt = int.replace(/^0+/, '') || '0';
        const normalFrac = frac.replace(/0+$/, '');
        const expected = normalFrac === '' ? normalInt : `${normalInt}.${normalFrac}`;
        expect(fromBaseUnits(toBaseUnits(text, d), d)).toBe(expected);
      }),
      RUNS,
    );
  });

  it('parseDisplayAmount never throws and agrees with toBaseUnits', () => {
    const noisy = fc.string({ unit: fc.constantFrom(...'0123456789.,-+eE _a \u00a0'), maxLength: 20 });
    fc.assert(
      fc.property(fc.oneof(noisy, fc.string()), decimalsArb, (text, d) => {
        const parsed = parseDisplayAmount(text, d);
        if (parsed.ok) {
          expect(isBaseUnitAmount(parsed.baseUnits)).toBe(true);
          expect(parsed.baseUnits).toBe(toBaseUnits(text, d));
        } else {
          expect(reasonOf(() => toBaseUnits(text, d))).toBe(parsed.reason);
        }
      }),
      RUNS,
    );
  });

  it('formatAmount never uses scientific notation, never rounds up', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 80n }),
        decimalsArb,
        fc.integer({ min: 0, max: 30 }),
        (x, d, maxFractionDigits) => {
          const shown = formatAmount(x.toString(), d, { maxFractionDigits });
          expect(shown).not.toMatch(/e/i);
          expect(shown).toMatch(/^(< )?[0-9][0-9,]*(\.[0-9]+)?$/);
          if (!shown.startsWith('<')) {
            // What is shown, read back, is never more than the amount and within one shown step of it.
            const back = BigInt(toBaseUnits(shown.replace(/,/g, ''), d));
            expect(back <= x).toBe(true);
            if (maxFractionDigits < d) expect(x - back < 10n ** BigInt(d - maxFractionDigits)).toBe(true);
            else expect(back).toBe(x);
          } else {
            expect(x > 0n).toBe(true);
          }
        },
      ),
      RUNS,
    );
  });

  it('compareBaseUnits agrees with bigint order and with addition', () => {
    fc.assert(
      fc.property(baseUnits, baseUnits, baseUnits, (a, b, c) => {
        const x = BigInt(a);
        const y = BigInt(b);
        expect(compareBaseUnits(a, b)).toBe(x < y ? -1 : x > y ? 1 : 0);
        expect(compareBaseUnits(a, b)).toBe(-compareBaseUnits(b, a) || 0);
        // Monotone: adding the same amount to both sides keeps the order.
        expect(compareBaseUnits(addBaseUnits(a, c), addBaseUnits(b, c))).toBe(compareBaseUnits(a, b));
        expect(compareBaseUnits(addBaseUnits(a, c), a)).toBe(c === '0' ? 0 : 1);
      }),
      RUNS,
    );
  });

  it('subBaseUnits undoes addBaseUnits', () => {
    fc.assert(
      fc.property(baseUnits, baseUnits, (a, b) => {
        expect(subBaseUnits(addBaseUnits(a, b), b)).toBe(a);
        expect(addBaseUnits(subBaseUnits(addBaseUnits(a, b), a), a)).toBe(addBaseUnits(a, b));
      }),
      RUNS,
    );
  });

  it('mulDivBaseUnits is the floor of the exact quotient', () => {
    fc.assert(
      fc.property(baseUnits, fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.bigInt({ min: 1n, max: 10n ** 30n }), (a, n, d) => {
        const q = BigInt(mulDivBaseUnits(a, n, d));
        const product = BigInt(a) * n;
        expect(q * d <= product).toBe(true);
        expect((q + 1n) * d > product).toBe(true);
      }),
      RUNS,
    );
  });
});
