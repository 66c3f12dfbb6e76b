/**
 * In-process planRoute latency over seeded random (source asset, destination) pairs drawn
 * from the real registry World. Destinations are ones a caller would ask for: the same
 * origin's copy on another chain, the denom one IBC hop away, or a pooled / bridged asset
 * elsewhere (swap and bridge routes). Target: p99 ≤ 1 ms.
 *
 * Two samples, both timed the same way:
 * - "before-restructure universe": pairs drawn only from the chains and assets the World had
 *   at fabd815 (before the bridges moved into their folders and six were added), so the same
 *   questions can be asked of that commit's code: drop this file into a checkout of it and
 *   compare the printed sample hash (identical pairs) and p99;
 * - "full": pairs drawn from today's whole World, the new bridges' chains and assets included.
 *
 * World build is excluded. Other seeded pairs warm the JIT first, on a World of their own, so
 * that the sample timed first is not the one on colder code; each round then warms its
 * World's lazy planner indexes with a separate seeded run, and the measured pairs are new.
 * Deterministic: the same seed gives the same pairs and the same routes and errors; the
 * printed answers hash covers every route and error message, so a planner change that alters
 * any answer shows.
 */
import { createHash } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import type { RouteRequest } from '../../src/api/schemas';
import { planRoute } from '../../src/service/planner';
import { ServiceError } from '../../src/service/http/errors';
import { buildWorld, getWorld, type World, type WorldAsset } from '../../src/service/world';
import { mulberry32 } from '../../src/service/random';

const PAIRS = 2000;
const ROUNDS = 3;
const WARMUP = 300;
const JIT_WARMUP = 2000;
const SEED = 0xc0ffee;
const BUDGET_P99_MS = 1;

/**
 * What the six bridges added to the World after fabd815 (new EVM chains, Echelon, and the
 * tokens their data files list). Everything else, channels and pools included, is unchanged,
 * so leaving these out draws from exactly the World fabd815 built.
 */
export const ADDED_SINCE_FABD815 = {
  chains: ['10', '137', '169', '56', 'echelon-1'],
  assets: [
    '1 0xbf6Bc6782f7EB580312CC09B976e9329f3e027B3', // Eureka's ATOM
    '1 0xCd5fE23C85820F7B72D0926FC9b05b43E359b7ee', // weETH
    '42161 0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', // USDT
    '43114 0xA3D68b74bF0528fdD07263c60d6488749044914b', // weETH
    '43114 0x9702230A8Ea53601f5cD2dc00fDBc13d4dF4A8c7', // USDT
    '8453 0x04C0599Ae5A44757c0af6F9eC3b93da8976c150A', // weETH
    'cosmoshub-4 ibc/D742E8566B0B8CC8F569D950051C09CF57988A88F0E45574BFB3079D41DE6462', // WBTC over Eureka
  ],
} as const;

/** Which chains and assets a sample may draw from. */
export interface Universe {
  name: string;
  hasChain(chainId: string): boolean;
  hasAsset(chainId: string, denom: string): boolean;
}

export const FULL_UNIVERSE: Universe = { name: 'full World', hasChain: () => true, hasAsset: () => true };

export const BEFORE_RESTRUCTURE: Universe = (() => {
  const chains = new Set<string>(ADDED_SINCE_FABD815.chains);
  const assets = new Set<string>(ADDED_SINCE_FABD815.assets);
  return {
    name: 'before-restructure universe',
    hasChain: (chainId) => !chains.has(chainId),
    hasAsset: (chainId, denom) => !chains.has(chainId) && !assets.has(`${chainId} ${denom}`),
  };
})();

export interface Pair {
  source: WorldAsset;
  destChainId: string;
  destDenom: string;
  kind: 'same-origin' | 'one-hop' | 'swap-or-bridge';
  amount: string;
  multiTx: boolean;
}

/** The route request a caller would send for a pair (exact in, unsafe routes allowed). */
export function routeRequestOf(p: Pair): RouteRequest {
  return {
    source_asset_denom: p.source.denom,
    source_asset_chain_id: p.source.chainId,
    dest_asset_denom: p.destDenom,
    dest_asset_chain_id: p.destChainId,
    amount_in: p.amount,
    allow_multi_tx: p.multiTx,
    allow_unsafe: true,
  };
}

export function samplePairs(world: World, n: number, seed: number, universe: Universe = FULL_UNIVERSE): Pair[] {
  const r = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const inside = (a: { chainId: string; denom: string }): boolean => universe.hasAsset(a.chainId, a.denom);
  const assets = world.assets.filter(inside);
  // assets a swap or a bridge can deliver: pool sides, bridge-table tokens, their one-hop copies
  const swapTargets: { chainId: string; denom: string }[] = [];
  const target = (t: { chainId: string; denom: string }): void => {
    if (inside(t)) swapTargets.push(t);
  };
  for (const p of world.pools) for (const d of p.denoms) target({ chainId: p.chainId, denom: d });
  for (const c of world.chains) if (c.chainType !== 'cosmos') for (const a of world.assetsOn(c.chainId)) target(a);
  for (const t of [...swapTargets]) {
    const a = world.asset(t.chainId, t.denom);
    if (!a) continue;
    for (const chainId of ['cosmoshub-4', 'osmosis-1', 'neutron-1', 'noble-1', 'stride-1', 'juno-1']) {
      const d = world.canonicalDenomOn(a.originChainId, a.originDenom, chainId);
      if (d !== undefined && world.asset(chainId, d)) target({ chainId, denom: d });
    }
  }
  const out: Pair[] = [];
  const swapSources = swapTargets.map((t) => world.asset(t.chainId, t.denom)).filter((a): a is WorldAsset => a !== undefined);
  while (out.length < n) {
    const roll = r();
    // half the swap/bridge pairs start from an asset that can reach a pool or a bridge
    const source = roll >= 0.7 && r() < 0.5 ? pick(swapSources) : pick(assets);
    let dest: { chainId: string; denom: string } | undefined;
    let kind: Pair['kind'];
    if (roll < 0.35) {
      kind = 'same-origin';
      const others = world.assetsByOrigin(source.originChainId, source.originDenom).filter((a) => a !== source && inside(a));
      if (others.length) dest = pick(others);
    } else if (roll < 0.7) {
      kind = 'one-hop';
      const ends = world.neighbors(source.chainId).filter((e) => universe.hasChain(e.counterpartyChainId));
      if (ends.length) {
        const end = pick(ends);
        try {
          dest = { chainId: end.counterpartyChainId, denom: world.denomAfterHop(source.denom, source.chainId, end.channelId).denom };
        } catch {
          dest = undefined;
        }
      }
    } else {
      kind = 'swap-or-bridge';
      dest = pick(swapTargets);
    }
    if (!dest || (dest.chainId === source.chainId && dest.denom === source.denom)) continue;
    const units = BigInt(1 + Math.floor(r() * 500));
    const amount = (units * 10n ** BigInt(source.decimals ?? 6)).toString();
    out.push({ source, destChainId: dest.chainId, destDenom: dest.denom, kind, amount, multiTx: r() < 0.5 });
  }
  return out;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

interface RoundResult {
  times: number[];
  outcomes: Map<string, number>;
  routes: number;
  swaps: number;
  bridges: number;
  multiTx: number;
}

/** The answer to a pair as the caller sees it: the route, or the error's status and message. */
function answerOf(world: World, p: Pair): string {
  try {
    return JSON.stringify(planRoute(world, routeRequestOf(p)));
  } catch (e) {
    if (!(e instanceof ServiceError)) throw e;
    return `${e.httpStatus} ${JSON.stringify(e.toBody())}`;
  }
}

/** A short digest: equal digests, same pairs (or same answers). */
function digest(lines: Iterable<string>): string {
  const h = createHash('sha256');
  for (const l of lines) h.update(`${l}\n`);
  return h.digest('hex').slice(0, 12);
}

function runPairs(world: World, pairs: readonly Pair[]): RoundResult {
  const r: RoundResult = { times: [], outcomes: new Map(), routes: 0, swaps: 0, bridges: 0, multiTx: 0 };
  for (const p of pairs) {
    const t0 = performance.now();
    let label: string;
    try {
      const route = planRoute(world, routeRequestOf(p));
      r.routes += 1;
      if (route.does_swap) r.swaps += 1;
      // every bridge's operation key ends in _transfer (IBC's own is plain `transfer`)
      if (route.operations.some((o) => Object.keys(o).some((k) => k.endsWith('_transfer')))) r.bridges += 1;
      if ((route.txs_required ?? 1) > 1) r.multiTx += 1;
      label = 'route';
    } catch (e) {
      if (!(e instanceof ServiceError)) throw e;
      // group errors by the start of their message
      label = `error: ${e.message.replace(/ from .*$/, '').replace(/ on .*$/, '').slice(0, 40)}`;
    }
    r.times.push(performance.now() - t0);
    r.outcomes.set(label, (r.outcomes.get(label) ?? 0) + 1);
  }
  return r;
}

const fmt = (ts: readonly number[]): string => {
  const sorted = [...ts].sort((a, b) => a - b);
  const mean = ts.reduce((a, b) => a + b, 0) / ts.length;
  return `p50 ${percentile(sorted, 50).toFixed(3)} ms · p90 ${percentile(sorted, 90).toFixed(3)} ms · p99 ${percentile(sorted, 99).toFixed(3)} ms · max ${sorted.at(-1)!.toFixed(3)} ms · mean ${mean.toFixed(3)} ms`;
};

/** The timed rounds of one sample, and what they found. */
interface SampleRun {
  universe: Universe;
  pairs: Pair[];
  rounds: RoundResult[];
}

/**
 * One round of a sample: its pairs planned on a freshly built World, never the shared one
 * (cold planner indexes and hash caches, after the warm-up pairs).
 */
function timeRound(run: SampleRun): void {
  const world = buildWorld({ log: () => {} });
  runPairs(world, samplePairs(world, WARMUP, SEED ^ 0x5eed, run.universe));
  run.pairs = samplePairs(world, PAIRS, SEED, run.universe);
  run.rounds.push(runPairs(world, run.pairs));
}

/**
 * A pair's robust time is its fastest first call over the rounds: the machine's scheduling
 * noise (other processes, a GC pause) is dropped, the cost of a first, uncached call is kept.
 * The answers are hashed afterwards, on a World of their own, so that hashing never sits
 * between timed calls.
 */
function report({ universe, pairs, rounds }: SampleRun): { p99: number; lines: string[] } {
  const first = rounds[0]!;
  const robust = first.times.map((_, i) => Math.min(...rounds.map((r) => r.times[i]!)));
  const p99 = percentile([...robust].sort((a, b) => a - b), 99);
  const kinds = new Map<string, number>();
  for (const p of pairs) kinds.set(p.kind, (kinds.get(p.kind) ?? 0) + 1);
  const world = buildWorld({ log: () => {} });
  const pairsHash = digest(pairs.map((p) => JSON.stringify(routeRequestOf(p))));
  const answersHash = digest(pairs.map((p) => answerOf(world, p)));
  const lines = [
    `### ${universe.name}: ${PAIRS} seeded pairs (seed ${SEED.toString(16)}; ${[...kinds].map(([k, v]) => `${v} ${k}`).join(', ')}), sample ${pairsHash}, answers ${answersHash}`,
    `robust p99 ${p99.toFixed(3)} ms (fastest first call over the rounds): ${fmt(robust)}`,
    `raw (round 1 alone):                        ${fmt(first.times)}`,
    `routes ${first.routes} (${first.swaps} swap, ${first.bridges} bridge, ${first.multiTx} multi-tx) · errors ${PAIRS - first.routes}`,
    ...[...first.outcomes]
      .filter(([k]) => k !== 'route')
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `  ${v} × ${k}`),
  ];
  return { p99, lines };
}

export async function benchPlanner(): Promise<{ name: string; lines: string[] }> {
  const [l1a] = loadavg();
  // compile the planner's hot paths before either sample is timed, so neither runs on colder code
  const jit = getWorld();
  runPairs(jit, samplePairs(jit, JIT_WARMUP, SEED ^ 0x1717));
  const runs: SampleRun[] = [BEFORE_RESTRUCTURE, FULL_UNIVERSE].map((universe) => ({ universe, pairs: [], rounds: [] }));
  // the samples' rounds alternate, and which goes first too, so that neither is timed on warmer code or a quieter machine
  for (let round = 0; round < ROUNDS; round++) for (const run of round % 2 === 0 ? runs : [...runs].reverse()) timeRound(run);
  const samples = runs.map(report);
  const worst = Math.max(...samples.map((s) => s.p99));
  const [l1, l5] = loadavg();
  const lines = [
    `${JIT_WARMUP} JIT warm-up pairs, then ${ROUNDS} rounds per sample, alternating (and which goes first), each on a fresh World after ${WARMUP} warm-up pairs; load average ${l1a!.toFixed(2)} before, ${l1!.toFixed(2)} / ${l5!.toFixed(2)} after, on ${cpus().length} CPUs`,
    `p99 budget ${BUDGET_P99_MS} ms: ${worst <= BUDGET_P99_MS ? 'OK' : 'OVER BUDGET'}`,
    ...samples.flatMap((s) => s.lines),
  ];
  return { name: 'planner: planRoute over random pairs', lines };
}

// `npx tsx test/bench/planner.bench.ts` runs it alone
if (import.meta.url === `file://${process.argv[1]}`) {
  void benchPlanner().then(({ name, lines }) => {
    console.log(`## ${name}`);
    for (const l of lines) console.log(`  ${l}`);
  });
}
