/**
 * A real transfer from a dApp page in Firefox, signed with a key of the test's own: route and
 * msgs through window.courier, submit, statusChanged events to STATE_COMPLETED_SUCCESS, the
 * badge and one notification; and tracking that survives the background restarting.
 */
import type { Page } from 'puppeteer-core';
import { msgsRequestFor } from '../../src/api/msgs-request';
import type { LocalService } from '../e2e/support/local-service';
import { devAddressOn, freshKey, signCosmosTx, signedTransfers } from '../e2e/support/transfers';
import { call, expect, recordedEvents, recordEvents, test, until, type FirefoxSession } from './support/firefox';

const HUB = 'cosmoshub-4';
const OSMOSIS = 'osmosis-1';
const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const TERMINAL = ['STATE_COMPLETED_SUCCESS', 'STATE_COMPLETED_ERROR', 'STATE_ABANDONED'];

type Tracked = { id: string; state: string | null; outcome: string; notified: boolean };

const badge = (firefox: FirefoxSession) => firefox.inExtension(() => (globalThis as any).browser.action.getBadgeText({}), null);
const notificationIds = (firefox: FirefoxSession) =>
  firefox.inExtension(async () => Object.keys(await (globalThis as any).browser.notifications.getAll()), null);

async function background<T = any>(firefox: FirefoxSession, method: string, params: unknown = {}): Promise<T> {
  const answer = await firefox.protocol(method, params);
  if (!answer?.ok) throw new Error(`${method}: ${JSON.stringify(answer?.error)}`);
  return answer.result as T;
}

/** Holds (or releases) packets on the route's first channel, so a pending state can be seen. */
async function holdRoute(service: LocalService, route: any, kind: 'pause' | 'resume') {
  const hop = route.operations[0].transfer;
  const res = await service.post('/local/faults', { kind, chain_id: hop.from_chain_id, channel_id: hop.channel });
  expect(res.status).toBe(200);
}

async function connectPage(firefox: FirefoxSession, page: Page) {
  const answer = call(page, 'connect');
  await firefox.decide(await firefox.nextApproval(), 'Approve');
  expect(await answer).toMatchObject({ ok: true });
}

test('a dApp transfer: route, msgs, submit, events to success, tracked; the badge and one notification', async ({ firefox, pageServer, service }) => {
  const amount = '1200000';
  const key = await freshKey(service, HUB, 'uatom', amount);
  const page = await firefox.openDapp(`${pageServer.origin}/`);
  await connectPage(firefox, page);
  await recordEvents(page);

  const request = { source_asset_denom: 'uatom', source_asset_chain_id: HUB, dest_asset_denom: ATOM_ON_OSMOSIS, dest_asset_chain_id: OSMOSIS, amount_in: amount };
  const route = await call(page, 'route', request);
  expect(route).toMatchObject({ ok: true, result: { required_chain_addresses: [HUB, OSMOSIS] } });
  const routeBody = (route as any).result;
  const addresses = await Promise.all(routeBody.required_chain_addresses.map((chain: string) => devAddressOn(service, chain, key)));
  const msgs = await call(page, 'msgs', msgsRequestFor(routeBody, addresses, '1'));
  expect(msgs).toMatchObject({ ok: true });
  const cosmosTx = (msgs as any).result.txs[0].cosmos_tx;
  expect(cosmosTx).toMatchObject({ chain_id: HUB, signer_address: addresses[0] });
  const [tx] = await signCosmosTx(service, cosmosTx, key);

  // Records what the background asks Firefox to show (its event page is reachable from an
  // extension page; the hook lasts as long as that page stays loaded, which this test's does).
  await firefox.inExtension(async () => {
    const bg: any = await (globalThis as any).browser.runtime.getBackgroundPage();
    const notifications = bg.browser.notifications;
    const create = notifications.create.bind(notifications);
    bg.__created = [];
    notifications.create = (id: string, options: any) => {
      bg.__created.push({ id, options: JSON.parse(JSON.stringify(options)) });
      return create(id, options);
    };
  }, null);
  await holdRoute(service, routeBody, 'pause');
  const submitted = await call(page, 'submit', { tx, chain_id: HUB });
  expect(submitted).toMatchObject({ ok: true, result: { tx_hash: expect.stringMatching(/^[0-9A-F]{64}$/) } });
  const txHash = (submitted as any).result.tx_hash as string;
  await until('the pending badge', async () => (await badge(firefox)) === '1');
  await holdRoute(service, routeBody, 'resume');

  const events = await until('STATE_COMPLETED_SUCCESS in the page', async () => {
    const seen = await recordedEvents(page);
    return seen.some((e) => e.state === 'STATE_COMPLETED_SUCCESS') ? seen : undefined;
  }, 60_000);
  const states = events.map((e) => e.state);
  expect(states.at(-1)).toBe('STATE_COMPLETED_SUCCESS');
  expect(states.slice(0, -1).some((s) => TERMINAL.includes(s))).toBe(false);
  for (const event of events) expect(event).toMatchObject({ tx_hash: txHash, chain_id: HUB });

  const tracked = await call(page, 'tracked');
  expect((tracked as any).result.map((t: any) => [t.tx_hash, t.state])).toEqual([[txHash, 'STATE_COMPLETED_SUCCESS']]);
  await until('the done badge', async () => (await badge(firefox)) === '✓');
  const ids = await until('one notification', async () => {
    const list = await notificationIds(firefox);
    return list.length > 0 ? list : undefined;
  });
  expect(ids).toHaveLength(1);
  expect(ids[0]).toMatch(/^courier:tx:/);
  // Later polls and wake-ups do not notify again.
  await background(firefox, 'courier:tx:list');
  expect(await notificationIds(firefox)).toHaveLength(1);
  // Firefox shows no notification buttons: Courier sends none there (a click opens Activity).
  const created = await firefox.inExtension(async () => ((await (globalThis as any).browser.runtime.getBackgroundPage()) as any).__created, null);
  expect(created).toHaveLength(1);
  expect(created[0].id).toBe(ids[0]);
  expect(created[0].options).toMatchObject({ type: 'basic', title: expect.any(String), message: expect.any(String) });
  expect(created[0].options.buttons).toBeUndefined();
});

test('tracking survives the background restarting mid-transfer (the add-on reloaded)', async ({ firefox, service }) => {
  const { chainId, signed, route } = await signedTransfers(service, {
    source: { chain: HUB, denom: 'uatom' },
    dest: { chain: OSMOSIS, denom: ATOM_ON_OSMOSIS },
    amount: '800000',
    account: 'fresh',
  });
  await holdRoute(service, route, 'pause');
  const tracked = await background<Tracked>(firefox, 'courier:tx:submit', { tx: signed[0], chain_id: chainId, route });
  await until('the item to be stored', async () =>
    (await background<{ items: Tracked[] }>(firefox, 'courier:tx:list')).items.some((item) => item.id === tracked.id),
  );
  expect(await badge(firefox)).toBe('1');

  // Reloading the add-on ends its background page and every extension page; storage stays.
  await firefox.reloadAddon();
  await holdRoute(service, route, 'resume');

  const done = await until(
    'the transfer to finish after the restart',
    async () => {
      const item = await background<Tracked>(firefox, 'courier:tx:get', { id: tracked.id });
      return item.state === 'STATE_COMPLETED_SUCCESS' && item.notified ? item : undefined;
    },
    60_000,
  );
  expect(done.outcome).toBe('success');
  await until('the done badge', async () => (await badge(firefox)) === '✓');
  expect(await notificationIds(firefox)).toEqual([`courier:tx:${tracked.id}`]);
});
