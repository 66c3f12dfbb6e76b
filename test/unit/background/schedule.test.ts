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
} from '../../../src/background/tracker/schedule';

const T0 = 1_700_000_000_000;
const withRoute = (seconds: number | null) =>
  ({ createdAt: T0, route: seconds === null ? null : { estimatedDurationSeconds: seconds } }) as Pick<TrackedTx, 'createdAt' | 'route'>;

describe('poll schedule', () => {
  it('polls first 3 s after entering, or at the floor when that is later', () => {
    expect(firstPollAt(T0, DEFAULT_POLICY)).toBe(T0 + 3_000);
    expect(firstPollAt(T0, policyWithFloor(30_000))).toBe(T0 + 30_000);
  });

  it('spreads ~8 polls over the route’s estimate, between 3 s and 60 s', () => {
    expect(regularIntervalMs(withRoute(30), T0, DEFAULT_POLICY)).toBe(3_750);
    expect(regularIntervalMs(withRoute(120), T0, DEFAULT_POLICY)).toBe(15_000);
    expect(regularIntervalMs(withRoute(5), T0, DEFAULT_POLICY)).toBe(3_000); // estimate floored at 10 s, interval at 3 s
    expect(regularIntervalMs(withRoute(1800), T0, DEFAULT_POLICY)).toBe(60_000); // a 30-minute bridge: once a minute
    expect(regularIntervalMs(withRoute(null), T0, DEFAULT_POLICY)).toBe(7_500); // unknown route: 60 s assumed
  });

  it('backs off in proportion once the estimate has passed, up to 5 minutes', () => {
    const item = withRoute(60);
    expect(regularIntervalMs(item, T0 + 30_000, DEFAULT_POLICY)).toBe(7_500);
    expect(regularIntervalMs(item, T0 + 120_000, DEFAULT_POLICY)).toBe(15_000);
    expect(regularIntervalMs(item, T0 + 600_000, DEFAULT_POLICY)).toBe(75_000);
    expect(regularIntervalMs(item, T0 + 10 * 60 * 60_000, DEFAULT_POLICY)).toBe(300_000);
  });

  it('backs off exponentially after errors, honours Retry-After, and is never faster than the regular cadence', () => {
    const item = withRoute(60);
    const after = (count: number, retryAfter: number | null = null, random = 0.999_999) =>
      nextPollAfterError(item, count, retryAfter, T0, random, DEFAULT_POLICY) - T0;
    expect(after(1)).toBe(15_000);
    expect(after(2)).toBe(30_000);
    expect(after(6)).toBe(480_000);
    expect(after(12)).toBe(600_000); // capped at 10 minutes
    expect(after(1, null, 0)).toBe(7_500); // jitter down to 50 %, but not below the regular 7.5 s
    expect(after(1, 120_000)).toBe(120_000);
    expect(after(1, 5 * 60 * 60_000)).toBe(30 * 60_000); // a silly Retry-After is capped
    expect(after(1, 0)).toBe(7_500); // "retry now" still waits the regular interval
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
          expect(answer).toBeLessThanOrEqual(Math.max(floor, policy.maxIntervalMs));
          expect(error).toBeGreaterThanOrEqual(answer);
          expect(error).toBeLessThanOrEqual(Math.max(floor, policy.maxIntervalMs, policy.errorMaxMs, policy.retryAfterMaxMs));
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
