/**
 * The attack: an API that answers its asset list sized to fill storage.local's quota. Before the
 * byte budget, Courier cached it, and from then on every write failed ("Courier hit an internal
 * error"): tracking a transfer, saving the API key, even switching the API away. Now the list is
 * refused (the previous one kept), cached lists give way to important state, and the popup says
 * when storage is near its limit. Real extension, real local service behind a proxy of the test's own.
 *
 * Each attack runs against both builds (build-rig.ts): the local one, pointed at the proxy through
 * Settings, and the production one, whose https://api.skip.build is the proxy behind an https
 * front; there the lists are cached under the production URL and "switching the API away" is
 * Settings → Development, the other https API the manifest holds.
 */
import type { Page } from '@playwright/test';
import { normaliseDirectory } from '../../src/background/directory/normalise';
import { sizedAssetsBody } from '../support/hostile-lists';
import { signedTransfer } from './bridge-tx';
import { openPopup } from './popup-helpers';
import { BUILDS, rigTest as test, type Rig } from './support/build-rig';
import { expect } from './support/fixtures';
import { startHostileApi } from './support/hostile-api';
import { DEVELOPMENT_API_URL } from './support/production-build';
import { background } from './support/tracked';

const KEY = 'sk-e2e-storage-0123456789WXYZ';
const DIRECTORY = 'courier:directory:';
const CHAINS_QUERY = '/v2/info/chains?include_evm=true&include_svm=true';
const ASSETS_QUERY = '/v2/fungible/assets?include_evm_assets=true&include_svm_assets=true&include_cw20_assets=true';
/** What the attack leaves free: less than any record of Courier's own takes. */
const SLACK = 24;

type Snapshot = { baseUrl: string; directory: { assets: unknown[]; chains: unknown[] } | null; error: string | null };

const utf8 = (text: string) => Buffer.byteLength(text);
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** storage.local as Chrome counts it, read from an extension page. */
function storage(page: Page) {
  return {
    quota: () => page.evaluate(() => (globalThis as any).chrome.storage.local.QUOTA_BYTES as number),
    bytesInUse: (key: string | null = null) => page.evaluate((k) => (globalThis as any).chrome.storage.local.getBytesInUse(k) as Promise<number>, key),
    get: (key: string) => page.evaluate(async (k) => (await (globalThis as any).chrome.storage.local.get(k))[k], key),
    keys: () => page.evaluate(async () => Object.keys(await (globalThis as any).chrome.storage.local.get(null))),
    set: (items: Record<string, unknown>) => page.evaluate((i) => (globalThis as any).chrome.storage.local.set(i) as Promise<void>, items),
  };
}

/** Submits a signed one-hop transfer through Courier and waits until it has landed. */
async function trackTransfer(page: Page, service: string): Promise<void> {
  const { tx, chain_id } = await signedTransfer(service);
  const item = await background<{ id: string }>(page, 'courier:tx:submit', { tx, chain_id });
  await expect
    .poll(async () => (await background<{ state: string | null }>(page, 'courier:tx:get', { id: item.id })).state, { timeout: 60_000 })
    .toBe('STATE_COMPLETED_SUCCESS');
}

/**
 * Saves the API key and switches the API away from the one in use, both from the popup's
 * Settings: local to `url` (Custom: this machine needs no grant in the local build), production to
 * Development (a custom host would need a permission prompt the test browser cannot answer).
 */
async function saveKeyAndSwitchApi(popup: Page, rig: Rig, url: string): Promise<void> {
  await popup.getByRole('link', { name: 'Settings' }).click();
  await popup.getByLabel(/Add a key|Replace the key/).fill(KEY);
  await popup.getByRole('button', { name: 'Save key' }).click();
  await expect(popup.getByTestId('key-status')).toHaveText('A key ending in ••••WXYZ is set.');
  let switchedTo = url;
  if (rig.build === 'production') {
    switchedTo = DEVELOPMENT_API_URL;
    await popup.getByRole('radio', { name: /^Development/ }).check();
  } else {
    await popup.getByRole('radio', { name: 'Custom' }).check();
    await popup.getByLabel('Custom base URL').fill(url);
  }
  await popup.getByRole('button', { name: 'Save API address' }).click();
  await expect(popup.getByTestId('api-base-url')).toHaveText(switchedTo);
  await expect(popup.getByRole('alert')).toHaveCount(0);
  expect(await background(popup, 'courier:settings:get')).toMatchObject({ api: { baseUrl: switchedTo }, key: { hasKey: true, keyLast4: 'WXYZ' } });
}

for (const build of BUILDS) {
  test.describe(`${build} build`, () => {
    test.use({ build });

    test('a quota-sized asset list is refused, the previous one kept, and tracking and settings keep working', async ({ rig }) => {
      test.setTimeout(180_000);
      const { context, extensionUrl, service } = rig;
      const hostile = await startHostileApi(rig.serviceUrl);
      try {
        // No popup yet: nothing but Courier's background writes while the attack is sized.
        const page = await context.newPage();
        await page.goto(extensionUrl('options.html'));
        const local = storage(page);
        const apiUrl = await rig.pointAt(hostile.url);

        // The honest lists first, cached as the pickers use them.
        const honest = await background<Snapshot>(page, 'courier:directory:refresh', { force: true });
        expect(honest.baseUrl).toBe(apiUrl);
        const askedHonest = hostile.asked.get('/v2/fungible/assets') ?? 0;
        expect(askedHonest).toBeGreaterThan(0);
        const assetCount = honest.directory!.assets.length;
        expect(assetCount).toBeGreaterThan(100);

        // Size the attack from what Courier stores: the same normalisation over the same answers,
        // and Chrome's own count (which writes the fetch time as a float, so it differs from JSON's).
        const [chains, assets, bridges] = await Promise.all([service.get(CHAINS_QUERY), service.get(ASSETS_QUERY), service.get('/v2/info/bridges')]);
        const key = `${DIRECTORY}${apiUrl}`;
        const stored = await local.get(key);
        expect(stored.directory).toEqual(normaliseDirectory(chains.body, assets.body, bridges.body));
        const jsBytes = (record: unknown) => utf8(key) + utf8(JSON.stringify(record));
        const chromeExtra = (await local.bytesInUse(key)) - jsBytes(stored);
        const room = (await local.quota()) - (await local.bytesInUse()) + (await local.bytesInUse(key)) - SLACK;
        const attack = sizedAssetsBody(room - chromeExtra, (body) =>
          jsBytes({ ...stored, directory: normaliseDirectory(chains.body, body as never, bridges.body) }),
        );
        hostile.answer('/v2/fungible/assets', attack);

        const answered = await background<Snapshot>(page, 'courier:directory:refresh', { force: true });
        // asked once more: the attack itself, not a cached answer
        expect(hostile.asked.get('/v2/fungible/assets')).toBe(askedHonest + 1);
        expect(answered.error).toMatch(
          new RegExp(`^Courier did not keep the chain and asset lists of ${literally(apiUrl)}: they take [\\d.]+ MB, more than the 2 MB .*The lists it had stay in use\\.$`),
        );
        expect(answered.directory?.assets).toHaveLength(assetCount);
        expect((await local.get(key)).directory.assets).toHaveLength(assetCount);

        // The popup: nothing to warn about, storage kept its room.
        const { page: popup, errors } = await openPopup(context, extensionUrl('popup.html'));
        await expect(popup.locator('footer')).toHaveAttribute('data-storage', 'ok');
        await expect(popup.getByTestId('storage-near-limit')).toHaveCount(0);

        // Everything the attack used to break, in the order the issue lists it.
        await trackTransfer(popup, rig.serviceUrl);
        await saveKeyAndSwitchApi(popup, rig, rig.serviceUrl);
        expect(errors).toEqual([]);
      } finally {
        await hostile.close();
      }
    });

    test('with storage filled by cached lists, the popup says so, and settings and tracking make room by dropping them', async ({ rig }) => {
      test.setTimeout(120_000);
      const { context, extensionUrl } = rig;
      const page = await context.newPage();
      await page.goto(extensionUrl('options.html'));
      const local = storage(page);
      // What a build without the budget left behind: another API's lists, cached to the last byte
      // (so its index, written after the record, did not fit).
      const oldUrl = 'https://api.hostile.example';
      const key = `${DIRECTORY}${oldUrl}`;
      const record = (body: unknown) => ({
        version: 1,
        baseUrl: oldUrl,
        fetchedAt: 1_700_000_000_000,
        directory: normaliseDirectory({ chains: [] } as never, body as never, null),
      });
      const jsBytes = (body: unknown) => utf8(key) + utf8(JSON.stringify(record(body)));
      await local.set({ [key]: record({}) });
      // Chrome's count of this shape against JSON's (it writes the fetch time as a float).
      const chromeExtra = (await local.bytesInUse(key)) - jsBytes({});
      const room = (await local.quota()) - (await local.bytesInUse()) + (await local.bytesInUse(key)) - SLACK - chromeExtra;
      await local.set({ [key]: record(sizedAssetsBody(room, jsBytes)) });
      expect((await local.quota()) - (await local.bytesInUse())).toBe(SLACK);

      const { page: popup } = await openPopup(context, extensionUrl('popup.html'));
      await expect(popup.locator('footer')).toHaveAttribute('data-storage', 'near-limit');
      await expect(popup.getByTestId('storage-near-limit')).toHaveText(/^Courier’s storage is nearly full \(10 MB of 10 MB\)\. Your settings and transfers come first/);

      await trackTransfer(popup, rig.serviceUrl);
      await saveKeyAndSwitchApi(popup, rig, rig.serviceUrl.replace('127.0.0.1', 'localhost'));
      // The cached lists made the room; everything important is there.
      const keys = await local.keys();
      expect(keys).not.toContain(key);
      expect(keys).toEqual(expect.arrayContaining(['courier:settings', 'courier:secrets', 'courier:tracked']));

      // Room again: a popup opened now has nothing to warn about.
      const { page: again } = await openPopup(context, extensionUrl('popup.html'));
      await expect(again.locator('footer')).toHaveAttribute('data-storage', 'ok');
      await expect(again.getByTestId('storage-near-limit')).toHaveCount(0);
    });
  });
}
