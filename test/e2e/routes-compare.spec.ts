/**
 * Comparing routes against the local service: USDC from Ethereum to Noble goes over CCTP (the
 * default: all of it arrives, in about 15 minutes) or over Axelar, a swap on Osmosis and IBC
 * (less arrives, later). Through `window.courier.routes`, and through the popup, where picking
 * the other route changes what Build builds.
 */
import { devWallet } from '../support/dev-wallet';
import { USDC_ETHEREUM_TO_NOBLE as TO_NOBLE } from '../support/usdc-routes';
import { expect, test } from './support/fixtures';
import { call, connect, expectOk, openDapp } from './bridge-support';
import { expectAccessible, openPopup, pick } from './popup-helpers';

const EVM_DEV0 = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const ACCOUNT = 7;
const PREFIX: Record<string, string> = { 'noble-1': 'noble', 'osmosis-1': 'osmo' };

test('window.courier.routes: every route found, compared, labelled and sorted by what arrives', async ({ context, pageServer }) => {
  const page = await openDapp(context, `${pageServer.origin}/`);
  await connect(context, page, pageServer.origin);

  const { routes } = expectOk(await call(page, 'routes', TO_NOBLE));
  // CCTP alone, Axelar then IBC from Osmosis, and Go Fast (filled on Osmosis) then IBC
  expect(routes.map((r: any) => r.bridges.join('+')).sort()).toEqual(['AXELAR+IBC', 'CCTP', 'GO_FAST+IBC']);
  const byBridges = (b: string) => routes.find((r: any) => r.bridges.join('+') === b);
  const [cctp, axelar, goFast] = [byBridges('CCTP'), byBridges('AXELAR+IBC'), byBridges('GO_FAST+IBC')];
  // CCTP delivers the most: cheapest; Go Fast arrives in seconds: fastest; Axelar's route neither
  expect(cctp.labels).toEqual(['cheapest']);
  expect(goFast.labels).toEqual(['fastest']);
  expect(axelar.labels).toEqual([]);
  expect(routes[0]).toBe(cctp);
  for (let i = 1; i < routes.length; i++) expect(Number(routes[i].received_usd)).toBeLessThanOrEqual(Number(routes[i - 1].received_usd));
  expect(BigInt(cctp.route.amount_out)).toBeGreaterThan(BigInt(axelar.route.amount_out));
  for (const r of routes) {
    expect(r.received_usd).toBe(r.route.usd_amount_out);
    expect(r.received_usd).toMatch(/^[0-9]+(\.[0-9]+)?$/);
    expect(r.fees_usd).toMatch(/^[0-9]+(\.[0-9]+)?$/);
    expect(r.duration_seconds).toBe(r.route.estimated_route_duration_seconds);
  }
  expect(Number(cctp.received_usd)).toBeGreaterThan(Number(axelar.received_usd));
  expect(goFast.duration_seconds).toBeLessThan(cctp.duration_seconds);
  expect(cctp.duration_seconds).toBeLessThan(axelar.duration_seconds);
  expect(Object.keys(axelar.route.operations[0])).toContain('axelar_transfer');
  expect(Object.keys(goFast.route.operations[0])).toContain('go_fast_transfer');

  // the default route is one of them, as `route` answers it
  const single = expectOk(await call(page, 'route', TO_NOBLE));
  expect(single.operations).toEqual(cctp.route.operations);

  // errors as for `route`: bad params, and no route at all (the API's 404 as 5000)
  expect(await call(page, 'routes', { ...TO_NOBLE, amount_in: 5 })).toMatchObject({ ok: false, error: { code: -32602 } });
  const none = await call(page, 'routes', { ...TO_NOBLE, dest_asset_denom: 'unknown-denom' });
  expect(none).toMatchObject({ ok: false, error: { code: 5000 } });
});

test('popup: the routes side by side; picking Axelar makes Build build the Axelar route', async ({ context, extensionUrl }) => {
  test.setTimeout(180_000);
  const { page, errors } = await openPopup(context, extensionUrl('popup.html'));
  await pick(page, 'pick-source', 'usdc ethereum', /Ethereum/);
  await pick(page, 'pick-dest', 'usdc noble-1', /Noble/);
  await page.getByLabel(/Amount to send/).fill('100');

  // the default answer first, then the other route fills in
  await expect(page.getByTestId('quote-amount-out')).toContainText('USDC', { timeout: 30_000 });
  const group = page.getByRole('group', { name: /Routes found/ });
  const cctp = group.getByRole('radio', { name: /^CCTP/ });
  const axelar = group.getByRole('radio', { name: /^Axelar \+ IBC/ });
  await expect(axelar).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('route-choices')).toHaveAttribute('data-pending', '0', { timeout: 30_000 });
  const choices = page.getByTestId('route-choice');
  await expect(choices).toHaveCount(3);
  await expect(choices.first()).toHaveAttribute('data-bridges', 'CCTP');
  await expect(choices.first()).toHaveAttribute('data-labels', 'cheapest');
  await expect(choices.first()).toContainText('Cheapest');
  await expect(choices.first()).toContainText('100 USDC ($100.00)');
  const goFast = page.locator('[data-testid="route-choice"][data-bridges*="GO_FAST"]');
  await expect(goFast).toHaveAttribute('data-labels', 'fastest');
  await expect(goFast).toContainText('Fastest');
  await expect(choices.nth(1)).toContainText(/transaction to sign/);
  await expect(cctp).toBeChecked();
  await expectAccessible(page, 'the routes found');

  // keyboard: arrow keys move the pick like any radio group
  await cctp.focus();
  await page.keyboard.press('ArrowDown');
  await expect(choices.nth(1).getByRole('radio')).toBeChecked();
  await axelar.check();
  await expect(axelar).toBeChecked();
  await expect(page.getByTestId('quote-amount-out')).toContainText('99.79');

  // the pick holds on the Route page and is what Build builds
  await page.getByRole('button', { name: 'Review route' }).click();
  await expect(page.getByRole('radio', { name: /^Axelar \+ IBC/ })).toBeChecked();
  await expect(page.getByTestId('route-step').filter({ hasText: 'Axelar' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Continue to addresses' }).click();
  await expect(page).toHaveURL(/#\/build$/);
  const fields = page.getByTestId('view-build').locator('input[data-chain]');
  await expect(fields).toHaveCount(3);
  expect(await fields.evaluateAll((inputs) => inputs.map((i) => i.getAttribute('data-chain')))).toEqual(['1', 'osmosis-1', 'noble-1']);
  for (const chain of ['1', 'osmosis-1', 'noble-1']) {
    await page.locator(`input[data-chain="${chain}"]`).fill(chain === '1' ? EVM_DEV0 : await devWallet(ACCOUNT, PREFIX[chain]!));
  }
  await page.getByRole('button', { name: 'Build transactions' }).click();
  await expect(page.getByTestId('built')).toBeVisible({ timeout: 30_000 });
  const axelarTx = await page.getByTestId('sign-tx').first().innerText();

  // back to CCTP: Build builds another transaction (the CCTP messenger's, not Axelar's gateway)
  await page.goto(extensionUrl('popup.html#/route'));
  await page.getByRole('radio', { name: /^CCTP/ }).check();
  await expect(page.getByTestId('route-step').filter({ hasText: 'CCTP' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Continue to addresses' }).click();
  await expect(fields).toHaveCount(2);
  await page.getByRole('button', { name: 'Build transactions' }).click();
  await expect(page.getByTestId('built')).toBeVisible({ timeout: 30_000 });
  const cctpTx = await page.getByTestId('sign-tx').first().innerText();
  expect(cctpTx).not.toEqual(axelarTx);
  expect(errors).toEqual([]);
});
