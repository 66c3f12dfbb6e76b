/**
 * What pages and the popup get from API data (issue 11, attacks 6 and 7), in real Chromium
 * against a local service of the test's own, whose faults play a hostile or careless API:
 * - an error that echoes the API key, and a 30 MB error, reach a connected page without the key
 *   and within 8 KB, marked truncated;
 * - `javascript:` / `data:` links in submit and status answers never become links in the popup,
 *   and an http logo is never loaded.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { call, connect, expectError, expectOk, extensionPage, HUB, openDapp, protocol, signedTransfer } from './bridge-support';
import { openPopup, pick } from './popup-helpers';
import { expect, test } from './support/fixtures';
import { startOwnService } from './support/own-service';

const ROUTE = {
  source_asset_denom: 'uatom',
  source_asset_chain_id: HUB,
  dest_asset_denom: 'uosmo',
  dest_asset_chain_id: 'osmosis-1',
  amount_in: '1000000',
};

test('API error bodies reach pages without the API key and within 8 KB', async ({ context, pageServer, extensionUrl }) => {
  test.setTimeout(180_000);
  const own = await startOwnService();
  try {
    const KEY = `courier_e2e_${Math.random().toString(36).slice(2)}_SecretKeyMaterial`;
    const settings = await extensionPage(context, extensionUrl);
    expect(await protocol(settings, 'courier:settings:update', { api: { environment: 'custom', url: own.url } })).toMatchObject({ ok: true });
    expect(await protocol(settings, 'courier:settings:setKey', { apiKey: KEY })).toMatchObject({ ok: true });
    const page = await openDapp(context, `${pageServer.origin}/`);
    await connect(context, page);

    // A gateway that refuses the key and prints it back.
    const echo = await own.service.post('/local/faults', { kind: 'http', rate: 1, mode: '401', paths: ['/v2/fungible/route'] });
    expect(echo.status).toBe(200);
    const refused = expectError(await call(page, 'route', ROUTE), 5000);
    const seen = JSON.stringify(refused);
    expect(seen).not.toContain(KEY);
    expect(seen).not.toContain(KEY.slice(0, 12));
    expect(seen).not.toContain(KEY.slice(-12));
    expect(refused.data).toMatchObject({ http_status: 401, code: 16, message: 'invalid api key: [api key removed]', details: [] });

    // 30 MB of error (15 MB of message, 15 MB in one detail), with the key in it too.
    await own.service.post('/local/faults', { kind: 'clear' });
    await own.service.post('/local/faults', { kind: 'http', rate: 1, mode: '401', paths: ['/v2/fungible/route'], pad_bytes: 15_000_000 });
    const huge = expectError(await call(page, 'route', ROUTE), 5000);
    const text = JSON.stringify(huge);
    expect(text.length).toBeLessThan(9_000);
    expect(text).not.toContain(KEY.slice(0, 12));
    expect(huge.data).toMatchObject({ http_status: 401, code: 16, truncated: true });
    expect(huge.data.message.startsWith('invalid api key: [api key removed] xxxx')).toBe(true);
    expect(huge.data.message.endsWith('…[truncated by Courier]')).toBe(true);
    expect(huge.data.message.length + JSON.stringify(huge.data.details).length).toBeLessThanOrEqual(8 * 1024);

    // And the same page still gets an ordinary answer afterwards.
    await own.service.post('/local/faults', { kind: 'clear' });
    expect(expectOk(await call(page, 'route', ROUTE))).toMatchObject({ source_asset_chain_id: HUB });
  } finally {
    await own.stop();
  }
});

/** A 1×1 PNG on 127.0.0.1 that counts its requests: an http logo the popup must never load. */
async function logoServer(): Promise<{ url: string; hits: () => number; close(): Promise<void> }> {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
  let hits = 0;
  const server = http.createServer((_req, res) => {
    hits += 1;
    res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' }).end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/logo.png`,
    hits: () => hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

test('links from API data become links only when http(s); an http logo is never loaded', async ({ context, pageServer, extensionUrl }) => {
  test.setTimeout(240_000);
  const own = await startOwnService();
  const logo = await logoServer();
  try {
    const settings = await extensionPage(context, extensionUrl);
    expect(await protocol(settings, 'courier:settings:update', { api: { environment: 'custom', url: own.url } })).toMatchObject({ ok: true });
    const fault = async (paths: string[], rewrite: unknown[]) =>
      expect((await own.service.post('/local/faults', { kind: 'http', rate: 1, mode: 'rewrite', paths, rewrite })).status).toBe(200);
    await fault(['/v2/tx/submit'], [{ key: 'explorer_link', value: 'javascript:alert(document.domain)' }]);
    await fault(
      ['/v2/tx/status'],
      [
        { key: 'explorer_link', value: 'data:text/html,<script>alert(1)</script>' },
        // a bridge tracker link on every IBC hop, as Axelar hops carry one
        { key: 'ibc_transfer', merge: { axelar_scan_link: 'javascript:alert(2)' } },
      ],
    );
    await fault(['/v2/fungible/assets_from_source'], [{ key: 'logo_uri', value: logo.url }]);

    const page = await openDapp(context, `${pageServer.origin}/`);
    await connect(context, page);
    const signed = await signedTransfer(own.url, 3);
    const { tx_hash } = expectOk(await call(page, 'submit', signed));

    const { page: popup } = await openPopup(context, extensionUrl(`popup.html#/activity/${encodeURIComponent(`${HUB}:${tx_hash}`)}`));
    const detail = popup.getByTestId('view-activity-detail');
    // The hop's txs are there once a status carrying the rewritten links has arrived.
    await expect(detail.getByTestId('hop').first()).toBeVisible({ timeout: 90_000 });
    await expect(detail.locator('.courier-hop-txs li').first()).toBeVisible({ timeout: 90_000 });
    await expect(popup.locator('a[href^="javascript:" i], a[href^="data:" i]')).toHaveCount(0);
    await expect(detail.getByTestId('plain-link').filter({ hasText: 'Bridge tracker' }).first()).toBeVisible();
    // Every link in the view is a web address or one of the popup's own routes.
    const hrefs = await popup.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    for (const href of hrefs) expect(href, href).toMatch(/^(https?:\/\/|#\/)/);
    // The explorer links the API spoiled are replaced by the chain's own explorer (https).
    expect(hrefs.some((h) => h.startsWith('https://'))).toBe(true);

    // Assets reachable from ATOM, every logo_uri pointing at the http logo server.
    await popup.goto(extensionUrl('popup.html#/assets'));
    await popup.waitForFunction(() => document.documentElement.dataset.interactive === 'true');
    await pick(popup, 'pick-explore', `atom ${HUB}`, /Cosmos Hub/);
    const reach = popup.getByTestId('reachable');
    await expect(reach.getByRole('region', { name: 'Osmosis' })).toContainText('ATOM');
    await expect(reach.locator('.courier-logo').first()).toBeVisible();
    await expect(popup.locator('img[src^="http:" i]')).toHaveCount(0);
    expect(logo.hits()).toBe(0);

    // The setting that turns remote logos off, from the options page.
    const options = await context.newPage();
    await options.goto(extensionUrl('options.html'));
    const toggle = options.getByLabel('Show token and chain logos from the internet');
    await expect(toggle).toBeChecked();
    await toggle.uncheck();
    await expect.poll(async () => (await protocol(options, 'courier:settings:get')).result.remoteLogos).toBe(false);
    await options.reload();
    await expect(options.getByLabel('Show token and chain logos from the internet')).not.toBeChecked();
  } finally {
    await logo.close();
    await own.stop();
  }
});
