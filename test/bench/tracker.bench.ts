/**
 * The tracker's cost against a naive poll-every-second loop, over the same real transfers:
 * - API requests per completed transfer (status and track calls; the submit both would make
 *   is not counted). Goal: the tracker makes at most a fifth of the naive loop's requests.
 * - the delay from the service reaching a terminal state to the toolbar badge showing it.
 *   Goal: within one of the tracker's poll intervals.
 *
 * Real time, no shortcuts: the local service runs in this process at --speed 1, so a one-hop IBC
 * transfer takes about 30 s as on mainnet; the extension is the real build, loaded unpacked in
 * headless Chromium (alarm floor 0, as for any unpacked load), and each transfer is submitted
 * through the background with its route, as the popup does. The same service answers on two
 * ports: one for the extension and one for the naive loop, so each side's requests are counted
 * exactly from its own server's log. A watcher inside the service notes the moment each
 * transfer's status turns terminal (every 50 ms, no HTTP); an extension page samples the badge
 * every 20 ms.
 *
 * Then each bridge's time scale (tracker-scales.ts), in simulated time: seconds (Go Fast),
 * minutes (CCTP, Hyperlane, Stargate, LayerZero, …) and days (an OPInit withdrawal), with the
 * same two goals per bridge.
 */
import type { Page } from '@playwright/test';
import type http from 'node:http';
import path from 'node:path';
import { createServiceApp } from '../../src/service/app';
import { closeServer, createServiceServer, listenLocal } from '../../src/service/http/server';
import { repoRoot } from '../e2e/support/paths';
import { localServiceAt } from '../e2e/support/local-service';
import { signedTransfers, type TransferSpec } from '../e2e/support/transfers';
import { buildExtension, launchExtension, type LaunchedExtension } from './extension';
import { median } from './stats';
import { timeScaleLines } from './tracker-scales';

const ATOM_ON_OSMO = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const ATOM_ON_NTRN = 'ibc/C4CFF46FD6DE35CA4CF4CE031E643C8FDC9BA4B99AE598E9B0ED98FE3A2319F9';
const TERMINAL = new Set(['STATE_COMPLETED_SUCCESS', 'STATE_COMPLETED_ERROR', 'STATE_ABANDONED']);

const ROUTES: { label: string; count: number; spec: Omit<TransferSpec, 'account'> }[] = [
  {
    label: 'one hop (cosmoshub-4 → osmosis-1)',
    count: 8,
    spec: { source: { chain: 'cosmoshub-4', denom: 'uatom' }, dest: { chain: 'osmosis-1', denom: ATOM_ON_OSMO }, amount: '1000000' },
  },
  {
    label: 'two hops, PFM (osmosis-1 → cosmoshub-4 → neutron-1)',
    count: 4,
    spec: { source: { chain: 'osmosis-1', denom: ATOM_ON_OSMO }, dest: { chain: 'neutron-1', denom: ATOM_ON_NTRN }, amount: '500000' },
  },
];
/** Submissions are spread out, as a person's would be. */
const STAGGER_MS = 1_500;
const NAIVE_INTERVAL_MS = 1_000;
const WATCH_MS = 50;
const TIMEOUT_MS = 5 * 60_000;
const REQUEST_RATIO_GOAL = 0.2;

type Transfer = {
  route: string;
  chainId: string;
  signed: string;
  routeBody: unknown;
  estimateSeconds: number;
  hash?: string;
  id?: string;
  submittedAt?: number;
  terminalAt?: number;
  naive: { requests: number; sawAt?: number };
};

/** One server's status/track calls per tx hash, with their times. */
class RequestLog {
  readonly status = new Map<string, number[]>();
  track = 0;
  other = 0;

  line = (line: string): void => {
    const [method, target] = line.split(' ');
    const url = new URL(target ?? '/', 'http://x');
    if (method === 'GET' && url.pathname === '/v2/tx/status') {
      const hash = (url.searchParams.get('tx_hash') ?? '').toUpperCase();
      const times = this.status.get(hash) ?? [];
      times.push(Date.now());
      this.status.set(hash, times);
    } else if (url.pathname === '/v2/tx/track') this.track++;
    else if (url.pathname !== '/v2/tx/submit') this.other++;
  };
}

export async function benchTracker(): Promise<{ name: string; lines: string[] }> {
  const app = createServiceApp({ speed: 1 });
  const trackerLog = new RequestLog();
  const naiveLog = new RequestLog();
  const servers: http.Server[] = [];
  const serve = async (log: RequestLog) => {
    const server = createServiceServer({ routes: app.routes, rateLimit: null, log: log.line });
    servers.push(server);
    return `http://127.0.0.1:${await listenLocal(server, 0)}`;
  };
  let extension: LaunchedExtension | undefined;
  const timers: NodeJS.Timeout[] = [];
  try {
    const extensionBase = await serve(trackerLog);
    const naiveBase = await serve(naiveLog);
    const build = buildExtension({ outDir: path.join(repoRoot, '.output/bench-tracker'), env: { COURIER_API_URL: extensionBase } });
    extension = await launchExtension(build.dir);

    const service = localServiceAt(naiveBase);
    const perRoute: Transfer[][] = [];
    for (const route of ROUTES) {
      const made: Transfer[] = [];
      for (let i = 0; i < route.count; i++) {
        const signed = await signedTransfers(service, { ...route.spec, account: 'fresh' });
        made.push({
          route: route.label,
          chainId: signed.chainId,
          signed: signed.signed[0]!,
          routeBody: signed.route,
          estimateSeconds: signed.route.estimated_route_duration_seconds,
          naive: { requests: 0 },
        });
      }
      perRoute.push(made);
    }
    // Interleaved, so short and long transfers overlap.
    const transfers: Transfer[] = [];
    for (let i = 0; perRoute.some((list) => i < list.length); i++) for (const list of perRoute) if (list[i]) transfers.push(list[i]!);

    const page = await extension.context.newPage();
    await page.goto(extension.url('approve.html'));
    await startBadgeSampler(page);

    timers.push(setInterval(() => watchTerminal(app, transfers), WATCH_MS));
    for (const [index, transfer] of transfers.entries()) {
      if (index > 0) await sleep(STAGGER_MS);
      const tracked = await call<{ id: string; txHash: string }>(page, 'courier:tx:submit', {
        tx: transfer.signed,
        chain_id: transfer.chainId,
        route: transfer.routeBody,
      });
      transfer.submittedAt = Date.now();
      transfer.id = tracked.id;
      transfer.hash = tracked.txHash.toUpperCase();
      naivePoll(naiveBase, transfer, timers);
    }

    const items = await waitForAll(page, transfers);
    const badge = await badgeDecrements(page);
    const lines = report(transfers, items, badge, trackerLog, build.seconds);
    return {
      name: 'tracker: API requests and terminal → badge delay, against a naive poll-every-second loop (service at speed 1; then every bridge in simulated time)',
      lines: [...lines, ...(await timeScaleLines())],
    };
  } finally {
    for (const timer of timers) clearInterval(timer);
    await extension?.close();
    for (const server of servers) await closeServer(server).catch(() => undefined);
    app.stop();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call<T>(page: Page, method: string, params: unknown = {}): Promise<T> {
  const answer = await page.evaluate(
    ([m, p]) => (globalThis as any).chrome.runtime.sendMessage({ courier: 1, method: m, params: p }),
    [method, params] as const,
  );
  if (!answer?.ok) throw new Error(`${method}: ${JSON.stringify(answer?.error)}`);
  return answer.result as T;
}

/** The service's own view, without HTTP: when did each transfer's status turn terminal? */
function watchTerminal(app: ReturnType<typeof createServiceApp>, transfers: Transfer[]): void {
  for (const t of transfers) {
    if (!t.hash || t.terminalAt !== undefined) continue;
    const state = app.local.tracking.statusOf(t.chainId, t.hash).state;
    if (state && TERMINAL.has(state)) t.terminalAt = Date.now();
  }
}

/** The naive client: a status request every second from submission until a terminal state. */
function naivePoll(base: string, transfer: Transfer, timers: NodeJS.Timeout[]): void {
  const query = `tx_hash=${encodeURIComponent(transfer.hash!)}&chain_id=${encodeURIComponent(transfer.chainId)}`;
  let busy = false;
  const timer = setInterval(async () => {
    if (busy || transfer.naive.sawAt !== undefined) return;
    busy = true;
    try {
      transfer.naive.requests++;
      const res = await fetch(`${base}/v2/tx/status?${query}`);
      const body = (await res.json()) as { state?: string };
      if (res.ok && body.state && TERMINAL.has(body.state)) {
        transfer.naive.sawAt = Date.now();
        clearInterval(timer);
      }
    } catch {
      // counted all the same; the next tick asks again
    } finally {
      busy = false;
    }
  }, NAIVE_INTERVAL_MS);
  timers.push(timer);
}

/** Samples the badge from an extension page (it outlives the worker's restarts). */
async function startBadgeSampler(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = globalThis as any;
    w.__badge = [] as { at: number; text: string; title: string }[];
    let last = '';
    setInterval(async () => {
      const [text, title] = await Promise.all([w.chrome.action.getBadgeText({}), w.chrome.action.getTitle({})]);
      if (`${text}|${title}` === last) return;
      last = `${text}|${title}`;
      w.__badge.push({ at: Date.now(), text, title });
    }, 20);
  });
}

/** Moments the badge's pending count went down, one entry per finished transfer. */
async function badgeDecrements(page: Page): Promise<number[]> {
  const samples = (await page.evaluate(() => (globalThis as any).__badge)) as { at: number; text: string; title: string }[];
  const pending = (s: { text: string; title: string }) => Number(/(\d+) pending/.exec(s.title)?.[1] ?? (/^\d+$/.test(s.text) ? s.text : 0));
  const drops: number[] = [];
  for (let i = 1; i < samples.length; i++) {
    const fell = pending(samples[i - 1]!) - pending(samples[i]!);
    for (let k = 0; k < fell; k++) drops.push(samples[i]!.at);
  }
  return drops;
}

type Item = { id: string; phase: string; state: string | null; attempts: number; finishedAt: number | null };

async function waitForAll(page: Page, transfers: Transfer[]): Promise<Map<string, Item>> {
  const deadline = Date.now() + TIMEOUT_MS;
  while (Date.now() < deadline) {
    const { items } = await call<{ items: Item[] }>(page, 'courier:tx:list');
    const byId = new Map(items.map((i) => [i.id, i]));
    const done = transfers.every((t) => byId.get(t.id!)?.phase === 'done' && t.naive.sawAt !== undefined && t.terminalAt !== undefined);
    if (done) {
      await sleep(500); // the badge sampler's last reading
      return byId;
    }
    await sleep(250);
  }
  throw new Error(`transfers still unfinished after ${TIMEOUT_MS / 1000} s`);
}

function report(transfers: Transfer[], items: Map<string, Item>, badgeDrops: number[], log: RequestLog, buildSeconds: number): string[] {
  const failed = transfers.filter((t) => items.get(t.id!)?.state !== 'STATE_COMPLETED_SUCCESS');
  if (failed.length) throw new Error(`${failed.length} transfer(s) did not succeed: ${failed.map((t) => items.get(t.id!)?.state).join(', ')}`);
  if (badgeDrops.length !== transfers.length) throw new Error(`the badge fell ${badgeDrops.length} times for ${transfers.length} transfers`);

  const rows = transfers.map((t) => {
    const polls = log.status.get(t.hash!) ?? [];
    const item = items.get(t.id!)!;
    // The poll that saw the terminal state is the last one; the interval is the gap before it.
    const interval = polls.length >= 2 ? polls.at(-1)! - polls.at(-2)! : polls[0]! - t.submittedAt!;
    return {
      t,
      trackerRequests: polls.length,
      naiveRequests: t.naive.requests,
      trackerSeen: item.finishedAt! - t.terminalAt!,
      naiveSeen: t.naive.sawAt! - t.terminalAt!,
      interval,
      duration: t.terminalAt! - t.submittedAt!,
      badgeDelay: Number.NaN,
    };
  });
  // The badge counts, it does not name: it falls in the order the tracker saw the transfers end,
  // so the k-th fall belongs to the k-th transfer by `finishedAt`.
  const drops = [...badgeDrops].sort((a, b) => a - b);
  const bySeen = [...rows].sort((a, b) => items.get(a.t.id!)!.finishedAt! - items.get(b.t.id!)!.finishedAt!);
  bySeen.forEach((r, k) => (r.badgeDelay = drops[k]! - r.t.terminalAt!));
  const badgeDelays = rows.map((r) => r.badgeDelay);
  const withinInterval = rows.every((r) => r.badgeDelay <= r.interval);
  if (process.env.COURIER_BENCH_VERBOSE) {
    for (const r of rows) console.log(`${r.t.route.slice(0, 8)} took ${r.duration} ms, polls ${(log.status.get(r.t.hash!) ?? []).map((p) => p - r.t.submittedAt!).join(' ')}, interval ${r.interval}, seen +${r.trackerSeen}, badge +${r.badgeDelay}`);
  }

  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const tracker = sum(rows.map((r) => r.trackerRequests)) + log.track;
  const naive = sum(rows.map((r) => r.naiveRequests));
  const ratio = tracker / naive;
  const n = transfers.length;
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const lines = [
    `${n} real transfers, all STATE_COMPLETED_SUCCESS, submitted ${STAGGER_MS / 1000} s apart; ${log.track} track and ${log.other} other calls from the extension`,
    `requests per completed transfer: tracker ${(tracker / n).toFixed(1)}, naive loop ${(naive / n).toFixed(1)} → ${ratio.toFixed(2)}× (goal ≤ ${REQUEST_RATIO_GOAL}×) ${ratio <= REQUEST_RATIO_GOAL ? 'OK' : 'OVER'}`,
    `terminal → badge: median ${s(median(badgeDelays))}, max ${s(Math.max(...badgeDelays))}; the tracker's poll interval then: median ${s(median(rows.map((r) => r.interval)))} (goal: within one interval) ${withinInterval ? 'OK' : 'OVER'}`,
    `terminal → seen by the tracker: median ${s(median(rows.map((r) => r.trackerSeen)))}; by the naive loop: median ${s(median(rows.map((r) => r.naiveSeen)))}, max ${s(Math.max(...rows.map((r) => r.naiveSeen)))}`,
  ];
  for (const route of ROUTES) {
    const mine = rows.filter((r) => r.t.route === route.label);
    lines.push(
      `${route.label}, estimate ${mine[0]!.t.estimateSeconds} s, took ${s(median(mine.map((r) => r.duration)))} (median): ` +
        `tracker ${(sum(mine.map((r) => r.trackerRequests)) / mine.length).toFixed(1)} requests, naive ${(sum(mine.map((r) => r.naiveRequests)) / mine.length).toFixed(1)}`,
    );
  }
  lines.push(`(setup: extension build ${buildSeconds.toFixed(1)} s, not measured)`);
  return lines;
}
