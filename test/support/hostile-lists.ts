/**
 * Asset lists a hostile routing API could answer `GET /v2/fungible/assets` with: every field as
 * long as Courier keeps it (directory/normalise.ts), and a list sized so that the record Courier
 * would cache from it takes an exact number of bytes (to fill storage.local to the byte).
 */

/** One asset, its fields at Courier's limits; `traceLength` ≤ 2000. */
export function longAsset(i: number, traceLength: number, chainId = 'osmosis-1') {
  const tag = String(i).padStart(6, '0');
  return {
    denom: `factory/${tag}/${'d'.repeat(256 - 15)}`,
    chain_id: chainId,
    origin_denom: `o${tag}${'o'.repeat(256 - 7)}`,
    origin_chain_id: 'c'.repeat(128),
    trace: 't'.repeat(traceLength),
    symbol: 'S'.repeat(64),
    name: 'N'.repeat(200),
    decimals: 6,
    logo_uri: `https://logo.example/${'l'.repeat(1024 - 21)}`,
    coingecko_id: 'g'.repeat(200),
    recommended_symbol: 'R'.repeat(64),
  };
}

export const assetsBody = (assets: unknown[], chainId = 'osmosis-1') => ({ chain_to_assets_map: { [chainId]: { assets } } });

/**
 * An assets answer whose cached record takes exactly `recordBytes`, by `measure` (the bytes of
 * the record Courier would store for an answer). Every asset is the same size but for its trace,
 * so two measures give the size of one; the traces (1000 long, room to grow to 2000) absorb the
 * rest. Throws when the result does not measure exactly.
 */
export function sizedAssetsBody(recordBytes: number, measure: (body: unknown) => number, chainId = 'osmosis-1'): unknown {
  const TRACE = 1000;
  const one = measure(assetsBody([longAsset(0, TRACE, chainId)], chainId));
  const per = measure(assetsBody([longAsset(0, TRACE, chainId), longAsset(1, TRACE, chainId)], chainId)) - one;
  if (recordBytes < one) throw new Error(`a record of ${recordBytes} bytes cannot hold one asset (${one})`);
  const count = 1 + Math.floor((recordBytes - one) / per);
  let missing = recordBytes - (one + (count - 1) * per);
  const assets = Array.from({ length: count }, (_, i) => {
    const grow = Math.min(missing, 2000 - TRACE);
    missing -= grow;
    return longAsset(i, TRACE + grow, chainId);
  });
  const body = assetsBody(assets, chainId);
  if (missing > 0 || measure(body) !== recordBytes) throw new Error(`the asset list could not be sized to ${recordBytes} bytes`);
  return body;
}
