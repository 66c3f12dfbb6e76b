/**
 * Constant-product pools seeded from the price table. Each side holds half the pool's USD
 * depth, so reserve1 / reserve0 (in display units) equals price0 / price1: the spot price
 * of every pool agrees with prices.json. Depth is nudged per pool by a SHA-256 of the seed
 * so pools do not all look alike; nothing here is random.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { parseDecimal } from './decimal';

/** Depth multiplier in parts per million, in [880000, 1120000]: ±12 %. */
export function depthJitterPpm(seed: string, venue: string, poolId: string): bigint {
  const h = sha256(utf8ToBytes(`${seed}/${venue}/${poolId}`));
  const n = ((h[0]! << 24) | (h[1]! << 16) | (h[2]! << 8) | h[3]!) >>> 0;
  return 880_000n + BigInt(n % 240_001);
}

/**
 * Base units worth `usd` (usdNum/usdDen dollars) of a token priced `priceUsd` with
 * `decimals` decimals, rounded down.
 */
export function baseUnitsForUsd(usdNum: bigint, usdDen: bigint, priceUsd: string, decimals: number): bigint {
  const price = parseDecimal(priceUsd);
  if (price.num === 0n) throw new Error('cannot seed a pool side with a zero price');
  return (usdNum * price.den * 10n ** BigInt(decimals)) / (usdDen * price.num);
}

export interface PoolSide {
  priceUsd: string;
  decimals: number;
}

export function seedReserves(
  seed: string,
  venue: string,
  poolId: string,
  depthUsd: string,
  sides: readonly [PoolSide, PoolSide],
): [string, string] {
  const depth = parseDecimal(depthUsd);
  const ppm = depthJitterPpm(seed, venue, poolId);
  // half the jittered depth on each side: depth * ppm / 1e6 / 2
  const num = depth.num * ppm;
  const den = depth.den * 2_000_000n;
  const r0 = baseUnitsForUsd(num, den, sides[0].priceUsd, sides[0].decimals);
  const r1 = baseUnitsForUsd(num, den, sides[1].priceUsd, sides[1].decimals);
  if (r0 <= 0n || r1 <= 0n) throw new Error(`pool ${venue}/${poolId} would have an empty side`);
  return [r0.toString(), r1.toString()];
}
