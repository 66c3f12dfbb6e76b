/** What the popup says when things go wrong: bad input, an unreachable service, a poor price. */
import { createServer } from 'node:net';
import { expect, test } from './support/fixtures';
import { expectAccessible, openPopup, pick, recordAttribute, screenshot, useApiFromSettings } from './popup-helpers';

const HUB = 'cosmoshub-4';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test('an invalid amount is explained under the field and nothing is asked', async ({ context, extensionUrl }) => {
  const { page, errors } = await openPopup(context, extensionUrl('popup.html'));
  await pick(page, 'pick-source', `atom ${HUB}`, /Cosmos Hub/);
  await pick(page, 'pick-dest', 'uosmo', /OSMO/);
  const amount = page.getByLabel(/Amount to send/);
  const problem = page.getByTestId('amount-problem');

  await amount.fill('1,000');
  await expect(problem).toContainText('without thousands separators');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('quote-result')).toHaveAttribute('data-phase', 'idle');
  await amount.fill('1.1234567');
  await expect(problem).toContainText('at most 6 decimal places');
  await amount.fill('1e6');
  await expect(problem).toContainText('without an exponent');
  await amount.fill('0');
  await expect(problem).toContainText('greater than zero');
  await screenshot(page, 'error-invalid-amount');
  await expectAccessible(page, 'quote with an invalid amount');
  await amount.fill('2');
  await expect(problem).toBeHidden();
  await expect(page.getByTestId('quote-summary')).toBeVisible();
  expect(errors).toEqual([]);
});

test('BAD_PRICE: explained in words; the unsafe route only after an explicit confirmation', async ({ context, extensionUrl }) => {
  const { page, errors } = await openPopup(context, extensionUrl('popup.html'));
  await pick(page, 'pick-source', `atom ${HUB}`, /Cosmos Hub/);
  await pick(page, 'pick-dest', 'uosmo', /OSMO/);
  await page.getByLabel(/Amount to send/).fill('100000');

  const error = page.getByTestId('quote-error');
  await expect(error).toContainText('This route has a poor price');
  await expect(error).toHaveAttribute('data-kind', 'price');
  await error.getByText('What the service said').click();
  await expect(error).toContainText('BAD_PRICE_ERROR');
  await expect(error).toContainText('difference in usd value');
  const show = page.getByRole('button', { name: 'Show unsafe route' });
  await expect(show).toBeDisabled();
  await screenshot(page, 'error-bad-price');
  await expectAccessible(page, 'bad price');

  await page.getByLabel(/I understand this route may give me much less value/).check();
  await show.click();
  const warning = page.getByTestId('route-warning');
  await expect(warning).toContainText('Poor price');
  await expect(warning).toHaveAttribute('data-type', 'BAD_PRICE_WARNING');
  await screenshot(page, 'quote-unsafe');

  await page.getByRole('button', { name: 'Review route' }).click();
  await expect(page.getByTestId('route-warning')).toBeVisible();
  const proceed = page.getByRole('button', { name: 'Continue to addresses' });
  await expect(proceed).toBeDisabled();
  // the poor price is a loss of 10% or more: one confirmation, "I accept the loss", covers both
  await expect(page.getByTestId('loss-warning')).toHaveAttribute('data-level', 'confirm');
  await expect(page.getByLabel('I accept this route despite the warning')).toHaveCount(0);
  await page.getByLabel('I accept the loss').check();
  await expect(proceed).toBeEnabled();
  await expectAccessible(page, 'unsafe route preview');

  // A different amount is a different question: safe again unless confirmed again.
  await page.getByRole('link', { name: 'Change' }).click();
  await page.getByLabel(/Amount to send/).fill('100001');
  await expect(page.getByTestId('quote-error')).toContainText('poor price');
  expect(errors).toEqual([]);
});

test('an unreachable service is said so, with the address and a retry', async ({ context, extensionUrl, service }) => {
  const port = await closedPort();
  const down = `http://127.0.0.1:${port}`;
  const { page, errors } = await openPopup(context, extensionUrl('popup.html'));
  await pick(page, 'pick-source', `atom ${HUB}`, /Cosmos Hub/);
  await pick(page, 'pick-dest', 'uosmo', /OSMO/);
  await page.getByLabel(/Amount to send/).fill('1');
  await expect(page.getByTestId('quote-summary')).toBeVisible();

  // Point Courier at a port nobody listens on (127.0.0.1 is already a granted host).
  await useApiFromSettings(page, down);
  await page.getByLabel(/Amount to send/).fill('2');
  const error = page.getByTestId('quote-error');
  await expect(error).toContainText('The routing service cannot be reached', { timeout: 30_000 });
  await expect(error).toHaveAttribute('data-kind', 'network');
  await expect(error).toContainText(down);
  await error.getByText('Details').click();
  await expect(error).toContainText('Failed to fetch');
  await screenshot(page, 'error-unreachable');
  await expectAccessible(page, 'unreachable service');
  // "Try again" asks again (and fails again while nothing listens). The loading phase may be
  // shorter than a poll, so every phase is recorded rather than sampled.
  const phases = await recordAttribute(page, 'quote-result', 'data-phase');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(phases, { timeout: 30_000 }).toEqual(['error', 'loading', 'error']);
  await expect(page.getByTestId('quote-error')).toBeVisible();

  // Back to the build's default service: the quote is asked again on its own.
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Build default').check();
  await page.getByRole('button', { name: 'Save API address' }).click();
  await expect(page.getByTestId('api-base-url')).toHaveText(service.url);
  await page.getByRole('link', { name: 'Transfer' }).click();
  await expect(page.getByTestId('quote-summary')).toBeVisible({ timeout: 20_000 });
  expect(errors).toEqual([]);
});
