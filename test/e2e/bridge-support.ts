/**
 * Helpers for the bridge's end-to-end tests: dApp pages on 127.0.0.1 and localhost, the
 * approval window, calls through `window.courier`, the worker's storage, and killing the worker.
 */
import type { BrowserContext, Frame, Page, Worker } from '@playwright/test';
import { expect } from './support/fixtures';
import { recordedInPage, recordEventsInPage, requestInPage, type Answer } from './support/page-calls';
import type { PageServer } from './support/page-server';
import { stopServiceWorker } from './support/worker';

/** Stops the extension's service worker; see support/worker.ts for why events, not polling. */
export const killWorker = stopServiceWorker;

export type { Answer };

/** The same page server seen as another origin: localhost resolves to 127.0.0.1, but the origin differs. */
export const localhostOrigin = (server: PageServer) => `http://localhost:${server.port}`;

/** A blank dApp page; its provider is ready once `window.courier` exists. */
export async function openDapp(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => 'courier' in window);
  return page;
}

/** One request through window.courier, answered as data (errors included). */
export function call(page: Page, method: string, params?: unknown): Promise<Answer> {
  return page.evaluate(requestInPage, [method, params, params !== undefined] as const);
}

/** call() for a frame. */
export function frameCall(frame: Frame, method: string, params?: unknown): Promise<Answer> {
  return frame.evaluate(
    async ([m, p]) => {
      try {
        return { ok: true as const, result: await (window as any).courier.request(p === undefined ? { method: m } : { method: m, params: p }) };
      } catch (e: any) {
        return { ok: false as const, error: { code: e?.code, message: e?.message, data: e?.data } };
      }
    },
    [method, params] as const,
  );
}

/** The frame of `page` at `url`, once its provider is ready. */
export async function frameOf(page: Page, url: string): Promise<Frame> {
  await expect.poll(() => page.frames().some((f) => f.url() === url)).toBe(true);
  const frame = page.frames().find((f) => f.url() === url)!;
  await frame.waitForFunction(() => 'courier' in window);
  return frame;
}

export function expectError(answer: Answer, code: number): Extract<Answer, { ok: false }>['error'] {
  expect(answer.ok, JSON.stringify(answer).slice(0, 400)).toBe(false);
  const error = (answer as Extract<Answer, { ok: false }>).error;
  expect(error.code, JSON.stringify(error).slice(0, 400)).toBe(code);
  expect(typeof error.message).toBe('string');
  return error;
}

export function expectOk(answer: Answer): any {
  expect(answer.ok, JSON.stringify(answer).slice(0, 600)).toBe(true);
  return (answer as Extract<Answer, { ok: true }>).result;
}

/**
 * The next approval window. A popup may be reported while still at about:blank, so each new
 * page is given a moment to reach approve.html instead of being judged by its first URL.
 */
export function waitForApproval(context: BrowserContext, timeoutMs = 15_000): Promise<Page> {
  return new Promise((resolve, reject) => {
    const isApproval = (p: Page) => p.url().includes('/approve.html');
    const finish = (page: Page) => {
      clearTimeout(timer);
      context.off('page', onPage);
      resolve(page);
    };
    const onPage = (page: Page) => {
      if (isApproval(page)) return finish(page);
      page.waitForURL(/\/approve\.html/, { timeout: timeoutMs }).then(() => finish(page), () => undefined);
    };
    const timer = setTimeout(() => {
      context.off('page', onPage);
      reject(new Error(`no approval window within ${timeoutMs} ms`));
    }, timeoutMs);
    context.on('page', onPage);
  });
}

/** Clicks Approve or Reject in the approval window (the background closes it right after). */
export async function decide(approval: Page, button: 'Approve' | 'Reject'): Promise<void> {
  const closed = approval.waitForEvent('close', { timeout: 10_000 });
  await approval.getByRole('button', { name: button }).click().catch(() => undefined);
  await closed;
}

/** connect from `page`, approved in the window that opens; returns the result. */
export async function connect(context: BrowserContext, page: Page, origin?: string): Promise<any> {
  const approval = waitForApproval(context);
  const answer = call(page, 'connect');
  const window = await approval;
  if (origin) await expect(window.getByTestId('approve-origin')).toHaveText(origin);
  await decide(window, 'Approve');
  return expectOk(await answer);
}

/** An extension page to send Courier's own protocol from (settings, sites). */
export async function extensionPage(context: BrowserContext, extensionUrl: (p: string) => string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(extensionUrl('popup.html'));
  return page;
}

export function protocol(page: Page, method: string, params: unknown = {}): Promise<any> {
  return page.evaluate(
    ([m, p]) => (globalThis as any).chrome.runtime.sendMessage({ courier: 1, method: m, params: p }),
    [method, params] as const,
  );
}

/** Everything in storage.local, read in the worker. */
export function storageLocal(worker: Worker): Promise<Record<string, unknown>> {
  return worker.evaluate(() => (globalThis as any).chrome.storage.local.get(null));
}

export function storageSession(worker: Worker): Promise<Record<string, unknown>> {
  return worker.evaluate(() => (globalThis as any).chrome.storage.session.get(null));
}

/** Records statusChanged events in the page (window.__events). */
export async function recordEvents(page: Page): Promise<void> {
  await page.evaluate(recordEventsInPage);
}

export function recordedEvents(page: Page): Promise<any[]> {
  return page.evaluate(recordedInPage);
}

/**
 * Waits until the page has recorded `state` for `txHash`. The terminal state is the last event
 * the tracker sends for a transaction: once a page has it, any event another page was (wrongly)
 * sent for it has been sent too, so absence elsewhere can be checked without a fixed sleep.
 */
export async function waitForStatusEvent(page: Page, txHash: string, state = 'STATE_COMPLETED_SUCCESS', timeoutMs = 60_000): Promise<void> {
  await expect
    .poll(async () => (await recordedEvents(page)).filter((e) => e.tx_hash === txHash).map((e) => e.state), { timeout: timeoutMs })
    .toContain(state);
}

export { ATOM_ON_OSMO, HUB, OSMO, signedTransfer } from './bridge-tx';
