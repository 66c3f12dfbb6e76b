import { beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../../support/eventually';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startBackgroundServices } from '../../../src/background/services';
import { DEFAULT_POLICY } from '../../../src/background/tracker/schedule';
import { POLL_ALARM } from '../../../src/background/tracker/tracker';
import {
  alarm,
  FakeApi,
  fireAlarm,
  harness,
  HASH_A,
  HASH_B,
  HASH_C,
  notFound,
  ok,
  rateLimited,
  route,
  serverError,
  statusBody,
} from './support';

const EXT = { kind: 'extension' } as const;
const submitted = (hash: string) => ok({ tx_hash: hash, explorer_link: `https://explorer.example/tx/${hash}` });

describe('tracker: entering transactions', () => {
  beforeEach(() => fakeBrowser.reset());

  it('tracks a submitted tx at once, with its route summary, and sets the alarm for the first poll', async () => {
    const api = new FakeApi().on('/v2/tx/submit', submitted(HASH_A));
    const { services, clock } = harness({ api });
    const { item } = await services.tracker.submit({ tx: 'dHg=', chain_id: 'cosmoshub-4' }, EXT, { route: route(30) as never });

    expect(item).toMatchObject({
      id: `cosmoshub-4:${HASH_A}`,
      via: 'submit',
      registered: true,
      phase: 'pending',
      outcome: 'pending',
      explorerLink: `https://explorer.example/tx/${HASH_A}`,
      route: { sourceDenom: 'uatom', estimatedDurationSeconds: 30, amountIn: '1500000' },
      nextPollAt: clock.now() + DEFAULT_POLICY.firstPollMs,
      notified: false,
    });
    // Persisted before the call returned.
    const stored = (await fakeBrowser.storage.local.get('courier:tracked'))['courier:tracked'] as { version: number; items: unknown[] };
    expect(stored.version).toBe(2);
    expect(stored.items).toHaveLength(1);
    expect((await alarm())?.scheduledTime).toBe(clock.now() + DEFAULT_POLICY.firstPollMs);
  });

  it('does not track when submit fails, and leaves the error to the caller', async () => {
    const api = new FakeApi().on('/v2/tx/submit', { status: 400, body: { code: 3, message: 'tx must be base64 encoded', details: [] } });
    const { services } = harness({ api });
    await expect(services.tracker.submit({ tx: '!!', chain_id: 'cosmoshub-4' }, EXT)).rejects.toMatchObject({
      name: 'ApiError',
      httpStatus: 400,
      code: 3,
    });
    expect(await services.tracker.list()).toEqual([]);
    expect(await alarm()).toBeUndefined();
  });

  it('registers a tracked tx with /v2/tx/track, retrying a short, bounded number of times', async () => {
    const api = new FakeApi().on('/v2/tx/track', [serverError, { status: 503, body: {} }, ok({ tx_hash: HASH_A })]);
    const { services } = harness({ api });
    const { item } = await services.tracker.track({ tx_hash: HASH_A.toLowerCase(), chain_id: 'cosmoshub-4' }, EXT);
    expect(api.calls('/v2/tx/track')).toHaveLength(3);
    expect(api.calls('/v2/tx/track')[0]!.body).toEqual({ tx_hash: HASH_A, chain_id: 'cosmoshub-4' });
    expect(item).toMatchObject({ registered: true, via: 'track', txHash: HASH_A });
  });

  it('still tracks (unregistered) when the service stays unreachable, but not when it refuses', async () => {
    const api = new FakeApi().on('/v2/tx/track', serverError);
    const { services } = harness({ api });
    const { item } = await services.tracker.track({ tx_hash: HASH_A, chain_id: 'cosmoshub-4' }, EXT);
    expect(api.calls('/v2/tx/track')).toHaveLength(3);
    expect(item.registered).toBe(false);

    api.on('/v2/tx/track', { status: 404, body: { code: 5, message: 'chain ID not supported', details: [] } });
    await expect(services.tracker.track({ tx_hash: HASH_B, chain_id: 'nowhere-1' }, EXT)).rejects.toMatchObject({ code: 5 });
    expect((await services.tracker.list()).map((i) => i.txHash)).toEqual([HASH_A]);
  });

  it('refuses a hash that is not one for the chain kind', async () => {
    const { services, api } = harness();
    await expect(services.tracker.track({ tx_hash: 'xyz', chain_id: 'cosmoshub-4' }, EXT)).rejects.toMatchObject({
      code: 'invalid-tx-hash',
    });
    expect(api.requests).toHaveLength(0);
  });

  it('deduplicates by chain id + normalised hash and merges what the second request adds', async () => {
    const api = new FakeApi().on('/v2/tx/track', ok({ tx_hash: HASH_A })).on('/v2/tx/submit', submitted(HASH_A));
    const { services } = harness({ api });
    await services.tracker.submit({ tx: 'dHg=', chain_id: 'cosmoshub-4' }, EXT);
    // Same tx in another spelling, from a page, with the route this time.
    const again = await services.tracker.trackFromOrigin('https://dapp.example', { tx_hash: `0x${HASH_A.toLowerCase()}`, chain_id: 'cosmoshub-4' }, { route: route() as never });
    expect(await services.tracker.list()).toHaveLength(1);
    expect(again.response).toBeNull(); // already registered: no second /track
    expect(api.calls('/v2/tx/track')).toHaveLength(0);
    expect(again.item).toMatchObject({ requester: EXT, origins: ['https://dapp.example'], route: { sourceChainId: 'cosmoshub-4' } });
    expect(await services.tracker.listForOrigin('https://dapp.example')).toHaveLength(1);
    expect(await services.tracker.listForOrigin('https://other.example')).toHaveLength(0);
    expect(await services.tracker.getForOrigin('https://other.example', { tx_hash: HASH_A, chain_id: 'cosmoshub-4' })).toBeUndefined();

    // A different chain with the same hash is another transaction.
    api.on('/v2/tx/track', ok({ tx_hash: HASH_A }));
    await services.tracker.track({ tx_hash: HASH_A, chain_id: 'osmosis-1' }, EXT);
    expect(await services.tracker.list()).toHaveLength(2);
  });

  it('caps the list, evicting the oldest finished transactions first', async () => {
    const api = new FakeApi().on('/v2/tx/track', (request) => ok({ tx_hash: (request.body as { tx_hash: string }).tx_hash }));
    const { services, clock } = harness({ api, cap: 3 });
    const hash = (n: number) => n.toString(16).toUpperCase().padStart(64, '0');
    for (let n = 1; n <= 3; n++) {
      clock.advance(1000);
      await services.tracker.track({ tx_hash: hash(n), chain_id: 'cosmoshub-4' }, EXT);
    }
    // Finish #2 (the middle one).
    api.on('/v2/tx/status', (request) =>
      ok(statusBody(request.query.get('tx_hash') === hash(2) ? 'STATE_COMPLETED_SUCCESS' : 'STATE_PENDING')),
    );
    clock.advance(DEFAULT_POLICY.firstPollMs);
    await fireAlarm(services);
    expect((await services.tracker.get(`cosmoshub-4:${hash(2)}`))?.phase).toBe('done');

    clock.advance(1000);
    await services.tracker.track({ tx_hash: hash(4), chain_id: 'cosmoshub-4' }, EXT);
    let ids = (await services.tracker.list()).map((i) => i.txHash);
    expect(ids).toEqual([hash(4), hash(3), hash(1)]); // the finished #2 went, not the older pending #1

    // All pending: the oldest pending goes, never the one just added.
    clock.advance(1000);
    await services.tracker.track({ tx_hash: hash(5), chain_id: 'cosmoshub-4' }, EXT);
    ids = (await services.tracker.list()).map((i) => i.txHash);
    expect(ids).toEqual([hash(5), hash(4), hash(3)]);
  });
});

describe('tracker: scheduling with one alarm', () => {
  beforeEach(() => fakeBrowser.reset());

  it('keeps one alarm at the earliest due transaction and clears it when nothing is pending', async () => {
    const api = new FakeApi().on('/v2/tx/track', (request) => ok({ tx_hash: (request.body as { tx_hash: string }).tx_hash }));
    const { services, clock } = harness({ api });
    const t0 = clock.now();
    await services.tracker.track({ tx_hash: HASH_A, chain_id: 'cosmoshub-4' }, EXT);
    clock.advance(1000);
    await services.tracker.track({ tx_hash: HASH_B, chain_id: 'cosmoshub-4' }, EXT);

    const alarms = await fakeBrowser.alarms.getAll();
    expect(alarms.map((a) => a.name)).toEqual([POLL_ALARM]);
    expect(alarms[0]!.scheduledTime).toBe(t0 + DEFAULT_POLICY.firstPollMs);

    // A is removed: the alarm moves to B's first poll.
    await services.tracker.remove(`cosmoshub-4:${HASH_A}`);
    expect((await alarm())?.scheduledTime).toBe(t0 + 1000 + DEFAULT_POLICY.firstPollMs);

    // B finishes: nothing pending, no alarm.
    api.on('/v2/tx/status', ok(statusBody('STATE_COMPLETED_SUCCESS')));
    clock.advance(DEFAULT_POLICY.firstPollMs);
    await fireAlarm(services);
    expect(await fakeBrowser.alarms.getAll()).toEqual([]);
  });

  it('re-creates the alarm on every worker start (a browser restart wipes alarms)', async () => {
    const api = new FakeApi().on('/v2/tx/track', ok({ tx_hash: HASH_A }));
    const h = harness({ api });
    await h.services.tracker.track({ tx_hash: HASH_A, chain_id: 'cosmoshub-4' }, EXT);
    const due = (await alarm())!.scheduledTime;

    await fakeBrowser.alarms.clearAll();
    const fresh = h.restart();
    await startBackgroundServices(fresh);
    expect((await alarm())?.scheduledTime).toBe(due);

    // Overdue after a long sleep: the alarm is set for now, not in the past.
    await fakeBrowser.alarms.clearAll();
    h.clock.advance(10 * 60_000);
    await startBackgroundServices(h.restart());
    expect((await alarm())?.scheduledTime).toBe(h.clock.now());
  });

  it('polls everything due in one wake-up, a few at a time, and leaves the rest for the next', async () => {
    const api = new FakeApi().on('/v2/tx/track', (request) => ok({ tx_hash: (request.body as { tx_hash: string }).tx_hash }));
    const { services, clock } = harness({ api });
    const hash = (n: number) => n.toString(16).toUpperCase().padStart(64, '0');
    for (let n = 1; n <= 30; n++) await services.tracker.track({ tx_hash: hash(n), chain_id: 'cosmoshub-4' }, EXT);

    let release!: () => void;
    api.gate = new Promise((resolve) => (release = resolve));
    api.on('/v2/tx/status', ok(statusBody('STATE_PENDING')));
    clock.advance(DEFAULT_POLICY.firstPollMs);
    const run = services.tracker.pollDue();
    await eventually(() => expect(api.inFlight).toBe(4)); // the concurrency limit
    release();
    await run;
    await services.tracker.whenIdle();
    expect(api.maxInFlight).toBe(4);
    expect(api.calls('/v2/tx/status')).toHaveLength(25); // at most 25 per wake-up
    // The 5 left over are still due: the alarm says now.
    expect((await alarm())?.scheduledTime).toBe(clock.now());
    await fireAlarm(services);
    expect(api.calls('/v2/tx/status')).toHaveLength(30);
  });

  it('follows the route: first poll soon, then the approach to the estimate, slower once it has passed', async () => {
    const api = new FakeApi().on('/v2/tx/submit', submitted(HASH_A)).on('/v2/tx/status', ok(statusBody('STATE_PENDING')));
    const { services, clock } = harness({ api });
    const t0 = clock.now();
    await services.tracker.submit({ tx: 'dHg=', chain_id: 'cosmoshub-4' }, EXT, { route: route(120) as never });
    const id = `cosmoshub-4:${HASH_A}`;

    clock.set(t0 + 3_000);
    await fireAlarm(services);
    expect((await services.tracker.get(id))?.nextPollAt).toBe(t0 + 108_000); // 0.9 × 120 s

    clock.set(t0 + 240_000); // twice the estimate: the 12 s approach interval, doubled
    await fireAlarm(services);
    expect((await services.tracker.get(id))?.nextPollAt).toBe(t0 + 240_000 + 24_000);
  });

  it('never plans a poll sooner than the alarm floor of packed builds', async () => {
    const api = new FakeApi().on('/v2/tx/submit', submitted(HASH_A)).on('/v2/tx/status', ok(statusBody('STATE_PENDING')));
    const { services, clock } = harness({ api, alarmFloorMs: 30_000 });
    const t0 = clock.now();
    await services.tracker.submit({ tx: 'dHg=', chain_id: 'cosmoshub-4' }, EXT, { route: route(30) as never });
    expect((await alarm())?.scheduledTime).toBe(t0 + 30_000);
    clock.advance(30_000);
    await fireAlarm(services);
    expect((await services.tracker.get(`cosmoshub-4:${HASH_A}`))?.nextPollAt).toBe(clock.now() + 30_000);
  });
});

describe('tracker: answers, errors and backoff', () => {
  beforeEach(() => fakeBrowser.reset());

  async function oneTracked(api: FakeApi) {
    api.on('/v2/tx/submit', submitted(HASH_A));
    const h = harness({ api });
    await h.services.tracker.submit({ tx: 'dHg=', chain_id: 'cosmoshub-4' }, EXT);
    h.clock.advance(DEFAULT_POLICY.firstPollMs);
    const id = `cosmoshub-4:${HASH_A}`;
    return { ...h, id, get: async () => (await h.services.tracker.get(id))! };
  }

  it('honours Retry-After on 429', async () => {
    const api = new FakeApi().on('/v2/tx/status', rateLimited(120));
    const { services, clock, get } = await oneTracked(api);
    await fireAlarm(services);
    const item = await get();
    expect(item).toMatchObject({ errorCount: 1, lastError: { kind: 'http', httpStatus: 429 }, phase: 'pending' });
    expect(item.nextPollAt).toBe(clock.now() + 120_000);
    expect((await alarm())?.scheduledTime).toBe(clock.now() + 120_000);
  });

  it('backs off exponentially on 5xx and network failures, and resets after an answer', async () => {
    const api = new FakeApi().on('/v2/tx/status', serverError);
    const { services, clock, get } = await oneTracked(api);
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) {
      await fireAlarm(services);
      const item = await get();
      delays.push(item.nextPollAt! - clock.now());
      clock.set(item.nextPollAt!);
    }
    // 15 s × 2^(n-1), jittered with random() = 0.5 → 75 %: 11.25 s, 22.5 s, 45 s, 90 s; but never
    // sooner than the regular cadence, and 3 s in that is the jump to the approach at 54 s.
    expect(delays).toEqual([51_000, 22_500, 45_000, 90_000]);
    expect((await get()).errorCount).toBe(4);

    api.on('/v2/tx/status', ok(statusBody('STATE_PENDING')));
    await fireAlarm(services);
    expect(await get()).toMatchObject({ errorCount: 0, lastError: null, state: 'STATE_PENDING' });
  });

  it('on "tx not found" calls /v2/tx/track once and keeps polling', async () => {
    const api = new FakeApi().on('/v2/tx/status', notFound).on('/v2/tx/track', ok({ tx_hash: HASH_A }));
    const { services, clock, get } = await oneTracked(api);
    await fireAlarm(services);
    expect(api.calls('/v2/tx/track')).toHaveLength(1);
    expect(await get()).toMatchObject({ trackRetried: true, phase: 'pending', lastError: { kind: 'not-found' } });

    clock.set((await get()).nextPollAt!);
    await fireAlarm(services);
    expect(api.calls('/v2/tx/track')).toHaveLength(1); // once
    expect(api.calls('/v2/tx/status')).toHaveLength(2);

    api.on('/v2/tx/status', ok(statusBody('STATE_COMPLETED_SUCCESS')));
    clock.set((await get()).nextPollAt!);
    await fireAlarm(services);
    expect((await get()).phase).toBe('done');
  });

  it('ends tracking on exactly the three terminal states; STATE_PENDING_ERROR keeps polling as failing', async () => {
    for (const [state, outcome] of [
      ['STATE_COMPLETED_SUCCESS', 'success'],
      ['STATE_COMPLETED_ERROR', 'failure'],
      ['STATE_ABANDONED', 'abandoned'],
    ] as const) {
      fakeBrowser.reset();
      const api = new FakeApi().on('/v2/tx/status', ok(statusBody(state)));
      const { services, clock, get } = await oneTracked(api);
      await fireAlarm(services);
      expect(await get()).toMatchObject({ phase: 'done', state, outcome, nextPollAt: null, finishedAt: clock.now() });
      expect(await alarm()).toBeUndefined();
    }

    fakeBrowser.reset();
    const api = new FakeApi().on('/v2/tx/status', ok(statusBody('STATE_PENDING_ERROR')));
    const { services, get } = await oneTracked(api);
    await fireAlarm(services);
    const item = await get();
    expect(item).toMatchObject({ phase: 'pending', outcome: 'failing', state: 'STATE_PENDING_ERROR' });
    expect(item.nextPollAt).not.toBeNull();
    expect(await alarm()).toBeDefined();
  });

  it('decides by the overall state, not by the legs', async () => {
    // Top-level success although a leg reports a failure state: success.
    const body = statusBody('STATE_COMPLETED_SUCCESS') as { transfers: { transfer_sequence: { ibc_transfer: { state: string } }[] }[] };
    body.transfers[0]!.transfer_sequence[0]!.ibc_transfer.state = 'TRANSFER_FAILURE';
    const api = new FakeApi().on('/v2/tx/status', ok(body));
    const { services, get } = await oneTracked(api);
    await fireAlarm(services);
    expect(await get()).toMatchObject({ phase: 'done', outcome: 'success' });
  });

  it('keeps polling on an unknown state value, showing it as pending', async () => {
    const api = new FakeApi().on('/v2/tx/status', ok(statusBody('STATE_TELEPORTING')));
    const { services, get } = await oneTracked(api);
    await fireAlarm(services);
    expect(await get()).toMatchObject({ phase: 'pending', outcome: 'pending', state: 'STATE_TELEPORTING' });
  });

  it('marks a tx still unfinished after 24 h expired; retry gives it a fresh window; remove forgets it', async () => {
    const api = new FakeApi().on('/v2/tx/status', ok(statusBody('STATE_PENDING')));
    const { services, clock, get, id } = await oneTracked(api);
    clock.advance(24 * 60 * 60_000);
    await fireAlarm(services);
    expect(await get()).toMatchObject({ phase: 'expired', outcome: 'expired', nextPollAt: null });
    expect(await alarm()).toBeUndefined();

    const revived = await services.tracker.retry(id);
    expect(revived).toMatchObject({ phase: 'pending', errorCount: 0, deadlineAt: clock.now() + 24 * 60 * 60_000 });
    await services.tracker.whenIdle(); // retry polls at once
    expect(api.calls('/v2/tx/status').length).toBeGreaterThanOrEqual(2);
    expect((await get()).phase).toBe('pending');

    expect(await services.tracker.remove(id)).toBe(true);
    expect(await services.tracker.get(id)).toBeUndefined();
    expect(await services.tracker.remove(id)).toBe(false);
    expect(await alarm()).toBeUndefined();
  });

  it('refuses to retry a finished transfer', async () => {
    const api = new FakeApi().on('/v2/tx/status', ok(statusBody('STATE_COMPLETED_SUCCESS')));
    const { services, id } = await oneTracked(api);
    await fireAlarm(services);
    await expect(services.tracker.retry(id)).rejects.toMatchObject({ code: 'not-retriable' });
    await expect(services.tracker.retry('nope')).rejects.toMatchObject({ code: 'not-found' });
  });

  it('does not lose an update when a poll and a handler change the list at the same time', async () => {
    const api = new FakeApi()
      .on('/v2/tx/status', ok(statusBody('STATE_PENDING')))
      .on('/v2/tx/track', (request) => ok({ tx_hash: (request.body as { tx_hash: string }).tx_hash }));
    const { services, get } = await oneTracked(api);
    await Promise.all([
      fireAlarm(services),
      services.tracker.track({ tx_hash: HASH_B, chain_id: 'cosmoshub-4' }, EXT),
      services.tracker.track({ tx_hash: HASH_C, chain_id: 'cosmoshub-4' }, EXT),
    ]);
    expect((await services.tracker.list()).map((i) => i.txHash).sort()).toEqual([HASH_A, HASH_B, HASH_C]);
    expect((await get()).attempts).toBe(1);
    // And what is in storage is the same as what the worker believes.
    const restarted = harness({ api }).restart();
    expect((await restarted.tracker.list()).length).toBe(3);
  });
});
