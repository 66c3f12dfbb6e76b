/**
 * The bridge's round-trip overhead: `status` through window.courier (page → inpage → relay →
 * runtime message → background handler → back) against the same call made directly by the
 * background (its bridge handler invoked inside the worker, no transport). Both answer from the
 * tracker's record of a real transaction submitted to the local service.
 *
 * Then, between sites: another site's `tracked` and `status` latency while one site floods
 * `track` (random hashes, 8 at a time, as fast as its rate limit allows) against the same calls
 * with no flood, in alternating rounds, over a list the user has filled to 400 items.
 *
 * And the key's budget: another site's `route` latency while one site floods `routes` (each call
 * up to twelve API requests, charged to that site), against the same calls with no flood.
 *
 * Heavy on purpose: it builds the extension (pointed at a local service on a free port), starts
 * that service, and drives real headless Chromium, like the end-to-end tests.
 */
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { signedTransfer } from '../e2e/bridge-tx';
import { startPageServer } from '../e2e/support/page-server';
import { repoRoot } from '../e2e/support/paths';
import { USDC_ETHEREUM_TO_NOBLE } from '../support/usdc-routes';
import { buildExtension, launchExtension, type LaunchedExtension } from './extension';

const ROUNDS = 6;
const PER_ROUND = 30; // under the bridge's per-origin bucket (40, refilled 20/s)
/** Calls timed together: performance.now() is coarse (100 µs) in a worker without cross-origin isolation. */
const BATCH = 10;
const REFILL_MS = 1_800;

export async function benchBridge(): Promise<{ name: string; lines: string[] }> {
  const port = await freePort();
  const serviceUrl = `http://127.0.0.1:${port}`;
  const build = buildExtension({
    outDir: path.join(repoRoot, '.output/bench'),
    env: { COURIER_API_URL: serviceUrl, WXT_COURIER_ALARM_FLOOR_MS: '0' },
  });

  const service = await startService(port);
  const pages = await startPageServer();
  let extension: LaunchedExtension | undefined;
  try {
    extension = await launchExtension(build.dir);
    const { context, worker } = extension;
    const page = await context.newPage();
    await page.goto(`${pages.origin}/`);
    await page.waitForFunction(() => 'courier' in window);
    await approveConnect(context, page);

    const signed = await signedTransfer(serviceUrl, 5);
    const submitted = (await page.evaluate((params) => (window as any).courier.request({ method: 'submit', params }), signed)) as { tx_hash: string };
    const params = { tx_hash: submitted.tx_hash, chain_id: signed.chain_id };

    await throughBridge(page, params, 10); // warm-up: JIT, caches, the tracker's record
    await directly(worker, pages.origin, params, 10);
    await page.waitForTimeout(REFILL_MS);
    const bridge: number[] = [];
    const direct: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      bridge.push(...(await throughBridge(page, params, PER_ROUND)));
      await page.waitForTimeout(REFILL_MS);
      direct.push(...(await directly(worker, pages.origin, params, PER_ROUND)));
      await page.waitForTimeout(REFILL_MS);
    }
    const flood = await sitesUnderFlood(extension, pages, page);
    const routesFlood = await routeUnderRoutesFlood(extension, pages, page);
    const b = stats(bridge);
    const d = stats(direct);
    const fmt = (s: ReturnType<typeof stats>) =>
      `median ${s.median.toFixed(3)} ms/call (p10 ${s.p10.toFixed(3)}, p90 ${s.p90.toFixed(3)}; ${s.n} batches of ${BATCH})`;
    return {
      name: `bridge round trip: status through window.courier vs the background's own handler (headless Chromium, ${ROUNDS}×${PER_ROUND} calls each, alternating)`,
      lines: [
        `through window.courier      ${fmt(b)}`,
        `directly in the background  ${fmt(d)}`,
        `ratio bridge / direct       ${(b.median / d.median).toFixed(1)}× (medians of per-call batch means)`,
        `bridge overhead             ${(b.median - d.median).toFixed(3)} ms per call (median difference)`,
        ...flood,
        ...routesFlood,
        `(setup: extension build ${build.seconds.toFixed(1)} s, not measured)`,
      ],
    };
  } finally {
    await extension?.close();
    await pages.close();
    service.kill('SIGTERM');
  }
}

const FLOOD_ROUNDS = 5;
const PER_PHASE = 10; // each of tracked and status per phase: under the other site's own bucket
// Under the 500 cap with everyone's items, so no finished item of the measured site is evicted.
const PREFILL = 400;

/**
 * Site B's answers while site A floods `track`, against B's answers with A quiet. The user's
 * list is filled first (400 items, what the old whole-list rewrite paid for on every call).
 */
async function sitesUnderFlood(extension: LaunchedExtension, pages: Awaited<ReturnType<typeof startPageServer>>, flooder: Page): Promise<string[]> {
  const { context } = extension;
  const popup = await context.newPage();
  await popup.goto(extension.url('popup.html'));
  await allowNamedFunctions(popup);
  await allowNamedFunctions(flooder);
  const filled = await popup.evaluate(async (count) => {
    const hex = () => Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('').toUpperCase();
    let done = 0;
    const worker = async () => {
      while (done < count) {
        done++;
        await (globalThis as any).chrome.runtime.sendMessage({ courier: 1, method: 'courier:tx:track', params: { tx_hash: hex(), chain_id: 'cosmoshub-4' } });
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    return done;
  }, PREFILL);
  await popup.close();

  const other = await context.newPage();
  await other.goto(`http://localhost:${pages.port}/`);
  await other.waitForFunction(() => 'courier' in window);
  await allowNamedFunctions(other);
  await approveConnect(context, other);
  const own = (await other.evaluate(() => {
    const hash = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('').toUpperCase();
    return (window as any).courier.request({ method: 'track', params: { tx_hash: hash, chain_id: 'cosmoshub-4' } });
  })) as { tx_hash: string };
  const params = { tx_hash: own.tx_hash, chain_id: 'cosmoshub-4' };
  await other.waitForTimeout(REFILL_MS);

  const idle = { tracked: [] as number[], status: [] as number[] };
  const busy = { tracked: [] as number[], status: [] as number[] };
  const tally = { accepted: 0, refused: 0, limited: 0 };
  for (let round = 0; round < FLOOD_ROUNDS; round++) {
    const quiet = await siteCalls(other, params);
    idle.tracked.push(...quiet.tracked);
    idle.status.push(...quiet.status);
    await other.waitForTimeout(REFILL_MS);

    await flooder.evaluate(() => {
      const w = window as any;
      const hex = () => Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('').toUpperCase();
      w.__flood = { on: true, sent: 0, accepted: 0, refused: 0, limited: 0 };
      const worker = async () => {
        while (w.__flood.on) {
          w.__flood.sent++;
          try {
            await w.courier.request({ method: 'track', params: { tx_hash: hex(), chain_id: 'cosmoshub-4' } });
            w.__flood.accepted++;
          } catch (e: any) {
            if (typeof e?.data?.retry_after_ms === 'number') {
              w.__flood.limited++;
              await new Promise((r) => setTimeout(r, e.data.retry_after_ms));
            } else w.__flood.refused++;
          }
        }
      };
      w.__floodDone = Promise.all(Array.from({ length: 8 }, worker));
    });
    await flooder.waitForFunction(() => (window as any).__flood.sent >= 24);
    const loud = await siteCalls(other, params);
    busy.tracked.push(...loud.tracked);
    busy.status.push(...loud.status);
    const counts = await flooder.evaluate(async () => {
      const w = window as any;
      w.__flood.on = false;
      await w.__floodDone;
      return w.__flood as { accepted: number; refused: number; limited: number };
    });
    tally.accepted += counts.accepted;
    tally.refused += counts.refused;
    tally.limited += counts.limited;
    await other.waitForTimeout(REFILL_MS);
  }
  const line = (label: string, q: number[], f: number[]) => {
    const a = stats(q);
    const b = stats(f);
    return `${label} idle median ${a.median.toFixed(2)} ms (p90 ${a.p90.toFixed(2)}) · during flood median ${b.median.toFixed(2)} ms (p90 ${b.p90.toFixed(2)}) · +${(b.median - a.median).toFixed(2)} ms`;
  };
  return [
    `another site under a flood (${filled} user items + the flooding site's; ${FLOOD_ROUNDS} rounds × ${PER_PHASE} calls per method, idle and flood alternating):`,
    line('  tracked', idle.tracked, busy.tracked),
    line('  status ', idle.status, busy.status),
    `  flood: ${tally.accepted} tracks accepted, ${tally.refused} refused by the site quota, ${tally.limited} slowed by the rate limit`,
  ];
}

const ROUTE_ROUNDS = 4;
const ROUTE_PHASE_MS = 3_000;
/** The measured site's pace: well within its fair share of the key (20/s less the user's 5/s, halved). */
const ROUTE_EVERY_MS = 250;

/**
 * Site B's `route` while site A floods `routes` (four loops, as fast as Courier lets it), against
 * B's `route` with A quiet, alternating. B calls at a steady pace inside its own share, so what
 * is measured is what A's flood costs B: the fair share should leave it at about nothing.
 */
async function routeUnderRoutesFlood(extension: LaunchedExtension, pages: Awaited<ReturnType<typeof startPageServer>>, flooder: Page): Promise<string[]> {
  const other = await extension.context.newPage();
  await other.goto(`http://localhost:${pages.port}/`);
  await other.waitForFunction(() => 'courier' in window);
  await allowNamedFunctions(other);
  await allowNamedFunctions(flooder);
  const request = USDC_ETHEREUM_TO_NOBLE;
  const paced = () =>
    other.evaluate(
      async ({ params, ms, every }) => {
        const courier = (window as any).courier;
        const times: number[] = [];
        const until = Date.now() + ms;
        while (Date.now() < until && times.length < 100) {
          const started = performance.now();
          try {
            await courier.request({ method: 'route', params });
          } catch (error) {
            throw new Error(`the other site's route failed: ${JSON.stringify(error)}`, { cause: error });
          }
          const took = performance.now() - started;
          times.push(took);
          await new Promise((r) => setTimeout(r, Math.max(0, every - took)));
        }
        return times;
      },
      { params: request, ms: ROUTE_PHASE_MS, every: ROUTE_EVERY_MS },
    );
  await paced(); // warm-up: the route's first answer fills caches on both sides
  const idle: number[] = [];
  const busy: number[] = [];
  const tally = { ok: 0, budget: 0, other: 0 };
  for (let round = 0; round < ROUTE_ROUNDS; round++) {
    idle.push(...(await paced()));
    await flooder.evaluate((params) => {
      const w = window as any;
      w.__routes = { on: true, ok: 0, budget: 0, other: 0 };
      const loop = async () => {
        while (w.__routes.on) {
          try {
            await w.courier.request({ method: 'routes', params });
            w.__routes.ok++;
          } catch (e: any) {
            if (e?.data?.reason === 'api-budget') w.__routes.budget++;
            else w.__routes.other++;
            if (typeof e?.data?.retry_after_ms === 'number') await new Promise((r) => setTimeout(r, Math.min(e.data.retry_after_ms, 500)));
          }
        }
      };
      w.__routesDone = Promise.all([loop(), loop(), loop(), loop()]);
    }, request);
    busy.push(...(await paced()));
    const counts = await flooder.evaluate(async () => {
      const w = window as any;
      w.__routes.on = false;
      await w.__routesDone;
      return w.__routes as { ok: number; budget: number; other: number };
    });
    tally.ok += counts.ok;
    tally.budget += counts.budget;
    tally.other += counts.other;
    await other.waitForTimeout(REFILL_MS);
  }
  await other.close();
  const a = stats(idle);
  const b = stats(busy);
  return [
    `another site's route under a routes flood (${ROUTE_ROUNDS} rounds of ${ROUTE_PHASE_MS / 1000} s, one route every ${ROUTE_EVERY_MS} ms, idle and flood alternating):`,
    `  route   idle median ${a.median.toFixed(2)} ms (p90 ${a.p90.toFixed(2)}) · during flood median ${b.median.toFixed(2)} ms (p90 ${b.p90.toFixed(2)}) · +${(b.median - a.median).toFixed(2)} ms`,
    `  flood: ${tally.ok} routes answered, ${tally.budget} refused from the flooding site's share of the key (4290 api-budget), ${tally.other} other refusals`,
  ];
}

/** tsx keeps function names with a `__name` helper that pages lack: give them a no-op one. */
function allowNamedFunctions(page: Page): Promise<unknown> {
  return page.evaluate('globalThis.__name = (fn) => fn');
}

/** One site's `tracked` and `status`, each call timed on its own in the page. */
function siteCalls(page: Page, params: unknown): Promise<{ tracked: number[]; status: number[] }> {
  return page.evaluate(
    async ({ params, n }) => {
      const courier = (window as any).courier;
      const out = { tracked: [] as number[], status: [] as number[] };
      try {
        for (let i = 0; i < n; i++) {
          let started = performance.now();
          await courier.request({ method: 'tracked' });
          out.tracked.push(performance.now() - started);
          started = performance.now();
          await courier.request({ method: 'status', params });
          out.status.push(performance.now() - started);
        }
      } catch (error) {
        throw new Error(`the other site's call failed: ${JSON.stringify(error)}`);
      }
      return out;
    },
    { params, n: PER_PHASE },
  );
}

/** Times each call in the page itself, so Playwright's own round trip is not counted. */
function throughBridge(page: Page, params: unknown, n: number): Promise<number[]> {
  return page.evaluate(
    async ({ params, n, batch }) => {
      const courier = (window as any).courier;
      const times: number[] = [];
      for (let i = 0; i < n; i += batch) {
        const started = performance.now();
        for (let k = 0; k < batch; k++) await courier.request({ method: 'status', params });
        times.push((performance.now() - started) / batch);
      }
      return times;
    },
    { params, n, batch: BATCH },
  );
}

/** The same handler the bridge runs, called inside the worker (exposed by src/background/main.ts). */
function directly(worker: Worker, origin: string, params: unknown, n: number): Promise<number[]> {
  return worker.evaluate(
    async ({ origin, params, n, batch }) => {
      const bridge = (globalThis as any).courierBridge;
      const times: number[] = [];
      for (let i = 0; i < n; i += batch) {
        const started = performance.now();
        for (let k = 0; k < batch; k++) {
          const answer = await bridge.handle(origin, 'status', params);
          if (!answer.ok) throw new Error(`direct status failed: ${JSON.stringify(answer.error)}`);
        }
        times.push((performance.now() - started) / batch);
      }
      return times;
    },
    { origin, params, n, batch: BATCH },
  );
}

async function approveConnect(context: BrowserContext, page: Page): Promise<void> {
  const opened = context.waitForEvent('page', { timeout: 15_000 });
  const answer = page.evaluate(() => (window as any).courier.request({ method: 'connect' }));
  const approval = await opened;
  await approval.waitForURL(/\/approve\.html/); // a popup may be reported at about:blank first
  const closed = approval.waitForEvent('close');
  await approval.getByRole('button', { name: 'Approve' }).click().catch(() => undefined);
  await closed;
  await answer;
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { n: sorted.length, median: at(0.5), p10: at(0.1), p90: at(0.9) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function startService(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'src/service/cli.ts'), '--port', String(port), '--speed', '60', '--rate-limit', '0', '--quiet'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the local service did not start within 30 s')), 30_000);
    child.once('exit', (code) => reject(new Error(`the local service exited (${code})`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('listening on ')) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve(child);
      }
    });
  });
}
