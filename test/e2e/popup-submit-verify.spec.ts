/**
 * The popup's Submit view holds a pasted signed transaction against what Build produced, before
 * anything is broadcast: a transaction re-signed after its memo's final receiver or its amount
 * was changed is a mismatch said in one line (the list under Details) and Submit waits for "I understand the risk"; the honest
 * one matches, submits and is followed to success. Signed with a fresh faucet key, as a wallet
 * would sign the built messages.
 */
import { toBech32 } from '@cosmjs/encoding';
import { expect, test } from './support/fixtures';
import { devAddressOn, freshKey, signCosmosTx } from './support/transfers';
import { accountOf, expectAccessible, openPopup, routeAtomToOsmo } from './popup-helpers';

const HUB = 'cosmoshub-4';
const OSMOSIS = 'osmosis-1';
const TRANSFER = '/ibc.applications.transfer.v1.MsgTransfer';

test('Submit: a tampered signed transaction is a mismatch and gated; the honest one matches, submits and tracks', async ({ context, extensionUrl, service }) => {
  test.setTimeout(240_000);
  const key = await freshKey(service, HUB, 'uatom', '1500000');
  const cosmos = await devAddressOn(service, HUB, key);
  const osmo = await devAddressOn(service, OSMOSIS, key);
  const thief = toBech32('osmo', new Uint8Array(20).fill(1));
  const { page, errors } = await openPopup(context, extensionUrl('popup.html'));
  await expect(page.getByTestId('background-status')).toContainText(service.url);

  // quote and build ATOM on the Hub → OSMO on Osmosis (a transfer whose memo swaps and pays out)
  await routeAtomToOsmo(page, cosmos, osmo);
  await page.getByRole('button', { name: 'Build transactions' }).click();
  await expect(page.getByTestId('verify-verdict')).toHaveAttribute('data-verdict', 'clean');
  await expect(page.getByTestId('tx-message-type')).toHaveText(TRANSFER);
  const built = (await page.getByTestId('tx-message').textContent()) ?? '';
  expect(built).toContain(osmo);

  // the wallet's part: the honest transaction, and two re-signed after a change on the way
  const sign = async (msg: string) => (await signCosmosTx(service, { chain_id: HUB, signer_address: cosmos, msgs: [{ msg, msg_type_url: TRANSFER }] }, key))[0]!;
  const honest = await sign(built);
  const wrongReceiver = await sign(built.replace(osmo, thief));
  const wrongAmount = await sign(built.replace('"amount": "1500000"', '"amount": "1400000"'));
  expect(wrongAmount).not.toBe(honest);
  const sequence = (await accountOf(service, HUB, cosmos)).sequence;

  await page.getByRole('link', { name: 'Submit it once signed' }).click();
  await expect(page).toHaveURL(/#\/submit\?chain=cosmoshub-4$/);
  const field = page.getByLabel('Signed transaction (base64)');
  const verdict = page.getByTestId('submit-verdict');
  const submit = page.getByRole('button', { name: 'Submit', exact: true });
  const accept = page.getByLabel('I understand the risk');

  // the final receiver inside the memo changed: named, and Submit waits for the confirmation
  await field.fill(wrongReceiver);
  await expect(verdict).toHaveAttribute('data-verdict', 'mismatch');
  const receiver = page.getByTestId('submit-difference').filter({ hasText: 'bank_send.to_address' });
  await expect(receiver).toHaveAttribute('data-kind', 'recipient');
  await expect(receiver).toContainText(`${thief} in the pasted transaction; Courier built ${osmo}`);
  await expect(page.getByRole('status').filter({ hasText: 'This is not what Courier built' })).toBeVisible();
  // the same transfer on its face (amount, asset, first receiver): the one line names what differs
  await expect(page.getByTestId('submit-mismatch-line')).toHaveText('This is not what Courier built: a recipient differs.');
  await expect(receiver).toBeHidden();
  await page.getByText(/^Details: \d+ differences?$/).click();
  await expect(receiver).toBeVisible();
  await expect(submit).toBeDisabled();
  await expectAccessible(page, 'submit mismatch');
  await accept.check();
  await expect(submit).toBeEnabled();
  await accept.uncheck();
  await expect(submit).toBeDisabled();

  // the amount changed: a new text needs its own confirmation
  await field.fill(wrongAmount);
  await expect(page.getByTestId('submit-mismatch-line')).toHaveText(/^This is a different transfer: 1\.4 ATOM to osmo1\S+…\S{4}, not 1\.5 ATOM to Osmosis\.$/);
  await expect(page.getByTestId('submit-difference').filter({ hasText: 'token.amount' })).toContainText('1400000 in the pasted transaction; Courier built 1500000');
  await expect(page.getByTestId('submit-difference').filter({ hasText: 'token.amount' })).toHaveAttribute('data-kind', 'amount');
  await expect(accept).not.toBeChecked();
  await expect(submit).toBeDisabled();
  // nothing was broadcast meanwhile
  expect((await accountOf(service, HUB, cosmos)).sequence).toBe(sequence);

  // the honest transaction: it matches, no confirmation, and it submits and is followed to the end
  await field.fill(honest);
  await expect(verdict).toHaveAttribute('data-verdict', 'match');
  await expect(verdict).toHaveText('Matches what Courier built: same chain, signer, messages and amounts.');
  await expect(accept).toHaveCount(0);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page).toHaveURL(/#\/activity\/cosmoshub-4%3A[0-9A-F]{64}$/);
  await expect(page.getByTestId('view-activity-detail')).toHaveAttribute('data-outcome', 'success', { timeout: 150_000 });
  expect(errors).toEqual([]);
});
