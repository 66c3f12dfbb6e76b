/**
 * Courier's own pages in Firefox: the popup (opened as a tab: BiDi cannot click the toolbar
 * button) quoting a route against the local service, the options page, and the API key, which
 * no content script can read.
 */
import type { Page } from 'puppeteer-core';
import { expect, test, until, type FirefoxSession } from './support/firefox';
import { firefoxServiceUrl } from './support/paths';

const HUB = 'cosmoshub-4';
const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';

// Extension pages get no preload scripts or waitForFunction over BiDi: every step is a DOM
// action or a poll through page.evaluate.
const textOf = (page: Page, testId: string) =>
  page.evaluate((id) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? null, testId);

async function waitForText(page: Page, testId: string, expected: string | RegExp, timeoutMs?: number): Promise<string> {
  return until(
    `${testId} to show ${expected}`,
    async () => {
      const text = await textOf(page, testId);
      if (text === null) return undefined;
      return (typeof expected === 'string' ? text.includes(expected) : expected.test(text)) ? text : undefined;
    },
    timeoutMs,
  );
}

/** Types into an input the way a user does (value, then the input event Preact listens to). */
function fill(page: Page, selector: string, value: string) {
  return until(`${selector} to take input`, () =>
    page.evaluate(
      ([sel, v]) => {
        const input = document.querySelector<HTMLInputElement>(sel);
        if (!input) return false;
        input.focus();
        input.value = v;
        input.dispatchEvent(new Event('input', { bubbles: true }));
        return true;
      },
      [selector, value] as const,
    ),
  );
}

function click(page: Page, selector: string, withText?: string) {
  return until(`${selector}${withText ? ` "${withText}"` : ''} to be clickable`, () =>
    page.evaluate(
      ([sel, text]) => {
        const found = [...document.querySelectorAll<HTMLElement>(sel)].find((el) => !text || el.textContent?.includes(text));
        if (!found || (found as HTMLButtonElement).disabled) return false;
        found.click();
        return true;
      },
      [selector, withText ?? ''] as const,
    ),
  );
}

async function pick(page: Page, testId: string, query: string, option: string) {
  await click(page, `[data-testid="${testId}"]`);
  await fill(page, 'dialog[open] [role="combobox"]', query);
  await click(page, 'dialog[open] [role="option"]', option);
  await until(`the ${testId} dialog to close`, () => page.evaluate(() => !document.querySelector('dialog[open]')));
}

/** The settings as the background sees them (once it answers again after a restart). */
const settingsView = (firefox: FirefoxSession) =>
  until('the settings', async () => {
    const answer = await firefox.protocol('courier:settings:get');
    return answer?.ok ? answer.result : undefined;
  });

test('the popup, opened as a tab, quotes a route against the local service and previews it', async ({ firefox }) => {
  const page = await firefox.openExtensionPage('popup.html');
  await until('the popup to be interactive', () => page.evaluate(() => document.documentElement.dataset.interactive === 'true'));
  await waitForText(page, 'background-status', firefoxServiceUrl);

  await pick(page, 'pick-source', `atom ${HUB}`, 'Cosmos Hub');
  await waitForText(page, 'pick-source', 'ATOM');
  await pick(page, 'pick-dest', ATOM_ON_OSMOSIS.slice(0, 12), 'Osmosis');
  await fill(page, '#quote-amount', '1.5');
  await waitForText(page, 'quote-amount-out', '1.5 ATOM', 30_000);

  await click(page, 'button', 'Review route');
  await until('the route preview', () => page.evaluate(() => location.hash === '#/route'));
  const steps = await until('one transfer step', async () => {
    const list = await page.evaluate(() => [...document.querySelectorAll('[data-testid="route-step"]')].map((el) => el.textContent ?? ''));
    return list.length > 0 ? list : undefined;
  });
  expect(steps).toHaveLength(1);
  expect(steps[0]).toContain('Cosmos Hub');
  expect(steps[0]).toContain('Osmosis');
  await waitForText(page, 'view-route', 'Estimated time');
});

test('the options page shows the settings and saves a key, masked', async ({ firefox }) => {
  const page = await firefox.openExtensionPage('options.html');
  await waitForText(page, 'api-base-url', firefoxServiceUrl);
  await waitForText(page, 'key-status', 'No key');
  await fill(page, '#api-key', 'courier-firefox-key-9876wxyz');
  await click(page, 'button', 'Save key');
  await waitForText(page, 'key-status', 'A key ending in ••••wxyz is set.');
  expect(await page.evaluate(() => document.body.textContent?.includes('courier-firefox-key'))).toBe(false);
});

test('a content script cannot read the API key: it is kept out of every storage area content scripts can open', async ({ firefox }) => {
  const KEY = `courier_firefox_secret_${Date.now()}_key`;
  const set = await firefox.protocol('courier:settings:setKey', { apiKey: KEY });
  expect(set).toMatchObject({ ok: true, result: { key: { hasKey: true }, keyProtection: 'extension-pages' } });

  // Firefox lets content scripts read storage.local and storage.sync (storage.session is closed
  // to them by default): the key must be in none of these.
  const areas = await firefox.inExtension(async () => {
    const storage = (globalThis as any).browser.storage;
    return JSON.stringify({ local: await storage.local.get(null), sync: await storage.sync.get(null).catch(() => ({})) });
  }, null);
  expect(areas).not.toContain(KEY);
  expect(areas).not.toContain('courier:secrets');

  // …and it is really kept, where only Courier's own pages can read it: after a restart of the
  // add-on the settings still know it.
  await firefox.reloadAddon();
  const view = await settingsView(firefox);
  expect(view).toMatchObject({ key: { hasKey: true, keyLast4: '_key' } });
});

test('a key an earlier build left in storage.local moves out of content scripts\' reach', async ({ firefox }) => {
  const KEY = `courier_old_build_${Date.now()}_key1`;
  // As a build before this one stored it, before the background first reads its settings.
  await firefox.inExtension(
    (key) => (globalThis as any).browser.storage.local.set({ 'courier:secrets': { version: 1, apiKey: key } }),
    KEY,
  );
  await firefox.reloadAddon();
  const view = await settingsView(firefox);
  expect(view).toMatchObject({ key: { hasKey: true, keyLast4: 'key1' }, keyProtection: 'extension-pages' });
  const local = await firefox.inExtension(async () => JSON.stringify(await (globalThis as any).browser.storage.local.get(null)), null);
  expect(local).not.toContain(KEY);
});
