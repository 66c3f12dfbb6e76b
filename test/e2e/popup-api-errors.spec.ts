/** The API's refusals in words in the popup, on a service of this test's own (it injects faults). */
import { expect, test } from './support/fixtures';
import { startOwnService } from './support/own-service';
import { openPopup, pick, useApiFromSettings } from './popup-helpers';

test('a rate-limited quote (429) says so, with when to try again', async ({ context, extensionUrl }) => {
  const own = await startOwnService();
  try {
    const { page, errors } = await openPopup(context, extensionUrl('popup.html'));
    await useApiFromSettings(page, own.url);

    await pick(page, 'pick-source', 'atom cosmoshub-4', /Cosmos Hub/);
    await pick(page, 'pick-dest', 'uosmo', /OSMO/);
    const fault = await own.service.post('/local/faults', { kind: 'http', rate: 1, mode: '429', paths: ['/v2/fungible/route'], retry_after_seconds: 2 });
    expect(fault.status).toBe(200);
    await page.getByLabel(/Amount to send/).fill('1');

    const error = page.getByTestId('quote-error');
    await expect(error).toHaveAttribute('data-kind', 'rate-limit', { timeout: 30_000 });
    await expect(error).toContainText('Too many requests');
    await expect(error).toContainText('Try again in 2 seconds');
    await error.getByText('What the service said').click();
    await expect(error).toContainText('429');

    await own.service.post('/local/faults', { kind: 'clear' });
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('quote-summary')).toBeVisible({ timeout: 30_000 });
    expect(errors).toEqual([]);
  } finally {
    await own.stop();
  }
});
