/**
 * Every route the service quotes, it can execute: for a few hundred random quotable routes
 * (seeded), the planner quotes, msgs builds, a dev account executes every transaction in order
 * as a wallet would (cosmos_tx signed and submitted; evm_tx after its ERC-20 approvals; svm_tx
 * through executeSvm), each is tracked, and the relayer (on a manual clock, advanced in
 * simulated steps) carries it to STATE_COMPLETED_SUCCESS.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusResponse, type RouteRequest, type RouteResponse } from '../../../src/api/schemas';
import { msgsRequestFor } from '../../../src/api/msgs-request';
import type { ChainSimulator, ManualClock } from '../../../src/service/chains';
import { livePoolReserves } from '../../../src/service/contracts';
import type { LocalServices } from '../../../src/service/local-routes';
import { buildMsgsJson, type BuiltMsgs } from '../../../src/service/msgs';
import { planRoute } from '../../../src/service/planner';
import { baseUnitsForUsd, parseUsd } from '../../../src/service/pricing/usd';
import type { StatusJson } from '../../../src/service/status';
import { getWorld } from '../../../src/service/world';
import { BRIDGES } from '../../../src/service/bridges/registry';
import { plannerIndex } from '../../../src/service/planner';
import { runAsDev, simServices, type SimServices } from '../../support/sim-services';

const world = getWorld();
const RUNS = 250;
const SEED = 20_261_124;
/**
 * Simulated ms per relayer step: fine for the first 45 minutes (CCTP without smart relay is
 * ~20 min), then coarse up to the longest a crossing may take (an OPInit withdrawal waits out
 * a challenge period of days).
 */
const STEP_MS = 15_000;
const FINE_MS = 45 * 60_000;
const COARSE_STEP_MS = 60 * 60_000;
const MAX_MS = 10 * 24 * 60 * 60_000;

let clock: ManualClock;
let sim: ChainSimulator;
let local: LocalServices;
let services: SimServices;

beforeAll(() => {
  services = simServices(world, SEED);
  ({ clock, sim, local } = services);
});
afterAll(() => local.stop());

interface Held {
  chainId: string;
  denom: string;
  decimals: number;
  price: string;
}

/**
 * Every asset dev accounts hold at genesis, with a price to size amounts by. A bridge's asset
 * the price table lacks (INIT) is sized as if it were worth a dollar, so its bridge is drawn too.
 */
function heldAssets(): Held[] {
  const out: Held[] = [];
  for (const chain of world.chains) {
    const denoms = new Set([...chain.feeAssets.map((f) => f.denom), ...world.mainAssets(chain.chainId).map((a) => a.denom)]);
    for (const denom of denoms) {
      const asset = world.asset(chain.chainId, denom);
      const listed = asset ? world.priceOfAsset(asset) : undefined;
      const price = listed ?? (BRIDGE_CHAINS.has(chain.chainId) ? '1' : undefined);
      if (asset?.decimals === undefined || price === undefined || Number(price) <= 0) continue;
      out.push({ chainId: chain.chainId, denom: asset.denom, decimals: asset.decimals, price });
    }
  }
  return out;
}

/** Chains where the registered bridges start or end (and the venue hubs): a route drawn among them is rarely plain IBC. */
const BRIDGE_CHAINS = new Set(['osmosis-1', 'cosmoshub-4', 'neutron-1']);
for (const bridge of BRIDGES) {
  for (const leg of bridge.planner.edges(plannerIndex(world))) {
    BRIDGE_CHAINS.add(leg.from.chainId);
    BRIDGE_CHAINS.add(leg.to.chainId);
  }
}

/** A quote for about `usd` worth of what dev account `n` holds (at most half of it), or undefined. */
function plan(src: Held, dst: Held, usd: number, n: number, goFast: boolean): RouteResponse | undefined {
  if (src.chainId === dst.chainId && src.denom === dst.denom) return undefined;
  const wanted = baseUnitsForUsd(parseUsd(String(usd)), src.decimals, src.price);
  const half = sim.balance(src.chainId, sim.devAddress(src.chainId, n), src.denom) / 2n;
  const amount = wanted < half ? wanted : half;
  if (amount <= 0n) return undefined;
  try {
    return planRoute(world, {
      source_asset_chain_id: src.chainId,
      source_asset_denom: src.denom,
      dest_asset_chain_id: dst.chainId,
      dest_asset_denom: dst.denom,
      amount_in: amount.toString(),
      allow_multi_tx: true,
      smart_relay: true,
      go_fast: goFast,
    } as RouteRequest, { poolReserves: livePoolReserves(sim) });
  } catch {
    return undefined; // not quotable: not this test's concern
  }
}

function statusOf(chainId: string, hash: string): StatusJson {
  return local.tracking.statusOf(chainId, hash);
}

/** Runs tx `i` as dev account `n` would and registers it for status; returns its chain and hash. */
const execute = (built: BuiltMsgs, i: number, n: number) => runAsDev(services, world, built, i, n);

/** What every status answer on the way must hold: the extension's schema parses it, and its pointers stay inside it. */
function checkShape(s: StatusJson): void {
  const parsed = StatusResponse.safeParse(s);
  expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))).toBe(true);
  const final = s.state === 'STATE_COMPLETED_SUCCESS' || s.state === 'STATE_COMPLETED_ERROR';
  if (s.next_blocking_transfer) expect(s.next_blocking_transfer.transfer_sequence_index).toBeLessThan(s.transfer_sequence.length);
  for (const t of s.transfers) {
    if (t.next_blocking_transfer) expect(t.next_blocking_transfer.transfer_sequence_index).toBeLessThan(t.transfer_sequence.length);
    if (t.state !== 'STATE_COMPLETED_SUCCESS' && t.state !== 'STATE_COMPLETED_ERROR') expect(t.transfer_asset_release).toBeNull();
  }
  if (!final && s.transfers.length > 0) expect(s.transfer_asset_release).toBeNull();
}

function waitCompleted(chainId: string, hash: string): StatusJson {
  for (let t = 0; t <= MAX_MS; ) {
    const s = statusOf(chainId, hash);
    checkShape(s);
    if (s.state === 'STATE_COMPLETED_SUCCESS' || s.state === 'STATE_COMPLETED_ERROR' || s.state === 'STATE_ABANDONED') return s;
    const step = t < FINE_MS ? STEP_MS : COARSE_STEP_MS;
    clock.advance(step);
    t += step;
  }
  return statusOf(chainId, hash);
}

describe('every quoted route executes', () => {
  it(`${RUNS} random quotable routes: msgs builds, dev accounts execute every tx (approvals first), each reaches STATE_COMPLETED_SUCCESS`, async () => {
    const held = heldAssets();
    const bridged = held.filter((h) => BRIDGE_CHAINS.has(h.chainId));
    const asset = fc.oneof({ arbitrary: fc.constantFrom(...bridged), weight: 3 }, { arbitrary: fc.constantFrom(...held), weight: 1 });
    // the two ends of every bridge crossing dev accounts can start, so each bridge is drawn
    const ix = plannerIndex(world);
    const find = (chainId: string, denom: string) => held.find((h) => h.chainId === chainId && h.denom === denom);
    // a bridge first, then one of its crossings: every bridge is drawn alike, however many edges it has
    const crossingsOf = BRIDGES.map((b) =>
      [...b.planner.edges(ix)]
        .map((leg) => [find(leg.from.chainId, leg.from.denom), find(leg.to.chainId, leg.to.denom)] as const)
        .filter((pair): pair is readonly [Held, Held] => pair[0] !== undefined && pair[1] !== undefined),
    ).filter((list) => list.length > 0);
    const crossing = fc.constantFrom(...crossingsOf).chain((list) => fc.constantFrom(...list));
    const ends = fc.oneof({ arbitrary: fc.tuple(asset, asset), weight: 2 }, { arbitrary: crossing, weight: 1 });
    const kinds = new Map<string, number>();
    const txKinds = new Map<string, number>();
    let routes = 0;
    await fc.assert(
      fc.asyncProperty(ends, fc.integer({ min: 20, max: 400 }), fc.integer({ min: 1, max: 9 }), fc.boolean(), async ([src, dst], usd, n, goFast) => {
        const route = plan(src, dst, usd, n, goFast);
        fc.pre(route !== undefined);
        const addresses = route!.required_chain_addresses.map((c) => sim.devAddress(c, n));
        const built = buildMsgsJson(world, { ...msgsRequestFor(route!, addresses, '3') } as never, { now: () => clock.now() });
        for (const op of route!.operations) {
          const kind = Object.keys(op).find((k) => k !== 'tx_index' && k !== 'amount_in' && k !== 'amount_out')!;
          kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
        }
        routes += 1;
        for (let i = 0; i < built.txs.length; i++) {
          const txKind = Object.keys(built.txs[i]!).find((k) => k !== 'operations_indices')!;
          txKinds.set(txKind, (txKinds.get(txKind) ?? 0) + 1);
          const { chainId, hash } = await execute(built, i, n);
          const s = waitCompleted(chainId, hash);
          const label = `${src.chainId}/${src.denom} → ${dst.chainId}/${dst.denom} ($${usd}), tx ${i} of ${built.txs.length} on ${chainId}`;
          expect(s.state, `${label}: ${JSON.stringify(s.error)}`).toBe('STATE_COMPLETED_SUCCESS');
          expect(s.transfer_asset_release === null || s.transfer_asset_release.released, label).toBe(true);
        }
      }),
      { seed: SEED, numRuns: RUNS, maxSkipsPerRun: 20, endOnFailure: true },
    );
    expect(routes).toBe(RUNS);
    // the draw reaches every bridge and every kind of transaction the world has, not only IBC
    for (const kind of ['transfer', 'swap', ...BRIDGES.map((b) => b.msgs.operationKey)]) expect(kinds.get(kind) ?? 0, kind).toBeGreaterThan(0);
    for (const kind of ['cosmos_tx', 'evm_tx', 'svm_tx']) expect(txKinds.get(kind) ?? 0, kind).toBeGreaterThan(0);
    expect(sim.checkInvariants()).toEqual([]);
  }, 240_000);
});
