/**
 * The background's tracker in real Chromium against the local service: a real signed transfer
 * goes from badge "1" to done with one notification, and nothing is lost when the worker is
 * stopped or the browser restarts mid-transfer.
 */
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { expect, extensionWorker, launchExtensionContext, test, type LocalService } from './support/fixtures';
import { startOwnService } from './support/own-service';
import { signedTransfers } from './support/transfers';
import { stopServiceWorker } from './support/worker';

const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';

type Tracked = { id: string; state: string | null; outcome: string; notified: boolean };

/** Calls the background from an extension page, as the popup does. */
async function call<T = any>(page: Page, method: string, params: unknown = {}): Promise<T> {
  const answer = await page.evaluate(
    ([m, p]) => (globalThis as any).chrome.runtime.sendMessage({ courier: 1, method: m, params: p }),
    [method, params] as const,
  );
  if (!answer?.ok) throw new Error(`${method}: ${JSON.stringify(answer?.error)}`);
  return answer.result as T;
}

const badge = (worker: Worker) => worker.evaluate(() => (globalThis as any).chrome.action.getBadgeText({}));
const notifications = (worker: Worker) =>
  worker.evaluate(() => new Promise<Record<string, boolean>>((resolve) => (globalThis as any).chrome.notifications.getAll(resolve)));

async function waitForOutcome(page: Page, id: string, timeoutMs = 30_000): Promise<Tracked> {
  let last: Tracked | undefined;
  await expect
    .poll(
      async () => {
        last = await call<Tracked>(page, 'courier:tx:get', { id });
        return last.state;
      },
      { timeout: timeoutMs, intervals: [250] },
    )
    .toBe('STATE_COMPLETED_SUCCESS');
  return last!;
}

/**
 * The notifier records `notified` in a write of its own, after the one that stored the terminal
 * state: seeing the state does not mean the flag is there yet.
 */
async function waitForNotified(page: Page, id: string): Promise<void> {
  await expect.poll(async () => (await call<Tracked>(page, 'courier:tx:get', { id })).notified, { timeout: 15_000, intervals: [250] }).toBe(true);
}

/** A page of the extension that does not mark activity as seen (the popup would). */
async function extensionPage(context: BrowserContext, extensionUrl: (p: string) => string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(extensionUrl('approve.html'));
  return page;
}

async function pauseRoute(service: LocalService, route: any, kind: 'pause' | 'resume') {
  const hop = route.operations[0].transfer;
  const res = await service.post('/local/faults', { kind, chain_id: hop.from_chain_id, channel_id: hop.channel });
  expect(res.status).toBe(200);
}

test('a signed transfer submitted through the background: badge 1, then done with exactly one notification', async ({
  context,
  extensionUrl,
  serviceWorker,
  service,
}) => {
  const page = await extensionPage(context, extensionUrl);
  const { chainId, signed, route } = await signedTransfers(service, {
    source: { chain: 'cosmoshub-4', denom: 'uatom' },
    dest: { chain: 'osmosis-1', denom: ATOM_ON_OSMOSIS },
    amount: '1500000',
    account: 'fresh',
  });
  // Held on its channel so the pending badge can be seen; released once it has been.
  await pauseRoute(service, route, 'pause');
  const tracked = await call<Tracked>(page, 'courier:tx:submit', { tx: signed[0], chain_id: chainId, route });
  await expect.poll(() => badge(serviceWorker)).toBe('1');
  await pauseRoute(service, route, 'resume');

  const done = await waitForOutcome(page, tracked.id);
  expect(done.outcome).toBe('success');
  await expect.poll(() => badge(serviceWorker)).toBe('✓');
  await expect.poll(async () => Object.keys(await notifications(serviceWorker))).toEqual([`courier:tx:${tracked.id}`]);
  // Later polls or wake-ups do not notify again.
  await call(page, 'courier:tx:list');
  expect(Object.keys(await notifications(serviceWorker))).toHaveLength(1);
});

test('tracking resumes after the service worker is stopped mid-transfer', async ({ context, extensionUrl, serviceWorker, service }) => {
  const page = await extensionPage(context, extensionUrl);
  const { chainId, signed, route } = await signedTransfers(service, {
    source: { chain: 'osmosis-1', denom: ATOM_ON_OSMOSIS },
    dest: { chain: 'cosmoshub-4', denom: 'uatom' },
    amount: '700000',
    account: 'fresh',
  });
  await pauseRoute(service, route, 'pause');
  const tracked = await call<Tracked>(page, 'courier:tx:submit', { tx: signed[0], chain_id: chainId, route });
  await expect.poll(() => badge(serviceWorker)).toBe('1');

  await stopServiceWorker(context, page);
  await pauseRoute(service, route, 'resume');
  // Any message wakes the worker; on start it sets its alarm again from storage.
  await waitForOutcome(page, tracked.id);
  await waitForNotified(page, tracked.id);
  await expect.poll(async () => Object.keys(await notifications(await extensionWorker(context)))).toEqual([`courier:tx:${tracked.id}`]);
});

test('tracking survives closing and relaunching the browser on the same profile', async ({ context, extensionUrl, userDataDir, service }) => {
  test.setTimeout(90_000);
  let page = await extensionPage(context, extensionUrl);
  const { chainId, signed, route } = await signedTransfers(service, {
    source: { chain: 'cosmoshub-4', denom: 'uatom' },
    dest: { chain: 'osmosis-1', denom: ATOM_ON_OSMOSIS },
    amount: '900000',
    account: 'fresh',
  });
  await pauseRoute(service, route, 'pause');
  const tracked = await call<Tracked>(page, 'courier:tx:submit', { tx: signed[0], chain_id: chainId, route });
  // Writes in flight at close can be lost: wait until the tracked item is readable.
  await expect.poll(async () => (await call<{ items: Tracked[] }>(page, 'courier:tx:list')).items.map((i) => i.id)).toContain(tracked.id);
  await context.close();

  await pauseRoute(service, route, 'resume');
  const relaunched = await launchExtensionContext(userDataDir);
  try {
    await extensionWorker(relaunched);
    page = await extensionPage(relaunched, extensionUrl);
    await waitForOutcome(page, tracked.id);
    await waitForNotified(page, tracked.id);
    const worker = await extensionWorker(relaunched);
    await expect.poll(async () => Object.keys(await notifications(worker))).toEqual([`courier:tx:${tracked.id}`]);
  } finally {
    await relaunched.close();
  }
});

test('a content script cannot read the API key', async ({ context, extensionUrl, pageServer }) => {
  const page = await extensionPage(context, extensionUrl);
  const view = await call<{ key: { hasKey: boolean; keyLast4: string | null } }>(page, 'courier:settings:setKey', { apiKey: 'courier_secret_key_1234' });
  expect(view.key).toMatchObject({ hasKey: true, keyLast4: '1234' });
  expect(JSON.stringify(view)).not.toContain('courier_secret_key');

  const dapp = await context.newPage();
  const cdp = await context.newCDPSession(dapp);
  const contexts: { id: number; name: string; auxData?: { type?: string } }[] = [];
  cdp.on('Runtime.executionContextCreated', (e: any) => contexts.push(e.context));
  await cdp.send('Runtime.enable');
  await dapp.goto(`${pageServer.origin}/`);
  await dapp.waitForFunction(() => 'courier' in window);
  const isolated = contexts.filter((c) => c.auxData?.type === 'isolated' && c.name === 'Courier');
  expect(isolated.length).toBeGreaterThan(0);
  const result = await cdp.send('Runtime.evaluate', {
    contextId: isolated.at(-1)!.id,
    awaitPromise: true,
    returnByValue: true,
    expression: `chrome.storage.local.get(null).then((all) => ({ ok: true, keys: Object.keys(all) }), (e) => ({ ok: false, error: String(e && e.message || e) }))`,
  });
  expect(result.result.value).toMatchObject({ ok: false, error: expect.stringMatching(/not allowed/i) });
});

test('with 30 % of status and track answers failing, twenty concurrent transfers all finish with one notification each', async ({
  context,
  extensionUrl,
  serviceWorker,
}) => {
  // Failed polls back off (15 s, 30 s, 60 s…) on top of the route's cadence (3 s, then 27 s, …):
  // a transfer unlucky three times in a row legitimately needs about two minutes.
  test.setTimeout(200_000);
  // Its own service: the faults must not reach the other tests' transfers.
  const own = await startOwnService();
  try {
    const page = await extensionPage(context, extensionUrl);
    await call(page, 'courier:settings:update', { api: { environment: 'custom', url: own.url } });
    // Chrome dismisses older notifications by itself: count what the background creates instead.
    await serviceWorker.evaluate(() => {
      const n = (globalThis as any).chrome.notifications;
      const create = n.create.bind(n);
      (globalThis as any).__created = [];
      n.create = (...args: unknown[]) => {
        (globalThis as any).__created.push(args[0]);
        return create(...args);
      };
    });
    for (const mode of ['429', '500', 'cut'] as const) {
      const res = await own.service.post('/local/faults', { kind: 'http', rate: 0.1, mode, paths: ['/v2/tx/status', '/v2/tx/track'], retry_after_seconds: 1 });
      expect(res.status).toBe(200);
    }
    const batches = await Promise.all(
      Array.from({ length: 10 }, (_, account) =>
        signedTransfers(own.service, {
          source: { chain: 'cosmoshub-4', denom: 'uatom' },
          dest: { chain: 'osmosis-1', denom: ATOM_ON_OSMOSIS },
          amount: String(100_000 + account),
          account: 'fresh',
          count: 2,
        }),
      ),
    );
    // Each account submits its two transactions in order (sequence), accounts side by side.
    const ids = (
      await Promise.all(
        batches.map(async ({ chainId, signed, route }) => {
          const out: string[] = [];
          for (const tx of signed) out.push((await call<Tracked>(page, 'courier:tx:submit', { tx, chain_id: chainId, route })).id);
          return out;
        }),
      )
    ).flat();
    expect(new Set(ids).size).toBe(20);
    await expect
      .poll(async () => (await call<{ items: Tracked[] }>(page, 'courier:tx:list')).items.filter((i) => i.state === 'STATE_COMPLETED_SUCCESS').length, {
        timeout: 170_000,
        intervals: [500],
      })
      .toBe(20);
    // One each: never a duplicate, even with polls retried through the faults.
    await expect
      .poll(async () => ((await serviceWorker.evaluate(() => (globalThis as any).__created as string[])) ?? []).sort(), { timeout: 20_000 })
      .toEqual(ids.map((id) => `courier:tx:${id}`).sort());
  } finally {
    await own.stop();
  }
});
