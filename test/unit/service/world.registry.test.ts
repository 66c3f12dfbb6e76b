/**
 * The ibc/ denom computation checked against chain-registry itself: every asset whose last
 * trace is an IBC hop must hash (ibc/ + SHA-256 of its trace path) to its registry `base`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, ibcDenom, loadRegistry, parseFullPath, type World } from '../../../src/service/world';

let world: World;
beforeAll(() => {
  world = buildWorld({ log: () => {} });
});

describe('computed ibc denoms against the registry', () => {
  it('match the registry base of at least 500 IBC-traced assets, skipping only a few quirks', () => {
    const { assetLists } = loadRegistry();
    let checked = 0;
    let matched = 0;
    const quirks: string[] = [];
    for (const list of assetLists) {
      for (const a of list.assets) {
        const last = a.traces?.at(-1);
        if (!last || (last.type !== 'ibc' && last.type !== 'ibc-cw20')) continue;
        const path = last.chain?.path;
        if (!path) {
          quirks.push(`${list.chainName} ${a.base}: no path`);
          continue;
        }
        const { hops, trace, baseDenom } = parseFullPath(path);
        checked += 1;
        if (ibcDenom(trace, baseDenom) !== a.base) {
          quirks.push(`${list.chainName} ${a.base}: hash of "${path}" differs`);
          continue;
        }
        matched += 1;
        // an entry that contradicts itself is skipped even though its hash matches
        if (last.chain?.channelId !== undefined && last.chain.channelId !== hops[0]?.channel) {
          quirks.push(`${list.chainName} ${a.base}: channelId ${last.chain.channelId} vs path "${path}"`);
        }
      }
    }
    console.info(`registry IBC assets: ${matched}/${checked} match; ${quirks.length} quirks skipped`, quirks);
    expect(matched).toBeGreaterThanOrEqual(500);
    expect(quirks.length).toBeLessThanOrEqual(10);
  });

  it('the World skips the same few quirks and counts them', () => {
    const s = world.stats.assets;
    console.info(
      `World: ${s.registryIbcMatched}/${s.registryIbcChecked} match, ${s.quirks.length} quirks, ` +
        `${s.orphans} assets whose origin chain is not in the World, skipped types ${JSON.stringify(s.skippedByType)}`,
    );
    expect(s.registryIbcMatched).toBeGreaterThanOrEqual(500);
    expect(s.quirks.length).toBeLessThanOrEqual(10);
    expect(s.registryIbcChecked - s.registryIbcMatched).toBe(s.quirks.filter((q) => q.reason.startsWith('computed')).length);
    for (const q of s.quirks) expect(world.asset(q.chainId, q.denom)).toBeUndefined();
  });

  it('every IBC asset in the World hashes to its own denom from its trace and origin denom', () => {
    let n = 0;
    for (const a of world.assets) {
      if (a.trace === '') continue;
      n += 1;
      // a bridge's voucher standing as an origin (Eureka's WBTC on the Hub) hashes from its own base
      expect(ibcDenom(a.trace, world.baseDenomOf(a.originChainId, a.originDenom))).toBe(a.denom);
    }
    expect(n).toBeGreaterThanOrEqual(500);
  });
});
