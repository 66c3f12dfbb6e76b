/**
 * What a Go Fast order costs, as production's GoFastFee spells it: a basis-point fee on the
 * amount (the solver's margin) plus the solver's gas on the source (settlement) and on the
 * destination (the fill), all in the source USDC and all taken out of the order: the order's
 * amountOut is amountIn less the three. Integer math only; the bps part rounds up, so the
 * solver never gets less than its bps.
 */
const BPS = 10_000n;

export interface GoFastFeeParts {
  bps: bigint;
  /** Source-chain settlement fee, base units of the source USDC. */
  sourceChainFee: bigint;
  /** Destination-chain fill fee, base units of the source USDC. */
  destinationChainFee: bigint;
}

export interface GoFastFeeQuote {
  bpsFeeAmount: bigint;
  sourceChainFeeAmount: bigint;
  destinationChainFeeAmount: bigint;
  total: bigint;
  amountOut: bigint;
}

const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;

export function bpsFeeOf(amountIn: bigint, bps: bigint): bigint {
  return ceilDiv(amountIn * bps, BPS);
}

/** The fee of an order of `amountIn`, or null when the fees eat all of it. */
export function quoteGoFastFee(amountIn: bigint, p: GoFastFeeParts): GoFastFeeQuote | null {
  if (amountIn <= 0n) return null;
  const bpsFeeAmount = bpsFeeOf(amountIn, p.bps);
  const total = bpsFeeAmount + p.sourceChainFee + p.destinationChainFee;
  if (amountIn <= total) return null;
  return { bpsFeeAmount, sourceChainFeeAmount: p.sourceChainFee, destinationChainFeeAmount: p.destinationChainFee, total, amountOut: amountIn - total };
}

/** The smallest amountIn whose order delivers at least `amountOut`. */
export function amountInForOut(amountOut: bigint, p: GoFastFeeParts): bigint {
  if (amountOut <= 0n) throw new RangeError(`amountOut must be positive, got ${amountOut}`);
  const flat = p.sourceChainFee + p.destinationChainFee;
  // out(x) = x − flat − ceil(x·bps / 10 000) is nondecreasing: start at the real-valued root, walk to the least x
  let x = ceilDiv((amountOut + flat) * BPS, BPS - p.bps);
  const out = (v: bigint): bigint => quoteGoFastFee(v, p)?.amountOut ?? 0n;
  while (out(x) < amountOut) x += 1n;
  while (x > 1n && out(x - 1n) >= amountOut) x -= 1n;
  return x;
}
