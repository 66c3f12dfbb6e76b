/**
 * Accessibility of every popup view in light and dark (axe-core: no serious or critical
 * violation), and the quote flow with the keyboard alone.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectAccessible, openPopup, pick, screenshot } from './popup-helpers';

const VIEWS = ['quote', 'route', 'build', 'submit', 'activity', 'balances', 'assets', 'settings'] as const;

for (const scheme of ['light', 'dark'] as const) {
  test(`every view passes axe in ${scheme} mode`, async ({ context, extensionUrl }) => {
    const { page, errors } = await openPopup(context, extensionUrl('popup.html'), { dark: scheme === 'dark' });
    for (const view of VIEWS) {
      await page.goto(extensionUrl(`popup.html#/${view}`));
      await expect(page.getByTestId(`view-${view}`)).toBeVisible();
      // Checked once loaded: a skeleton appears only after 100 ms of loading, so no moment is "before" it.
      await expect(page.locator('.courier-skeleton, [aria-busy="true"]')).toHaveCount(0);
      await expectAccessible(page, `${view} (${scheme}, empty)`);
      if (scheme === 'dark') await screenshot(page, `${view}-empty-dark`);
    }

    // With content: a quote, its route preview, and a picker open.
    await page.goto(extensionUrl('popup.html#/quote'));
    await pick(page, 'pick-source', 'atom cosmoshub-4', /Cosmos Hub/);
    await pick(page, 'pick-dest', 'uosmo', /OSMO/);
    await page.getByLabel(/Amount to send/).fill('3');
    await page.getByText('Options').click();
    await expect(page.getByTestId('quote-summary')).toBeVisible();
    await expectAccessible(page, `quote with an answer (${scheme})`);
    await screenshot(page, `quote-${scheme}`);

    await page.getByTestId('pick-dest').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('dialog').getByRole('combobox').fill('atom');
    await expect(page.getByRole('option').first()).toBeVisible();
    await expectAccessible(page, `destination picker (${scheme})`);
    await screenshot(page, `picker-${scheme}`);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Review route' }).click();
    await expect(page.getByTestId('route-step')).toHaveCount(2);
    await expectAccessible(page, `route preview (${scheme})`);
    if (scheme === 'dark') await screenshot(page, 'route-dark');
    expect(errors).toEqual([]);
  });
}

/** Presses Tab until the focused element matches, at most `max` times. */
async function tabTo(page: Page, matches: (name: string, role: string) => boolean, max = 40): Promise<string> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return { name: '', role: '' };
      const label = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
      return { name: (el.getAttribute('aria-label') ?? label ?? el.textContent ?? '').trim(), role: el.getAttribute('role') ?? el.tagName.toLowerCase() };
    });
    if (matches(focused.name, focused.role)) return focused.name;
  }
  throw new Error('the element was never reached with Tab');
}

test('a quote with the keyboard alone: pickers, amount, review, tabs', async ({ context, extensionUrl }) => {
  const { page, errors } = await openPopup(context, extensionUrl('popup.html'));

  await tabTo(page, (name) => name.startsWith('Asset to send'));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('atom cosmoshub-4');
  await expect(dialog.getByRole('option').first()).toContainText('Cosmos Hub');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('pick-source')).toBeFocused();
  await expect(page.getByTestId('pick-source')).toContainText('ATOM');

  await tabTo(page, (name) => name.startsWith('Asset to receive'));
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('osmo osmosis');
  await expect(dialog.getByRole('option').first()).toBeVisible();
  // Arrow keys move the active option; Escape closes without choosing.
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('pick-dest')).toBeFocused();
  await expect(page.getByTestId('pick-dest')).toContainText('Choose an asset');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('combobox')).toBeFocused();
  await expect(dialog.getByRole('combobox')).toHaveValue('');
  await page.keyboard.type('uosmo');
  await expect(dialog.getByRole('option').first()).toContainText('OSMO');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pick-dest')).toContainText('OSMO');

  await tabTo(page, (name) => name.startsWith('Amount to send'));
  await page.keyboard.type('2');
  await expect(page.getByTestId('quote-summary')).toBeVisible();
  await tabTo(page, (name) => name === 'Review route');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/route$/);
  await tabTo(page, (name) => name === 'Continue to addresses');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/build$/);
  await tabTo(page, (name) => name.startsWith('Cosmos Hub address'));
  await expect(page.locator(':focus')).toHaveAttribute('data-chain', 'cosmoshub-4');

  // Tabs and the settings link are reachable and work with Enter.
  await page.locator('body').focus();
  await tabTo(page, (name) => name === 'Activity');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/activity$/);
  await tabTo(page, (name) => name === 'Settings');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('view-settings')).toBeVisible();
  expect(errors).toEqual([]);
});
