import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../support/eventually';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { badgeAppearance } from '../../../src/background/badge';
import {
  activityPath,
  createNotificationClickHandlers,
  notificationContent,
  notificationId,
} from '../../../src/background/notifications';
import { registerBackgroundEvents, startBackgroundServices } from '../../../src/background/services';
import type { TrackedTx } from '../../../src/background/tracker/model';
import { FakeApi, fireAlarm, harness, HASH_A, HASH_B, ok, route, statusBody } from './support';
import { factsCatalog } from './facts-fixture';

const EXT = { kind: 'extension' } as const;
const ID_A = `cosmoshub-4:${HASH_A}`;

async function finishedOne(state = 'STATE_COMPLETED_SUCCESS', options: Parameters<typeof harness>[0] = {}) {
  const api = new FakeApi()
    .on('/v2/tx/submit', ok({ tx_hash: HASH_A, explorer_link: 'https://explorer.example/tx/A' }))
    .on('/v2/tx/status', ok(statusBody(state)));
  const h = harness({ api, catalog: async () => factsCatalog(), ...options });
  await h.services.tracker.submit({ tx: 'dHg=', chain_id: 'cosmoshub-4' }, EXT, {
    route: route() as never,
    assets: { source: { symbol: 'ATOM', decimals: 6 } },
  });
  h.clock.advance(3_000);
  await fireAlarm(h.services);
  return h;
}

describe('terminal notifications', () => {
  beforeEach(() => fakeBrowser.reset());

  it('shows one notification saying what moved and where, and records it', async () => {
    const { services } = await finishedOne();
    const shown = fakeBrowser.notifications.getAllCreateOptions() as Record<string, { title: string; message: string; buttons?: unknown }>;
    expect(Object.keys(shown)).toEqual([notificationId(ID_A)]);
    expect(shown[notificationId(ID_A)]).toMatchObject({
      type: 'basic',
      title: 'Transfer complete',
      message: expect.stringContaining('1.5 ATOM from Cosmos Hub to Osmosis arrived. Expected ≈ 1.49 ATOM.'),
      iconUrl: fakeBrowser.runtime.getURL('/icon-128.png'),
      buttons: [{ title: 'Open in explorer' }],
    });
    expect(shown[notificationId(ID_A)]!.message).toContain('Funds released on Osmosis');
    expect((await services.tracker.get(ID_A))?.notified).toBe(true);
  });

  it('is idempotent: more polls, restarts and catch-up never notify twice', async () => {
    const h = await finishedOne();
    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    await fireAlarm(h.services);
    // A later change to the finished item (a page asks for it too) is not a new finish.
    h.api.on('/v2/tx/track', ok({ tx_hash: HASH_A }));
    await h.services.tracker.trackFromOrigin('https://dapp.example', { tx_hash: HASH_A, chain_id: 'cosmoshub-4' });
    expect((await h.services.tracker.get(ID_A))?.origins).toEqual(['https://dapp.example']);
    const restarted = h.restart();
    await startBackgroundServices(restarted);
    await fireAlarm(restarted);
    expect(create).not.toHaveBeenCalled();
    create.mockRestore();
  });

  it('a worker killed between showing and recording shows it again at start, under the same id', async () => {
    // Simulate the crash window: terminal state stored, flag not.
    const api = new FakeApi().on('/v2/tx/submit', ok({ tx_hash: HASH_A })).on('/v2/tx/status', ok(statusBody('STATE_COMPLETED_ERROR')));
    const h = harness({ api, notifications: undefined });
    await h.services.tracker.submit({ tx: 'dHg=', chain_id: 'cosmoshub-4' }, EXT);
    vi.spyOn(h.services.tracker, 'markNotified').mockResolvedValue(undefined);
    h.clock.advance(3_000);
    await fireAlarm(h.services);
    expect((await h.services.tracker.get(ID_A))?.notified).toBe(false);

    const restarted = h.restart({ notifications: fakeBrowser.notifications as never });
    await startBackgroundServices(restarted);
    const shown = fakeBrowser.notifications.getAllCreateOptions() as Record<string, { title: string }>;
    expect(Object.keys(shown)).toEqual([notificationId(ID_A)]);
    expect(shown[notificationId(ID_A)]!.title).toBe('Transfer failed');
    expect((await restarted.tracker.get(ID_A))?.notified).toBe(true);
    await startBackgroundServices(h.restart());
    expect(Object.keys(fakeBrowser.notifications.getAllCreateOptions())).toHaveLength(1);
  });

  it('respects the preference: nothing shown, and nothing replayed when it is turned back on', async () => {
    const api = new FakeApi().on('/v2/tx/submit', ok({ tx_hash: HASH_A })).on('/v2/tx/status', ok(statusBody('STATE_COMPLETED_SUCCESS')));
    const h = harness({ api });
    await h.services.settings.update({ notifications: false });
    await h.services.tracker.submit({ tx: 'dHg=', chain_id: 'cosmoshub-4' }, EXT);
    h.clock.advance(3_000);
    await fireAlarm(h.services);
    expect(fakeBrowser.notifications.getAllCreateOptions()).toEqual({});
    expect((await h.services.tracker.get(ID_A))?.notified).toBe(true);
    await h.services.settings.update({ notifications: true });
    await startBackgroundServices(h.restart());
    expect(fakeBrowser.notifications.getAllCreateOptions()).toEqual({});
  });

  it('does not notify for pending, failing or expired transactions', async () => {
    const api = new FakeApi().on('/v2/tx/submit', ok({ tx_hash: HASH_A })).on('/v2/tx/status', ok(statusBody('STATE_PENDING_ERROR')));
    const h = harness({ api });
    await h.services.tracker.submit({ tx: 'dHg=', chain_id: 'cosmoshub-4' }, EXT);
    h.clock.advance(3_000);
    await fireAlarm(h.services);
    h.clock.advance(25 * 60 * 60_000);
    await fireAlarm(h.services);
    expect((await h.services.tracker.get(ID_A))?.phase).toBe('expired');
    expect(fakeBrowser.notifications.getAllCreateOptions()).toEqual({});
  });

  it('clears the notification of a removed transaction', async () => {
    const { services } = await finishedOne();
    await services.tracker.remove(ID_A);
    expect(fakeBrowser.notifications.getAllCreateOptions()).toEqual({});
  });

  it('words failures and abandonment, with or without a route', () => {
    const base = {
      txHash: HASH_B,
      chainId: 'osmosis-1',
      route: null,
      lastStatus: {
        state: 'STATE_COMPLETED_ERROR',
        state_source: 'state',
        indicator: null,
        error: null,
        transfers: [{ state: 'STATE_COMPLETED_ERROR', hops: [], release: { chain_id: 'osmosis-1', denom: 'uosmo', amount: null, released: true }, error: 'packet timed out', next_blocking_index: null }],
      },
    } as unknown as TrackedTx;
    // the API's "packet timed out" stays in Activity
    expect(notificationContent({ ...base, outcome: 'failure' }, factsCatalog())).toEqual({
      title: 'Transfer failed',
      message: 'Transaction BBBBBB…BBBB on Osmosis did not complete. Your OSMO is back on Osmosis: the transfer did not complete and was refunded. Details in Courier’s Activity.',
    });
    expect(notificationContent({ ...base, outcome: 'abandoned' }).title).toBe('Transfer abandoned');
  });

  it('says a refund is a refund, and where the funds are, in the failing bridge step’s words', () => {
    const refunded = {
      txHash: HASH_B,
      chainId: '1',
      route: null,
      outcome: 'failure',
      lastStatus: {
        state: 'STATE_COMPLETED_ERROR',
        state_source: 'state',
        indicator: null,
        error: null,
        transfers: [
          {
            state: 'STATE_COMPLETED_ERROR',
            hops: [{ kind: 'go_fast_transfer', from_chain_id: '1', to_chain_id: 'noble-1', state: 'GO_FAST_TRANSFER_REFUNDED', outcome: 'failure', txs: [], link: null, error: null }],
            release: { chain_id: '1', denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', amount: null, released: true },
            error: null,
            next_blocking_index: null,
          },
        ],
      },
    } as unknown as TrackedTx;
    expect(notificationContent(refunded, factsCatalog())).toEqual({
      title: 'Transfer refunded',
      message: 'Transaction BBBBBB…BBBB on Ethereum did not complete. Your USDC is back on Ethereum: the transfer did not complete and was refunded. Go Fast: no solver filled the order: the funds were refunded to the sender on Ethereum.',
    });
  });
});

describe('notification clicks', () => {
  beforeEach(() => fakeBrowser.reset());

  it('opens the activity view for the transaction, or the explorer from the button', async () => {
    const h = await finishedOne();
    registerBackgroundEvents(h.services, {
      onAlarm: fakeBrowser.alarms.onAlarm,
      onNotificationClicked: fakeBrowser.notifications.onClicked,
      onNotificationButtonClicked: fakeBrowser.notifications.onButtonClicked,
    });
    await fakeBrowser.notifications.onClicked.trigger(notificationId(ID_A));
    await eventually(() => expect(h.opened).toEqual([fakeBrowser.runtime.getURL(activityPath(ID_A) as '/')]));
    expect(h.opened[0]).toBe(`chrome-extension://${fakeBrowser.runtime.id}/popup.html#/activity/cosmoshub-4%3A${HASH_A}`);
    expect(fakeBrowser.notifications.getAllCreateOptions()).toEqual({});

    await fakeBrowser.notifications.onButtonClicked.trigger(notificationId(ID_A), 0);
    await eventually(() => expect(h.opened).toHaveLength(2));
    // the API's link is on no explorer of the Cosmos Hub: the registry's page for the hash instead
    expect(h.opened[1]).toBe(`https://www.mintscan.io/cosmos/transactions/${HASH_A}`);
  });

  it('falls back to the activity list for a removed transaction, and ignores other notifications', async () => {
    const opened: string[] = [];
    const clear = vi.fn(async () => true);
    const handlers = createNotificationClickHandlers({
      getItem: async () => undefined,
      openUrl: async (url) => opened.push(url),
      clear,
      activityUrl: (id) => `ext:${activityPath(id)}`,
    });
    await handlers.onClicked('someone-else');
    expect(opened).toEqual([]);
    await handlers.onClicked(notificationId('gone'));
    expect(opened).toEqual(['ext:/popup.html#/activity']);
    expect(clear).toHaveBeenCalledWith(notificationId('gone'));
  });

  it('never opens an explorer link that is not a web address', async () => {
    const opened: string[] = [];
    const handlers = createNotificationClickHandlers({
      getItem: async (id) => ({ id, explorerLink: 'javascript:alert(1)' }) as TrackedTx,
      openUrl: async (url) => opened.push(url),
      clear: async () => true,
      activityUrl: (id) => `ext:${activityPath(id)}`,
    });
    await handlers.onButtonClicked(notificationId('x'), 0);
    expect(opened).toEqual(['ext:/popup.html#/activity/x']);
  });
});

describe('badge', () => {
  beforeEach(() => fakeBrowser.reset());

  it('counts pending transactions, marks a finish until seen, and survives a restart', async () => {
    const api = new FakeApi()
      .on('/v2/tx/track', (request) => ok({ tx_hash: (request.body as { tx_hash: string }).tx_hash }))
      .on('/v2/tx/status', (request) => ok(statusBody(request.query.get('tx_hash') === HASH_A ? 'STATE_COMPLETED_ERROR' : 'STATE_PENDING')));
    const h = harness({ api });
    await h.services.tracker.track({ tx_hash: HASH_A, chain_id: 'cosmoshub-4' }, EXT);
    await h.services.tracker.track({ tx_hash: HASH_B, chain_id: 'cosmoshub-4' }, EXT);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('2');

    h.clock.advance(3_000);
    await fireAlarm(h.services);
    // the count of what is still pending, red: one of its batch failed
    expect(await fakeBrowser.action.getBadgeText({})).toBe('1');
    expect(await fakeBrowser.action.getTitle({})).toBe('Courier — 1 pending; a transfer failed');

    // A worker restart keeps the mark (it is in storage).
    fakeBrowser.action.resetState();
    const restarted = h.restart();
    await startBackgroundServices(restarted);
    expect(await fakeBrowser.action.getTitle({})).toBe('Courier — 1 pending; a transfer failed');

    expect(await restarted.badge.seen()).toBe(1);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('1');
    expect(await fakeBrowser.action.getTitle({})).toBe('Courier — 1 pending');
  });

  it('failure outranks success; counts cap at 99+', () => {
    expect(badgeAppearance(0, null)).toMatchObject({ text: '', title: 'Courier' });
    expect(badgeAppearance(3, null).text).toBe('3');
    expect(badgeAppearance(120, null).text).toBe('99+');
    // pending transfers come first; a mark shows once none is (badge.test.ts has the batches)
    expect(badgeAppearance(3, 'success').text).toBe('3');
    expect(badgeAppearance(3, 'failure', false)).toMatchObject({ text: '3', color: '#cf222e' });
    expect(badgeAppearance(0, 'success').text).toBe('✓');
    expect(badgeAppearance(0, 'failure').text).toBe('!');
  });

  it('a finish after the failed batch ended replaces its mark', async () => {
    const h = harness();
    await h.services.badge.mark('failure');
    expect(await fakeBrowser.action.getBadgeText({})).toBe('!');
    await h.services.badge.mark('success');
    expect(await fakeBrowser.action.getBadgeText({})).toBe('✓');
  });
});
