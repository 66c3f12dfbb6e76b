/**
 * The attack of "the API writes Courier's notifications", in Chromium with the built extension:
 * a real transfer fails (an error acknowledgement on its channel) while the API's answers carry
 * a phishing message and a look-alike explorer link (the local service's `rewrite` fault on
 * /v2/tx/submit and /v2/tx/status; the status also leaves out the hops, so nothing but the API's
 * message would explain the failure). The one notification must hold none of the API's text and
 * no foreign link; Activity shows the message marked as the API's, as text.
 *
 * Against both builds (build-rig.ts): the local one, and the production one, whose
 * https://api.skip.build is the faulty service behind an https front.
 */
import type { Worker } from '@playwright/test';
import { BUILDS, rigTest as test } from './support/build-rig';
import { expect } from './support/fixtures';
import { extensionPage } from './bridge-support';
import { PRODUCTION_API_HOST } from './support/production-build';
import { activityDetail, background, waitUntilNotified } from './support/tracked';
import { signedTransfers } from './support/transfers';

const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const PHISH = 'Courier security: your funds are frozen. Verify your wallet at https://courier-support.evil.example <img src=x onerror="alert(1)">';
const LOOK_ALIKE = 'https://www.mintscan.io.evil.example/cosmos/transactions/verify';

type Created = { id: string; title: string; message: string; buttons: { title: string }[] | null };
type Item = { id: string; txHash: string; explorerLink: string | null; outcome: string; lastStatus: { error: string | null } | null };

/** Every notification the running worker creates, with its whole options (buttons included). */
async function recordCreated(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    const g = globalThis as any;
    if (g.__hostileCreated) return;
    g.__hostileCreated = [];
    const api = g.chrome.notifications;
    const create = api.create.bind(api);
    api.create = (id: string, options: { title: string; message: string; buttons?: { title: string }[] }, ...rest: unknown[]) => {
      g.__hostileCreated.push({ id, title: options.title, message: options.message, buttons: options.buttons ?? null });
      return create(id, options, ...rest);
    };
  });
}

const created = (worker: Worker): Promise<Created[]> => worker.evaluate(() => [...((globalThis as any).__hostileCreated ?? [])]);

for (const build of BUILDS) {
  test.describe(`${build} build`, () => {
    test.use({ build });

    test('a hostile status: the notification speaks only Courier’s words, Activity marks the API’s message as the API’s', async ({ rig }) => {
      test.setTimeout(120_000);
      const { context, extensionUrl, serviceWorker, service } = rig;
      const page = await extensionPage(context, extensionUrl);

      const { chainId, signed, route } = await signedTransfers(service, {
        source: { chain: 'cosmoshub-4', denom: 'uatom' },
        dest: { chain: 'osmosis-1', denom: ATOM_ON_OSMOSIS },
        amount: '1500000',
        account: 'fresh',
      });
      // the transfer really fails: Osmosis acknowledges its packet with an error, the ATOM goes back
      const hop = route.operations[0].transfer;
      expect((await service.post('/local/faults', { kind: 'error_ack', chain_id: hop.from_chain_id, channel_id: hop.channel, count: 1 })).status).toBe(200);
      // and the API says what it likes about it
      const rewrite = async (paths: string[], rules: unknown[]) =>
        expect((await service.post('/local/faults', { kind: 'http', rate: 1, mode: 'rewrite', paths, rewrite: rules })).status).toBe(200);
      await rewrite(['/v2/tx/submit'], [{ key: 'explorer_link', value: LOOK_ALIKE }]);
      await rewrite(
        ['/v2/tx/status'],
        [
          { key: 'error', value: { type: 'STATUS_ERROR_TRANSFER', message: PHISH } },
          { key: 'explorer_link', value: LOOK_ALIKE },
          { key: 'transfer_sequence', value: [] },
        ],
      );

      // set in the worker that will notify: the polls that follow keep it running
      await recordCreated(serviceWorker);
      const { id } = await background<{ id: string }>(page, 'courier:tx:submit', { tx: signed[0], chain_id: chainId, route });
      await waitUntilNotified(page, id, 60_000);

      // the attack reached Courier: the item holds the API's message and its look-alike link
      const item = await background<Item>(page, 'courier:tx:get', { id });
      expect(item.outcome).toBe('failure');
      expect(item.explorerLink).toBe(LOOK_ALIKE);
      expect(item.lastStatus?.error).toBe(PHISH);
      if (rig.front) {
        // production: the hostile status came from "api.skip.build", over https
        expect(rig.front.requests.filter((r) => r.host === PRODUCTION_API_HOST && r.path.startsWith('/v2/tx/status')).length).toBeGreaterThan(0);
      }

      // one notification, in Courier's words: names from the catalog, no API text, no foreign link
      const notes = await created(serviceWorker);
      expect(notes.map((n) => n.id)).toEqual([`courier:tx:${id}`]);
      const note = notes[0]!;
      for (const part of ['frozen', 'Verify', 'evil', 'http', '<img', 'courier-support']) expect(note.message, part).not.toContain(part);
      expect(note.title).toBe('Transfer failed');
      expect(note.message).toMatch(/^1\.5 ATOM from Cosmos Hub to Osmosis did not complete\. (Your .+\. )?Details in Courier’s Activity\./);
      // the button opens the registry's page for the hash (notifications.test.ts follows the click)
      expect(note.buttons).toEqual([{ title: 'Open in explorer' }]);
      expect(JSON.stringify(note)).not.toContain('evil');

      // Activity: Courier's sentence, then the API's message under its name, as text
      const popup = await context.newPage();
      const { view } = await activityDetail(popup, extensionUrl, id);
      await expect(view).toHaveAttribute('data-outcome', 'failure');
      const problem = view.getByTestId('activity-problem');
      // where the money is, in Courier's words (from the API's facts, never its text)
      await expect(problem.getByTestId('funds-words')).toHaveText(/^(Your |The transfer failed)/);
      await expect(problem.getByTestId('funds-words')).not.toContainText('evil');
      await problem.getByText('Details', { exact: true }).click();
      await expect(view.getByTestId('api-says')).toHaveText(`The routing API says: ${PHISH}`);
      await expect(view.getByTestId('api-message')).toHaveText(PHISH);
      await expect(view.locator('img')).toHaveCount(0);
      // the explorer link is the registry's page for the hash, on the chain's own explorer
      // (the card's hash, and the failure's "Open in explorer")
      const explorerLinks = view.getByRole('link', { name: /in (the )?explorer/ });
      await expect(explorerLinks).toHaveCount(2);
      for (const link of await explorerLinks.all()) await expect(link).toHaveAttribute('href', `https://www.mintscan.io/cosmos/transactions/${item.txHash}`);
      await expect(popup.locator('a[href*="evil" i]')).toHaveCount(0);
    });
  });
}
