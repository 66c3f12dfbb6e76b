/**
 * The popup's Build view shows Courier's own check of the built messages above the transactions:
 * the clean verdict for an honest answer; for an answer whose recipient a `tamper` fault changed,
 * the finding in words, with copying and submitting locked until "I understand the risk".
 * A service of the test's own, since faults are global.
 */
import { devWallet } from '../support/dev-wallet';
import { expect, test } from './support/fixtures';
import { startOwnService } from './support/own-service';
import { openPopup, routeAtomToOsmo, useApi } from './popup-helpers';

const ACCOUNT = 8;

test('Build: the verdict is clean for honest messages; a tampered recipient is shown and locks copy and submit until accepted', async ({ context, extensionUrl }) => {
  test.setTimeout(180_000);
  const own = await startOwnService();
  try {
    const cosmos = await devWallet(ACCOUNT, 'cosmos');
    const osmo = await devWallet(ACCOUNT, 'osmo');
    const { page, errors } = await openPopup(context, extensionUrl('popup.html'));
    await useApi(page, own.url);
    await page.reload();
    await expect(page.getByTestId('background-status')).toContainText(own.url);

    await routeAtomToOsmo(page, cosmos, osmo);

    // honest: the clean verdict, nothing locked
    await page.getByRole('button', { name: 'Build transactions' }).click();
    const verdict = page.getByTestId('verify-verdict');
    await expect(verdict).toHaveAttribute('data-verdict', 'clean');
    await expect(verdict).toHaveText("Checked: every message pays out to your addresses, within the route's amounts.");
    await expect(page.getByRole('link', { name: 'Submit it once signed' })).toBeVisible();

    // tampered: the receiver of the transfer is someone else's
    const set = await own.service.post('/local/faults', { kind: 'tamper', mode: 'recipient', count: 1 });
    expect(set.status).toBe(200);
    await page.getByRole('button', { name: 'Build again' }).click();
    await expect(verdict).toHaveAttribute('data-verdict', 'findings');
    const finding = page.getByTestId('verify-finding').filter({ hasText: 'receiver' }).first();
    await expect(finding).toHaveAttribute('data-kind', 'recipient');
    await expect(finding).toContainText("the transfer's receiver osmo1");
    const copyJson = page.getByRole('button', { name: /Copy as JSON/ });
    await expect(copyJson).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Submit it once signed' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Submit it once signed' })).toBeDisabled();

    await page.getByLabel('I understand the risk').check();
    await expect(copyJson).toBeEnabled();
    await expect(page.getByRole('link', { name: 'Submit it once signed' })).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await own.service.post('/local/faults', { kind: 'clear' }).catch(() => undefined);
    await own.stop();
  }
});
