/**
 * Answers shaped like production's: the local service's `production_shape` fault strips the
 * route's `estimated_route_duration_seconds` and blanks every estimated fee (`amount: ""`,
 * `usd_amount: ""`, `origin_asset: null`). The popup still shows the route and builds the
 * transactions, saying "duration unknown" instead of refusing the answer; the blank fee entry is
 * the CCTP operation's relay fee quote, listed once with the quote's amount, "not priced".
 * A CCTP route (USDC from Noble to Arbitrum) is used because it carries an estimated fee.
 */
import { devWallet } from '../support/dev-wallet';
import { openPopup, pick, useApi } from './popup-helpers';
import { expect, test } from './support/fixtures';
import { startOwnService } from './support/own-service';

const EVM_DEV0 = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const ACCOUNT = 8;

test('a route without a duration and msgs with blank fees are shown, as unknown, in the popup', async ({ context, extensionUrl }) => {
  test.setTimeout(180_000);
  const own = await startOwnService();
  try {
    const { page, errors } = await openPopup(context, extensionUrl('popup.html'));
    await useApi(page, own.url);
    const fault = await own.service.post('/local/faults', { kind: 'production_shape' });
    expect(fault.status).toBe(200);
    // The fault really reshapes: the service's own answer comes without a duration.
    const probe = await own.service.post('/v2/fungible/route', {
      source_asset_denom: 'uusdc',
      source_asset_chain_id: 'noble-1',
      dest_asset_denom: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
      dest_asset_chain_id: '42161',
      amount_in: '25000000',
    });
    expect(probe.status).toBe(200);
    expect(probe.body).not.toHaveProperty('estimated_route_duration_seconds');
    expect(probe.body.estimated_fees[0]).toMatchObject({ amount: '', usd_amount: '', origin_asset: null });

    // ── Quote: USDC from Noble to Arbitrum ──
    await pick(page, 'pick-source', 'usdc noble-1', /Noble/);
    await pick(page, 'pick-dest', 'usdc 42161', /Arbitrum/);
    await page.getByLabel(/Amount to send/).fill('25');
    await expect(page.getByTestId('quote-summary')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('quote-duration')).toContainText('duration unknown');
    await expect(page.getByTestId('quote-error')).toHaveCount(0);

    // ── Route preview ──
    await page.getByRole('button', { name: 'Review route' }).click();
    await expect(page).toHaveURL(/#\/route$/);
    await expect(page.getByTestId('route-duration')).toContainText('duration unknown');
    await expect(page.getByTestId('route-step').filter({ hasText: 'CCTP' })).toHaveCount(1);
    const routeView = page.getByTestId('view-route');
    await expect(routeView.locator('[data-testid="fees"] > li')).toHaveCount(1);
    await expect(routeView.getByTestId('fees')).toContainText(/CCTP relay fee\s*[0-9.]+ USDC/);
    await expect(routeView.getByTestId('fees-total')).toHaveText('Fees in total: not priced');

    // ── Build: the blank fees do not fail it ──
    await page.getByRole('button', { name: 'Continue to addresses' }).click();
    await expect(page).toHaveURL(/#\/build$/);
    await page.getByLabel(/Noble address/).fill(await devWallet(ACCOUNT, 'noble'));
    await page.getByLabel(/Arbitrum address/).fill(EVM_DEV0);
    await page.getByRole('button', { name: 'Build transactions' }).click();
    const built = page.getByTestId('built');
    await expect(built).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('sign-tx')).toHaveCount(1);
    await expect(built.locator('[data-testid="fees"] > li')).toHaveCount(1);
    await expect(built.getByTestId('fees')).toContainText(/CCTP relay fee\s*[0-9.]+ USDC/);
    await expect(built.getByTestId('fees-total')).toHaveText('Fees in total: not priced');
    await expect(page.getByTestId('view-build')).not.toContainText(/invalid response|does not match/i);

    const active = await own.service.get('/local/faults');
    expect(active.body.faults).toEqual([expect.objectContaining({ kind: 'production_shape', reshaped: expect.any(Number) })]);
    expect(active.body.faults[0].reshaped).toBeGreaterThanOrEqual(3);
    expect(errors).toEqual([]);
  } finally {
    await own.stop();
  }
});
