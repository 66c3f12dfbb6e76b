/**
 * Sites cannot harm each other (issue 11), each attack as a site would mount it, in real
 * Chromium against the built extension and the local service:
 * 1. a flood of `track` calls cannot evict another site's or the user's transfers;
 * 2. frames subscribing to events cannot silence another site's events;
 * 3. `track` + `status` on a hash someone else follows reveal nothing from before the site asked.
 * 127.0.0.1 and localhost pages of one page server are the two sites.
 */
import { createHash } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signedTransfers } from './support/transfers';
import { ATOM_ON_OSMO, HUB, OSMO, call, callPatiently, connect, expectOk, extensionPage, localhostOrigin, openDapp, protocol, recordEvents, recordedEvents, storageSession } from './bridge-support';
import type { LocalService } from './support/fixtures';
import type { PageServer } from './support/page-server';

const TRANSFER = { source: { chain: HUB, denom: 'uatom' }, dest: { chain: OSMO, denom: ATOM_ON_OSMO }, amount: '1000' } as const;

/** Two signed transfers from a fresh key: the first to submit, the second's hash not on chain yet. */
async function freshTransfers(service: LocalService) {
  const { chainId, signed } = await signedTransfers(service, { ...TRANSFER, account: 'fresh', count: 2 });
  const hashOf = (tx: string) => createHash('sha256').update(Buffer.from(tx, 'base64')).digest('hex').toUpperCase();
  return { chainId, now: { tx: signed[0]!, chain_id: chainId }, laterHash: hashOf(signed[1]!) };
}

/** The two sites: the victim (127.0.0.1) open and connected, and the attacker's origin (localhost). */
async function victimAndAttacker(context: BrowserContext, pageServer: PageServer) {
  const victimOrigin = pageServer.origin;
  const victim = await openDapp(context, `${victimOrigin}/`);
  await connect(context, victim, victimOrigin);
  return { victim, victimOrigin, attackerOrigin: localhostOrigin(pageServer) };
}

const randomHash = () => createHash('sha256').update(crypto.getRandomValues(new Uint8Array(32))).digest('hex').toUpperCase();

test('a site flooding track cannot evict another site’s or the user’s transfers: it stops at its own quota', async ({ context, pageServer, service, extensionUrl }) => {
  test.setTimeout(180_000);
  const { victim, attackerOrigin } = await victimAndAttacker(context, pageServer);
  const { chainId, now, laterHash } = await freshTransfers(service);
  const submitted = expectOk(await call(victim, 'submit', now));
  expectOk(await call(victim, 'track', { tx_hash: laterHash, chain_id: chainId }));
  const popup = await extensionPage(context, extensionUrl);
  const userHash = randomHash();
  expect(await protocol(popup, 'courier:tx:track', { tx_hash: userHash, chain_id: HUB })).toMatchObject({ ok: true });

  const attacker = await openDapp(context, `${attackerOrigin}/`);
  await connect(context, attacker, attackerOrigin);
  // As many random hashes as the old 500-item cap and then some, 8 at a time, honouring the
  // rate limit; it stops early once the site's own quota refuses it a few times.
  const flood = await attacker.evaluate(async () => {
    const courier = (window as any).courier;
    const hex = () => Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('').toUpperCase();
    const tally = { accepted: 0, quota: 0, other: [] as unknown[] };
    const started = Date.now();
    const worker = async () => {
      while (tally.accepted < 520 && tally.quota < 5 && Date.now() - started < 100_000) {
        try {
          await courier.request({ method: 'track', params: { tx_hash: hex(), chain_id: 'cosmoshub-4' } });
          tally.accepted++;
        } catch (e: any) {
          if (e?.code === 4290 && typeof e?.data?.retry_after_ms === 'number') await new Promise((r) => setTimeout(r, e.data.retry_after_ms));
          else if (e?.code === 4290) tally.quota++;
          else tally.other.push({ code: e?.code, message: e?.message });
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    return tally;
  });
  expect(flood.other).toEqual([]);
  expect(flood.accepted).toBe(50);
  expect(flood.quota).toBeGreaterThanOrEqual(5);
  const refusal = await callPatiently(attacker, 'track', { tx_hash: randomHash(), chain_id: HUB });
  expect(refusal).toMatchObject({ ok: false, error: { code: 4290, data: { reason: 'site-quota', limit: 50 } } });

  // The victim's transfers and the user's are all still followed.
  expectOk(await call(victim, 'status', { tx_hash: submitted.tx_hash, chain_id: chainId }));
  expectOk(await call(victim, 'status', { tx_hash: laterHash, chain_id: chainId }));
  expect(expectOk(await call(victim, 'tracked')).map((t: any) => t.tx_hash).sort()).toEqual([submitted.tx_hash, laterHash].sort());
  expect(await protocol(popup, 'courier:tx:get', { id: `${HUB}:${userHash}` })).toMatchObject({ ok: true, result: { txHash: userHash } });
  expect(expectOk(await callPatiently(attacker, 'tracked'))).toHaveLength(50);
});

/** A page with `count` iframes of `frameOrigin`, each subscribing to statusChanged as it loads. */
function floodPage(pageServer: { route(p: string, html: string): void }, frameOrigin: string, count: number): string {
  pageServer.route(
    '/listener',
    `<!doctype html><title>listener</title><script>
       window.courier.on('statusChanged', () => {});
       parent.postMessage('subscribed', '*');
     </script>`,
  );
  pageServer.route(
    '/flood',
    `<!doctype html><title>flood</title><script>
       window.__subscribed = 0;
       addEventListener('message', (e) => { if (e.data === 'subscribed') window.__subscribed++; });
       for (let i = 0; i < ${count}; i++) {
         const f = document.createElement('iframe');
         f.src = '${frameOrigin}/listener?' + i;
         f.width = f.height = 1;
         document.documentElement.appendChild(f);
       }
     </script>`,
  );
  return '/flood';
}

/** The subscribers Courier keeps, once the count stops moving (the frames' subscriptions have all landed). */
async function settledSubscribers(worker: Parameters<typeof storageSession>[0]): Promise<any[]> {
  const frames = async () => (((await storageSession(worker))['courier:bridge:subscribers'] as any)?.frames ?? []) as any[];
  let last = -1;
  let same = 0;
  await expect
    .poll(async () => {
      const count = (await frames()).length;
      same = count === last ? same + 1 : 0;
      last = count;
      return same;
    }, { timeout: 30_000, intervals: [300] })
    .toBeGreaterThanOrEqual(3);
  return frames();
}

async function transferAndExpectEvents(service: LocalService, victim: Page): Promise<void> {
  const { now } = await freshTransfers(service);
  const tx = expectOk(await call(victim, 'submit', now));
  await expect.poll(async () => (await recordedEvents(victim)).filter((e) => e.tx_hash === tx.tx_hash).length, { timeout: 30_000 }).toBeGreaterThan(0);
}

test('frames of another site cannot silence a site’s events: subscribing needs a connection and a site only displaces its own frames', async ({ context, pageServer, service, serviceWorker }) => {
  test.setTimeout(240_000);
  const { victim, victimOrigin, attackerOrigin } = await victimAndAttacker(context, pageServer);
  await recordEvents(victim);
  await expect.poll(async () => ((await storageSession(serviceWorker))['courier:bridge:subscribers'] as any)?.frames?.length ?? 0).toBe(1);

  // 210 iframes of a never-connected site, each adding a listener.
  const attacker = await context.newPage();
  await attacker.goto(`${attackerOrigin}${floodPage(pageServer, attackerOrigin, 210)}`);
  await expect.poll(() => attacker.evaluate(() => (window as any).__subscribed), { timeout: 90_000 }).toBe(210);
  const afterFlood = await settledSubscribers(serviceWorker);
  expect(afterFlood.filter((f) => f.origin === victimOrigin)).toHaveLength(1);
  expect(afterFlood.filter((f) => f.origin === attackerOrigin)).toEqual([]);
  await transferAndExpectEvents(service, victim);

  // Connected now, the same site reloads its 210 frames: it keeps 20, the victim keeps its own.
  await connect(context, attacker, attackerOrigin);
  await attacker.reload();
  await expect.poll(() => attacker.evaluate(() => (window as any).__subscribed), { timeout: 90_000 }).toBe(210);
  const connectedFlood = await settledSubscribers(serviceWorker);
  expect(connectedFlood.filter((f) => f.origin === attackerOrigin)).toHaveLength(20);
  expect(connectedFlood.filter((f) => f.origin === victimOrigin)).toHaveLength(1);
  await transferAndExpectEvents(service, victim);
});

test('track on a hash the user already follows reveals nothing from before: the site’s view starts when it asked', async ({ context, pageServer, service, extensionUrl }) => {
  test.setTimeout(120_000);
  const attackerOrigin = localhostOrigin(pageServer);
  const { chainId, now } = await freshTransfers(service);
  const broadcast = await service.post('/v2/tx/submit', now);
  expect(broadcast.status).toBe(200);
  const hash: string = broadcast.body.tx_hash;
  const popup = await extensionPage(context, extensionUrl);
  expect(await protocol(popup, 'courier:tx:track', { tx_hash: hash, chain_id: chainId })).toMatchObject({ ok: true });
  const id = `${chainId}:${hash}`;
  // The user has followed it to the end.
  await expect.poll(async () => (await protocol(popup, 'courier:tx:get', { id })).result?.phase, { timeout: 45_000 }).toBe('done');
  const users = (await protocol(popup, 'courier:tx:get', { id })).result;

  const attacker = await openDapp(context, `${attackerOrigin}/`);
  await connect(context, attacker, attackerOrigin);
  await recordEvents(attacker);
  const asked = await attacker.evaluate(() => Date.now());
  expect(asked).toBeGreaterThan(users.createdAt);
  const known = expectOk(await call(attacker, 'track', { tx_hash: hash, chain_id: chainId }));
  const fresh = expectOk(await call(attacker, 'track', { tx_hash: randomHash(), chain_id: chainId }));
  // The same answer, field for field, as for a hash nobody follows.
  expect(Object.keys(known).sort()).toEqual(Object.keys(fresh).sort());
  expect(known.tx_hash).toBe(hash);

  // Its view starts now: its own created_at, and its first event knows nothing yet.
  const view = expectOk(await call(attacker, 'status', { tx_hash: hash, chain_id: chainId }));
  expect(view.created_at).toBeGreaterThanOrEqual(asked);
  await expect.poll(async () => (await recordedEvents(attacker)).find((e) => e.tx_hash === hash) ?? null).toMatchObject({ state: null, status: null });
  // From then on it learns the state like anyone asking anew (one status check after it joined).
  await expect.poll(async () => expectOk(await call(attacker, 'status', { tx_hash: hash, chain_id: chainId })).state, { timeout: 30_000 }).toBe(
    (await protocol(popup, 'courier:tx:get', { id })).result.state,
  );
  // The user's record keeps its own history.
  expect((await protocol(popup, 'courier:tx:get', { id })).result.createdAt).toBe(users.createdAt);
});
