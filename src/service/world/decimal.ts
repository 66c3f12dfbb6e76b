/** Exact decimal-string helpers; no floating point touches an amount or a price. */

export interface Ratio {
  num: bigint;
  den: bigint;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

export function isDecimalString(s: string): boolean {
  return DECIMAL.test(s);
}

/** "0.9985" -> 9985/10000. Throws on anything that is not a plain non-negative decimal. */
export function parseDecimal(s: string): Ratio {
  const m = DECIMAL.exec(s);
  if (!m) throw new Error(`not a decimal string: "${s}"`);
  const frac = m[2] ?? '';
  return { num: BigInt(m[1]! + frac), den: 10n ** BigInt(frac.length) };
}

/**
 * Registry gas prices are JS numbers (0.0025, 1e-7, 20000000000): render them as plain
 * decimal strings without exponent notation or binary noise.
 */
export function numberToDecimalString(n: number): string {
  if (!Number.isFinite(n) || n < 0) throw new Error(`not a non-negative finite number: ${n}`);
  const s = String(n);
  const m = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!m) return s;
  const digits = m[1]! + (m[2] ?? '');
  const point = m[1]!.length + Number(m[3]);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`.replace(/\.?0+$/, '') || '0';
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}
