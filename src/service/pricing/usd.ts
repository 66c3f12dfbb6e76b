/**
 * USD values as scaled BigInts (USD × 10^18): exact enough for every comparison the planner
 * makes, printed as two-decimal strings at the edge. Prices are decimal strings from the
 * World's price table; no floating point touches an amount or a price.
 */
import { decimalToScaled } from '../../chains/amounts';

export const USD_DECIMALS = 18;
export const USD_SCALE = 10n ** BigInt(USD_DECIMALS);

/** USD × 10^18. */
export type UsdScaled = bigint;

const priceCache = new Map<string, bigint>();

/** A decimal price string as USD × 10^18 (floored beyond 18 decimals). */
export function priceScaled(priceUsd: string): UsdScaled {
  let p = priceCache.get(priceUsd);
  if (p === undefined) {
    p = decimalToScaled(priceUsd, USD_DECIMALS, 'floor');
    priceCache.set(priceUsd, p);
  }
  return p;
}

const POW10: bigint[] = [];
export function pow10(n: number): bigint {
  let v = POW10[n];
  if (v === undefined) {
    v = 10n ** BigInt(n);
    POW10[n] = v;
  }
  return v;
}

/** Value of `amount` base units of a token with `decimals` decimals priced `priceUsd`. */
export function usdValue(amount: bigint, decimals: number, priceUsd: string): UsdScaled {
  return (amount * priceScaled(priceUsd)) / pow10(decimals);
}

/** Base units worth `usd` (USD × 10^18) of the token, rounded up: a fee never undercharges. */
export function baseUnitsForUsd(usd: UsdScaled, decimals: number, priceUsd: string): bigint {
  const p = priceScaled(priceUsd);
  if (p <= 0n) throw new RangeError('cannot convert USD into a token priced at 0');
  const num = usd * pow10(decimals);
  return (num + p - 1n) / p;
}

/** A decimal USD string ("2.50") as USD × 10^18. */
export function parseUsd(usd: string): UsdScaled {
  return decimalToScaled(usd, USD_DECIMALS, 'floor');
}

/** USD × 10^18 as a string with `digits` decimals, rounded half-up ("2005.23"). */
export function formatUsd(value: UsdScaled, digits = 2): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const unit = pow10(USD_DECIMALS - digits);
  const rounded = (abs + unit / 2n) / unit;
  const scale = pow10(digits);
  const whole = rounded / scale;
  const text = digits === 0 ? whole.toString() : `${whole}.${(rounded % scale).toString().padStart(digits, '0')}`;
  return negative && rounded !== 0n ? `-${text}` : text;
}
