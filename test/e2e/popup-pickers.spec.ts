/**
 * The pickers offer what the API offers: a service whose `/v2/info/chains` and
 * `/v2/fungible/assets` add a chain the bundled catalog lacks and leave out one it has (the
 * local service's `discovery` fault, on a service of this test's own).
 */
import { expect, test } from './support/fixtures';
import { startOwnService } from './support/own-service';
import { openPopup, useApiFromSettings } from './popup-helpers';
import { LAB_CHAIN, LAB_TOKEN } from '../support/lab-chain';

const HIDDEN = 'juno-1';

test('the pickers show an API-only chain and asset, and omit a catalog-only chain as a source', async ({ context, extensionUrl, service }) => {
  const own = await startOwnService();
  try {
    const fault = await own.service.post('/local/faults', { kind: 'discovery', hide_chain_ids: [HIDDEN], add_chains: [LAB_CHAIN], add_assets: [LAB_TOKEN] });
    expect(fault.status).toBe(200);

    const { page, errors } = await openPopup(context, extensionUrl('popup.html'));
    const source = page.getByTestId('pick-source');
    const dialog = page.getByRole('dialog');
    const search = dialog.getByRole('combobox');
    const options = dialog.getByRole('option');

    // The build's service (no fault): Juno is offered, Courier Lab is not.
    await source.click();
    await search.fill(HIDDEN);
    await expect(options.filter({ hasText: 'Juno' }).first()).toBeVisible();
    await search.fill('CLAB');
    await expect(dialog.getByText('Nothing matches.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // This test's service: its own lists, fetched by the background and cached per base URL.
    await useApiFromSettings(page, own.url);

    await source.click();
    await search.fill('CLAB');
    const lab = options.filter({ hasText: 'CLAB' });
    await expect(lab.first()).toBeVisible({ timeout: 20_000 });
    await expect(lab.first()).toContainText('Courier Lab');
    // assets ON the hidden chain: none (JUNO held elsewhere is still offered, on its own chain)
    await search.fill(HIDDEN);
    await expect(dialog.getByText('Nothing matches.')).toBeVisible();
    await search.fill('CLAB');
    await lab.first().click();
    await expect(dialog).toBeHidden();
    await expect(source).toContainText('CLAB');
    await expect(source).toContainText('Courier Lab');

    // The chain picker too (Track a transaction): Courier Lab offered, Juno not.
    await page.goto(extensionUrl('popup.html#/submit'));
    await page.getByTestId('pick-chain').click();
    await search.fill('courier lab');
    await expect(options.filter({ hasText: 'courierlab-1' })).toBeVisible({ timeout: 20_000 });
    await search.fill('juno');
    await expect(dialog.getByText('Nothing matches.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Back to the build's service: its own cached lists again, Juno offered.
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByLabel('Build default').check();
    await page.getByRole('button', { name: 'Save API address' }).click();
    await expect(page.getByTestId('api-base-url')).toHaveText(service.url);
    await page.getByRole('link', { name: 'Transfer' }).click();
    await source.click();
    await search.fill(HIDDEN);
    await expect(options.filter({ hasText: 'Juno' }).first()).toBeVisible({ timeout: 20_000 });
    await search.fill('CLAB');
    await expect(dialog.getByText('Nothing matches.')).toBeVisible({ timeout: 20_000 });
    expect(errors).toEqual([]);
  } finally {
    await own.stop();
  }
});
