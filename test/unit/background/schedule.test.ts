import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PACKED_ALARM_FLOOR_MS, resolveAlarmFloorMs } from '../../../src/background/alarm-floor';
import type { TrackedTx } from '../../../src/background/tracker/model';
import {
  DEFAULT_POLICY,
  earliestWake,
  firstPollAt,
  isDue,
  nextPollAfterAnswer,
  nextPollAfterError,
  policyWithFloor,
  regularIntervalMs,
  trackingDeadline,
} from '../../../src/background/tracker/schedule';

const T0 = 1_700_000_000_000;
const withRoute = (seconds: number | null) =>
  ({ createdAt: T0, route: seconds === null ? null : { estimatedDurationSeconds: seconds } }) as Pick<TrackedTx, 'createdAt' | 'route'>;

/** The tracker's polls, tick by tick, until the first one at or after `endsAt`: how many, when, and the last gap. */
function pollUntil(item: Pick<TrackedTx, 'createdAt' | 'route'>, endsAt: number): { at: number; polls: number; interval: number } {
  let at = firstPollAt(T0, DEFAULT_POLICY);
  let polls = 1;
  let interval = at - T0;
  while (at < endsAt) {
    const next = nextPollAfterAnswer(item, at, DEFAULT_POLICY);
    interval = next - at;
    at = next;
    polls++;
  }
  return { at, polls, interval };
}

describe('poll schedule', () => {
  it('polls first 3 s after entering, or at the floor when that is later', () => {
    expect(firstPollAt(T0, DEFAULT_POLICY)).toBe(T0 + 3_000);
    expect(firstPollAt(T0, policyWithFloor(30_000))).toBe(T0 + 30_000);
  });

  it('cruises at D/2 (at most a minute) and goes straight to 0.9·D once that is under two steps away', () => {
    const wait = (seconds: number | null, elapsedMs: number) => regularIntervalMs(withRoute(seconds), T0 + elapsedMs, DEFAULT_POLICY);
    expect(wait(30, 3_000)).toBe(24_000); // a 30 s hop: 3 s, then 27 s
    expect(wait(60, 3_000)).toBe(51_000); // two hops: 3 s, then 54 s
    expect(wait(null, 3_000)).toBe(51_000); // unknown route: 60 s assumed
    expect(wait(900, 3_000)).toBe(60_000); // a 15-minute CCTP transfer: once a minute…
    expect(wait(900, 723_000)).toBe(87_000); // …until the last stretch, which goes straight to 810 s
    expect(wait(5, 3_000)).toBe(6_000); // the estimate is floored at 10 s: approach at 9 s
    expect(wait(30, 26_000)).toBe(3_000); // never closer than 3 s
  });

  it('approaches at D/10 (3 s to a minute), then stretches by elapsed/D up to 5 minutes', () => {
    const wait = (seconds: number, elapsedMs: number) => regularIntervalMs(withRoute(seconds), T0 + elapsedMs, DEFAULT_POLICY);
    expect(wait(30, 27_000)).toBe(3_000);
    expect(wait(60, 54_000)).toBe(6_000);
    expect(wait(900, 810_000)).toBe(60_000);
    expect(wait(60, 120_000)).toBe(12_000); // twice late: half the rate
    expect(wait(60, 600_000)).toBe(60_000);
    expect(wait(60, 10 * 60 * 60_000)).toBe(300_000);
  });

  it('lands a transfer that ends around its estimate with at most a fifth of a poll-every-second loop’s requests, seen within one interval', () => {
    // The cadence alone, tick by tick: the tracker's polls vs a poll every second, for transfers
    // that end between 90 % and 130 % of their estimate.
    for (const seconds of [30, 60, 120, 300, 900, 1_200]) {
      for (const share of [0.9, 1, 1.1, 1.3]) {
        const item = withRoute(seconds);
        const endsAt = T0 + seconds * 1000 * share;
        const { at, polls, interval } = pollUntil(item, endsAt);
        const naive = Math.ceil((endsAt - T0) / 1000);
        expect(polls, `${seconds} s route ending at ${share}`).toBeLessThanOrEqual(naive / 5);
        expect(at - endsAt).toBeLessThanOrEqual(interval);
      }
    }
  });

  it('waits of hours and days (an OPinit withdrawal) poll sparsely, densely near the end, and stay tracked past the 24 h window', () => {
    for (const seconds of [4 * 3600, 7 * 24 * 3600]) {
      for (const share of [0.95, 1, 1.2]) {
        const item = withRoute(seconds);
        const endsAt = T0 + seconds * 1000 * share;
        const { at, polls, interval } = pollUntil(item, endsAt);
        const naive = Math.ceil((endsAt - T0) / 1000);
        expect(polls, `${seconds} s wait ending at ${share}`).toBeLessThanOrEqual(naive / 5);
        expect(at - endsAt).toBeLessThanOrEqual(interval);
        // in the last twenty minutes it polls at most a minute apart, however long the wait
        expect(regularIntervalMs(item, T0 + seconds * 1000 - 20 * 60_000, DEFAULT_POLICY)).toBeLessThanOrEqual(60_000);
      }
    }
    // a seven-day wait: about an hour apart while cruising, dense only in its last half hour,
    // about two hundred polls in all
    const week = withRoute(7 * 24 * 3600);
    expect(regularIntervalMs(week, T0 + 3_000, DEFAULT_POLICY)).toBe(60 * 60_000);
    expect(regularIntervalMs(week, T0 + 6.5 * 24 * 3600 * 1000, DEFAULT_POLICY)).toBe(60 * 60_000);
    expect(regularIntervalMs(week, T0 + 7 * 24 * 3600 * 1000 - 29 * 60_000, DEFAULT_POLICY)).toBe(60_000);
    expect(pollUntil(week, T0 + 7 * 24 * 3600 * 1000).polls).toBeLessThanOrEqual(220);
    expect(trackingDeadline(week, T0, DEFAULT_POLICY)).toBe(T0 + 14 * 24 * 3600 * 1000);
    expect(trackingDeadline(withRoute(30), T0, DEFAULT_POLICY)).toBe(T0 + DEFAULT_POLICY.trackingWindowMs);
  });

  it('a long wait whose transaction is not in a block yet is polled densely until a transfer shows, for ten minutes at most', () => {
    const week = withRoute(7 * 24 * 3600);
    const status = (transfers: number) => ({ state: 'STATE_SUBMITTED', state_source: 'state', indicator: null, error: null, transfers: Array.from({ length: transfers }, () => ({ state: 'STATE_PENDING', hops: [], release: null, error: null, next_blocking_index: null })) }) as unknown as TrackedTx['lastStatus'];
    const unconfirmed = { ...week, lastStatus: status(0) };
    // t/2 apart, from 3 s up to a minute
    expect(regularIntervalMs(unconfirmed, T0 + 3_000, DEFAULT_POLICY)).toBe(3_000);
    expect(regularIntervalMs(unconfirmed, T0 + 20_000, DEFAULT_POLICY)).toBe(10_000);
    expect(regularIntervalMs(unconfirmed, T0 + 5 * 60_000, DEFAULT_POLICY)).toBe(60_000);
    // past the window, or once a transfer is reported, or before any answer: the route's cadence
    expect(regularIntervalMs(unconfirmed, T0 + 11 * 60_000, DEFAULT_POLICY)).toBe(60 * 60_000);
    expect(regularIntervalMs({ ...week, lastStatus: status(1) }, T0 + 3_000, DEFAULT_POLICY)).toBe(60 * 60_000);
    expect(regularIntervalMs({ ...week, lastStatus: null }, T0 + 3_000, DEFAULT_POLICY)).toBe(60 * 60_000);
    // a short route keeps its own, denser cadence
    expect(regularIntervalMs({ ...withRoute(30), lastStatus: status(0) }, T0 + 20_000, DEFAULT_POLICY)).toBe(regularIntervalMs(withRoute(30), T0 + 20_000, DEFAULT_POLICY));
  });

  it('backs off exponentially after errors, honours Retry-After, and is never faster than the regular cadence', () => {
    const item = withRoute(60);
    const now = T0 + 54_000; // approaching: the regular interval is 6 s
    const after = (count: number, retryAfter: number | null = null, random = 0.999_999) =>
      nextPollAfterError(item, count, retryAfter, now, random, DEFAULT_POLICY) - now;
    expect(after(1)).toBe(15_000);
    expect(after(2)).toBe(30_000);
    expect(after(6)).toBe(480_000);
    expect(after(12)).toBe(600_000); // capped at 10 minutes
    expect(after(1, null, 0)).toBe(7_500); // jitter down to 50 %
    expect(after(1, 120_000)).toBe(120_000);
    expect(after(1, 5 * 60 * 60_000)).toBe(30 * 60_000); // a silly Retry-After is capped
    expect(after(1, 0)).toBe(6_000); // "retry now" still waits the regular interval
    // Early on, the planned jump to the approach is already longer than the first backoff.
    expect(nextPollAfterError(item, 1, null, T0 + 3_000, 0.5, DEFAULT_POLICY) - T0).toBe(54_000);
  });

  it('property: the next poll is in the future, never before the floor, never later than the caps allow', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 0, max: 86_400 }), { nil: null }),
        fc.integer({ min: 0, max: 2 * 86_400_000 }),
        fc.integer({ min: 0, max: 60_000 }),
        fc.integer({ min: 1, max: 50 }),
        fc.option(fc.integer({ min: 0, max: 10 * 86_400_000 }), { nil: null }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (seconds, elapsed, floor, errors, retryAfter, random) => {
          const policy = policyWithFloor(floor);
          const item = withRoute(seconds);
          const now = T0 + elapsed;
          const answer = nextPollAfterAnswer(item, now, policy) - now;
          const error = nextPollAfterError(item, errors, retryAfter, now, random, policy) - now;
          expect(answer).toBeGreaterThanOrEqual(Math.max(floor, policy.minIntervalMs));
          // a long wait cruises at D/100 (a minute to an hour apart), and may go straight to 0.9·D from under two steps away
          const cruiseCap = seconds === null ? 0 : Math.min(policy.maxLongWaitIntervalMs, Math.max(policy.maxCruiseIntervalMs, seconds * 1000 * policy.longWaitShare));
          const longWait = Math.ceil(2 * cruiseCap);
          expect(answer).toBeLessThanOrEqual(Math.max(floor, policy.maxIntervalMs, longWait));
          expect(error).toBeGreaterThanOrEqual(answer);
          expect(error).toBeLessThanOrEqual(Math.max(floor, policy.maxIntervalMs, longWait, policy.errorMaxMs, policy.retryAfterMaxMs));
        },
      ),
    );
  });

  it('wakes for the earliest pending item (or its deadline) and for nothing else', () => {
    const item = (over: Partial<TrackedTx>) => ({ phase: 'pending', nextPollAt: null, deadlineAt: T0 + 1e9, ...over }) as TrackedTx;
    expect(earliestWake([])).toBeNull();
    expect(earliestWake([item({ phase: 'done', nextPollAt: null }), item({ phase: 'expired' })])).toBeNull();
    expect(earliestWake([item({ nextPollAt: T0 + 50 }), item({ nextPollAt: T0 + 10 }), item({ phase: 'done', nextPollAt: T0 })])).toBe(T0 + 10);
    expect(earliestWake([item({ nextPollAt: T0 + 50, deadlineAt: T0 + 20 })])).toBe(T0 + 20);

    const policy = policyWithFloor(30_000);
    expect(isDue(item({ nextPollAt: T0 + 29_000 }), T0, policy)).toBe(true); // before the next possible wake
    expect(isDue(item({ nextPollAt: T0 + 31_000 }), T0, policy)).toBe(false);
    expect(isDue(item({ nextPollAt: T0 + 31_000, deadlineAt: T0 }), T0, policy)).toBe(true);
    expect(isDue(item({ phase: 'done', nextPollAt: T0 }), T0, policy)).toBe(false);
  });
});

describe('alarm floor', () => {
  it('is 30 s for a store install, 0 unpacked, and the build flag wins', () => {
    expect(resolveAlarmFloorMs({ manifest: { update_url: 'https://clients2.google.com/service/update2/crx' } })).toBe(PACKED_ALARM_FLOOR_MS);
    expect(resolveAlarmFloorMs({ manifest: {} })).toBe(0);
    expect(resolveAlarmFloorMs({ manifest: undefined })).toBe(0);
    expect(resolveAlarmFloorMs({ override: '0', manifest: { update_url: 'x' } })).toBe(0);
    expect(resolveAlarmFloorMs({ override: '500', manifest: {} })).toBe(500);
    expect(resolveAlarmFloorMs({ override: 'soon', manifest: {} })).toBe(0);
    expect(resolveAlarmFloorMs({ override: '-1', manifest: { update_url: 'x' } })).toBe(PACKED_ALARM_FLOOR_MS);
  });
});
