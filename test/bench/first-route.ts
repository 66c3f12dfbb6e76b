/**
 * Time to the first route shown, in the real popup against the real local service: from the
 * moment the form becomes complete (the amount's `input` event: the quote runner's question
 * starts then, debounce included) to the frame in which the first quoted route is on screen.
 *
 * "The first route shown" is the quote summary's "You receive about" row
 * (`quote-amount-out`, present in the popup before and since route comparison) holding the
 * destination's symbol; the route choices arrive in the same frame or later. Each run changes
 * only the amount (cleared first, so the summary goes away), on one popup page, and waits for
 * the round to settle (the alternatives answered, when the popup asks for them) before the
 * next, so runs do not overlap. The question is USDC from Ethereum to Noble, which the popup
 * that compares routes also asks with Go Fast and through each listed bridge (three routes).
 */
import type { Page } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { spawnService } from '../e2e/support/spawn-service';
import { repoRoot } from '../e2e/support/paths';
import { buildExtension, launchExtension } from './extension';
import { median, percentile } from './stats';

const RUNS = 30;
const WARM_UP = 3;
const SHOWN = '[data-testid="quote-amount-out"]';

export async function firstRouteLines(options: { build: boolean }): Promise<string[]> {
  const port = Number(process.env.COURIER_BENCH_PORT || 0);
  const service = await spawnService(port, { stderr: 'ignore' });
  try {
    const outDir = path.join(repoRoot, `.output/bench-popup-${new URL(service.url).port}`);
    const dir = options.build ? buildExtension({ outDir, env: { COURIER_API_URL: service.url } }).dir : path.join(outDir, 'chrome-mv3');
    const extension = await launchExtension(dir, { viewport: { width: 380, height: 600 } });
    try {
      const page = await extension.context.newPage();
      await page.goto(extension.url('popup.html'));
      await page.waitForFunction(() => document.documentElement.dataset.interactive === 'true');
      await pick(page, 'pick-source', 'usdc ethereum', /Ethereum/);
      await pick(page, 'pick-dest', 'usdc noble-1', /Noble/);
      await recorder(page);
      const times: number[] = [];
      const loads: number[] = [];
      for (let i = 0; i < WARM_UP + RUNS; i++) {
        const ms = await oneQuote(page, String(100 + i));
        if (i >= WARM_UP) {
          times.push(ms);
          loads.push(os.loadavg()[0]!);
        }
      }
      const routesShown = await page.locator('[data-testid="route-choice"]').count();
      return [
        `time to the first route shown (form complete → first route on screen, USDC Ethereum → Noble, debounce included): ` +
          `median ${median(times).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, min ${Math.min(...times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms over ${times.length} quotes ` +
          `(${routesShown > 1 ? `${routesShown} routes compared` : 'one route'}; load average during the runs ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}, now ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs)`,
      ];
    } finally {
      await extension.close();
    }
  } finally {
    await service.stop();
  }
}

/** Opens a picker, searches, and picks the first option whose text matches. */
async function pick(page: Page, testId: string, query: string, option: RegExp): Promise<void> {
  await page.getByTestId(testId).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox').fill(query);
  await dialog.getByRole('option').filter({ hasText: option }).first().click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * In the page: the last `input` event's time, and the first frame after it with a quoted route
 * on screen. A string, not a function: tsx would wrap the named arrows in a helper the page lacks.
 */
const RECORDER = `(() => {
  const w = window;
  w.__firstRoute = { inputAt: null, shownAt: null };
  document.addEventListener('input', () => { w.__firstRoute = { inputAt: performance.now(), shownAt: null }; }, true);
  new MutationObserver(() => {
    const r = w.__firstRoute;
    if (r.inputAt === null || r.shownAt !== null || r.framed) return;
    if (!/USDC/.test(document.querySelector('${SHOWN}')?.textContent ?? '')) return;
    r.framed = true;
    // the frame that shows it: its animation-frame callback runs just before that paint
    requestAnimationFrame(() => { r.shownAt = performance.now(); });
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
})()`;

async function recorder(page: Page): Promise<void> {
  await page.evaluate(RECORDER);
}

/** One question: clear the amount (the summary goes), type a new one, wait for the route and for the round to settle. */
async function oneQuote(page: Page, amount: string): Promise<number> {
  const input = page.getByLabel(/Amount to send/);
  await input.fill('');
  await page.locator(SHOWN).waitFor({ state: 'detached' });
  await input.fill(amount);
  await page.waitForFunction(() => (window as any).__firstRoute.shownAt !== null, undefined, { polling: 10, timeout: 60_000 });
  const r = await page.evaluate(() => (window as any).__firstRoute as { inputAt: number; shownAt: number });
  // the other routes (when this popup asks for them) have all answered: nothing left in flight
  await page.waitForFunction(() => !document.querySelector('[data-testid="route-choices"]:not([data-pending="0"])'), undefined, { polling: 20, timeout: 60_000 });
  return r.shownAt - r.inputAt;
}
