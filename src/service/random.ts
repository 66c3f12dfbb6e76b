/**
 * Deterministic randomness for the simulation (relayer jitter, HTTP fault draws). Never
 * Math.random: the same --seed and the same sequence of actions must give the same run.
 */

/** FNV-1a of a string: turns a packet id into a seed component. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** mulberry32: a small, fast 32-bit generator; returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One draw in [0, 1) keyed by (seed, key): independent of the order in which keys are drawn,
 * so a packet's delay does not change when another packet is added before it.
 */
export function keyedUnit(seed: number, key: string): number {
  return mulberry32((hashString(key) ^ Math.imul(seed >>> 0, 0x9e3779b1)) >>> 0)();
}
