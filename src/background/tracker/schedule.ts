/**
 * When to poll. Pure functions of (item, now, policy) so the cadence is testable without alarms.
 *
 * Polls are spent where the answer is likely to change: right after entering (a tx rejected on
 * chain fails at once) and around the moment the route should be done. With D the route's
 * estimated duration (estimated_route_duration_seconds; without one, the typical duration of
 * the route's bridges from typical-duration.ts; 60 s when the route is unknown; at least 10 s)
 * and t the time since entering:
 * - first poll: `firstPollMs` (3 s);
 * - cruise, t < 0.9·D: every D/2, at most a minute apart, but straight to 0.9·D once that is
 *   less than two such steps away (a 30 s IBC hop: 3 s, then 27 s; a 15-minute CCTP transfer:
 *   once a minute, so its hops still show progress);
 * - approach, from 0.9·D (for a long wait, from half an hour before D): every D/10, between 3 s
 *   and a minute (a 30 s hop: 27, 30, 33, 36 s), so a transfer that lands on time is seen
 *   within one such interval;
 * - late, past D: that interval stretched by t/D, so the polling rate falls off as 1/t (a stuck
 *   transfer costs a logarithmic number of polls), capped at 5 minutes;
 * - after a failed poll: the larger of that and an exponential backoff (15 s × 2^(n-1), jittered
 *   to 50–100 %, capped at 10 minutes), or the server's Retry-After when it gave one (capped at
 *   30 minutes);
 * - never sooner than `floorMs`: the browser's alarm minimum (30 s for a packed MV3 build, 0 in
 *   unpacked and test builds; see alarm-floor.ts);
 * - a long wait (D of hours or days: an OPinit withdrawal's challenge period) cruises at D/100,
 *   at most an hour apart, so a seven-day wait costs about two hundred polls, not ten thousand;
 * - but while the API answers with no transfer yet (the source transaction not in a block), for
 *   at most `confirmWindowMs`, never more than t/2 apart (3 s, 3 s, 4.5 s, … a minute): a long
 *   wait's first poll often comes before the block, and its next must not be an hour later;
 * - unfinished `trackingWindowMs` (24 h) after entering, or twice D when that is longer:
 *   expired locally, no more polls.
 * `npm run bench -- tracker` measures the result against a poll-every-second loop.
 */
import type { TrackedTx } from './model';

export interface SchedulePolicy {
  floorMs: number;
  firstPollMs: number;
  minIntervalMs: number;
  /** Cruise interval as a share of D, and the longest gap before the approach. */
  cruiseShare: number;
  maxCruiseIntervalMs: number;
  /** Where the approach starts, as a share of D, but no earlier than `maxApproachMs` before D. */
  approachAt: number;
  maxApproachMs: number;
  /** Approach interval as a share of D (bounded by minIntervalMs and maxCruiseIntervalMs). */
  approachShare: number;
  maxIntervalMs: number;
  defaultDurationMs: number;
  minDurationMs: number;
  errorBaseMs: number;
  errorMaxMs: number;
  retryAfterMaxMs: number;
  trackingWindowMs: number;
  /** Cruise interval of a long wait, as a share of D, and its ceiling. */
  longWaitShare: number;
  maxLongWaitIntervalMs: number;
  /** How long after entering a transfer with no status yet is polled densely (see above). */
  confirmWindowMs: number;
}

export const DEFAULT_POLICY: SchedulePolicy = {
  floorMs: 0,
  firstPollMs: 3_000,
  minIntervalMs: 3_000,
  cruiseShare: 0.5,
  maxCruiseIntervalMs: 60_000,
  approachAt: 0.9,
  maxApproachMs: 30 * 60_000,
  approachShare: 0.1,
  maxIntervalMs: 5 * 60_000,
  defaultDurationMs: 60_000,
  minDurationMs: 10_000,
  errorBaseMs: 15_000,
  errorMaxMs: 10 * 60_000,
  retryAfterMaxMs: 30 * 60_000,
  trackingWindowMs: 24 * 60 * 60_000,
  longWaitShare: 0.01,
  maxLongWaitIntervalMs: 60 * 60_000,
  confirmWindowMs: 10 * 60_000,
};

export function policyWithFloor(floorMs: number, base: SchedulePolicy = DEFAULT_POLICY): SchedulePolicy {
  return { ...base, floorMs: Math.max(0, floorMs) };
}

type Timed = Pick<TrackedTx, 'createdAt' | 'route'> & Partial<Pick<TrackedTx, 'lastStatus'>>;

export function firstPollAt(now: number, policy: SchedulePolicy): number {
  return now + Math.max(policy.floorMs, policy.firstPollMs);
}

export function estimatedDurationMs(item: Timed, policy: SchedulePolicy): number {
  const seconds = item.route?.estimatedDurationSeconds ?? item.route?.typicalDurationSeconds;
  const ms = typeof seconds === 'number' && seconds > 0 ? seconds * 1000 : policy.defaultDurationMs;
  return Math.max(policy.minDurationMs, ms);
}

/** The longest gap while cruising: a minute, or D/100 (at most an hour) for waits of hours or days. */
function cruiseCeilingMs(duration: number, policy: SchedulePolicy): number {
  return clamp(duration * policy.longWaitShare, policy.maxCruiseIntervalMs, policy.maxLongWaitIntervalMs);
}

/** The interval between polls around and after the estimate, before stretching. */
export function approachIntervalMs(item: Timed, policy: SchedulePolicy): number {
  return clamp(estimatedDurationMs(item, policy) * policy.approachShare, policy.minIntervalMs, policy.maxCruiseIntervalMs);
}

/** When an unfinished item stops being polled: the tracking window, or twice its estimate when longer. */
export function trackingDeadline(item: Timed, now: number, policy: SchedulePolicy): number {
  return now + Math.max(policy.trackingWindowMs, 2 * estimatedDurationMs(item, policy));
}

/** The wait from `now` until the next regular poll, before the floor. */
export function regularIntervalMs(item: Timed, now: number, policy: SchedulePolicy): number {
  const scheduled = scheduledIntervalMs(item, now, policy);
  const elapsed = now - item.createdAt;
  // the API answered, but has no transfer to report yet
  const unconfirmed = item.lastStatus?.transfers.length === 0 && elapsed < policy.confirmWindowMs;
  return unconfirmed ? Math.min(scheduled, clamp(elapsed / 2, policy.minIntervalMs, policy.maxCruiseIntervalMs)) : scheduled;
}

/** The cadence the route's estimate sets: cruise, approach, then stretched past the estimate. */
function scheduledIntervalMs(item: Timed, now: number, policy: SchedulePolicy): number {
  const duration = estimatedDurationMs(item, policy);
  const elapsed = Math.max(0, now - item.createdAt);
  // a long wait approaches in its last half hour, not in its last tenth (17 h of a week)
  const untilApproach = Math.max(duration * policy.approachAt, duration - policy.maxApproachMs) - elapsed;
  if (untilApproach > 0) {
    const cruise = clamp(duration * policy.cruiseShare, policy.minIntervalMs, cruiseCeilingMs(duration, policy));
    return untilApproach < 2 * cruise ? Math.max(policy.minIntervalMs, untilApproach) : cruise;
  }
  const stretch = Math.max(1, elapsed / duration);
  return Math.min(policy.maxIntervalMs, approachIntervalMs(item, policy) * stretch);
}

/** After an answer that is not terminal. */
export function nextPollAfterAnswer(item: Timed, now: number, policy: SchedulePolicy): number {
  return now + Math.round(Math.max(policy.floorMs, regularIntervalMs(item, now, policy)));
}

/**
 * After a failed poll. `errorCount` counts this failure too (1 for the first). `random` in
 * [0, 1) spreads retries so many items failing together do not come back together.
 */
export function nextPollAfterError(
  item: Timed,
  errorCount: number,
  retryAfterMs: number | null,
  now: number,
  random: number,
  policy: SchedulePolicy,
): number {
  let backoff: number;
  if (retryAfterMs !== null) {
    backoff = Math.min(policy.retryAfterMaxMs, retryAfterMs);
  } else {
    const ceiling = Math.min(policy.errorMaxMs, policy.errorBaseMs * 2 ** Math.max(0, errorCount - 1));
    backoff = ceiling * (0.5 + random / 2);
  }
  const delay = Math.max(policy.floorMs, regularIntervalMs(item, now, policy), backoff);
  return now + Math.round(delay);
}

/** Items the next wake-up should poll: pending, and due before the alarm could fire again. */
export function isDue(item: TrackedTx, now: number, policy: SchedulePolicy): boolean {
  // A finished item a site just joined: one status check for that site's view (tracker.ts).
  if (item.phase !== 'pending') return typeof item.refreshAt === 'number' && item.refreshAt <= now + policy.floorMs;
  if (item.deadlineAt <= now) return true;
  return item.nextPollAt !== null && item.nextPollAt <= now + policy.floorMs;
}

/** The earliest time the alarm must fire for, or null when nothing is pending or to refresh. */
export function earliestWake(items: readonly TrackedTx[]): number | null {
  let earliest: number | null = null;
  for (const item of items) {
    if (item.phase !== 'pending' && typeof item.refreshAt !== 'number') continue;
    const at = item.phase !== 'pending' ? (item.refreshAt as number) : Math.min(item.nextPollAt ?? item.deadlineAt, item.deadlineAt);
    if (earliest === null || at < earliest) earliest = at;
  }
  return earliest;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
