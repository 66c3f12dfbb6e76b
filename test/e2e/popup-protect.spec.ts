/**
 * Protections before anything is signed (issue #26 items 10 and 13), at 400×600 in Chromium
 * against the local service: the Route view's loss gate (a flag from 2.5%, "I accept the loss"
 * from 10%), Build's gas warning for a destination account without gas (asked with
 * enable_gas_warnings), Max keeping the network fee back, and Submit's one-line mismatch, its
 * Details, Submit off while the paste cannot be read, and the service's own refusal reason.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { startOwnService } from './support/own-service';
import { devAddressOn, freshKey, signCosmosTx } from './support/transfers';
import { accountOf, balanceOf, openPopup, pick, routeAtomToOsmo, screenshot, useApi } from './popup-helpers';

const HUB = 'cosmoshub-4';
const OSMOSIS = 'osmosis-1';
const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const TRANSFER = '/ibc.applications.transfer.v1.MsgTransfer';

/** Nothing on the page is wider than the 400 px popup. */
async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
}

const display = (base: bigint) => `${base / 1_000_000n}${base % 1_000_000n ? `.${(base % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '')}` : ''}`;

test('Route flags a loss and asks to accept it from 10%; Build names a destination without gas; Max keeps the fee back', async ({ context, extensionUrl }) => {
  test.setTimeout(180_000);
  const own = await startOwnService();
  try {
    const key = await freshKey(own.service, HUB, 'uatom', '1500000');
    const cosmos = await devAddressOn(own.service, HUB, key);
    const osmo = await devAddressOn(own.service, OSMOSIS, key);
    const { page, errors } = await openPopup(context, extensionUrl('popup.html'));
    await page.setViewportSize({ width: 400, height: 600 });
    await useApi(page, own.url);
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.interactive === 'true');
    await expect(page.getByTestId('background-status')).toContainText(own.url);

    // the API prices the route at a 15% loss
    const rewriteRoutes = async (rules: unknown[]) => {
      expect((await own.service.post('/local/faults', { kind: 'clear' })).status).toBe(200);
      if (rules.length > 0) expect((await own.service.post('/local/faults', { kind: 'http', rate: 1, mode: 'rewrite', paths: ['/v2/fungible/route'], rewrite: rules })).status).toBe(200);
    };
    await rewriteRoutes([
      { key: 'usd_amount_in', value: '100' },
      { key: 'usd_amount_out', value: '85' },
    ]);
    await pick(page, 'pick-source', `atom ${HUB}`, /Cosmos Hub/);
    await pick(page, 'pick-dest', ATOM_ON_OSMOSIS.slice(0, 12), /Osmosis/);
    await page.getByLabel(/Amount to send/).fill('1.5');
    await expect(page.getByTestId('quote-amount-out')).toContainText('ATOM');
    await page.getByRole('button', { name: 'Review route' }).click();

    const loss = page.getByTestId('loss-warning');
    const accept = page.getByLabel('I accept the loss');
    const proceed = page.getByRole('button', { name: 'Continue to addresses' });
    await expect(loss).toHaveAttribute('data-level', 'confirm');
    await expect(loss).toContainText('You would receive about 15% less value, in US dollars, than you send.');
    await expect(proceed).toBeDisabled();
    await accept.check();
    await expect(proceed).toBeEnabled();
    await accept.uncheck();
    await expect(proceed).toBeDisabled();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'protect-route-loss-confirm');

    // 3%: flagged, no confirmation asked
    await rewriteRoutes([
      { key: 'usd_amount_in', value: '100' },
      { key: 'usd_amount_out', value: '97' },
    ]);
    await page.getByRole('link', { name: 'Change' }).click();
    await page.getByLabel(/Amount to send/).fill('1.6');
    await expect(page.getByTestId('quote-amount-out')).toContainText('1.6 ATOM');
    await page.getByRole('button', { name: 'Review route' }).click();
    await expect(loss).toHaveAttribute('data-level', 'warn');
    await expect(loss).toContainText('about 3% less value');
    await expect(accept).toHaveCount(0);
    await expect(proceed).toBeEnabled();

    // the service's own figures: no loss worth a flag
    await rewriteRoutes([]);
    await page.getByRole('link', { name: 'Change' }).click();
    await page.getByLabel(/Amount to send/).fill('1.5');
    await expect(page.getByTestId('quote-amount-out')).toContainText('1.5 ATOM');
    await page.getByRole('button', { name: 'Review route' }).click();
    await expect(page.getByTestId('route-amount-out')).toContainText('ATOM');
    await expect(loss).toHaveCount(0);
    await proceed.click();

    // Build asks with gas warnings: the Osmosis account of this fresh key holds no OSMO
    await page.getByLabel(/Cosmos Hub address/).fill(cosmos);
    await page.getByLabel(/Osmosis address/).fill(osmo);
    await page.getByRole('button', { name: 'Build transactions' }).click();
    const gas = page.getByTestId('gas-warning');
    await expect(gas).toHaveAttribute('data-type', 'INSUFFICIENT_GAS_AT_DEST_EOA');
    await expect(gas).toContainText('No gas at the destination on Osmosis');
    await expect(gas).toContainText('holds too little OSMO (the fee token of Osmosis)');
    await expect(gas.getByText(/uosmo|per gas/)).toBeHidden();
    // before anything to sign
    const gasTop = (await gas.boundingBox())!.y;
    expect(gasTop).toBeLessThan((await page.getByTestId('sign-tx').first().boundingBox())!.y);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'protect-build-gas-warning');

    // with OSMO there, the warning is gone
    expect((await own.service.post('/local/faucet', { chain_id: OSMOSIS, address: osmo, denom: 'uosmo', amount: '5000000' })).status).toBe(200);
    await page.getByRole('button', { name: 'Build again' }).click();
    await expect(page.getByTestId('sign-tx')).toBeVisible();
    await expect(gas).toHaveCount(0);

    // Max on the form: the Hub balance less one transaction's fee (0.025 × 300,000 gas)
    await page.getByRole('link', { name: 'Transfer' }).click();
    await expect(page.getByText(/^Balance: .* ATOM$/)).toBeVisible();
    const held = balanceOf((await accountOf(own.service, HUB, cosmos)).balances, 'uatom');
    await page.getByRole('button', { name: /^Max/ }).click();
    await expect(page.getByLabel(/Amount to send/)).toHaveValue(display(held - 7_500n));
    await expect(page.getByTestId('max-reserve')).toHaveText('Max keeps 0.0075 ATOM for the network fee.');
    await expectNoHorizontalOverflow(page);
    expect(errors).toEqual([]);
  } finally {
    await own.stop();
  }
});

test('Submit: a different transfer in one line with Details, off while the paste cannot be read, and the service refusal shown', async ({ context, extensionUrl, service }) => {
  test.setTimeout(180_000);
  const key = await freshKey(service, HUB, 'uatom', '1500000');
  const cosmos = await devAddressOn(service, HUB, key);
  const osmo = await devAddressOn(service, OSMOSIS, key);
  const { page, errors } = await openPopup(context, extensionUrl('popup.html'));
  await page.setViewportSize({ width: 400, height: 600 });
  await expect(page.getByTestId('background-status')).toContainText(service.url);

  await routeAtomToOsmo(page, cosmos, osmo);
  await page.getByRole('button', { name: 'Build transactions' }).click();
  await expect(page.getByTestId('tx-message-type')).toHaveText(TRANSFER);
  const built = (await page.getByTestId('tx-message').textContent()) ?? '';
  const sign = async (msg: string) => (await signCosmosTx(service, { chain_id: HUB, signer_address: cosmos, msgs: [{ msg, msg_type_url: TRANSFER }] }, key))[0]!;
  const honest = await sign(built);
  const lessSent = await sign(built.replace('"amount": "1500000"', '"amount": "1400000"'));

  await page.getByRole('link', { name: 'Submit it once signed' }).click();
  const field = page.getByLabel('Signed transaction (base64)');
  const submit = page.getByRole('button', { name: 'Submit', exact: true });

  // nothing readable yet: Submit is off and says why
  await expect(field).toHaveValue('');
  await expect(submit).toBeDisabled();
  await expect(page.getByTestId('submit-blocked')).toHaveText('Submit is off: paste the signed transaction, encoded in base64.');
  await field.fill('this is not base64!');
  await expect(submit).toBeDisabled();
  await expect(page.locator('#signed-tx-hint')).toContainText('This is not base64');
  await field.fill('AAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByTestId('submit-verdict')).toHaveAttribute('data-verdict', 'unreadable');
  await expect(page.getByTestId('submit-blocked')).toHaveText('Submit is off: Courier cannot read this as a signed transaction.');
  await expect(submit).toBeDisabled();
  await expect(page.getByLabel('I understand the risk')).toHaveCount(0);

  // a different amount: one line first, the field-by-field list under Details
  await field.fill(lessSent);
  await expect(page.getByTestId('submit-verdict')).toHaveAttribute('data-verdict', 'mismatch');
  await expect(page.getByTestId('submit-mismatch-line')).toHaveText(/^This is a different transfer: 1\.4 ATOM to osmo1\S+…\S{4}, not 1\.5 ATOM to Osmosis\.$/);
  const difference = page.getByTestId('submit-difference').filter({ hasText: 'token.amount' });
  await expect(difference).toBeHidden();
  await page.getByText(/^Details: \d+ differences?$/).click();
  await expect(difference).toBeVisible();
  await expect(difference).toContainText('1400000 in the pasted transaction; Courier built 1500000');
  await expect(submit).toBeDisabled();
  await expectNoHorizontalOverflow(page);
  await screenshot(page, 'protect-submit-mismatch');

  // the honest one goes through
  await field.fill(honest);
  await expect(page.getByTestId('submit-verdict')).toHaveAttribute('data-verdict', 'match');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page).toHaveURL(/#\/activity\/cosmoshub-4%3A[0-9A-F]{64}$/);

  // the same transaction again: the chain refuses it, and its reason is on show, not behind a disclosure
  await page.goto(extensionUrl('popup.html#/submit?chain=cosmoshub-4'));
  await field.fill(honest);
  await expect(page.getByTestId('submit-verdict')).toHaveAttribute('data-verdict', 'match');
  await submit.click();
  const reason = page.getByTestId('submit-error').getByTestId('service-reason');
  await expect(reason).toBeVisible();
  await expect(reason).toContainText('account sequence mismatch');
  await expectNoHorizontalOverflow(page);
  await screenshot(page, 'protect-submit-refused');
  expect(errors).toEqual([]);
});
