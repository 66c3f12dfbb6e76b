/**
 * The dApp bridge end to end in real Chromium: window.courier → relay → background → the local
 * routing service. Connected sites and the approval window, and every error code of DESIGN.md
 * reached for real.
 */
import { expect, test } from './support/fixtures';
import {
  call,
  connect,
  decide,
  expectError,
  expectOk,
  extensionPage,
  killWorker,
  localhostOrigin,
  openDapp,
  protocol,
  storageLocal,
  waitForApproval,
} from './bridge-support';

const ROUTE = {
  source_asset_denom: 'uatom',
  source_asset_chain_id: 'cosmoshub-4',
  dest_asset_denom: 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2',
  dest_asset_chain_id: 'osmosis-1',
  amount_in: '1000000',
};

test.describe('connected sites', () => {
  test('connect shows the origin in the approval window; Approve connects the origin for good', async ({ context, pageServer, serviceWorker, extensionUrl }) => {
    const origin = pageServer.origin;
    const page = await openDapp(context, `${origin}/`);
    expectError(await call(page, 'tracked'), 4100);

    const approvalOpened = waitForApproval(context);
    const answer = call(page, 'connect');
    const approval = await approvalOpened;
    await expect(approval.getByTestId('approve-origin')).toHaveText(origin);
    await expect(approval.getByTestId('approve-permissions')).toContainText('Submit signed transactions');
    await expect(approval.getByRole('button', { name: 'Reject' })).toBeVisible();
    await decide(approval, 'Approve');
    expect(expectOk(await answer)).toEqual({ origin, connected: true });

    // Persisted, versioned, per origin.
    const stored = (await storageLocal(serviceWorker))['courier:sites'] as any;
    expect(stored).toMatchObject({ version: 1, sites: [{ origin }] });

    // Asked once per origin: no window the second time.
    const pagesBefore = context.pages().length;
    expect(expectOk(await call(page, 'connect'))).toEqual({ origin, connected: true });
    expect(context.pages().length).toBe(pagesBefore);
    expect(expectOk(await call(page, 'tracked'))).toEqual([]);

    // Survives a reload and a worker restart.
    await page.reload();
    await page.waitForFunction(() => 'courier' in window);
    await killWorker(context, page);
    expect(expectOk(await call(page, 'tracked'))).toEqual([]);

    const settings = await extensionPage(context, extensionUrl);
    const listed = await protocol(settings, 'courier:sites:list');
    expect(listed).toMatchObject({ ok: true, result: { sites: [{ origin, connectedAt: expect.any(Number) }] } });
  });

  test('Reject and closing the window answer 4001 (then a cooldown); a second connect while one is open answers -32002', async ({ context, pageServer }) => {
    const page = await openDapp(context, `${pageServer.origin}/`);

    let opened = waitForApproval(context);
    let answer = call(page, 'connect');
    await decide(await opened, 'Reject');
    const rejected = expectError(await answer, 4001);
    expect(rejected.message).toMatch(/rejected/i);
    // Asking again right away is refused without a window (the cooldown after Reject).
    const pagesBefore = context.pages().length;
    expect(expectError(await call(page, 'connect'), 4001).message).toMatch(/recently/i);
    expect(context.pages().length).toBe(pagesBefore);

    const other = await openDapp(context, `${localhostOrigin(pageServer)}/`);
    opened = waitForApproval(context);
    answer = call(other, 'connect');
    const approval = await opened;
    const second = expectError(await call(other, 'connect'), -32002);
    expect(second.message).toMatch(/already/i);
    await approval.close();
    expectError(await answer, 4001);

    // Nothing connected.
    expectError(await call(page, 'route', ROUTE), 4100);
    expectError(await call(other, 'route', ROUTE), 4100);
  });

  test('disconnect forgets the site; Settings can revoke it too', async ({ context, pageServer, extensionUrl }) => {
    const origin = pageServer.origin;
    const page = await openDapp(context, `${origin}/`);
    await connect(context, page, origin);
    expect(expectOk(await call(page, 'disconnect'))).toBeNull();
    expectError(await call(page, 'tracked'), 4100);

    await connect(context, page, origin);
    const settings = await extensionPage(context, extensionUrl);
    expect(await protocol(settings, 'courier:sites:revoke', { origin })).toEqual({ ok: true, result: { revoked: true } });
    expect(await protocol(settings, 'courier:sites:revoke', { origin })).toEqual({ ok: true, result: { revoked: false } });
    expect(await protocol(settings, 'courier:sites:list')).toEqual({ ok: true, result: { sites: [] } });
    expectError(await call(page, 'tracked'), 4100);
  });
});

test.describe('every error code, reached for real', () => {
  test('4100 before connect, 4200 unknown method, -32602 invalid params with the issues', async ({ context, pageServer }) => {
    const page = await openDapp(context, `${pageServer.origin}/`);
    for (const method of ['route', 'msgs', 'msgs_direct', 'balances', 'assets_from_source', 'ibc_origin_assets', 'submit', 'track', 'status', 'tracked']) {
      expectError(await call(page, method, {}), 4100);
    }
    const unknown = expectError(await call(page, 'eth_sendTransaction', {}), 4200);
    expect(unknown.message).toContain('eth_sendTransaction');
    expectError(await call(page, '__proto__'), 4200);
    expectError(await call(page, 'constructor'), 4200);

    await connect(context, page);
    const invalid = expectError(await call(page, 'route', { ...ROUTE, amount_in: 5 }), -32602);
    expect(invalid.data).toEqual([expect.objectContaining({ path: ['amount_in'], message: expect.any(String) })]);
    const both = expectError(await call(page, 'route', { ...ROUTE, amount_out: '5' }), -32602);
    expect(both.data[0].message).toMatch(/only one of amount_in and amount_out/);
    expectError(await call(page, 'status', { tx_hash: 'AB' }), -32602);
    expectError(await call(page, 'submit', { tx: '', chain_id: 'cosmoshub-4' }), -32602);
    expectError(await call(page, 'tracked', { origin: 'http://localhost:1' }), -32602);
    // Not JSON: refused in the page before anything is sent.
    const cyclic = await page.evaluate(async () => {
      const params: any = {};
      params.self = params;
      return (window as any).courier.request({ method: 'route', params }).catch((e: any) => e.code);
    });
    expect(cyclic).toBe(-32602);
    expect(await page.evaluate(() => (window as any).courier.request('route').catch((e: any) => e.code))).toBe(-32602);
  });

  test('5000 passes the API error body through exactly; 5001 when the API cannot be reached', async ({ context, pageServer, extensionUrl }) => {
    const page = await openDapp(context, `${pageServer.origin}/`);
    await connect(context, page);

    const quoted = expectOk(await call(page, 'route', ROUTE));
    expect(quoted).toMatchObject({ source_asset_chain_id: 'cosmoshub-4', dest_asset_chain_id: 'osmosis-1', amount_in: '1000000' });

    const apiError = expectError(await call(page, 'route', { source_asset_chain_id: 'cosmoshub-4' }), 5000);
    expect(apiError.data).toEqual({ http_status: 400, code: 3, message: expect.stringMatching(/required/), details: [] });

    // Point Courier at a port nothing listens on (127.0.0.1 is in the host permissions).
    const settings = await extensionPage(context, extensionUrl);
    const updated = await protocol(settings, 'courier:settings:update', { api: { environment: 'custom', url: 'http://127.0.0.1:9' } });
    expect(updated.ok).toBe(true);
    const unreachable = expectError(await call(page, 'route', ROUTE), 5001);
    expect(unreachable.data).toMatchObject({ retriable: true });
    expect(JSON.stringify(unreachable)).not.toContain('127.0.0.1:9');
  });

  test('4290 when one origin floods the bridge, with a retry hint', async ({ context, pageServer }) => {
    const page = await openDapp(context, `${pageServer.origin}/`);
    await connect(context, page);
    const codes = await page.evaluate(async () => {
      const courier = (window as any).courier;
      const answers = await Promise.all(
        Array.from({ length: 120 }, () =>
          courier.request({ method: 'tracked' }).then(
            () => 'ok',
            (e: any) => ({ code: e.code, retry: e.data?.retry_after_ms }),
          ),
        ),
      );
      return answers;
    });
    const limited = codes.filter((a: any) => a !== 'ok');
    expect(codes.filter((a: any) => a === 'ok').length).toBeGreaterThanOrEqual(20);
    expect(limited.length).toBeGreaterThan(0);
    for (const a of limited) expect(a).toMatchObject({ code: 4290, retry: expect.any(Number) });
    // The bucket refills: the origin is served again without anything else changing.
    await expect.poll(async () => (await call(page, 'tracked')).ok, { timeout: 10_000, intervals: [250] }).toBe(true);
  });

  test('-32603 (retriable) for a request lost in a worker restart; the open approval still applies afterwards', async ({ context, pageServer }) => {
    const origin = pageServer.origin;
    const page = await openDapp(context, `${origin}/`);
    const opened = waitForApproval(context);
    const answer = call(page, 'connect');
    const approval = await opened;

    await killWorker(context, page);
    const lost = expectError(await answer, -32603);
    expect(lost.data).toMatchObject({ retriable: true });

    // The approval was persisted in storage.session: deciding after the restart still connects.
    await expect(approval.getByTestId('approve-origin')).toHaveText(origin);
    await decide(approval, 'Approve');
    const pagesBefore = context.pages().length;
    expect(expectOk(await call(page, 'connect'))).toEqual({ origin, connected: true });
    expect(context.pages().length).toBe(pagesBefore);
  });
});
