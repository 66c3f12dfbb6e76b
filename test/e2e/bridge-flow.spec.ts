/**
 * Transactions from pages, end to end against the local service's simulated chains: the demo
 * dApp's whole flow (discover, connect, quote, build, sign in the page, submit, events until
 * STATE_COMPLETED_SUCCESS), events that keep coming across a worker restart, and the API key
 * that no page ever receives.
 */
import { buildDemoHtml } from '../demo/build';
import { expect, test } from './support/fixtures';
import {
  call,
  connect,
  decide,
  expectError,
  expectOk,
  extensionPage,
  killWorker,
  openDapp,
  protocol,
  recordEvents,
  recordedEvents,
  signedTransfer,
  waitForApproval,
  waitForStatusEvent,
} from './bridge-support';

const TERMINAL = ['STATE_COMPLETED_SUCCESS', 'STATE_COMPLETED_ERROR', 'STATE_ABANDONED'];

test('the demo dApp: discover, connect, quote, build, sign in the page, submit, follow events to STATE_COMPLETED_SUCCESS', async ({ context, pageServer, service }) => {
  test.setTimeout(120_000);
  pageServer.route('/demo', await buildDemoHtml({ apiUrl: service.url }));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${pageServer.origin}/demo?account=6`);
  await expect(page.locator('#provider')).toHaveText('Courier (build.courier.extension)');

  const approval = waitForApproval(context);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  const window = await approval;
  await expect(window.getByTestId('approve-origin')).toHaveText(pageServer.origin);
  await decide(window, 'Approve');
  await expect(page.locator('#connection')).toHaveText(`connected as ${pageServer.origin}`);

  await page.getByRole('button', { name: 'Quote' }).click();
  await expect(page.locator('#quote-result')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('#quote-result')).toContainText('cosmoshub-4 → osmosis-1');

  await page.getByRole('button', { name: 'Build messages' }).click();
  await expect(page.locator('#msgs')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('#msgs')).toContainText('MsgTransfer');

  await page.getByRole('button', { name: 'Sign & submit' }).click();
  await expect(page.locator('#tx-hash')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  const txHash = (await page.locator('#tx-hash').textContent())!;
  expect(txHash).toMatch(/^[0-9A-F]{64}$/);

  await expect(page.locator('#final-state')).toHaveText('STATE_COMPLETED_SUCCESS', { timeout: 60_000 });
  const states = await page.locator('#events li').evaluateAll((items) => items.map((li) => (li as HTMLElement).dataset.state));
  expect(states.at(-1)).toBe('STATE_COMPLETED_SUCCESS');
  // In order, no terminal state before the last, and no state repeated back to back.
  expect(states.slice(0, -1).some((s) => TERMINAL.includes(s ?? ''))).toBe(false);
  states.slice(1).forEach((s, i) => expect(s).not.toBe(states[i]));
  expect(await page.locator('#log').textContent()).toBe('');
  expect(errors).toEqual([]);

  // The same answer through status and tracked.
  const status = expectOk(await call(page, 'status', { tx_hash: txHash, chain_id: 'cosmoshub-4' }));
  expect(status).toMatchObject({ tx_hash: txHash, chain_id: 'cosmoshub-4', state: 'STATE_COMPLETED_SUCCESS', outcome: 'success' });
  expect(status.status.transfers[0].hops[0]).toMatchObject({ kind: 'ibc_transfer', from_chain_id: 'cosmoshub-4', to_chain_id: 'osmosis-1', outcome: 'success' });
  const tracked = expectOk(await call(page, 'tracked'));
  expect(tracked.map((t: any) => t.tx_hash)).toEqual([txHash]);
});

test('statusChanged events keep reaching the page after the worker is killed', async ({ context, pageServer, service }) => {
  test.setTimeout(120_000);
  const page = await openDapp(context, `${pageServer.origin}/`);
  await connect(context, page);
  await recordEvents(page);
  const signed = await signedTransfer(service.url);
  const { tx_hash } = expectOk(await call(page, 'submit', signed));
  // Stopped before the first poll (3 s after entering): everything after comes from a new worker.
  await killWorker(context, page);
  await waitForStatusEvent(page, tx_hash);
  const events = await recordedEvents(page);
  for (const event of events) {
    expect(Object.keys(event).sort()).toEqual(['chain_id', 'state', 'status', 'tx_hash']);
    expect(event).toMatchObject({ tx_hash, chain_id: 'cosmoshub-4' });
  }
  expect(events.at(-1).status).toMatchObject({ state: 'STATE_COMPLETED_SUCCESS' });
});

test('the API key set in Settings appears in nothing a page receives', async ({ context, pageServer, service, extensionUrl }) => {
  test.setTimeout(120_000);
  const KEY = `courier-e2e-SECRET-${Math.random().toString(36).slice(2)}-key`;
  const settings = await extensionPage(context, extensionUrl);
  const set = await protocol(settings, 'courier:settings:setKey', { apiKey: KEY });
  expect(set).toMatchObject({ ok: true, result: { key: { hasKey: true } } });

  // Everything the page can observe: window messages, DOM, events, answers and errors.
  await context.addInitScript(() => {
    const w = window as any;
    w.__seen = [];
    w.addEventListener('message', (e: MessageEvent) => w.__seen.push(e.data), true);
    w.addEventListener('courier:announceProvider', (e: any) => w.__seen.push(e.detail?.info), true);
  });
  const page = await openDapp(context, `${pageServer.origin}/`);
  await connect(context, page);
  await recordEvents(page);
  const answers: unknown[] = [];
  const ask = async (method: string, params?: unknown) => {
    const answer = await call(page, method, params);
    answers.push(answer);
    return answer;
  };
  const route = expectOk(
    await ask('route', {
      source_asset_denom: 'uatom',
      source_asset_chain_id: 'cosmoshub-4',
      dest_asset_denom: 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2',
      dest_asset_chain_id: 'osmosis-1',
      amount_in: '1000',
    }),
  );
  await ask('msgs_direct', {
    source_asset_denom: 'uatom',
    source_asset_chain_id: 'cosmoshub-4',
    dest_asset_denom: route.dest_asset_denom,
    dest_asset_chain_id: 'osmosis-1',
    amount_in: '1000',
    chain_ids_to_addresses: { 'cosmoshub-4': 'cosmos1invalid', 'osmosis-1': 'osmo1invalid' },
    slippage_tolerance_percent: '1',
  });
  await ask('balances', { chains: { 'cosmoshub-4': { address: 'cosmos1xyz', denoms: ['uatom'] } } });
  await ask('assets_from_source', { source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4' });
  await ask('ibc_origin_assets', { assets: [{ denom: route.dest_asset_denom, chain_id: 'osmosis-1' }] });
  await ask('route', {}); // 5000 with the API's body
  await ask('submit', { tx: 'AAAA', chain_id: 'cosmoshub-4' }); // 5000
  expectError(await ask('nope'), 4200);
  expectError(await ask('route', { amount_in: 1 }), -32602);
  const signed = await signedTransfer(service.url);
  const { tx_hash } = expectOk(await ask('submit', signed));
  await waitForStatusEvent(page, tx_hash);
  await ask('status', { tx_hash, chain_id: 'cosmoshub-4' });
  await ask('tracked');

  const observed = JSON.stringify({
    answers,
    events: await recordedEvents(page),
    seen: await page.evaluate(() => (window as any).__seen),
    dom: await page.content(),
    storage: await page.evaluate(() => ({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie })),
  });
  expect(observed.length).toBeGreaterThan(1000);
  expect(observed).not.toContain(KEY);
  expect(observed).not.toContain(KEY.slice(-8));
});
