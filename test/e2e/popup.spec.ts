/**
 * The popup end to end, in real Chromium against the local routing service: quote, preview,
 * build, sign (with cosmjs, as a wallet would), submit, follow to success, see the balance move.
 */
import { msgFromApi, signTx } from '../support/dev-wallet';
import { expect, test } from './support/fixtures';
import { devAddressOn, freshKey } from './support/transfers';
import { call, connect, openDapp } from './bridge-support';
import { accountOf, balanceOf, balancesOf, expectAccessible, openPopup, pick, screenshot } from './popup-helpers';

const HUB = 'cosmoshub-4';
const OSMOSIS = 'osmosis-1';
const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';

test('quote, preview, build, sign, submit and follow an ATOM → OSMO swap to success; balances move', async ({ context, extensionUrl, service }) => {
  test.setTimeout(240_000);
  // An account of this test's own: no other test moves its balance or takes its sequence.
  const key = await freshKey(service, HUB, 'uatom', '1500000');
  const cosmos = await devAddressOn(service, HUB, key);
  const osmo = await devAddressOn(service, OSMOSIS, key);
  const { page, errors } = await openPopup(context, extensionUrl('popup.html'));
  await expect(page.getByTestId('background-status')).toContainText(service.url);

  // ── Quote: ATOM from the Hub to Osmosis (a plain IBC transfer) ──
  await pick(page, 'pick-source', `atom ${HUB}`, /Cosmos Hub/);
  await expect(page.getByTestId('pick-source')).toContainText('ATOM');
  await pick(page, 'pick-dest', ATOM_ON_OSMOSIS.slice(0, 12), /Osmosis/);
  await page.getByLabel(/Amount to send/).fill('1.5');
  const summary = page.getByTestId('quote-summary');
  await expect(summary).toBeVisible();
  await expect(page.getByTestId('quote-amount-out')).toContainText('1.5 ATOM');
  await screenshot(page, 'quote');
  await expectAccessible(page, 'quote');

  // ── A swap route: ATOM → OSMO ──
  await pick(page, 'pick-dest', 'uosmo', /OSMO/);
  await expect(page.getByTestId('quote-amount-out')).toContainText('OSMO');
  await page.getByRole('button', { name: 'Review route' }).click();
  await expect(page).toHaveURL(/#\/route$/);
  const steps = page.getByTestId('route-step');
  await expect(steps).toHaveCount(2);
  await expect(steps.nth(0)).toContainText('Transfer');
  await expect(steps.nth(0)).toContainText('Cosmos Hub');
  await expect(steps.nth(0)).toContainText('Osmosis');
  await expect(steps.nth(1)).toContainText('Swap');
  await expect(steps.nth(1).locator('.courier-tag')).toHaveText('Osmosis'); // the venue by name, not osmosis-poolmanager
  await expect(steps.nth(1)).toContainText('OSMO');
  await expect(page.getByTestId('view-route')).toContainText('Estimated time');
  await screenshot(page, 'route');
  await expectAccessible(page, 'route preview');

  // ── Build for the dev accounts ──
  await page.getByRole('button', { name: 'Continue to addresses' }).click();
  await expect(page).toHaveURL(/#\/build$/);
  await page.getByLabel(/Cosmos Hub address/).fill(cosmos);
  await page.getByLabel(/Osmosis address/).fill('osmo1notvalid');
  await expect(page.getByTestId('view-build')).toContainText('not a valid Osmosis address');
  await page.getByLabel(/Osmosis address/).fill(osmo);
  await page.getByRole('button', { name: 'Build transactions' }).click();
  const tx = page.getByTestId('sign-tx');
  await expect(tx).toHaveCount(1);
  await expect(tx).toHaveAttribute('data-chain', HUB);
  await expect(page.getByTestId('tx-signer')).toHaveText(cosmos);
  await expect(page.getByTestId('min-amount-out')).toContainText('OSMO');
  await expect(page.getByTestId('tx-message-type')).toHaveText('/ibc.applications.transfer.v1.MsgTransfer');
  await screenshot(page, 'build');
  await expectAccessible(page, 'build');

  // The copy button copies the message exactly as the service wrote it.
  // (Reading the clipboard back needs a permission headless Chromium may not grant: then the shown text is used.)
  const copy = page.getByRole('button', { name: /Message 1/ });
  await copy.click();
  await expect(copy).toContainText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText()).catch(() => null);
  const shown = (await page.getByTestId('tx-message').textContent()) ?? '';
  const messageJson = copied ?? shown;
  expect(JSON.parse(messageJson)).toEqual(JSON.parse(shown));

  // ── The wallet's part: sign with cosmjs ──
  const before = await balancesOf(service, OSMOSIS, osmo);
  const account = await accountOf(service, HUB, cosmos);
  const signed = await signTx({
    chainId: HUB,
    accountNumber: account.accountNumber,
    sequence: account.sequence,
    msgs: [msgFromApi({ msg: messageJson, msg_type_url: '/ibc.applications.transfer.v1.MsgTransfer' })],
    fee: { amount: [{ denom: 'uatom', amount: '5000' }], gas: 300_000 },
    privkey: key,
  });

  // ── Submit ──
  await page.getByRole('link', { name: 'Submit it once signed' }).click();
  await expect(page).toHaveURL(/#\/submit\?chain=cosmoshub-4$/);
  await expect(page.getByTestId('pick-chain')).toContainText('Cosmos Hub');
  await page.getByLabel('Signed transaction (base64)').fill(signed);
  await screenshot(page, 'submit');
  await expectAccessible(page, 'submit');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page).toHaveURL(/#\/activity\/cosmoshub-4%3A[0-9A-F]{64}$/);
  const detail = page.getByTestId('view-activity-detail');
  await expect(detail).toContainText('ATOM');

  // ── Activity follows it to success, hop by hop ──
  await expect(detail).toHaveAttribute('data-outcome', 'success', { timeout: 150_000 });
  const hops = page.getByTestId('hop');
  await expect(hops.first()).toBeVisible();
  await expect(hops.first()).toHaveAttribute('data-outcome', 'success');
  await expect(hops.first()).toContainText('IBC transfer');
  await expect(hops.first()).toContainText('Sent');
  await expect(page.getByTestId('release')).toContainText('Osmosis');
  await screenshot(page, 'activity-detail');
  await expectAccessible(page, 'activity detail');

  // The link a notification opens lands on the same page.
  const deepLink = await openPopup(context, page.url());
  await expect(deepLink.page.getByTestId('view-activity-detail')).toHaveAttribute('data-outcome', 'success');
  await deepLink.page.close();

  await page.getByRole('link', { name: 'Activity', exact: true }).click();
  const item = page.getByTestId('activity-item').first();
  await expect(item).toHaveAttribute('data-outcome', 'success');
  await expect(item).toContainText('OSMO');
  await screenshot(page, 'activity');
  await expectAccessible(page, 'activity');

  // ── Balances: the quoted assets at the remembered addresses ──
  await page.getByRole('link', { name: 'Balances', exact: true }).click();
  const osmoRow = page.locator(`[data-testid="balance-row"][data-chain="${OSMOSIS}"][data-denom="uosmo"]`);
  await expect(osmoRow).toBeVisible();
  await expect(osmoRow.getByTestId('balance-amount')).not.toHaveAttribute('data-amount', '', { timeout: 20_000 });
  const shownAmount = BigInt((await osmoRow.getByTestId('balance-amount').getAttribute('data-amount')) ?? '0');
  expect(shownAmount).toBeGreaterThan(balanceOf(before, 'uosmo'));
  await expect(page.getByTestId('balances-total')).toContainText('$');
  await screenshot(page, 'balances');
  await expectAccessible(page, 'balances');

  // Back on the form: the source balance at the remembered address, and Max.
  await page.getByRole('link', { name: 'Transfer' }).click();
  await expect(page.getByText(/^Balance: .* ATOM$/)).toBeVisible();
  const hub = await accountOf(service, HUB, cosmos);
  await page.getByRole('button', { name: /^Max/ }).click();
  // ATOM pays the Hub's fees: Max keeps one transaction's fee back (average gas price 0.025 × 300,000 gas)
  const sendable = balanceOf(hub.balances, 'uatom') - 7_500n;
  await expect(page.getByLabel(/Amount to send/)).toHaveValue(`${sendable / 1_000_000n}${sendable % 1_000_000n ? `.${(sendable % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '')}` : ''}`);
  await expect(page.getByTestId('max-reserve')).toHaveText('Max keeps 0.0075 ATOM for the network fee.');

  expect(errors).toEqual([]);
});

test('the form survives closing and reopening the popup; the last page reopens', async ({ context, extensionUrl }) => {
  const first = await openPopup(context, extensionUrl('popup.html'));
  await pick(first.page, 'pick-source', `atom ${HUB}`, /Cosmos Hub/);
  await pick(first.page, 'pick-dest', 'uosmo', /OSMO/);
  await first.page.getByLabel('what arrives').check();
  await first.page.getByLabel(/Amount to receive/).fill('12.25');
  await first.page.getByText('Options').click();
  await first.page.getByLabel('custom').check();
  await first.page.getByLabel('Custom slippage tolerance in percent').fill('2.5');
  // Closed right after typing: the pending write is flushed when the page hides.
  await first.page.close();

  const again = await openPopup(context, extensionUrl('popup.html'));
  const { page } = again;
  await expect(page.getByTestId('pick-source')).toContainText('ATOM');
  await expect(page.getByTestId('pick-dest')).toContainText('OSMO');
  await expect(page.getByLabel(/Amount to receive/)).toHaveValue('12.25');
  await expect(page.getByLabel('what arrives')).toBeChecked();
  await expect(page.getByLabel('Custom slippage tolerance in percent')).toHaveValue('2.5');
  await expect(page.getByTestId('quote-summary')).toBeVisible();

  // Another page: the popup reopens there, with what was typed.
  await page.getByRole('link', { name: 'Submit' }).click();
  await page.getByLabel('A transaction hash').check();
  await page.getByLabel('Transaction hash', { exact: true }).fill('ABCD');
  await page.close();
  const third = await openPopup(context, extensionUrl('popup.html'));
  await expect(third.page).toHaveURL(/#\/submit$/);
  await expect(third.page.getByLabel('Transaction hash', { exact: true })).toHaveValue('ABCD');
  await expect(third.page.getByTestId('view-submit')).toContainText('Choose the chain first');
  expect([...first.errors, ...again.errors, ...third.errors]).toEqual([]);
});

test('Assets explores reachable destinations and resolves an IBC denom to its origin', async ({ context, extensionUrl }) => {
  const { page, errors } = await openPopup(context, extensionUrl('popup.html#/assets'));
  await pick(page, 'pick-explore', `atom ${HUB}`, /Cosmos Hub/);
  const reach = page.getByTestId('reachable');
  await expect(reach).toBeVisible();
  await expect(reach.getByRole('region', { name: 'Osmosis' })).toContainText('ATOM');
  await page.getByLabel('Filter by symbol, name, chain or denom').fill('osmosis');
  await expect(reach.getByRole('region')).toHaveCount(1);

  await pick(page, 'pick-resolve-chain', OSMOSIS, /Osmosis/);
  await page.getByRole('textbox', { name: 'Denom', exact: true }).fill(ATOM_ON_OSMOSIS);
  await page.getByRole('button', { name: 'Find the origin' }).click();
  const origin = page.getByTestId('origin-result');
  await expect(origin).toContainText('ATOM');
  await expect(origin).toContainText('Cosmos Hub');
  await expect(origin).toContainText('uatom');
  await screenshot(page, 'assets');
  await expectAccessible(page, 'assets');

  // "Send here" fills the quote form.
  await reach.getByRole('button', { name: /ATOM to ATOM on Osmosis/ }).click();
  await expect(page).toHaveURL(/#\/quote$/);
  await expect(page.getByTestId('pick-dest')).toContainText('ATOM');
  await expect(page.getByTestId('pick-dest')).toContainText('Osmosis');
  expect(errors).toEqual([]);
});

test('Settings: API address, masked key, notifications; the options page shows the same', async ({ context, extensionUrl, service }) => {
  const { page, errors } = await openPopup(context, extensionUrl('popup.html#/settings'));
  await expect(page.getByTestId('api-base-url')).toHaveText(service.url);
  await expect(page.getByTestId('key-status')).toContainText('No key');
  await page.getByLabel('Add a key').fill('courier-test-key-1234abcd');
  await page.getByRole('button', { name: 'Save key' }).click();
  await expect(page.getByTestId('key-status')).toHaveText('A key ending in ••••abcd is set.');
  await expect(page.getByLabel('Replace the key')).toHaveValue('');
  await expect(page.locator('body')).not.toContainText('courier-test-key');
  const notify = page.getByLabel('Tell me when a transfer finishes');
  await notify.uncheck();
  await expect(notify).not.toBeChecked();
  await screenshot(page, 'settings');
  await expectAccessible(page, 'settings');

  const options = await context.newPage();
  await options.goto(extensionUrl('options.html'));
  await expect(options.getByTestId('key-status')).toHaveText('A key ending in ••••abcd is set.');
  await expect(options.getByLabel('Tell me when a transfer finishes')).not.toBeChecked();
  await options.getByRole('button', { name: 'Remove key' }).click();
  await expect(options.getByTestId('key-status')).toContainText('No key');
  await screenshot(options, 'options');
  await expectAccessible(options, 'options page');
  expect(errors).toEqual([]);
});

test('Track a transaction a wallet broadcast itself; it lands in Activity, then Remove forgets it', async ({ context, extensionUrl, service }) => {
  test.setTimeout(120_000);
  const key = await freshKey(service, HUB, 'uatom', '250000');
  const cosmos = await devAddressOn(service, HUB, key);
  const osmo = await devAddressOn(service, OSMOSIS, key);
  // The wallet's side, without Courier: route, msgs, sign, broadcast.
  const route = await service.post('/v2/fungible/route', {
    source_asset_denom: 'uatom',
    source_asset_chain_id: HUB,
    dest_asset_denom: ATOM_ON_OSMOSIS,
    dest_asset_chain_id: OSMOSIS,
    amount_in: '250000',
  });
  expect(route.status).toBe(200);
  const msgs = await service.post('/v2/fungible/msgs', { ...route.body, address_list: [cosmos, osmo], slippage_tolerance_percent: '1' });
  expect(msgs.status).toBe(200);
  const cosmosTx = msgs.body.txs[0].cosmos_tx;
  const info = await accountOf(service, HUB, cosmos);
  const tx = await signTx({
    chainId: HUB,
    accountNumber: info.accountNumber,
    sequence: info.sequence,
    msgs: cosmosTx.msgs.map(msgFromApi),
    fee: { amount: [{ denom: 'uatom', amount: '5000' }], gas: 300_000 },
    privkey: key,
  });
  const broadcast = await service.post(`/local/chains/${HUB}/broadcast`, { tx });
  expect(broadcast.status).toBe(200);
  const hash: string = broadcast.body.tx_hash;

  const { page, errors } = await openPopup(context, extensionUrl('popup.html#/submit?mode=track'));
  await expect(page.getByLabel('A transaction hash')).toBeChecked();
  await pick(page, 'pick-chain', 'cosmos hub', /cosmoshub-4/);
  await page.getByLabel('Transaction hash', { exact: true }).fill(hash.toLowerCase());
  await page.getByRole('button', { name: 'Track', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`#/activity/cosmoshub-4%3A${hash}$`));
  const detail = page.getByTestId('view-activity-detail');
  await expect(detail).toHaveAttribute('data-outcome', 'success', { timeout: 90_000 });
  await expect(detail).toContainText('tracked');
  await expect(page.getByTestId('hop').first()).toContainText('IBC transfer');

  await page.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(page).toHaveURL(/#\/activity$/);
  await expect(page.getByTestId('view-activity')).not.toContainText(hash.slice(0, 8));
  expect(errors).toEqual([]);
});

test('Settings lists the sites connected through window.courier and revokes one', async ({ context, extensionUrl, pageServer }) => {
  const dapp = await openDapp(context, `${pageServer.origin}/`);
  await connect(context, dapp, pageServer.origin);

  const { page, errors } = await openPopup(context, extensionUrl('popup.html#/settings'));
  const sites = page.getByTestId('sites');
  await expect(sites).toContainText(pageServer.origin);
  await expectAccessible(page, 'settings with a connected site');
  await sites.getByRole('button', { name: `Revoke ${pageServer.origin}` }).click();
  await expect(page.getByText('No site is connected.')).toBeVisible();
  // The site must connect again.
  expect((await call(dapp, 'tracked')) as { ok: boolean; error?: { code: number } }).toMatchObject({ ok: false, error: { code: 4100 } });
  expect(errors).toEqual([]);
});
