/**
 * Constant-product pool arithmetic, all in BigInt base units.
 *
 * A swap of `in` through a pool with reserves (Rin, Rout) and a fee of `f` basis points pays
 *   out = in·(1−f) · Rout / (Rin + in·(1−f))
 * rounded down, as the simulated chains execute it. The fee stays in the pool. Exact-out
 * inverts the formula and rounds up, so the quoted input always yields at least the output.
 */

export const BPS = 10_000n;

export interface CpReserves {
  reserveIn: bigint;
  reserveOut: bigint;
  feeBps: bigint;
}

/** Output of an exact-in swap, rounded down; 0 for a non-positive input. */
export function swapExactIn(p: CpReserves, amountIn: bigint): bigint {
  if (amountIn <= 0n || p.reserveIn <= 0n || p.reserveOut <= 0n) return 0n;
  const inEff = amountIn * (BPS - p.feeBps);
  return (inEff * p.reserveOut) / (p.reserveIn * BPS + inEff);
}

/**
 * Smallest input whose exact-in output is at least `amountOut`; null when the pool cannot
 * pay that much (the output would drain the reserve).
 *
 * out ≥ o  ⇔  in·(B−f)·(Rout−o) ≥ o·Rin·B, hence in = ⌈o·Rin·B / ((B−f)·(Rout−o))⌉.
 */
export function swapExactOut(p: CpReserves, amountOut: bigint): bigint | null {
  if (amountOut <= 0n) return 0n;
  if (amountOut >= p.reserveOut || p.reserveIn <= 0n || p.feeBps >= BPS) return null;
  const num = amountOut * p.reserveIn * BPS;
  const den = (p.reserveOut - amountOut) * (BPS - p.feeBps);
  let amountIn = (num + den - 1n) / den;
  // the closed form is exact; this only guards against a future change of the forward rounding
  while (swapExactIn(p, amountIn) < amountOut) amountIn += 1n;
  return amountIn;
}

/**
 * How much of the no-slippage output a swap keeps, as a fraction num/den: Rin / (Rin + in·(1−f)).
 * 1 − that fraction is the swap's price impact (the fee is not part of the impact).
 */
export function keptFraction(p: CpReserves, amountIn: bigint): { num: bigint; den: bigint } {
  const inEff = amountIn * (BPS - p.feeBps);
  return { num: p.reserveIn * BPS, den: p.reserveIn * BPS + inEff };
}

/** Affiliate fee taken from a swap's output: ⌊gross·bps / 10000⌋. */
export function affiliateFee(gross: bigint, bps: bigint): bigint {
  return (gross * bps) / BPS;
}

/** Smallest gross output that leaves at least `net` after the affiliate fee. */
export function grossForNet(net: bigint, bps: bigint): bigint {
  if (bps <= 0n || net <= 0n) return net;
  if (bps >= BPS) throw new RangeError('affiliate fee of 100% or more');
  let gross = (net * BPS + (BPS - bps) - 1n) / (BPS - bps);
  // ⌈net·B/(B−bps)⌉ can overshoot by one because the fee itself is floored
  while (gross > 0n && gross - 1n - affiliateFee(gross - 1n, bps) >= net) gross -= 1n;
  while (gross - affiliateFee(gross, bps) < net) gross += 1n;
  return gross;
}

/**
 * `(1 − num/den) × 100` as a percent string with two decimals, rounded half-up ("0.42", "12.00").
 */
export function lossPercentString(num: bigint, den: bigint): string {
  if (den <= 0n) return '0.00';
  const lost = den - num;
  if (lost <= 0n) return '0.00';
  // hundredths of a percent: lost/den × 10000, half-up
  const hundredths = (lost * 20_000n + den) / (2n * den);
  const whole = hundredths / 100n;
  const frac = (hundredths % 100n).toString().padStart(2, '0');
  return `${whole}.${frac}`;
}
