/**
 * Helpers for the popup's end-to-end tests: open the popup page as a tab at popup size, watch
 * for page errors, run axe-core, save screenshots under test-results/screenshots/.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from './support/fixtures';
import { repoRoot } from './support/paths';

export const SCREENSHOT_DIR = path.join(repoRoot, 'test-results/screenshots');

export interface PopupPage {
  page: Page;
  /** Uncaught errors and console errors seen so far. */
  errors: string[];
}

/** Console noise that is not ours: logo images cannot load without network in the test sandbox. */
const IGNORED = [/Failed to load resource/i, /net::ERR_/i];

export async function openPopup(context: BrowserContext, url: string, options: { dark?: boolean } = {}): Promise<PopupPage> {
  const page = await context.newPage();
  await page.setViewportSize({ width: 380, height: 640 });
  if (options.dark) await page.emulateMedia({ colorScheme: 'dark' });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !IGNORED.some((r) => r.test(m.text()))) errors.push(`console: ${m.text()}`);
  });
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.interactive === 'true');
  return { page, errors };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

const axeSource = readFileSync(path.join(repoRoot, 'node_modules/axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Serious and critical axe-core violations on the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // Extension pages' CSP (script-src 'self') blocks page.addScriptTag's inline script; code run
  // through the DevTools protocol is not subject to it.
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: any[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id as string,
      impact: v.impact as string | null,
      help: v.help as string,
      nodes: (v.nodes as { target: unknown[] }[]).slice(0, 5).map((n) => JSON.stringify(n.target)),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export async function expectAccessible(page: Page, what: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, `${what}: axe found serious or critical violations`).toEqual([]);
}

/**
 * Records every value `attribute` of the element `testId` takes from now on (the element may be
 * re-rendered). For states that may last less than one of Playwright's polls, e.g. a loading
 * phase before an instant failure: the returned reader lists all of them, in order.
 */
export async function recordAttribute(page: Page, testId: string, attribute: string): Promise<() => Promise<string[]>> {
  const key = `__seen_${testId}_${attribute}`.replace(/\W/g, '_');
  await page.evaluate(
    ([key, testId, attribute]) => {
      const seen: string[] = [];
      (window as any)[key] = seen;
      const read = () => {
        const value = document.querySelector(`[data-testid="${testId}"]`)?.getAttribute(attribute);
        if (value != null && seen.at(-1) !== value) seen.push(value);
      };
      read();
      new MutationObserver(read).observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: [attribute] });
    },
    [key, testId, attribute] as const,
  );
  return () => page.evaluate((key) => [...((window as any)[key] as string[])], key);
}

/** Opens a picker, searches, and picks the first option whose text matches. */
export async function pick(page: Page, testId: string, query: string, option: RegExp | string): Promise<void> {
  await page.getByTestId(testId).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox').fill(query);
  await dialog.getByRole('option').filter({ hasText: option }).first().click();
  await expect(dialog).toBeHidden();
}

/**
 * From the Quote view to filled addresses on the Build view: 1.5 ATOM on the Cosmos Hub to OSMO
 * on Osmosis (one transfer whose ibc-hooks memo swaps and pays out), for `cosmos` and `osmo`.
 */
export async function routeAtomToOsmo(page: Page, cosmos: string, osmo: string): Promise<void> {
  await pick(page, 'pick-source', 'atom cosmoshub-4', /Cosmos Hub/);
  await pick(page, 'pick-dest', 'uosmo', /OSMO/);
  await page.getByLabel(/Amount to send/).fill('1.5');
  await expect(page.getByTestId('quote-amount-out')).toContainText('OSMO');
  await page.getByRole('button', { name: 'Review route' }).click();
  await page.getByRole('button', { name: 'Continue to addresses' }).click();
  await page.getByLabel(/Cosmos Hub address/).fill(cosmos);
  await page.getByLabel(/Osmosis address/).fill(osmo);
}

/** Points Courier at another API (a test's own service) through the settings, from the popup page. */
export async function useApi(page: Page, url: string): Promise<void> {
  const saved = await page.evaluate(
    (apiUrl) => (globalThis as any).chrome.runtime.sendMessage({ courier: 1, method: 'courier:settings:update', params: { api: { environment: 'custom', url: apiUrl } } }),
    url,
  );
  expect(saved?.ok).toBe(true);
}

/** The account number and sequence of an address on a simulated chain. */
export async function accountOf(
  service: { get(path: string): Promise<{ status: number; body: any }> },
  chainId: string,
  address: string,
): Promise<{ accountNumber: string; sequence: string; balances: { denom: string; amount: string }[] }> {
  const { status, body } = await service.get(`/local/chains/${chainId}/accounts/${address}`);
  if (status !== 200) throw new Error(`account ${address} on ${chainId}: HTTP ${status} ${JSON.stringify(body)}`);
  return { accountNumber: String(body.account_number), sequence: String(body.sequence), balances: body.balances ?? [] };
}

/** The balances of an address on a simulated chain; an address the chain has never seen has none. */
export async function balancesOf(
  service: { get(path: string): Promise<{ status: number; body: any }> },
  chainId: string,
  address: string,
): Promise<{ denom: string; amount: string }[]> {
  const { status, body } = await service.get(`/local/chains/${chainId}/accounts/${address}`);
  if (status === 404) return [];
  if (status !== 200) throw new Error(`account ${address} on ${chainId}: HTTP ${status} ${JSON.stringify(body)}`);
  return body.balances ?? [];
}

export function balanceOf(balances: { denom: string; amount: string }[], denom: string): bigint {
  return BigInt(balances.find((b) => b.denom === denom)?.amount ?? '0');
}

/** Points Courier at another API base URL from the popup's Settings, and back to the Transfer view. */
export async function useApiFromSettings(page: Page, url: string): Promise<void> {
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Custom').check();
  await page.getByLabel('Custom base URL').fill(url);
  await page.getByRole('button', { name: 'Save API address' }).click();
  await expect(page.getByTestId('api-base-url')).toHaveText(url);
  await page.getByRole('link', { name: 'Transfer' }).click();
}
