/**
 * The planner's fast paths agree with the plain definitions they replace: reachability by
 * kinds mask with a breadth-first walk over the bridge edges, and the transaction count of a
 * swap-free stretch around a swap with planTxs over the whole leg list (whose breaks between
 * the search's own legs are kept per leg pair).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_IDS } from '../../../src/service/bridges/types';
import { kindsMask, swapFreePaths, type BridgeKind, type PlannerIndex } from '../../../src/service/planner/graph';
import { plannerIndex } from '../../../src/service/planner';
import { planTxs, txCountAround } from '../../../src/service/planner/txs';
import type { Leg, SwapLeg } from '../../../src/service/planner/types';
import { buildWorld, type World } from '../../../src/service/world';

let world: World;
let ix: PlannerIndex;
let origins: string[];

beforeAll(() => {
  world = buildWorld({ log: () => {} });
  ix = plannerIndex(world);
  origins = [...new Set(world.assets.map((a) => ix.position(a.chainId, a.denom)?.originKey).filter((k): k is string => k !== undefined))];
});

/** Origins reachable over at most `n` crossings of the given kinds, by the definition. */
function reachableByWalk(origin: string, kinds: ReadonlySet<BridgeKind>, n: number): Set<string> {
  const seen = new Set([origin]);
  let frontier = [origin];
  for (let d = 0; d < n; d++) {
    frontier = frontier.flatMap((o) => ix.bridgesFrom(o).filter((e) => kinds.has(e.kind) && !seen.has(e.leg.to.originKey)).map((e) => e.leg.to.originKey));
    for (const o of frontier) seen.add(o);
  }
  return seen;
}

const KIND_SETS: ReadonlySet<BridgeKind>[] = [
  new Set(BRIDGE_IDS.filter((id) => id !== 'IBC')),
  new Set(BRIDGE_IDS.filter((id) => id !== 'IBC' && id !== 'GO_FAST')),
  new Set<BridgeKind>(['CCTP', 'STARGATE']),
  ...BRIDGE_IDS.filter((id) => id !== 'IBC').map((id) => new Set<BridgeKind>([id])),
];

describe('planner search fast paths', () => {
  it('gives every bridge kind a bit of its own', () => {
    const bits = BRIDGE_IDS.map((id) => kindsMask(new Set([id])));
    expect(new Set(bits).size).toBe(BRIDGE_IDS.length);
    for (const b of bits) expect(b & (b - 1)).toBe(0);
    expect(kindsMask(new Set(BRIDGE_IDS))).toBe(bits.reduce((a, b) => a | b, 0));
  });

  it('reaches by mask exactly the origins a walk over the bridge edges reaches', () => {
    const bridged = origins.filter((o) => ix.bridgesFrom(o).length > 0);
    expect(bridged.length).toBeGreaterThan(10);
    for (const kinds of KIND_SETS) {
      for (const o of bridged) {
        for (const n of [0, 1, 2, 3]) {
          const want = reachableByWalk(o, kinds, n);
          expect([...ix.reachable(o, kindsMask(kinds), n)].sort()).toEqual([...want].sort());
          // the Set-taking form answers the same, from the same cache
          expect(ix.reachableOrigins(o, kinds, n)).toBe(ix.reachable(o, kindsMask(kinds), n));
        }
      }
    }
  });

  it('counts a swap-free stretch around a swap as planTxs counts the whole list, again and again', () => {
    const mask = kindsMask(KIND_SETS[0]!);
    const venuePositions = world.venues.flatMap((v) => ix.venueIndex(v).positions.map((p) => ({ v, p })));
    let checked = 0;
    for (const o of origins.filter((k) => ix.bridgesFrom(k).length > 0)) {
      const from = ix.bridgesFrom(o)[0]!.leg.from;
      for (const { v, p } of venuePositions) {
        const at: SwapLeg = { kind: 'swap', venue: v, chainId: v.chainId, denomIn: '', denomOut: '', hops: [] };
        for (const [a, b, side] of [
          [from, p, 'pre'],
          [p, from, 'post'],
        ] as const) {
          for (const legs of swapFreePaths(ix, a, b, true, mask, 2)) {
            const whole: Leg[] = side === 'pre' ? [...legs, at] : [at, ...legs];
            const want = planTxs(world, whole).txCount;
            for (let again = 0; again < 2; again++) {
              expect(side === 'pre' ? txCountAround(world, legs, undefined, at) : txCountAround(world, legs, at)).toBe(want);
            }
            expect(txCountAround(world, legs)).toBe(planTxs(world, legs).txCount);
            checked += 1;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});
