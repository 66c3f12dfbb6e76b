/**
 * Activity in people's words, in Chromium at 400×600 with the real extension and a local service
 * of the test's own:
 * - a failed transfer reads where the money is ("Your 1.1 ATOM is back on Cosmos Hub…"), offers
 *   the action that fits (Rebuild with a fresh quote, Open in explorer), keeps the raw state and
 *   the API's words under Details, and is not timed against its estimate;
 * - Export downloads a CSV and a JSON whose rows are the Activity list's transfers, in its order;
 * - an amount too small reads the service's minimum in the token sent, with a button that uses it.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test, type LocalService } from './support/fixtures';
import { startOwnService } from './support/own-service';
import { background } from './support/tracked';
import { signedTransfers } from './support/transfers';
import { expectAccessible, openPopup, pick, useApi } from './popup-helpers';

const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';

async function errorAck(service: LocalService, route: any): Promise<void> {
  const hop = route.operations[0].transfer;
  expect((await service.post('/local/faults', { kind: 'error_ack', chain_id: hop.from_chain_id, channel_id: hop.channel, count: 1 })).status).toBe(200);
}

/** A signed ATOM transfer from the Cosmos Hub to Osmosis, handed to the background as the popup's Submit does. */
async function transfer(page: Page, service: LocalService, amount: string, fail: boolean): Promise<string> {
  const t = await signedTransfers(service, { source: { chain: 'cosmoshub-4', denom: 'uatom' }, dest: { chain: 'osmosis-1', denom: ATOM_ON_OSMOSIS }, amount, account: 'fresh' });
  if (fail) await errorAck(service, t.route);
  const { id } = await background<{ id: string }>(page, 'courier:tx:submit', { tx: t.signed[0], chain_id: t.chainId, route: t.route });
  await expect.poll(async () => (await background<{ outcome: string }>(page, 'courier:tx:get', { id })).outcome, { timeout: 45_000 }).toBe(fail ? 'failure' : 'success');
  return id;
}

async function popupOn(context: Parameters<typeof openPopup>[0], url: string, serviceUrl: string) {
  const popup = await openPopup(context, url);
  await popup.page.setViewportSize({ width: 400, height: 600 });
  await useApi(popup.page, serviceUrl);
  await popup.page.reload();
  await popup.page.waitForFunction(() => document.documentElement.dataset.interactive === 'true');
  return popup;
}

test('a failed transfer says where the money is, with the action that fits; the raw state and the API’s words only under Details', async ({ context, extensionUrl }) => {
  test.setTimeout(120_000);
  const own = await startOwnService({ speed: 10 });
  try {
    const { page, errors } = await popupOn(context, extensionUrl('popup.html#/activity'), own.url);
    const id = await transfer(page, own.service, '1100000', true);

    await page.goto(extensionUrl(`popup.html#/activity/${encodeURIComponent(id)}`));
    const view = page.getByTestId('view-activity-detail');
    await expect(view).toHaveAttribute('data-outcome', 'failure');
    const problem = view.getByTestId('activity-problem');
    // where the money is, in the token and on the chain by name, first
    await expect(problem.getByTestId('funds-words')).toHaveText(
      'Your 1.1 ATOM is back on Cosmos Hub: the transfer did not complete and was refunded. Only the network fee was spent.',
    );
    await expect(problem.getByTestId('funds-words')).toBeInViewport();
    // the action that fits a refund, and the explorer
    await expect(problem).toHaveAttribute('data-action', 'rebuild');
    await expect(problem.getByRole('button', { name: 'Rebuild with a fresh quote' })).toBeVisible();
    await expect(problem.getByRole('link', { name: /^Open in explorer/ })).toHaveAttribute('href', /^https:\/\/www\.mintscan\.io\/cosmos\/transactions\//);
    // no "took 3 s · estimate 30 s" on a failure
    await expect(view.getByTestId('timing')).toHaveCount(0);
    // the raw state id only under Details, whole, broken (if ever) at an underscore
    await expect(view.getByTestId('service-state')).toHaveText('Service state: completed with an error');
    const rawState = problem.getByTestId('service-state-id');
    await expect(rawState).toBeHidden();
    await problem.locator('summary', { hasText: 'Details' }).click();
    await expect(rawState).toBeVisible();
    await expect(rawState).toHaveText('STATE_COMPLETED_ERROR');
    expect(await rawState.evaluate((e) => getComputedStyle(e).wordBreak)).toBe('normal');
    // nothing widens the popup, and the failure passes axe with its Details open
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    await expectAccessible(page, 'a failed transfer');

    // Rebuild: the quote form with this transfer's assets and amount
    await problem.getByRole('button', { name: 'Rebuild with a fresh quote' }).click();
    await expect(page).toHaveURL(/#\/(quote)?$/);
    await expect(page.getByLabel(/Amount to send/)).toHaveValue('1.1');
    expect(errors).toEqual([]);
  } finally {
    await own.stop();
  }
});

/** A minimal RFC 4180 reader (the export's own format: quoted cells, CRLF rows). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(cell), (cell = '');
    else if (c === '\r' && text[i + 1] === '\n') row.push(cell), rows.push(row), (row = []), (cell = ''), i++;
    else cell += c;
  }
  return rows;
}

test('Activity exports a CSV and a JSON whose rows are the listed transfers, in order', async ({ context, extensionUrl }) => {
  test.setTimeout(150_000);
  const own = await startOwnService({ speed: 10 });
  try {
    const { page, errors } = await popupOn(context, extensionUrl('popup.html#/activity'), own.url);
    const ok = await transfer(page, own.service, '1200000', false);
    const failed = await transfer(page, own.service, '1300000', true);

    const items = page.getByTestId('activity-item');
    await expect(items).toHaveCount(2);
    const listed = await items.evaluateAll((lis) => lis.map((li) => ({ id: li.getAttribute('data-id')!, outcome: li.getAttribute('data-outcome')!, text: li.textContent! })));
    expect(listed.map((l) => l.id)).toEqual([failed, ok]); // newest first

    const save = async (name: string) => {
      const download = page.waitForEvent('download');
      await page.getByTestId('activity-export').getByRole('button', { name }).click();
      const file = await download;
      return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
    };

    const csv = await save('Export CSV');
    expect(csv.name).toMatch(/^courier-activity-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = parseCsv(csv.text);
    const col = (row: string[], name: string) => row[header!.indexOf(name)]!;
    expect(rows).toHaveLength(listed.length);
    for (const [i, row] of rows.entries()) {
      expect(`${col(row, 'tx_chain_id')}:${col(row, 'tx_hash')}`).toBe(listed[i]!.id);
      expect(col(row, 'state')).toBe(listed[i]!.outcome === 'success' ? 'Completed' : 'Failed');
      expect(listed[i]!.text).toContain(`${col(row, 'amount_sent')} ${col(row, 'from_asset')}`);
      expect(listed[i]!.text).toContain(`${col(row, 'from_chain')} → ${col(row, 'to_chain')}`);
      expect(col(row, 'bridges')).toBe('IBC');
      expect(col(row, 'explorer_link')).toMatch(/^https:\/\/www\.mintscan\.io\/cosmos\/transactions\//);
    }
    expect(rows.map((r) => col(r, 'amount_sent'))).toEqual(['1.3', '1.2']);
    // what the service reports released: the ATOM on Osmosis, and the refund back on the Cosmos Hub
    expect(rows.map((r) => [col(r, 'amount_received'), col(r, 'received_asset'), col(r, 'amount_received_basis')])).toEqual([
      ['1.3', 'ATOM', 'released'],
      ['1.2', 'ATOM', 'released'],
    ]);

    const json = await save('Export JSON');
    expect(json.name).toMatch(/^courier-activity-\d{4}-\d{2}-\d{2}\.json$/);
    const parsed = JSON.parse(json.text);
    expect(parsed).toMatchObject({ format: 'courier-activity', version: 1 });
    expect(parsed.transfers.map((t: any) => `${t.tx_chain_id}:${t.tx_hash}`)).toEqual(listed.map((l) => l.id));
    expect(parsed.transfers.map((t: any) => [t.from_chain, t.to_chain, t.amount_sent, t.state])).toEqual(rows.map((r) => [col(r, 'from_chain'), col(r, 'to_chain'), col(r, 'amount_sent'), col(r, 'state')]));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    await expectAccessible(page, 'Activity with its export');
    expect(errors).toEqual([]);
  } finally {
    await own.stop();
  }
});

test('an amount too small: "Send at least 0.100001 USDC", and the button fills the amount with it', async ({ context, extensionUrl }) => {
  test.setTimeout(90_000);
  const { page, errors } = await openPopup(context, extensionUrl('popup.html'));
  await page.setViewportSize({ width: 400, height: 600 });
  await pick(page, 'pick-source', 'usdc noble-1', /Noble/);
  await pick(page, 'pick-dest', 'usdc ethereum', /Ethereum/);
  await page.getByLabel(/Amount to send/).fill('0.001');
  const minimum = page.getByTestId('quote-minimum');
  // the route's minimum, in USDC (6 decimals), never in base units
  await expect(minimum).toHaveText(/^Send at least [0-9]+\.[0-9]+ USDC\./, { timeout: 30_000 });
  const base = (await minimum.getAttribute('data-amount'))!;
  expect(base).toMatch(/^[0-9]+$/);
  const shown = `${base.slice(0, -6) || '0'}.${base.slice(-6).padStart(6, '0')}`.replace(/\.?0+$/, '');
  await expect(minimum).toContainText(`Send at least ${shown} USDC.`);
  // Courier's sentence carries no base units (the service's own words stay under its disclosure)
  await expect(page.getByTestId('quote-error').getByText('It would not cover the fees of this route. Send more.', { exact: true })).toBeVisible();
  await minimum.getByRole('button', { name: `Use ${shown} USDC` }).click();
  await expect(page.getByLabel(/Amount to send/)).toHaveValue(shown);
  await expect(minimum).toHaveCount(0, { timeout: 30_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
  expect(errors).toEqual([]);
});
