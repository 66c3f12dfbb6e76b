/**
 * A days-long wait survives restarts: an OPinit withdrawal (Echelon → Initia, a 7-day
 * finalization period) is tracked, and the service worker dies several times while it waits
 * (fresh module state, alarms wiped as a browser restart wipes them). Each new worker finds the
 * withdrawal in storage.local, re-creates the alarm where the schedule left it, and keeps the
 * long-wait cadence (about an hour apart, densely near the end); completion after simulated
 * days is seen within one interval, with exactly one notification.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { BackgroundServices } from '../../../src/background/services';
import { alarm, FakeApi, fireAlarm, harness, HASH_A, ok, route } from './support';

const EXT = { kind: 'extension' } as const;
const ID = `echelon-1:${HASH_A}`;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Output submission (1 h) + finalization period (7 d) + claim (1 min), as the local service quotes it. */
const WITHDRAWAL_SECONDS = 3_600 + 604_800 + 60;

function withdrawalStatus(done: boolean): unknown {
  const state = done ? 'STATE_COMPLETED_SUCCESS' : 'STATE_PENDING';
  const tx = (hash: string, chain: string) => ({ chain_id: chain, tx_hash: hash.repeat(64), explorer_link: `https://explorer.example/tx/${hash}` });
  return {
    state,
    transfers: [
      {
        state,
        transfer_sequence: [
          {
            op_init_transfer: {
              from_chain_id: 'echelon-1',
              to_chain_id: 'interwoven-1',
              state: done ? 'OPINIT_TRANSFER_RECEIVED' : 'OPINIT_TRANSFER_SENT',
              txs: { send_tx: tx('A', 'echelon-1'), receive_tx: done ? tx('F', 'interwoven-1') : null },
            },
          },
        ],
        transfer_asset_release: done ? { chain_id: 'interwoven-1', denom: 'uinit', released: true } : null,
        error: null,
      },
    ],
  };
}

function withdrawalRoute(): unknown {
  return {
    ...route(WITHDRAWAL_SECONDS),
    source_asset_denom: 'l2/d6c38b6a8d6ac98e00ae2a0e0fd6c3bd1c6d8ad8b3bb6c39c0ef0c2cd8e2f5c1',
    source_asset_chain_id: 'echelon-1',
    dest_asset_denom: 'uinit',
    dest_asset_chain_id: 'interwoven-1',
    chain_ids: ['echelon-1', 'interwoven-1'],
    required_chain_addresses: ['echelon-1', 'interwoven-1'],
    operations: [
      {
        op_init_transfer: { from_chain_id: 'echelon-1', to_chain_id: 'interwoven-1', denom_in: 'l2/…', denom_out: 'uinit', op_init_bridge_id: '16', bridge_id: 'OPINIT', smart_relay: false },
        tx_index: 0,
        amount_in: '1500000',
        amount_out: '1500000',
      },
    ],
  };
}

/** A worker started from fresh module state, after the browser wiped the alarms. */
async function freshWorker(h: ReturnType<typeof harness>): Promise<BackgroundServices> {
  await fakeBrowser.alarms.clearAll();
  vi.resetModules();
  const fresh = await import('../../../src/background/services');
  const services = h.restart({}, fresh.createBackgroundServices);
  await fresh.startBackgroundServices(services);
  return services;
}

describe('tracker: a days-long wait across restarts', () => {
  beforeEach(() => fakeBrowser.reset());

  it('an OPinit withdrawal keeps its long-wait schedule through worker restarts and is seen done within one interval, notified once', async () => {
    const api = new FakeApi().on('/v2/tx/submit', ok({ tx_hash: HASH_A }));
    const h = harness({ api });
    const t0 = h.clock.now();
    // the service finishes the withdrawal a little after its estimate (the claim lands late)
    const doneAt = t0 + WITHDRAWAL_SECONDS * 1000 + 7 * 60_000;
    api.on('/v2/tx/status', () => ok(withdrawalStatus(h.clock.now() >= doneAt)));

    let services = h.services;
    await services.tracker.submit({ tx: 'dHg=', chain_id: 'echelon-1' }, EXT, { route: withdrawalRoute() as never });
    const stored = async () => ((await fakeBrowser.storage.local.get(null)) as Record<string, unknown>);
    expect(JSON.stringify(await stored())).toContain(HASH_A);

    // restarts: after the first day, mid-cruise, and in the dense stretch near the end
    const restartsAt = [t0 + DAY, t0 + 4 * DAY + 5 * HOUR, t0 + WITHDRAWAL_SECONDS * 1000 - 20 * 60_000];
    const polls: number[] = [];
    let restarts = 0;
    for (let guard = 0; guard < 5_000; guard++) {
      const item = (await services.tracker.get(ID))!;
      if (item.phase !== 'pending') break;
      const due = (await alarm())!.scheduledTime;
      expect(due).toBe(item.nextPollAt);
      if (restarts < restartsAt.length && due >= restartsAt[restarts]!) {
        h.clock.set(restartsAt[restarts]!);
        restarts++;
        services = await freshWorker(h);
        // the new worker found the withdrawal and put the alarm back where the schedule had it
        expect((await services.tracker.get(ID))?.phase).toBe('pending');
        expect((await alarm())?.scheduledTime).toBe(due);
        continue;
      }
      h.clock.set(due);
      await fireAlarm(services);
      polls.push(due);
    }

    expect(restarts).toBe(restartsAt.length);
    const item = (await services.tracker.get(ID))!;
    expect(item.state).toBe('STATE_COMPLETED_SUCCESS');
    expect(api.calls('/v2/tx/status')).toHaveLength(polls.length);
    // long-wait cadence: an hour apart while cruising (not every minute), never more than two
    const gaps = polls.slice(1).map((at, i) => at - polls[i]!);
    const cruising = gaps.filter((_, i) => polls[i]! - t0 > 2 * HOUR && polls[i]! - t0 < 6 * DAY);
    expect(Math.min(...cruising)).toBe(HOUR);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(2 * HOUR); // straight to 0.9·D from under two cruise steps away
    // within the request budget: far under a fifth of a poll-every-second loop's requests
    expect(polls.length).toBeLessThanOrEqual((doneAt - t0) / 1000 / 5);
    expect(polls.length).toBeLessThan(250); // hourly for a week, then a minute apart in its last half hour
    // seen within one interval of the service's completion
    const seen = polls.at(-1)!;
    expect(seen).toBeGreaterThanOrEqual(doneAt);
    expect(seen - doneAt).toBeLessThanOrEqual(gaps.at(-1)!);
    expect(item.finishedAt).toBe(seen);
    // one notification, and a later restart does not show it again
    expect(Object.keys(fakeBrowser.notifications.getAllCreateOptions())).toHaveLength(1);
    await freshWorker(h);
    expect(Object.keys(fakeBrowser.notifications.getAllCreateOptions())).toHaveLength(1);
    expect(await alarm()).toBeUndefined();
  });

  it('Check now polls a long wait at once, never twice within the minimum interval, and never a finished transfer', async () => {
    const api = new FakeApi().on('/v2/tx/submit', ok({ tx_hash: HASH_A }));
    const h = harness({ api });
    const t0 = h.clock.now();
    let released = false;
    api.on('/v2/tx/status', () => ok(withdrawalStatus(released)));
    const { tracker } = h.services;
    await tracker.submit({ tx: 'dHg=', chain_id: 'echelon-1' }, EXT, { route: withdrawalRoute() as never });

    // a few hours in, cruising: the next regular poll is up to an hour away
    h.clock.set(t0 + 3 * HOUR);
    await fireAlarm(h.services);
    const cruising = (await tracker.get(ID))!;
    expect(cruising.nextPollAt! - h.clock.now()).toBe(HOUR);
    const polled = () => api.calls('/v2/tx/status').length;
    const before = polled();

    h.clock.set(t0 + 3 * HOUR + 10 * 60_000);
    const asked = await tracker.checkNow(ID);
    expect(asked.nextPollAt).toBe(h.clock.now());
    await tracker.whenIdle();
    expect(polled()).toBe(before + 1);
    const after = (await tracker.get(ID))!;
    expect(after.lastCheckedAt).toBe(h.clock.now());
    expect(after.nextPollAt! - h.clock.now()).toBeGreaterThan(30 * 60_000); // back to the long-wait cadence
    expect((await alarm())!.scheduledTime).toBe(after.nextPollAt);

    // a second click a second later: no request now, the next one at the minimum interval
    h.clock.set(h.clock.now() + 1_000);
    expect((await tracker.checkNow(ID)).nextPollAt).toBe(after.lastCheckedAt! + 3_000);
    await tracker.whenIdle();
    expect(polled()).toBe(before + 1);
    expect((await alarm())!.scheduledTime).toBe(after.lastCheckedAt! + 3_000);
    h.clock.set(after.lastCheckedAt! + 3_000);
    await fireAlarm(h.services);
    expect(polled()).toBe(before + 2);

    // the week is over: a check sees the release at once, with its one notification
    released = true;
    h.clock.set(t0 + WITHDRAWAL_SECONDS * 1000 - 5 * HOUR);
    await tracker.checkNow(ID);
    await tracker.whenIdle();
    expect((await tracker.get(ID))!.state).toBe('STATE_COMPLETED_SUCCESS');
    expect(Object.keys(fakeBrowser.notifications.getAllCreateOptions())).toHaveLength(1);
    await expect(tracker.checkNow(ID)).rejects.toMatchObject({ code: 'not-pending' });
    await expect(tracker.checkNow('echelon-1:nothing')).rejects.toMatchObject({ code: 'not-found' });
  });
});
