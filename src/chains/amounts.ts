/**
 * Amounts (DESIGN.md, "Rules of the house"): an amount is a string of base-unit integer digits.
 * Arithmetic goes through BigInt, display divides by `decimals` with string math, and no
 * floating-point number ever holds an amount.
 *
 * Input rules for what a person types (`toBaseUnits` / `parseDisplayAmount`):
 * - Surrounding whitespace is trimmed; leading zeros are normalised away (`'007.5'` is 7.5).
 * - Only ASCII digits and at most one `.` as the decimal point.
 * - `'.5'` is 0.5 and `'5.'` is 5, as in the number inputs of common wallets; a lone `'.'` is not
 *   a number.
 * - Thousands separators (`,` `_` `'` or spaces between digits) are rejected with the reason
 *   `separator`: `'1,000'` and `'1,5'` mean different things in different locales, and guessing
 *   wrong moves a thousand times the intended funds.
 * - At most `decimals` fractional digits, counting trailing zeros: `'1.50'` is rejected for a
 *   1-decimal asset, like an input capped at the asset's precision. Nothing is ever rounded.
 * - Signs, exponents, `NaN` and `Infinity` are rejected, each with its own reason.
 *
 * Base-unit strings (`fromBaseUnits` and the arithmetic helpers) are machine data: digits only,
 * no trimming, no sign. Leading zeros are tolerated on input and never produced on output.
 */

/** The largest `decimals` accepted; real assets use at most 18 (EVM) or 24 (NEAR-style). */
export const MAX_DECIMALS = 36;

export type AmountErrorReason =
  | 'empty'
  | 'separator'
  | 'exponent'
  | 'sign'
  | 'multiple-dots'
  | 'too-many-decimals'
  | 'not-a-number'
  | 'bad-decimals'
  | 'bad-base-units'
  | 'negative-result'
  | 'division-by-zero'
  | 'bad-option';

/** An amount that cannot be read or computed; `reason` is stable, `message` is for people. */
export class AmountError extends Error {
  override readonly name = 'AmountError';
  constructor(
    readonly reason: AmountErrorReason,
    message: string,
  ) {
    super(message);
  }
}

export type ParseAmountResult =
  | { ok: true; baseUnits: string }
  | { ok: false; reason: AmountErrorReason; message: string };

const DIGITS = /^[0-9]+$/;
// A decimal number with an exponent, as `Number#toString` or a spreadsheet might write it.
const EXPONENT_FORM = /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)[eE][+-]?[0-9]+$/;
const NON_FINITE = /^[+-]?(?:nan|infinity|inf|∞)$/i;
// Characters people use to group thousands, including the no-break spaces some locales emit.
const SEPARATOR_CHARS = /[,_'’\s\u00a0\u202f]/;
const DIGITS_DOTS_AND_SEPARATORS = /^[0-9.,_'’\s\u00a0\u202f]+$/;

function pluralDigits(n: number): string {
  return n === 1 ? '1 decimal place' : `${n} decimal places`;
}

function checkDecimals(decimals: number): AmountError | undefined {
  if (typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    return new AmountError(
      'bad-decimals',
      `Decimals must be a whole number from 0 to ${MAX_DECIMALS}, got ${String(decimals)}`,
    );
  }
  return undefined;
}

function assertDecimals(decimals: number): void {
  const error = checkDecimals(decimals);
  if (error) throw error;
}

function stripLeadingZeros(digits: string): string {
  const stripped = digits.replace(/^0+/, '');
  return stripped === '' ? '0' : stripped;
}

/** Why `display` is not a valid amount for an asset with `decimals`, or its base units. */
function parseToBaseUnits(display: string, decimals: number): string | AmountError {
  const badDecimals = checkDecimals(decimals);
  if (badDecimals) return badDecimals;
  if (typeof display !== 'string') return new AmountError('not-a-number', 'Enter an amount as text');

  const text = display.trim();
  if (text === '') return new AmountError('empty', 'Enter an amount');
  if (NON_FINITE.test(text)) return new AmountError('not-a-number', `"${text}" is not a number`);
  if (EXPONENT_FORM.test(text)) {
    return new AmountError('exponent', 'Write the amount out in full, without an exponent such as "e6"');
  }
  if (text.startsWith('-') || text.startsWith('+')) {
    return new AmountError(
      'sign',
      text.startsWith('-') ? 'The amount cannot be negative' : 'Write the amount without a "+" sign',
    );
  }
  if (SEPARATOR_CHARS.test(text) && DIGITS_DOTS_AND_SEPARATORS.test(text)) {
    return new AmountError(
      'separator',
      'Write the amount without thousands separators, and use "." as the decimal point',
    );
  }

  const parts = text.split('.');
  if (parts.length > 2) return new AmountError('multiple-dots', 'The amount can have only one decimal point');
  const intPart = parts[0] ?? '';
  const fracPart = parts[1] ?? '';
  if (intPart === '' && fracPart === '') return new AmountError('not-a-number', `"${text}" is not a number`);
  if ((intPart !== '' && !DIGITS.test(intPart)) || (fracPart !== '' && !DIGITS.test(fracPart))) {
    return new AmountError('not-a-number', `"${text}" is not a number: use digits and "." only`);
  }
  if (fracPart.length > decimals) {
    return new AmountError(
      'too-many-decimals',
      decimals === 0
        ? 'This asset has no decimal places: enter a whole number'
        : `This asset has at most ${pluralDigits(decimals)}`,
    );
  }
  return stripLeadingZeros(intPart + fracPart.padEnd(decimals, '0'));
}

/**
 * Reads an amount a person typed, for an asset with `decimals`, without throwing: the failure
 * carries a reason code and a message to show under the input.
 */
export function parseDisplayAmount(display: string, decimals: number): ParseAmountResult {
  const result = parseToBaseUnits(display, decimals);
  if (result instanceof AmountError) return { ok: false, reason: result.reason, message: result.message };
  return { ok: true, baseUnits: result };
}

/** `toBaseUnits('1.5', 6) === '1500000'`; throws `AmountError` on anything `parseDisplayAmount` rejects. */
export function toBaseUnits(display: string, decimals: number): string {
  const result = parseToBaseUnits(display, decimals);
  if (result instanceof AmountError) throw result;
  return result;
}

/** True for a string of ASCII digits only: a non-negative integer amount in base units. */
export function isBaseUnitAmount(value: unknown): value is string {
  return typeof value === 'string' && DIGITS.test(value);
}

function toBigInt(base: string, what = 'amount'): bigint {
  if (!isBaseUnitAmount(base)) {
    const shown = typeof base === 'string' ? `"${base}"` : String(base);
    throw new AmountError('bad-base-units', `The ${what} ${shown} is not a whole number of base units`);
  }
  return BigInt(base);
}

/** `fromBaseUnits('1500000', 6) === '1.5'`: the exact decimal value, no trailing fractional zeros. */
export function fromBaseUnits(base: string, decimals: number): string {
  assertDecimals(decimals);
  const digits = toBigInt(base).toString();
  if (decimals === 0) return digits;
  const padded = digits.padStart(decimals + 1, '0');
  const intPart = padded.slice(0, -decimals);
  const fracPart = padded.slice(-decimals).replace(/0+$/, '');
  return fracPart === '' ? intPart : `${intPart}.${fracPart}`;
}

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b`. */
export function compareBaseUnits(a: string, b: string): -1 | 0 | 1 {
  const x = toBigInt(a);
  const y = toBigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function addBaseUnits(a: string, b: string): string {
  return (toBigInt(a) + toBigInt(b)).toString();
}

/** `a - b`; throws `AmountError('negative-result')` when `b` exceeds `a`. */
export function subBaseUnits(a: string, b: string): string {
  const difference = toBigInt(a) - toBigInt(b);
  if (difference < 0n) {
    throw new AmountError('negative-result', `Cannot subtract ${b} from ${a}: the result would be negative`);
  }
  return difference.toString();
}

function toRatioPart(value: string | bigint | number, what: string): bigint {
  if (typeof value === 'bigint') {
    if (value < 0n) throw new AmountError('bad-base-units', `The ${what} must not be negative`);
    return value;
  }
  if (typeof value === 'number') {
    // A ratio term such as 10_000 or 9_950 basis points; never an amount, but still exact.
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new AmountError('bad-base-units', `The ${what} must be a non-negative safe integer, got ${value}`);
    }
    return BigInt(value);
  }
  return toBigInt(value, what);
}

/**
 * `floor(a * num / den)`, exact: e.g. the minimum output after slippage,
 * `mulDivBaseUnits(out, 10_000 - slippageBps, 10_000)`. Rounds down so a minimum is never raised.
 */
export function mulDivBaseUnits(a: string, num: string | bigint | number, den: string | bigint | number): string {
  const amount = toBigInt(a);
  const n = toRatioPart(num, 'numerator');
  const d = toRatioPart(den, 'denominator');
  if (d === 0n) throw new AmountError('division-by-zero', 'Cannot divide an amount by zero');
  return ((amount * n) / d).toString(); // BigInt division truncates, which is floor for non-negatives
}

export type ScaleRounding = 'exact' | 'floor' | 'half-up';

/**
 * A signed decimal string times `10^scale`, as a bigint: `decimalToScaled('12.345', 2, 'half-up')`
 * is `1235n`. Accepts an optional sign and an exponent (`'1.5e-3'`), because it reads computed
 * values such as USD prices, not what a person typed. `'exact'` throws when digits would be lost;
 * `'floor'` rounds toward negative infinity; `'half-up'` rounds halves away from zero.
 */
export function decimalToScaled(value: string, scale: number, rounding: ScaleRounding = 'exact'): bigint {
  if (!Number.isInteger(scale) || scale < 0 || scale > MAX_DECIMALS) {
    throw new AmountError('bad-decimals', `Scale must be a whole number from 0 to ${MAX_DECIMALS}, got ${scale}`);
  }
  const text = typeof value === 'string' ? value.trim() : '';
  const match = /^([+-]?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?[0-9]{1,4}))?$/.exec(text);
  const intDigits = match?.[2] ?? '';
  const fracDigits = match?.[3] ?? '';
  if (!match || intDigits + fracDigits === '') {
    throw new AmountError('not-a-number', `"${String(value)}" is not a decimal number`);
  }
  const negative = match[1] === '-';
  const exponent = Number(match[4] ?? '0');
  // All digits as one integer, with the decimal point `pointShift` places from the right.
  const allDigits = intDigits + fracDigits;
  const pointShift = fracDigits.length - exponent - scale;

  let magnitude: bigint;
  if (pointShift <= 0) {
    magnitude = BigInt(allDigits + '0'.repeat(-pointShift));
  } else {
    const kept = allDigits.length > pointShift ? allDigits.slice(0, allDigits.length - pointShift) : '0';
    const dropped = allDigits.slice(-pointShift).padStart(pointShift, '0');
    magnitude = BigInt(kept);
    if (/[1-9]/.test(dropped)) {
      if (rounding === 'exact') {
        throw new AmountError('too-many-decimals', `"${text}" has more than ${pluralDigits(scale)}`);
      }
      const roundAwayFromZero = rounding === 'half-up' ? dropped[0]! >= '5' : negative;
      if (roundAwayFromZero) magnitude += 1n;
    }
  }
  return negative ? -magnitude : magnitude;
}

export interface FormatAmountOptions {
  /** Fractional digits shown at most; the rest is cut off, never rounded up. Default 6. */
  maxFractionDigits?: number;
  /** Group the integer part in thousands. Default true. */
  grouping?: boolean;
  /**
   * A BCP 47 locale for the group and decimal separators (`'de-DE'` gives `1.234,5`). Without it
   * the output is locale-independent: `,` groups and `.` decimals. Digits are always ASCII.
   */
  locale?: string;
  /** Appended after a space: `1.5 ATOM`. */
  symbol?: string;
}

export const DEFAULT_MAX_FRACTION_DIGITS = 6;

function groupThousands(digits: string, separator: string): string {
  const head = digits.length % 3 || 3;
  const groups = [digits.slice(0, head)];
  for (let i = head; i < digits.length; i += 3) groups.push(digits.slice(i, i + 3));
  return groups.join(separator);
}

function localeFormat(locale: string, grouping: boolean): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale, { numberingSystem: 'latn', useGrouping: grouping });
  } catch {
    throw new AmountError('bad-option', `"${locale}" is not a locale this browser knows`);
  }
}

function localeDecimalSeparator(locale: string): string {
  // 1.5 is only a probe for the separator character; no amount goes through a float.
  const parts = localeFormat(locale, false).formatToParts(1.5);
  return parts.find((part) => part.type === 'decimal')?.value ?? '.';
}

function formatInteger(digits: string, grouping: boolean, locale: string | undefined): string {
  if (locale === undefined) return grouping ? groupThousands(digits, ',') : digits;
  // Intl formats a bigint exactly, with the locale's own grouping rules (en-IN: 1,00,000).
  return localeFormat(locale, grouping).format(BigInt(digits));
}

/**
 * An amount for display: `formatAmount('1234567800', 6) === '1,234.5678'`. Fractional digits
 * beyond `maxFractionDigits` are cut off (never rounded up, so a balance is never overstated);
 * a non-zero amount that would show as 0 shows as `< 0.000001`. Never scientific notation.
 */
export function formatAmount(base: string, decimals: number, options: FormatAmountOptions = {}): string {
  assertDecimals(decimals);
  const maxFractionDigits = options.maxFractionDigits ?? DEFAULT_MAX_FRACTION_DIGITS;
  if (!Number.isInteger(maxFractionDigits) || maxFractionDigits < 0 || maxFractionDigits > MAX_DECIMALS) {
    throw new AmountError(
      'bad-option',
      `maxFractionDigits must be a whole number from 0 to ${MAX_DECIMALS}, got ${String(maxFractionDigits)}`,
    );
  }
  const grouping = options.grouping ?? true;
  const locale = options.locale;
  const decimalSeparator = locale === undefined ? '.' : localeDecimalSeparator(locale);
  const withSymbol = (text: string): string => (options.symbol ? `${text} ${options.symbol}` : text);

  const exact = fromBaseUnits(base, decimals);
  const [intDigits = '0', fracDigits = ''] = exact.split('.');
  const shownFrac = fracDigits.slice(0, maxFractionDigits).replace(/0+$/, '');

  if (intDigits === '0' && shownFrac === '' && fracDigits !== '') {
    // Non-zero but below the smallest step we show: say so rather than print a misleading 0.
    const smallest = maxFractionDigits === 0 ? '1' : `0${decimalSeparator}${'0'.repeat(maxFractionDigits - 1)}1`;
    return withSymbol(`< ${smallest}`);
  }
  const intText = formatInteger(intDigits, grouping, locale);
  return withSymbol(shownFrac === '' ? intText : `${intText}${decimalSeparator}${shownFrac}`);
}

/**
 * A USD value (a decimal string as the API sends it, e.g. `usd_amount_in`) for display:
 * `formatUsd('1234.567') === '$1,234.57'`. Rounded half-up to cents, which is fine for a USD
 * estimate (it is not an amount), still with exact string math. A non-zero value under half a
 * cent shows as `< $0.01`; negative values as `-$1.50`.
 */
export function formatUsd(value: string): string {
  const cents = decimalToScaled(value, 2, 'half-up');
  if (cents === 0n) {
    // The format is already validated: positive and non-zero means no '-' and a non-zero mantissa digit.
    const text = value.trim();
    const mantissa = text.split(/[eE]/)[0] ?? '';
    return !text.startsWith('-') && /[1-9]/.test(mantissa) ? '< $0.01' : '$0.00';
  }
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, '0');
  const dollars = groupThousands(digits.slice(0, -2), ',');
  return `${negative ? '-' : ''}$${dollars}.${digits.slice(-2)}`;
}
