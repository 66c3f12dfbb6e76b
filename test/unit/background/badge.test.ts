/**
 * The badge follows the current transfers, also while a popup stays open (it acknowledges only
 * when it opens): a failure, then another transfer, reads "!", "1", "✓"; a failure among
 * transfers pending together still wins once they have all finished.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { Badge, BADGE_COLORS, createActivityRecord, type ActionLike } from '../../../src/background/badge';
import { manualClock } from '../../../src/background/clock';
import { KeyedMutex } from '../../../src/background/storage/mutex';
import { FakeApi, fireAlarm, harness, HASH_A, HASH_B, HASH_C, ok, statusBody } from './support';

const EXT = { kind: 'extension' } as const;

/** A scripted API whose status per hash the test sets as the transfers move on. */
function scripted() {
  const states = new Map<string, string>();
  const api = new FakeApi()
    .on('/v2/tx/track', (request) => ok({ tx_hash: (request.body as { tx_hash: string }).tx_hash }))
    .on('/v2/tx/status', (request) => ok(statusBody(states.get(request.query.get('tx_hash') ?? '') ?? 'STATE_PENDING')));
  const h = harness({ api });
  const look = async () => ({
    text: await fakeBrowser.action.getBadgeText({}),
    color: await fakeBrowser.action.getBadgeBackgroundColor({}),
    title: await fakeBrowser.action.getTitle({}),
  });
  /** Lets every due poll run (the first poll is 3 s after entering). */
  const poll = async () => {
    h.clock.advance(60_000);
    await fireAlarm(h.services);
  };
  return { h, states, look, poll, track: (hash: string) => h.services.tracker.track({ tx_hash: hash, chain_id: 'cosmoshub-4' }, EXT) };
}

/** The fake browser answers the colour as RGBA. */
function sameColor(actual: unknown, expected: string): boolean {
  const c = expected.replace('#', '');
  return JSON.stringify(actual) === JSON.stringify([0, 2, 4].map((i) => parseInt(c.slice(i, i + 2), 16)).concat(255));
}

describe('the badge with a popup left open', () => {
  beforeEach(() => fakeBrowser.reset());

  it('failed → another pending → success reads "!", "1", "✓" without the popup acknowledging again', async () => {
    const { h, states, look, poll, track } = scripted();
    // the popup opens once, and stays open
    expect(await h.services.badge.seen()).toBe(0);
    expect((await look()).text).toBe('');

    await track(HASH_A);
    expect((await look()).text).toBe('1');
    states.set(HASH_A, 'STATE_COMPLETED_ERROR');
    await poll();
    expect(await look()).toMatchObject({ text: '!', title: 'Courier — a transfer failed; nothing pending' });

    // the next transfer: the count of what is pending, in the pending colour
    await track(HASH_B);
    const pending = await look();
    expect(pending).toMatchObject({ text: '1', title: 'Courier — 1 pending' });
    expect(sameColor(pending.color, BADGE_COLORS.pending)).toBe(true);
    await poll();
    expect((await look()).text).toBe('1');

    states.set(HASH_B, 'STATE_COMPLETED_SUCCESS');
    await poll();
    expect(await look()).toMatchObject({ text: '✓', title: 'Courier — a transfer completed; nothing pending' });

    // and again: a failure after that success is shown
    await track(HASH_C);
    expect((await look()).text).toBe('1');
    states.set(HASH_C, 'STATE_COMPLETED_ERROR');
    await poll();
    expect((await look()).text).toBe('!');
  });

  it('a failure among transfers pending together colours the count, then wins over a later success of the same batch', async () => {
    const { h, states, look, poll, track } = scripted();
    await track(HASH_A);
    await track(HASH_B);
    expect((await look()).text).toBe('2');
    states.set(HASH_A, 'STATE_COMPLETED_ERROR');
    await poll();
    const red = await look();
    expect(red).toMatchObject({ text: '1', title: 'Courier — 1 pending; a transfer failed' });
    expect(sameColor(red.color, BADGE_COLORS.failure)).toBe(true);

    // a third joins the batch before it ends; the failure still counts
    await track(HASH_C);
    expect((await look()).text).toBe('2');
    states.set(HASH_B, 'STATE_COMPLETED_SUCCESS');
    states.set(HASH_C, 'STATE_COMPLETED_SUCCESS');
    await poll();
    expect((await look()).text).toBe('!');

    // opening the popup acknowledges it
    await h.services.badge.seen();
    expect((await look()).text).toBe('');
  });

  it('removing the last pending transfer ends its batch: the next finish starts a new one', async () => {
    const { h, states, look, poll, track } = scripted();
    await track(HASH_A);
    await track(HASH_B);
    states.set(HASH_A, 'STATE_COMPLETED_ERROR');
    await poll();
    expect((await look()).text).toBe('1');
    await h.services.tracker.remove(`cosmoshub-4:${HASH_B}`);
    expect((await look()).text).toBe('!');
    await track(HASH_C);
    states.set(HASH_C, 'STATE_COMPLETED_SUCCESS');
    await poll();
    expect((await look()).text).toBe('✓');
  });

  it('a mark stored before batches existed counts as a finished batch', async () => {
    const { h, look } = scripted();
    await fakeBrowser.storage.local.set({ 'courier:activity': { version: 1, mark: 'failure', markedAt: 1 } });
    const restarted = h.restart();
    await restarted.badge.refresh();
    expect((await look()).text).toBe('!');
    await restarted.badge.mark('success');
    expect((await look()).text).toBe('✓');
  });
});

describe('drawing', () => {
  it('draws one after another: a slow earlier draw never overwrites a later one', async () => {
    const texts: string[] = [];
    const action: ActionLike = {
      setBadgeText: ({ text }) => void texts.push(text),
      setBadgeBackgroundColor: () => undefined,
      setTitle: () => undefined,
    };
    const clock = manualClock();
    const area = fakeBrowser.storage.local;
    const record = createActivityRecord({ area: area as never, mutex: new KeyedMutex(), clock });
    let pending = 1;
    const gates: (() => void)[] = [];
    const badge = new Badge({
      record,
      action,
      now: () => clock.now(),
      // each count is read at call time, then answered when the test lets it
      countPending: () => {
        const value = pending;
        return new Promise((resolve) => gates.push(() => resolve(value)));
      },
    });
    const first = badge.refresh();
    await vi.waitFor(() => expect(gates).toHaveLength(1)); // the first draw reads 1
    pending = 2;
    const second = badge.refresh();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // the second draw has not read anything yet: were it reading now, whichever count answered
    // last would be drawn last, and an answer of the first draw arriving late would draw a stale "1"
    expect(gates).toHaveLength(1);
    gates[0]!();
    await first;
    await vi.waitFor(() => expect(gates).toHaveLength(2));
    gates[1]!();
    await second;
    expect(texts).toEqual(['1', '2']);
  });
});
