import { expect, test } from './support/fixtures';

test('the popup opens and gets an answer from the background', async ({ context, extensionUrl, service }) => {
  const page = await context.newPage();
  await page.goto(extensionUrl('popup.html'));
  const status = page.getByTestId('background-status');
  await expect(status).toContainText('Ready');
  await expect(status).toContainText('Courier 0.1.0');
  await expect(status).toContainText(service.url);
  await expect(page.getByRole('heading', { name: 'Courier' })).toBeVisible();
});

test('the background refuses malformed protocol messages with a clear error', async ({ context, extensionUrl }) => {
  const page = await context.newPage();
  await page.goto(extensionUrl('popup.html'));
  const answers = await page.evaluate(async () => {
    // Runs in the extension page, where `chrome` is the real extension API.
    const runtime = (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }).chrome.runtime;
    const send = (m: unknown) => runtime.sendMessage(m);
    return {
      unknownMethod: await send({ courier: 1, method: 'courier:nope', params: {} }),
      badParams: await send({ courier: 1, method: 'courier:hello', params: { extra: true } }),
      badEnvelope: await send({ courier: 2, method: 'courier:hello' }),
    };
  });
  expect(answers.unknownMethod).toMatchObject({ ok: false, error: { code: 'unknown-method' } });
  expect(answers.badParams).toMatchObject({ ok: false, error: { code: 'bad-request' } });
  expect(answers.badEnvelope).toMatchObject({ ok: false, error: { code: 'bad-request' } });
});

test('a 127.0.0.1 page sees window.courier and its announce event', async ({ context, pageServer }) => {
  pageServer.route(
    '/dapp',
    `<!doctype html><title>dapp</title><script>
      window.announcements = [];
      window.addEventListener('courier:announceProvider', (e) => window.announcements.push(e.detail));
      window.dispatchEvent(new Event('courier:requestProvider'));
    </script>`,
  );
  const page = await context.newPage();
  await page.goto(`${pageServer.origin}/dapp`);
  await page.waitForFunction(() => 'courier' in window);

  const seen = await page.evaluate(async () => {
    const w = window as unknown as { courier: Record<string, unknown>; announcements: Array<Record<string, any>> };
    // Ask again: the provider answers every request event.
    window.dispatchEvent(new Event('courier:requestProvider'));
    const descriptor = Object.getOwnPropertyDescriptor(window, 'courier');
    (window as any).courier = 'overwritten';
    const last = w.announcements.at(-1)!;
    return {
      count: w.announcements.length,
      info: last.info,
      sameProvider: last.provider === w.courier,
      frozen: Object.isFrozen(w.courier) && Object.isFrozen(last) && Object.isFrozen(last.info),
      writable: descriptor?.writable,
      configurable: descriptor?.configurable,
      stillThere: typeof w.courier.request === 'function',
    };
  });
  expect(seen.count).toBeGreaterThanOrEqual(1);
  expect(seen.info).toMatchObject({ name: 'Courier', rdns: 'build.courier.extension' });
  expect(seen.info.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(String(seen.info.icon)).toMatch(/^data:image\/svg\+xml,/);
  expect(seen).toMatchObject({ sameProvider: true, frozen: true, writable: false, configurable: false, stillThere: true });
});

test('a page request travels through the relay and the background and comes back typed', async ({ context, pageServer }) => {
  const page = await context.newPage();
  await page.goto(`${pageServer.origin}/`);
  await page.waitForFunction(() => 'courier' in window);
  const error = await page.evaluate(() =>
    (window as any).courier.request({ method: 'teleport', params: {} }).then(
      () => null,
      (e: unknown) => e,
    ),
  );
  expect(error).toMatchObject({ code: 4200, message: expect.stringContaining('teleport') });
});
