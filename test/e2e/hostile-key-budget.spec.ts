/**
 * `routes` burning the user's key for everyone, as the attack: one connected site calls `routes`
 * (up to twelve API requests each) in a loop for 10 s, within its per-origin rate limit, against
 * a local service that allows the key 20 requests a second. Every request Courier makes is
 * charged to whoever caused it, so the other site's `route` calls all succeed (never 5000/429)
 * and the popup keeps quoting; the flooding site gets 4290 (`api-budget`) from its own share.
 *
 * Against both builds (build-rig.ts): the local one, and the production one, whose
 * https://api.skip.build is the same rate-limited service behind an https front.
 */
import { USDC_ETHEREUM_TO_NOBLE as TO_NOBLE } from '../support/usdc-routes';
import { BUILDS, rigTest as test } from './support/build-rig';
import { expect } from './support/fixtures';
import { connect, localhostOrigin, openDapp } from './bridge-support';
import { openPopup, pick, recordAttribute } from './popup-helpers';
import { PRODUCTION_API_HOST } from './support/production-build';

const FLOOD_MS = 10_000;

for (const build of BUILDS) {
  test.describe(`${build} build`, () => {
    // the local service's limit without a key: the key's budget of 20/s, as the issue tried it
    test.use({ build, rigOptions: { rateLimit: 20 } });

    test('a site flooding routes cannot make another site’s route or the popup’s quote fail: each request is charged to the site that caused it', async ({ rig }) => {
      test.setTimeout(240_000);
      const { context, pageServer, extensionUrl } = rig;
      const { page: popup, errors } = await openPopup(context, extensionUrl('popup.html'));
      await pick(popup, 'pick-source', 'atom cosmoshub-4', /Cosmos Hub/);
      await pick(popup, 'pick-dest', 'uosmo', /OSMO/);
      await popup.getByLabel(/Amount to send/).fill('1');
      await expect(popup.getByTestId('quote-amount-out')).toContainText('OSMO', { timeout: 30_000 });
      const quoteErrors = await recordAttribute(popup, 'quote-error', 'data-kind');

      const attackerOrigin = pageServer.origin;
      const victimOrigin = localhostOrigin(pageServer);
      const attacker = await openDapp(context, `${attackerOrigin}/`);
      await connect(context, attacker, attackerOrigin);
      const victim = await openDapp(context, `${victimOrigin}/`);
      await connect(context, victim, victimOrigin);

      // The attacker: four loops of `routes` for 10 s. It waits out the per-origin rate limit (a
      // 4290 without a reason) so it stays within its own limit, and retries at once on anything else.
      const flood = attacker.evaluate(
        async ({ params, ms }) => {
          const courier = (window as any).courier;
          const tally = { ok: 0, budget: 0, limited: 0, other: [] as unknown[] };
          const until = Date.now() + ms;
          const loop = async () => {
            for (let i = 0; i < 2_000 && Date.now() < until; i++) {
              try {
                await courier.request({ method: 'routes', params });
                tally.ok++;
              } catch (e: any) {
                if (e?.code === 4290 && e?.data?.reason === 'api-budget') tally.budget++;
                else if (e?.code === 4290 && typeof e?.data?.retry_after_ms === 'number') {
                  tally.limited++;
                  await new Promise((r) => setTimeout(r, Math.min(e.data.retry_after_ms, Math.max(0, until - Date.now()))));
                } else if (tally.other.length < 20) tally.other.push({ code: e?.code, message: e?.message, data: e?.data });
              }
            }
          };
          await Promise.all([loop(), loop(), loop(), loop()]);
          return tally;
        },
        { params: TO_NOBLE, ms: FLOOD_MS },
      );

      // The victim: a `route` every 250 ms while the flood lasts, each answer kept.
      const victimCalls = victim.evaluate(
        async ({ params, ms }) => {
          const courier = (window as any).courier;
          const answers: { ok: boolean; code?: unknown; data?: unknown; ms: number }[] = [];
          const until = Date.now() + ms;
          for (let i = 0; i < 100 && Date.now() < until; i++) {
            const started = Date.now();
            try {
              await courier.request({ method: 'route', params });
              answers.push({ ok: true, ms: Date.now() - started });
            } catch (e: any) {
              answers.push({ ok: false, code: e?.code, data: e?.data, ms: Date.now() - started });
            }
            await new Promise((r) => setTimeout(r, Math.max(0, 250 - (Date.now() - started))));
          }
          return answers;
        },
        { params: TO_NOBLE, ms: FLOOD_MS },
      );

      // The popup quotes three new amounts during the flood; each quote arrives.
      let shown = await popup.getByTestId('quote-amount-out').innerText();
      for (const amount of ['2', '3', '4']) {
        await popup.getByLabel(/Amount to send/).fill(amount);
        await expect(popup.getByTestId('quote-amount-out')).not.toHaveText(shown, { timeout: 30_000 });
        shown = await popup.getByTestId('quote-amount-out').innerText();
        expect(shown).toContain('OSMO');
      }

      const [tally, answers] = await Promise.all([flood, victimCalls]);
      // The victim: every route answered, none refused by the API (5000/429) nor by Courier.
      expect(answers.filter((a) => !a.ok)).toEqual([]);
      expect(answers.length).toBeGreaterThanOrEqual(20);
      // The attacker: refused from its own share of the key, and never by the API.
      expect(tally.other).toEqual([]);
      expect(tally.budget).toBeGreaterThan(0);
      expect(tally.ok).toBeGreaterThan(0);
      // The popup never showed an error, and it quotes once more after the flood.
      expect(await quoteErrors()).toEqual([]);
      await popup.getByLabel(/Amount to send/).fill('5');
      await expect(popup.getByTestId('quote-amount-out')).not.toHaveText(shown, { timeout: 30_000 });
      expect(errors).toEqual([]);
      if (rig.front) {
        // production: the flood really went to "api.skip.build", and the API never had to refuse the key
        const seen = rig.front.requests;
        expect(seen.filter((r) => r.host === PRODUCTION_API_HOST && r.path === '/v2/fungible/route').length).toBeGreaterThan(answers.length);
        expect(seen.filter((r) => r.status === 429)).toEqual([]);
      }
      console.log(`key budget flood (${rig.build} build): attacker ${JSON.stringify(tally)}; victim ${answers.length} routes, slowest ${Math.max(...answers.map((a) => a.ms))} ms`);
    });
  });
}
