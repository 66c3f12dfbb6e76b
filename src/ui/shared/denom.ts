/**
 * A short stand-in for a long denom (`ibc/2739…5EB2`). The same rule as shortDenom in
 * src/chains/catalog/catalog.ts, kept here without the catalog's zod schema so first-render code
 * can use it; a unit test holds the two to the same output.
 */
export function shortDenom(denom: string): string {
  if (/^ibc\/[0-9a-f]{64}$/i.test(denom)) {
    const hash = denom.slice(4).toUpperCase();
    return `ibc/${hash.slice(0, 4)}…${hash.slice(-4)}`;
  }
  const factory = /^factory\/[^/]+\/(.+)$/.exec(denom);
  if (factory?.[1] && factory[1].length <= 20) return factory[1];
  return denom.length > 20 ? `${denom.slice(0, 6)}…${denom.slice(-4)}` : denom;
}
