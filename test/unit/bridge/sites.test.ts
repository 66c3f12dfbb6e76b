/**
 * Between sites (issue 11): quotas of unfinished transactions, who may evict what, each site's
 * own view of a transaction, subscriptions per connected site, and notifications per site.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MAX_FRAMES_PER_SITE } from '../../../src/background/bridge/page-events';
import { SITE_NOTIFICATIONS, SITE_NOTIFICATION_WINDOW_MS } from '../../../src/background/notification-budget';
import { DEFAULT_POLICY } from '../../../src/background/tracker/schedule';
import { SITE_PENDING_QUOTA, UNKNOWN_TX_GIVE_UP_MS } from '../../../src/background/tracker/tracker';
import { UNSUBSCRIBED_EVENT } from '../../../src/bridge/protocol';
import { FakeApi, fireAlarm, NO_KEY_BUDGET, notFound, ok, statusBody, type ApiRequest } from '../background/support';
import { DAPP, OTHER, bridgeHarness, connected, type BridgeHarness } from './support';

const EXT = { kind: 'extension' } as const;
const CHAIN = 'cosmoshub-4';
const hash = (n: number) => n.toString(16).toUpperCase().padStart(64, '0');
const ref = (n: number) => ({ tx_hash: hash(n), chain_id: CHAIN });
const NO_RATE_LIMIT = { capacity: 1e9, perSecond: 1e9, maxInFlight: 1e9 };

/** The service: registers anything; each hash's status is whatever `states` says (pending by default). */
function serviceApi(states = new Map<string, string>()) {
  const api = new FakeApi()
    .on('/v2/tx/track', (request: ApiRequest) => ok({ tx_hash: (request.body as { tx_hash: string }).tx_hash }))
    .on('/v2/tx/submit', ok({ tx_hash: hash(9999) }))
    .on('/v2/tx/status', (request: ApiRequest) => ok(statusBody(states.get(request.query.get('tx_hash') ?? '') ?? 'STATE_PENDING')));
  return { api, states };
}

async function sites(options: { cap?: number; states?: Map<string, string> } = {}): Promise<BridgeHarness & { states: Map<string, string> }> {
  const { api, states } = serviceApi(options.states);
  const h = bridgeHarness({ api, services: { bridgeRateLimit: NO_RATE_LIMIT, keyBudget: NO_KEY_BUDGET, ...(options.cap !== undefined && { cap: options.cap }) } });
  await connected(h, DAPP);
  await connected(h, OTHER);
  return Object.assign(h, { states });
}

const ok200 = (answer: unknown) => expect(answer).toMatchObject({ ok: true });

beforeEach(() => fakeBrowser.reset());

describe('quotas: unfinished transactions per site', () => {
  it(`admits ${SITE_PENDING_QUOTA} pending per site, refuses the next with 4290 before calling the API, and leaves other sites alone`, async () => {
    const h = await sites();
    for (let i = 1; i <= SITE_PENDING_QUOTA; i++) ok200(await h.request(DAPP, 'track', ref(i)));
    const tracks = h.api.calls('/v2/tx/track').length;
    const refused = await h.request(DAPP, 'track', ref(1000));
    expect(refused).toMatchObject({ ok: false, error: { code: 4290, data: { reason: 'site-quota', limit: SITE_PENDING_QUOTA } } });
    // submit is refused before anything is broadcast
    expect(await h.request(DAPP, 'submit', { tx: 'dHg=', chain_id: CHAIN })).toMatchObject({ ok: false, error: { code: 4290 } });
    expect(h.api.calls('/v2/tx/track')).toHaveLength(tracks);
    expect(h.api.calls('/v2/tx/submit')).toHaveLength(0);

    // Asking again for one of its own needs no room; another site is not affected.
    ok200(await h.request(DAPP, 'track', ref(1)));
    ok200(await h.request(OTHER, 'track', ref(2000)));
    // The user is never limited by a site's quota.
    await h.services.tracker.track(ref(3000), EXT);

    // One of the site's transfers finishes: room for one more.
    h.states.set(hash(1), 'STATE_COMPLETED_SUCCESS');
    h.clock.advance(DEFAULT_POLICY.firstPollMs);
    await fireAlarm(h.services);
    await fireAlarm(h.services);
    expect((await h.services.tracker.get(`${CHAIN}:${hash(1)}`))?.phase).toBe('done');
    ok200(await h.request(DAPP, 'track', ref(1001)));
    expect(await h.request(DAPP, 'track', ref(1002))).toMatchObject({ ok: false, error: { code: 4290 } });
  });

  it('counts requests still on their way in, so concurrent calls cannot overshoot the quota', async () => {
    const h = await sites();
    const answers = await Promise.all(Array.from({ length: SITE_PENDING_QUOTA + 10 }, (_, i) => h.request(DAPP, 'track', ref(i + 1))));
    expect(answers.filter((a) => !a.ok && a.error.code !== 4290)).toEqual([]);
    expect(answers.filter((a) => a.ok)).toHaveLength(SITE_PENDING_QUOTA);
    expect(answers.filter((a) => !a.ok && a.error.code === 4290)).toHaveLength(10);
    expect(await h.services.tracker.pendingForOrigin(DAPP)).toBe(SITE_PENDING_QUOTA);
  });
});

describe('eviction: the global cap', () => {
  it('a site evicts only finished items or its own, never another site’s pending transfer or the user’s', async () => {
    const h = await sites({ cap: 5 });
    await h.services.tracker.track(ref(1), EXT); // the user's, pending
    ok200(await h.request(OTHER, 'track', ref(2))); // another site's, pending
    for (const n of [10, 11, 12]) {
      h.clock.advance(1);
      ok200(await h.request(DAPP, 'track', ref(n)));
    }
    // Full. The flooding site's next transaction displaces its own oldest.
    h.clock.advance(1);
    ok200(await h.request(DAPP, 'track', ref(13)));
    const ids = async () => (await h.services.tracker.list()).map((item) => item.txHash).sort();
    expect(await ids()).toEqual([hash(1), hash(2), hash(11), hash(12), hash(13)].sort());
    expect(await h.request(OTHER, 'status', ref(2))).toMatchObject({ ok: true });

    // A site with nothing of its own to give up gets 4290 (before the API is called).
    const tracks = h.api.calls('/v2/tx/track').length;
    const third = 'https://third.example';
    await connected(h, third);
    expect(await h.request(third, 'track', ref(20))).toMatchObject({ ok: false, error: { code: 4290, data: { reason: 'list-full', limit: 5 } } });
    expect(h.api.calls('/v2/tx/track')).toHaveLength(tracks);

    // Finished items nobody follows from the popup go first; the user's finished one stays.
    h.states.set(hash(1), 'STATE_COMPLETED_SUCCESS');
    h.states.set(hash(2), 'STATE_COMPLETED_SUCCESS');
    h.clock.advance(DEFAULT_POLICY.firstPollMs);
    await fireAlarm(h.services);
    ok200(await h.request(third, 'track', ref(21)));
    expect(await ids()).toEqual([hash(1), hash(11), hash(12), hash(13), hash(21)].sort());
    expect(await h.request(OTHER, 'status', ref(2))).toMatchObject({ ok: false, error: { code: 4100 } });

    // The user may still displace anything (finished first).
    await h.services.tracker.track(ref(30), EXT);
    expect(await ids()).toContain(hash(30));
    expect(await ids()).not.toContain(hash(1));
  });

  it('a transaction the user also tracks (asked first by a site) is the user’s: no site evicts it', async () => {
    const h = await sites({ cap: 2 });
    ok200(await h.request(DAPP, 'track', ref(1)));
    await h.services.tracker.track(ref(1), EXT);
    expect((await h.services.tracker.get(`${CHAIN}:${hash(1)}`))?.user).toBe(true);
    ok200(await h.request(OTHER, 'track', ref(4)));
    // Full: DAPP's only item is ref(1), which the user follows too, and ref(4) is OTHER's.
    expect(await h.request(DAPP, 'track', ref(3))).toMatchObject({ ok: false, error: { code: 4290, data: { reason: 'list-full' } } });
    expect((await h.services.tracker.list()).map((i) => i.txHash).sort()).toEqual([hash(1), hash(4)]);
  });
});

describe('a site sees only its own history of a transaction', () => {
  it('track answers alike, registers with the API every time, and the view starts when the site joined', async () => {
    const h = await sites();
    const t0 = h.clock.now();
    await h.services.tracker.track(ref(1), EXT); // the user follows ref(1) ...
    h.clock.advance(DEFAULT_POLICY.firstPollMs);
    await fireAlarm(h.services); // ... and has seen it pending with its hops
    expect((await h.services.tracker.get(`${CHAIN}:${hash(1)}`))?.lastStatus).not.toBeNull();
    h.clock.advance(60 * 60_000);

    await h.subscribe(DAPP);
    const tracksBefore = h.api.calls('/v2/tx/track').length;
    const known = await h.request(DAPP, 'track', ref(1));
    const fresh = await h.request(DAPP, 'track', ref(2));
    expect(h.api.calls('/v2/tx/track')).toHaveLength(tracksBefore + 2);
    expect(known).toEqual({ ok: true, result: { tx_hash: hash(1) } });
    expect(fresh).toEqual({ ok: true, result: { tx_hash: hash(2) } });

    const joinedAt = h.clock.now();
    const blank = (n: number) => ({ tx_hash: hash(n), chain_id: CHAIN, state: null, status: null, explorer_link: null, created_at: joinedAt, outcome: 'pending' });
    expect(await h.request(DAPP, 'status', ref(1))).toEqual({ ok: true, result: blank(1) });
    expect(await h.request(DAPP, 'status', ref(2))).toEqual({ ok: true, result: blank(2) });
    expect(joinedAt).toBeGreaterThan(t0);
    // The events so far say the same for both: just joined, nothing known.
    const events = (n: number) => h.sent.filter((e) => e.message.event === 'statusChanged' && e.message.payload.tx_hash === hash(n)).map((e) => e.message.payload);
    expect(events(1)).toEqual([{ tx_hash: hash(1), chain_id: CHAIN, state: null, status: null }]);
    expect(events(2)).toEqual([{ tx_hash: hash(2), chain_id: CHAIN, state: null, status: null }]);

    // Both fill in from the first poll after joining, at the same moment.
    h.clock.advance(DEFAULT_POLICY.firstPollMs);
    await fireAlarm(h.services);
    const [one, two] = [await h.request(DAPP, 'status', ref(1)), await h.request(DAPP, 'status', ref(2))];
    expect(one).toMatchObject({ ok: true, result: { state: 'STATE_PENDING', created_at: joinedAt } });
    expect(two).toMatchObject({ ok: true, result: { state: 'STATE_PENDING', created_at: joinedAt } });
    expect(events(1).at(-1)).toMatchObject({ state: 'STATE_PENDING' });
    expect(events(2).at(-1)).toMatchObject({ state: 'STATE_PENDING' });
    // The user's own record keeps its history.
    expect((await h.services.tracker.get(`${CHAIN}:${hash(1)}`))?.createdAt).toBe(t0);
  });

  it('a finished transaction someone else followed gets one status check for the joining site, not its stored history', async () => {
    const h = await sites({ states: new Map([[hash(1), 'STATE_COMPLETED_SUCCESS']]) });
    ok200(await h.request(OTHER, 'track', ref(1)));
    h.clock.advance(DEFAULT_POLICY.firstPollMs);
    await fireAlarm(h.services);
    const finished = await h.services.tracker.get(`${CHAIN}:${hash(1)}`);
    expect(finished?.phase).toBe('done');
    h.clock.advance(10 * 60_000);

    ok200(await h.request(DAPP, 'track', ref(1)));
    expect(await h.request(DAPP, 'status', ref(1))).toMatchObject({ ok: true, result: { state: null, status: null, outcome: 'pending' } });
    const statusCalls = h.api.calls('/v2/tx/status').length;
    h.clock.advance(DEFAULT_POLICY.firstPollMs);
    await fireAlarm(h.services);
    expect(h.api.calls('/v2/tx/status')).toHaveLength(statusCalls + 1);
    expect(await h.request(DAPP, 'status', ref(1))).toMatchObject({ ok: true, result: { state: 'STATE_COMPLETED_SUCCESS', outcome: 'success' } });
    const after = await h.services.tracker.get(`${CHAIN}:${hash(1)}`);
    expect(after).toMatchObject({ phase: 'done', finishedAt: finished?.finishedAt, refreshAt: null, notified: finished?.notified });
    // Nothing more to poll.
    await fireAlarm(h.services);
    expect(h.api.calls('/v2/tx/status')).toHaveLength(statusCalls + 1);
  });

  it('tracked lists the site’s transactions by when it joined them', async () => {
    const h = await sites();
    await h.services.tracker.track(ref(1), EXT);
    h.clock.advance(10);
    ok200(await h.request(DAPP, 'track', ref(2)));
    h.clock.advance(10);
    ok200(await h.request(DAPP, 'track', ref(1)));
    const list = await h.request(DAPP, 'tracked');
    expect(list.ok && (list.result as { tx_hash: string }[]).map((v) => v.tx_hash)).toEqual([hash(1), hash(2)]);
  });
});

describe('junk hashes: bounded polling on the user’s key', () => {
  it(`a hash only sites follow that the API never knows is given up after ${UNKNOWN_TX_GIVE_UP_MS / 60_000} minutes; the user’s keeps its window`, async () => {
    const h = await sites();
    h.api.on('/v2/tx/status', notFound);
    ok200(await h.request(DAPP, 'track', ref(1)));
    await h.services.tracker.track(ref(2), EXT);
    const start = h.clock.now();
    while (h.clock.now() - start < UNKNOWN_TX_GIVE_UP_MS + 15 * 60_000) {
      h.clock.advance(60_000);
      await fireAlarm(h.services);
    }
    const junk = await h.services.tracker.get(`${CHAIN}:${hash(1)}`);
    expect(junk).toMatchObject({ phase: 'expired', outcome: 'expired', nextPollAt: null });
    expect(junk!.finishedAt! - start).toBeGreaterThanOrEqual(UNKNOWN_TX_GIVE_UP_MS);
    expect(junk!.finishedAt! - start).toBeLessThan(UNKNOWN_TX_GIVE_UP_MS + 11 * 60_000);
    const polls = h.api.calls('/v2/tx/status').filter((c) => c.query.get('tx_hash') === hash(1)).length;
    expect(polls).toBeLessThanOrEqual(12);
    expect((await h.services.tracker.get(`${CHAIN}:${hash(2)}`))?.phase).toBe('pending');
    // Expired counts as finished: the site has room again.
    expect(await h.services.tracker.pendingForOrigin(DAPP)).toBe(0);
  });
});

describe('subscriptions', () => {
  it('are for connected sites only', async () => {
    const h = bridgeHarness();
    expect(await h.subscribe(DAPP)).toMatchObject({ ok: false, error: { code: 4100 } });
    expect(await h.services.bridge.events.listFor(DAPP)).toEqual([]);
  });

  it(`keep at most ${MAX_FRAMES_PER_SITE} frames per site, dropping (and telling) only that site’s oldest; revoking drops them all`, async () => {
    const h = await sites();
    ok200(await h.subscribe(OTHER, { tabId: 2 }));
    for (let i = 0; i < MAX_FRAMES_PER_SITE + 5; i++) {
      h.clock.advance(1);
      ok200(await h.subscribe(DAPP, { tabId: 3, frameId: i }));
    }
    const frames = await h.services.bridge.events.listFor(DAPP);
    expect(frames.map((f) => f.frameId)).toEqual(Array.from({ length: MAX_FRAMES_PER_SITE }, (_, i) => i + 5));
    expect((await h.services.bridge.events.listFor(OTHER)).map((f) => f.tabId)).toEqual([2]);
    const told = h.sent.filter((e) => e.message.event === UNSUBSCRIBED_EVENT);
    expect(told.map((e) => e.frame.frameId)).toEqual([0, 1, 2, 3, 4]);
    expect(told.every((e) => e.message.origin === DAPP && e.frame.tabId === 3)).toBe(true);

    // OTHER still hears its transaction.
    ok200(await h.request(OTHER, 'track', ref(1)));
    expect(h.sent.some((e) => e.frame.tabId === 2 && e.message.event === 'statusChanged' && e.message.payload.tx_hash === hash(1))).toBe(true);

    ok200(await h.request(DAPP, 'disconnect'));
    expect(await h.services.bridge.events.listFor(DAPP)).toEqual([]);
  });
});

describe('notifications per site', () => {
  it(`a site’s transfers raise at most ${SITE_NOTIFICATIONS} notifications per ${SITE_NOTIFICATION_WINDOW_MS / 60_000} minutes; the user’s are never limited`, async () => {
    const states = new Map<string, string>();
    const h = await sites({ states });
    for (let i = 1; i <= 6; i++) {
      ok200(await h.request(DAPP, 'track', ref(i)));
      await h.services.tracker.track(ref(100 + i), EXT);
      states.set(hash(i), 'STATE_COMPLETED_SUCCESS');
      states.set(hash(100 + i), 'STATE_COMPLETED_SUCCESS');
    }
    h.clock.advance(DEFAULT_POLICY.firstPollMs);
    await fireAlarm(h.services);
    const shown = () => Object.keys(fakeBrowser.notifications.getAllCreateOptions());
    const ofSite = () => shown().filter((id) => [1, 2, 3, 4, 5, 6].some((n) => id.endsWith(`:${hash(n)}`)));
    expect(ofSite()).toHaveLength(SITE_NOTIFICATIONS);
    expect(shown()).toHaveLength(SITE_NOTIFICATIONS + 6);
    // Every finished item is handled either way (never replayed later).
    expect((await h.services.tracker.list()).every((item) => item.notified)).toBe(true);

    // A new window: the site's next finished transfer is shown again.
    h.clock.advance(SITE_NOTIFICATION_WINDOW_MS);
    ok200(await h.request(DAPP, 'track', ref(7)));
    states.set(hash(7), 'STATE_COMPLETED_SUCCESS');
    h.clock.advance(DEFAULT_POLICY.firstPollMs);
    await fireAlarm(h.services);
    expect(shown().some((id) => id.endsWith(`:${hash(7)}`))).toBe(true);
  });
});
