/**
 * Fees in the popup (400×600), against the real local service: 100 USDC from Ethereum to Noble
 * goes over Go Fast (its fee in three parts, 0.10 + 0.40 + 0.01 USDC, taken from the amount) or
 * over CCTP (a relay fee of 0.02 USDC paid on top). Each route shows one total, the same on its
 * card, in the Route view and on Build, and lists each fee once with who pays it. Build states
 * how long the built transactions stay good. Then the same with production-shaped answers
 * (estimated fees blanked), and the "what arrives" mode, whose cards compare what each route
 * costs to send.
 */
import type { Locator, Page } from '@playwright/test';
import { devWallet } from '../support/dev-wallet';
import { openPopup, pick, screenshot, useApi } from './popup-helpers';
import { expect, test } from './support/fixtures';
import { startOwnService } from './support/own-service';

const EVM_DEV0 = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const ACCOUNT = 9;
const PREFIX: Record<string, string> = { 'noble-1': 'noble', 'osmosis-1': 'osmo' };

interface Expected {
  bridges: string;
  radio: RegExp;
  /** The fees total as the card, the Route view and Build say it. */
  total: string;
  /** The one fee: its label, and who pays it. */
  fee: RegExp;
  payer: 'deducted' | 'additional';
  payerWords: string;
  parts: number;
}

const GO_FAST: Expected = {
  bridges: 'GO_FAST,IBC',
  radio: /^Go Fast \+ IBC/,
  total: '$0.51',
  fee: /^Go Fast fee/,
  payer: 'deducted',
  payerWords: 'taken from the amount sent (included in the quote)',
  parts: 3,
};
const CCTP: Expected = {
  bridges: 'CCTP',
  radio: /^CCTP/,
  total: '$0.02',
  fee: /^CCTP relay fee/,
  payer: 'additional',
  payerWords: 'paid on top of the amount sent, in USDC',
  parts: 0,
};

/** The fees of one view: each listed once (top-level items only), with who pays, and the total. */
async function expectFees(scope: Locator, expected: Expected, total: string): Promise<void> {
  const fees = scope.locator('[data-testid="fees"] > li');
  await expect(fees).toHaveCount(1);
  await expect(fees.first()).toHaveAttribute('data-payer', expected.payer);
  await expect(fees.first()).toContainText(expected.fee);
  await expect(fees.first().getByTestId('fee-payer')).toHaveText(expected.payerWords);
  await expect(fees.first().locator('.courier-fee-parts > li')).toHaveCount(expected.parts);
  await expect(scope.getByTestId('fees-total')).toHaveText(`Fees in total${total.startsWith('$') ? ' ≈ ' : ': '}${total}`);
  // never the same fee again as an estimated entry of its own
  await expect(scope).not.toContainText('Smart relay fee');
}

async function quoteUsdcToNoble(page: Page, amount = '100'): Promise<void> {
  await pick(page, 'pick-source', 'usdc ethereum', /Ethereum/);
  await pick(page, 'pick-dest', 'usdc noble-1', /Noble/);
  await page.getByLabel(/Amount to (send|receive)/).fill(amount);
  await expect(page.getByTestId('quote-amount-out')).toContainText('USDC', { timeout: 30_000 });
  await expect(page.getByTestId('route-choices')).toHaveAttribute('data-pending', '0', { timeout: 60_000 });
  await expect(page.getByTestId('route-choice')).toHaveCount(3);
}

/** Card, Route view and Build of one route: the same total, each fee once with who pays. */
async function followRoute(page: Page, extensionUrl: (p: string) => string, expected: Expected, total = expected.total): Promise<void> {
  await page.goto(extensionUrl('popup.html#/quote'));
  const card = page.locator(`[data-testid="route-choice"][data-bridges="${expected.bridges}"]`);
  await expect(card.getByTestId('route-choice-fees')).toHaveText(new RegExp(`^Fees ${total.replace(/[$.]/g, '\\$&')}( \\(|$)`), { timeout: 30_000 });
  await card.getByRole('radio').check();

  // ── Route view ──
  await page.getByRole('button', { name: 'Review route' }).click();
  await expect(page).toHaveURL(/#\/route$/);
  const routeView = page.getByTestId('view-route');
  await expect(routeView.getByRole('radio', { name: expected.radio })).toBeChecked();
  await expect(routeView.locator(`[data-testid="route-choice"][data-bridges="${expected.bridges}"]`).getByTestId('route-choice-fees')).toContainText(`Fees ${total}`);
  await expectFees(routeView, expected, total);
  await screenshot(page, `popup-fees-route-${expected.bridges.replace(',', '-').toLowerCase()}`);

  // ── Build ──
  await page.getByRole('button', { name: 'Continue to addresses' }).click();
  await expect(page).toHaveURL(/#\/build$/);
  // The address fields appear once the view has the route's chains: fill until every one shown
  // holds an address (reading them once, right after the URL changed, could find none).
  const fields = page.getByTestId('view-build').locator('input[data-chain]');
  await expect(async () => {
    const chains = await fields.evaluateAll((inputs) => inputs.map((i) => i.getAttribute('data-chain')!));
    expect(chains.length).toBeGreaterThan(0);
    for (const chain of chains) {
      const field = page.locator(`input[data-chain="${chain}"]`);
      if ((await field.inputValue()) === '') await field.fill(chain === '1' ? EVM_DEV0 : await devWallet(ACCOUNT, PREFIX[chain]!));
    }
    expect(await fields.evaluateAll((inputs) => inputs.every((i) => (i as HTMLInputElement).value !== ''))).toBe(true);
  }).toPass({ timeout: 15_000 });
  await page.getByRole('button', { name: /Build (transactions|again)/ }).click();
  const built = page.getByTestId('built');
  await expect(built).toBeVisible({ timeout: 30_000 });
  await expect(built.getByTestId('sign-within')).toContainText('Sign and submit within 5 minutes');
  await expectFees(built, expected, total);
}

test('Go Fast and CCTP: one total, the same on the card, the Route view and Build, each fee once with who pays', async ({ context, extensionUrl }) => {
  test.setTimeout(240_000);
  const { page, errors } = await openPopup(context, extensionUrl('popup.html'));
  await page.setViewportSize({ width: 400, height: 600 });
  await quoteUsdcToNoble(page);
  // the cards say who pays: Go Fast's fee comes out of the amount, CCTP's is paid on top in USDC
  await expect(page.locator('[data-testid="route-choice"][data-bridges="GO_FAST,IBC"]').getByTestId('route-choice-fees')).toHaveText('Fees $0.51 (taken from the amount)');
  await expect(page.locator('[data-testid="route-choice"][data-bridges="CCTP"]').getByTestId('route-choice-fees')).toHaveText('Fees $0.02 (on top, in USDC)');
  await screenshot(page, 'popup-fees-cards');

  await followRoute(page, extensionUrl, GO_FAST);
  await followRoute(page, extensionUrl, CCTP);
  expect(errors).toEqual([]);
});

test('production-shaped answers (estimated fees blank) add up the same way', async ({ context, extensionUrl }) => {
  test.setTimeout(240_000);
  const own = await startOwnService();
  try {
    const { page, errors } = await openPopup(context, extensionUrl('popup.html'));
    await page.setViewportSize({ width: 400, height: 600 });
    await useApi(page, own.url);
    expect((await own.service.post('/local/faults', { kind: 'production_shape' })).status).toBe(200);
    await quoteUsdcToNoble(page);
    // Go Fast's operation prices its parts: still $0.51; CCTP's relay fee quote has no USD value
    await expect(page.locator('[data-testid="route-choice"][data-bridges="GO_FAST,IBC"]').getByTestId('route-choice-fees')).toHaveText('Fees $0.51 (taken from the amount)');
    await expect(page.locator('[data-testid="route-choice"][data-bridges="CCTP"]').getByTestId('route-choice-fees')).toHaveText('Fees not priced (on top, in USDC)');
    await followRoute(page, extensionUrl, GO_FAST);
    await followRoute(page, extensionUrl, { ...CCTP, total: 'not priced' });
    const faults = await own.service.get('/local/faults');
    expect(faults.body.faults[0].reshaped).toBeGreaterThanOrEqual(4);
    expect(errors).toEqual([]);
  } finally {
    await own.stop();
  }
});

test('what arrives fixed: the cards show what each route costs to send, and the cheapest sends least', async ({ context, extensionUrl }) => {
  test.setTimeout(120_000);
  const { page, errors } = await openPopup(context, extensionUrl('popup.html'));
  await page.setViewportSize({ width: 400, height: 600 });
  await page.getByRole('radio', { name: 'what arrives' }).check();
  await quoteUsdcToNoble(page);
  const cards = page.getByTestId('route-choice');
  const sent = cards.getByTestId('route-choice-in');
  await expect(sent).toHaveCount(3);
  const amounts = (await sent.allInnerTexts()).map((t) => Number(/^Send ([0-9.]+) USDC/.exec(t)![1]));
  expect(amounts[0]).toBe(100);
  expect([...amounts].sort((a, b) => a - b)).toEqual(amounts);
  await expect(cards.first()).toHaveAttribute('data-labels', 'cheapest');
  await expect(cards.first()).toHaveAttribute('data-bridges', 'CCTP');
  for (const card of await cards.all()) await expect(card.getByTestId('route-choice-out')).toContainText('Receive 100 USDC');
  await screenshot(page, 'popup-fees-exact-out');
  expect(errors).toEqual([]);
});
