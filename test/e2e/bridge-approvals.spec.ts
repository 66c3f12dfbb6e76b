/**
 * Approvals between sites, in real Chromium (issue 11, attacks 4 and 5): frames of other origins
 * cannot take every approval slot, hide the page that embeds them or ask again right after a
 * Reject; an approval ends with the page that asked; and a very long origin still shows who owns
 * it, with the buttons in view.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { startPageServer, type PageServer } from './support/page-server';
import {
  call,
  decide,
  expectError,
  expectOk,
  extensionPage,
  frameCall,
  frameOf,
  localhostOrigin,
  openDapp,
  protocol,
  storageSession,
  waitForApproval,
  type Answer,
} from './bridge-support';

const FRAME = '<!doctype html><title>frame</title><p>frame</p>';

/** Page servers beyond the fixture's, closed at the end of the test. */
async function moreServers(count: number, use: (servers: PageServer[]) => Promise<void>): Promise<void> {
  const servers = await Promise.all(Array.from({ length: count }, () => startPageServer()));
  try {
    await use(servers);
  } finally {
    await Promise.all(servers.map((s) => s.close()));
  }
}

test('attack 4: frames of other origins hold one approval slot, name their embedder, and cannot ask again after Reject', async ({ context, pageServer }) => {
  await moreServers(3, async ([second, third, attackerServer]) => {
    // The attacker's top-level page (http://localhost) embeds three frames of three other origins.
    const frameServers = [pageServer, second!, third!];
    for (const server of frameServers) server.route('/frame', FRAME);
    const frameUrls = frameServers.map((s) => `${s.origin}/frame`);
    attackerServer!.route('/host', `<!doctype html><title>host</title>${frameUrls.map((u) => `<iframe src="${u}"></iframe>`).join('')}`);
    const attackerTop = localhostOrigin(attackerServer!);
    const attacker = await openDapp(context, `${attackerTop}/host`);
    const frames = await Promise.all(frameUrls.map((u) => frameOf(attacker, u)));

    const opened = waitForApproval(context);
    const firstAnswer = frameCall(frames[0]!, 'connect');
    const attackerWindow = await opened;

    // The other frames of that tab and top-level site get -32002 at once; a window is a failure.
    const pagesBefore = context.pages().length;
    for (const frame of frames.slice(1)) {
      const answer = await Promise.race([frameCall(frame, 'connect'), waitForApproval(context).then(() => 'another approval window opened')]);
      expectError(answer as Answer, -32002);
    }
    expect(context.pages().length).toBe(pagesBefore);

    // Another site, in its own tab, still gets its own window while the attacker's is open.
    const victimServer = frameServers[1]!;
    const victim = await openDapp(context, `${victimServer.origin}/`);
    const victimOpened = waitForApproval(context);
    const victimAnswer = call(victim, 'connect');
    const victimWindow = await victimOpened;
    await expect(victimWindow.getByTestId('approve-origin')).toHaveText(victimServer.origin);
    await expect(victimWindow.getByTestId('approve-embedded-in')).toHaveCount(0);
    await decide(victimWindow, 'Approve');
    expect(expectOk(await victimAnswer)).toEqual({ origin: victimServer.origin, connected: true });

    // The attacker's window names the frame's origin and the page that embeds it.
    await expect(attackerWindow.getByTestId('approve-origin')).toHaveText(pageServer.origin);
    await expect(attackerWindow.getByTestId('approve-embedded-in')).toHaveText(attackerTop);
    await expect(attackerWindow.getByTestId('approve-embedded-note')).toContainText('127.0.0.1');

    // Reject: the frame, its sibling frames and the embedding page itself are refused at once
    // with 4001 (and a retry hint) during the cooldown, without any window.
    await decide(attackerWindow, 'Reject');
    expectError(await firstAnswer, 4001);
    const pagesAfterReject = context.pages().length;
    const again = expectError(await frameCall(frames[0]!, 'connect'), 4001);
    expect(again.data).toMatchObject({ retry_after_ms: expect.any(Number) });
    expect(again.data.retry_after_ms).toBeGreaterThan(20_000);
    expectError(await frameCall(frames[2]!, 'connect'), 4001);
    expectError(await call(attacker, 'connect'), 4001);
    expect(context.pages().length).toBe(pagesAfterReject);
    expectError(await frameCall(frames[0]!, 'tracked'), 4100);
  });
});

test('attack 5: an approval ends with its page — navigating away or closing the tab closes the window, and Approve never connects', async ({ context, pageServer, extensionUrl }) => {
  const origin = pageServer.origin;
  const settings = await extensionPage(context, extensionUrl);
  const connectedSites = async () => ((await protocol(settings, 'courier:sites:list')).result.sites as { origin: string }[]).map((s) => s.origin);

  /** `connect` from `page` (whose document is about to go); its window, and a promise of that window closing. */
  const askFrom = async (page: Page) => {
    await page.waitForFunction(() => 'courier' in window);
    const opened = waitForApproval(context);
    void call(page, 'connect').catch(() => undefined); // its document goes away before any answer
    const approval = await opened;
    return { approval, closed: approval.waitForEvent('close', { timeout: 15_000 }) };
  };

  // 1. The tab navigates elsewhere, and Approve is clicked right after: nothing connects.
  const page = await openDapp(context, `${origin}/`);
  let asked = await askFrom(page);
  await expect(asked.approval.getByRole('button', { name: 'Approve' })).toBeEnabled();
  await page.goto(`${localhostOrigin(pageServer)}/`);
  await asked.approval.getByRole('button', { name: 'Approve' }).click({ timeout: 2_000 }).catch(() => undefined);
  await asked.closed;
  expect(await connectedSites()).toEqual([]);

  // 2. Left alone, the window closes by itself once the page has gone (here: reloaded).
  await page.goto(`${origin}/`);
  asked = await askFrom(page);
  await page.reload();
  await asked.closed;

  // 3. The tab closes: the window closes.
  asked = await askFrom(page);
  await page.close();
  await asked.closed;
  expect(await connectedSites()).toEqual([]);

  // A page that left is no rejection by the person: the next page of that origin is asked normally.
  const next = await openDapp(context, `${origin}/`);
  const opened = waitForApproval(context);
  const answer = call(next, 'connect');
  await decide(await opened, 'Approve');
  expect(expectOk(await answer)).toEqual({ origin, connected: true });
});

test('a very long origin: the registrable domain stands out and Approve/Reject stay in view in a small window', async ({ context, pageServer, serviceWorker, extensionUrl }, testInfo) => {
  // Any live document will do as "the asking page"; the origins are handed to the worker's own
  // bridge handler, as if the browser had reported them.
  const host = await openDapp(context, `${pageServer.origin}/`);
  await serviceWorker.evaluate(() => {
    const w = globalThis as any;
    w.__lastSender = undefined;
    w.chrome.runtime.onMessage.addListener((_m: unknown, sender: any) => void (w.__lastSender = sender));
  });
  await call(host, 'tracked');
  const frame = await serviceWorker.evaluate(() => {
    const s = (globalThis as any).__lastSender;
    return { tabId: s.tab.id as number, frameId: 0, documentId: s.documentId as string };
  });
  const labels = ['login', 'secure', 'accounts', 'wallet', 'verify', 'session', 'update', 'support', 'recovery', 'signin'];
  const longHost = `${Array.from({ length: 3 }, (_, i) => labels.map((l) => `${l}${i}`).join('.')).join('.')}.evil-example.co.uk`.slice(-240).replace(/^[.-]+/, '');
  const origin = `https://${longHost}`;
  const embedder = 'https://cdn.assets.static.content.delivery.network.region-eu-west.some-very-long-embedder-name.github.io';
  expect(longHost.length).toBeGreaterThan(200);

  const opened = waitForApproval(context);
  const answer = serviceWorker.evaluate(
    ([o, top, f]) => (globalThis as any).courierBridge.handle(o, 'connect', undefined, { frame: f, topOrigin: top }),
    [origin, embedder, frame] as const,
  );
  const approval = await opened;
  await expect(approval.getByTestId('approve-origin-domain')).toHaveText('evil-example.co.uk');
  await expect(approval.getByTestId('approve-origin')).toHaveText(origin);
  await expect(approval.getByTestId('approve-embedded-in-domain')).toHaveText('some-very-long-embedder-name.github.io');

  await approval.screenshot({ path: path.join(testInfo.outputDir, 'approval-long-origin-full.png') });
  // Shrink the window well below its normal size: the buttons stay inside the visible area.
  const pending = (await storageSession(serviceWorker))['courier:approvals'] as any;
  const windowId = pending.pending[0].windowId as number;
  await serviceWorker.evaluate((id) => (globalThis as any).chrome.windows.update(id, { width: 340, height: 320 }), windowId);
  await expect.poll(() => approval.evaluate(() => window.innerHeight)).toBeLessThan(330);
  for (const name of ['Approve', 'Reject']) {
    const button = approval.getByRole('button', { name });
    await expect(button).toBeInViewport({ ratio: 1 });
  }
  const viewport = await approval.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
  const box = (await approval.getByRole('button', { name: 'Approve' }).boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  await approval.screenshot({ path: path.join(testInfo.outputDir, 'approval-long-origin.png') });

  await decide(approval, 'Approve');
  expect(await answer).toEqual({ ok: true, result: { origin, connected: true } });
  const settings = await extensionPage(context, extensionUrl);
  expect((await protocol(settings, 'courier:sites:list')).result.sites).toEqual([{ origin, connectedAt: expect.any(Number) }]);
});
