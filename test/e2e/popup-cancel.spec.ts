/**
 * A stale quote is cancelled for real: when the user changes the amount while a route request is
 * still waiting, the background aborts that request's fetch (courier:api:cancel), and only the
 * answer to the current amount is shown. The service holds the first route answer for 30 s, far
 * longer than the test takes to change the amount on any machine, so that request is certainly
 * still in flight then; if it settles at all before 30 s, the abort ended it.
 */
import { openPopup, pick, useApi } from './popup-helpers';
import { expect, test } from './support/fixtures';
import { startOwnService } from './support/own-service';

type RouteCall = { amount: string | null; aborted: boolean; settled: boolean };

test('changing the amount while a quote is loading aborts the stale request in the background', async ({ context, extensionUrl, serviceWorker }) => {
  const own = await startOwnService();
  try {
    const { page, errors } = await openPopup(context, extensionUrl('popup.html'));
    await useApi(page, own.url);
    const slow = await own.service.post('/local/faults', { kind: 'http', rate: 1, mode: 'slow', slow_ms: 30_000, paths: ['/v2/fungible/route'], count: 1 });
    expect(slow.status).toBe(200);

    // Every default route request the background makes, and whether its fetch was aborted.
    await serviceWorker.evaluate(() => {
      const g = globalThis as any;
      const original = g.fetch;
      g.__routeCalls = [];
      g.fetch = (input: unknown, init?: RequestInit) => {
        const url = String(input instanceof Request ? input.url : input);
        // the default quote only: the alternatives the popup compares (bridges, go_fast) come after it
        const body = String(init?.body ?? '');
        if (url.includes('/v2/fungible/route') && !/"bridges"|"go_fast":true/.test(body)) {
          const call = { amount: /"amount_in":"(\d+)"/.exec(String(init?.body ?? ''))?.[1] ?? null, aborted: false, settled: false };
          g.__routeCalls.push(call);
          init?.signal?.addEventListener('abort', () => (call.aborted = true));
          const answer = original(input, init);
          answer.then(
            () => (call.settled = true),
            () => (call.settled = true),
          );
          return answer;
        }
        return original(input, init);
      };
    });
    const routeCalls = () => serviceWorker.evaluate(() => (globalThis as any).__routeCalls as RouteCall[]);

    await pick(page, 'pick-source', 'atom cosmoshub-4', /Cosmos Hub/);
    await pick(page, 'pick-dest', 'uosmo', /OSMO/);
    const amount = page.getByLabel(/Amount to send/);
    await amount.fill('1');
    await expect.poll(async () => (await routeCalls()).map((c) => c.amount)).toEqual(['1000000']);
    await expect(page.getByTestId('quote-result')).toHaveAttribute('data-phase', 'loading');

    await amount.fill('2');
    // The first fetch is aborted while the service is still holding it; the second goes on and is answered.
    await expect.poll(routeCalls).toEqual([
      { amount: '1000000', aborted: true, settled: true },
      { amount: '2000000', aborted: false, settled: true },
    ]);
    await expect(page.getByTestId('quote-summary')).toBeVisible();
    await expect(page.getByTestId('quote-error')).toHaveCount(0);
    expect(errors).toEqual([]);
  } finally {
    await own.stop();
  }
});
