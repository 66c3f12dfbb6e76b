/**
 * The tracker's cadence on each bridge's time scale, in simulated time: seconds (Go Fast, IBC),
 * minutes (CCTP, Hyperlane, Stargate, LayerZero, Axelar, Eureka), days (an OPInit withdrawal's
 * 7-day challenge period). A real one in real time would take a week, so the local service runs
 * in this process on a manual clock: for each bridge, its slowest crossing (by the route's
 * estimate) is built by /msgs and executed by dev accounts, all at the same simulated moment,
 * and then two clients poll its
 * status side by side as time moves on event by event: the tracker at the times its schedule
 * gives (tracker/schedule.ts: the functions its alarm uses, fed the route's estimate, no alarm
 * floor as in an unpacked build) and a poll-every-second loop. Reported per bridge: both
 * clients' status requests until they saw the terminal state, their ratio (goal ≤ 0.2) and the
 * tracker's delay after the loop saw it (the terminal moment to within a second) against the
 * tracker's interval then (goal: within one interval).
 */
import { msgsRequestFor } from '../../src/api/msgs-request';
import { firstPollAt, nextPollAfterAnswer, DEFAULT_POLICY } from '../../src/background/tracker/schedule';
import { BRIDGES } from '../../src/service/bridges/registry';
import { buildMsgsJson } from '../../src/service/msgs';
import { getWorld } from '../../src/service/world';
import { quotableCrossings } from '../support/bridge-routes';
import { runAsDev, simServices } from '../support/sim-services';

const TRANSFERS_PER_BRIDGE = 3;
const NAIVE_MS = 1_000;
const REQUEST_RATIO_GOAL = 0.2;
const LIMIT_MS = 12 * 24 * 3_600_000;
const TERMINAL = new Set(['STATE_COMPLETED_SUCCESS', 'STATE_COMPLETED_ERROR', 'STATE_ABANDONED']);

type Poller = { next: number; requests: number; last: number; sawAt?: number; interval?: number };
type Transfer = { bridge: string; label: string; estimate: number; chainId: string; hash: string; state?: string; createdAt: number; tracker: Poller; naive: Poller };

export async function timeScaleLines(): Promise<string[]> {
  const world = getWorld();
  const services = simServices(world, 5);
  const { clock, sim, local } = services;
  try {
    const held = (chainId: string, denom: string, amount: bigint) =>
      Array.from({ length: TRANSFERS_PER_BRIDGE }, (_, n) => sim.balance(chainId, sim.devAddress(chainId, n), denom)).every((b) => b >= amount);
    const transfers: Transfer[] = [];
    for (const bridge of BRIDGES) {
      // its slowest crossing: for OPInit, a withdrawal
      const crossing = quotableCrossings(world, bridge, held).sort((a, b) => (b.route.estimated_route_duration_seconds ?? 0) - (a.route.estimated_route_duration_seconds ?? 0))[0];
      if (!crossing) throw new Error(`no quotable crossing through ${bridge.id}`);
      const { route } = crossing;
      for (let n = 0; n < TRANSFERS_PER_BRIDGE; n++) {
        const addresses = route.required_chain_addresses.map((c) => sim.devAddress(c, n));
        const built = buildMsgsJson(world, { ...msgsRequestFor(route, addresses, '3') } as never, { now: () => clock.now() });
        const { chainId, hash } = await runAsDev(services, world, built, 0, n);
        const createdAt = clock.now();
        transfers.push({
          bridge: bridge.id,
          label: `${route.source_asset_chain_id} → ${route.dest_asset_chain_id}`,
          estimate: route.estimated_route_duration_seconds ?? 0,
          chainId,
          hash,
          createdAt,
          tracker: { next: firstPollAt(createdAt, DEFAULT_POLICY), requests: 0, last: createdAt },
          naive: { next: createdAt + NAIVE_MS, requests: 0, last: createdAt },
        });
      }
    }

    // both clients, event by event in simulated time, from the moment every transfer was sent
    const started = clock.now();
    for (;;) {
      const due = transfers.flatMap((t) => [t.tracker, t.naive].filter((p) => p.sawAt === undefined).map((p) => p.next));
      if (due.length === 0) break;
      const at = Math.min(...due);
      if (at - started > LIMIT_MS) throw new Error(`transfers unfinished after ${LIMIT_MS / 86_400_000} simulated days`);
      clock.advance(Math.max(0, at - clock.now()));
      for (const t of transfers) {
        for (const [poller, next] of [
          [t.tracker, () => nextPollAfterAnswer({ createdAt: t.createdAt, route: { estimatedDurationSeconds: t.estimate } } as never, at, DEFAULT_POLICY)],
          [t.naive, () => at + NAIVE_MS],
        ] as const) {
          if (poller.sawAt !== undefined || poller.next !== at) continue;
          poller.requests++;
          const state = local.tracking.statusOf(t.chainId, t.hash).state;
          if (state && TERMINAL.has(state)) {
            poller.sawAt = at;
            poller.interval = at - poller.last;
            t.state = state;
          } else {
            poller.last = at;
            poller.next = next();
          }
        }
      }
    }
    return report(transfers);
  } finally {
    local.stop();
  }
}

function scaleOf(seconds: number): string {
  return seconds < 120 ? 'seconds' : seconds < 6 * 3600 ? 'minutes' : 'days';
}

function duration(ms: number): string {
  if (ms < 120_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  if (ms < 2 * 3_600_000) return `${(ms / 60_000).toFixed(1)} min`;
  if (ms < 2 * 86_400_000) return `${(ms / 3_600_000).toFixed(1)} h`;
  return `${(ms / 86_400_000).toFixed(2)} d`;
}

function report(transfers: Transfer[]): string[] {
  const failed = transfers.filter((t) => t.state !== 'STATE_COMPLETED_SUCCESS');
  if (failed.length) throw new Error(`not completed: ${failed.map((t) => `${t.bridge} ${t.state}`).join(', ')}`);
  const lines: string[] = [];
  let allOk = true;
  const bridges = [...new Set(transfers.map((t) => t.bridge))].sort((a, b) => transfers.find((t) => t.bridge === a)!.estimate - transfers.find((t) => t.bridge === b)!.estimate);
  for (const bridge of bridges) {
    const mine = transfers.filter((t) => t.bridge === bridge);
    const sum = (f: (t: Transfer) => number) => mine.reduce((s, t) => s + f(t), 0);
    const ratio = sum((t) => t.tracker.requests) / sum((t) => t.naive.requests);
    // the tracker saw it within one of its intervals of the loop (which saw it within a second of the end)
    const delays = mine.map((t) => t.tracker.sawAt! - t.naive.sawAt!);
    const within = mine.every((t) => t.tracker.sawAt! - t.naive.sawAt! <= t.tracker.interval!);
    const ok = ratio <= REQUEST_RATIO_GOAL && within;
    allOk &&= ok;
    const first = mine[0]!;
    lines.push(
      `${scaleOf(first.estimate).padEnd(7)} ${bridge.padEnd(10)} ${first.label}, estimate ${duration(first.estimate * 1000)}, took ${duration(first.naive.sawAt! - first.createdAt)}: ` +
        `requests tracker ${(sum((t) => t.tracker.requests) / mine.length).toFixed(1)} vs poll-every-second ${(sum((t) => t.naive.requests) / mine.length).toFixed(0)} → ${ratio < 0.001 ? ratio.toPrecision(2) : ratio.toFixed(3)}× (goal ≤ ${REQUEST_RATIO_GOAL}); ` +
        `seen at most ${duration(Math.max(...delays))} after the loop, the tracker's interval then ${duration(Math.min(...mine.map((t) => t.tracker.interval!)))} or more (goal: within one interval) ${ok ? 'OK' : 'OVER'}`,
    );
  }
  return [
    `each bridge's time scale, simulated time (${transfers.length} real transfers, ${TRANSFERS_PER_BRIDGE} per bridge through its slowest crossing, all STATE_COMPLETED_SUCCESS) ${allOk ? 'OK' : 'OVER'}:`,
    ...lines.map((l) => `  ${l}`),
  ];
}
