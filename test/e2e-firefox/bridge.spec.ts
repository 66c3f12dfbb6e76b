/**
 * window.courier in a real Firefox: in place from the page's first script, announced, and
 * connected through the approval window (Approve, Reject, closing the window).
 */
import { call, expect, test, until } from './support/firefox';

const FIRST_SCRIPT_PAGE = `<!doctype html><title>dApp</title>
<script>
  // The page's very first script: the provider must already be there, frozen, and announce itself.
  window.__first = {
    type: typeof window.courier,
    frozen: Object.isFrozen(window.courier),
    writable: Object.getOwnPropertyDescriptor(window, 'courier')?.writable,
  };
  window.__announced = [];
  window.addEventListener('courier:announceProvider', (e) => window.__announced.push({
    name: e.detail.info.name,
    rdns: e.detail.info.rdns,
    icon: e.detail.info.icon.slice(0, 5),
    same: e.detail.provider === window.courier,
    frozen: Object.isFrozen(e.detail),
  }));
  window.dispatchEvent(new Event('courier:requestProvider'));
</script><p>dApp</p>`;

test('window.courier is in place from the first script of the page and announces itself', async ({ firefox, pageServer }) => {
  pageServer.route('/first', FIRST_SCRIPT_PAGE);
  const page = await firefox.newPage();
  await page.goto(`${pageServer.origin}/first`);
  expect(await page.evaluate(() => (window as any).__first)).toEqual({ type: 'object', frozen: true, writable: false });
  const announced = await page.evaluate(() => (window as any).__announced);
  expect(announced).toEqual([{ name: 'Courier', rdns: expect.any(String), icon: 'data:', same: true, frozen: true }]);
  // A page script cannot replace it.
  expect(await page.evaluate(() => {
    try {
      (window as any).courier = { fake: true };
    } catch {
      // strict-mode pages throw; either way the provider stays
    }
    return typeof (window as any).courier.request;
  })).toBe('function');
  // Not connected yet: the background answers 4100.
  const answer = await call(page, 'tracked');
  expect(answer).toMatchObject({ ok: false, error: { code: 4100 } });
});

test('connect: Approve connects the origin the window names', async ({ firefox, pageServer }) => {
  const page = await firefox.openDapp(`${pageServer.origin}/`);
  const answer = call(page, 'connect');
  const approval = await firefox.nextApproval();
  await until('the origin in the window', async () =>
    (await approval.evaluate(() => document.querySelector('[data-testid="approve-origin"]')?.textContent)) === pageServer.origin,
  );
  await firefox.decide(approval, 'Approve');
  expect(await answer).toEqual({ ok: true, result: { origin: pageServer.origin, connected: true } });
  expect(await call(page, 'tracked')).toEqual({ ok: true, result: [] });
});

test('connect: Reject answers 4001 and the site stays disconnected', async ({ firefox, pageServer }) => {
  const page = await firefox.openDapp(`${pageServer.origin}/`);
  const answer = call(page, 'connect');
  await firefox.decide(await firefox.nextApproval(), 'Reject');
  expect(await answer).toMatchObject({ ok: false, error: { code: 4001 } });
  expect(await call(page, 'tracked')).toMatchObject({ ok: false, error: { code: 4100 } });
});

test('connect: closing the approval window answers 4001', async ({ firefox, pageServer }) => {
  const page = await firefox.openDapp(`${pageServer.origin}/`);
  const answer = call(page, 'connect');
  await firefox.nextApproval();
  // The window's own page never reports closing to BiDi: close it the way a user does, through
  // the browser, found by its URL from an extension page.
  const closed = await until('the approval window to close', () =>
    firefox.inExtension(async (url) => {
      const b = (globalThis as any).browser;
      const windows = await b.windows.getAll({ populate: true });
      const target = windows.find((w: any) => w.tabs?.some((t: any) => t.url?.startsWith(url)));
      if (!target) return false;
      await b.windows.remove(target.id);
      return true;
    }, firefox.extensionUrl('approve.html')),
  );
  expect(closed).toBe(true);
  expect(await answer).toMatchObject({ ok: false, error: { code: 4001 } });
  expect(await call(page, 'tracked')).toMatchObject({ ok: false, error: { code: 4100 } });
});
