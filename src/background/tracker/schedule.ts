/**
 * When to poll. Pure functions of (item, now, policy) so the cadence is testable without alarms.
 *
 * With D the route's estimated duration (estimated_route_duration_seconds; 60 s when the route is
 * unknown, at least 10 s):
 * - first poll: `firstPollMs` (3 s) after entering;
 * - while younger than D: every D/8, kept within [3 s, 60 s] (an IBC hop of ~30 s gets ~8 polls;
 *   a 20-minute bridge polls once a minute);
 * - past D: that interval stretched by elapsed/D, so the polling rate falls off as 1/elapsed
 *   (a late transfer costs a logarithmic number of polls), capped at 5 minutes;
 * - after a failed poll: the larger of that and an exponential backoff (15 s × 2^(n-1), jittered
 *   to 50–100 %, capped at 10 minutes), or the server's Retry-After when it gave one (capped at
 *   30 minutes);
 * - never sooner than `floorMs`: the browser's alarm minimum (30 s for a packed MV3 build, 0 in
 *   unpacked and test builds; see alarm-floor.ts);
 * - unfinished `trackingWindowMs` (24 h) after entering: expired locally, no more polls.
 */
import type { TrackedTx } from './model';

export interface SchedulePolicy {
  floorMs: number;
  firstPollMs: number;
  minIntervalMs: number;
  maxInWindowIntervalMs: number;
  maxIntervalMs: number;
  pollsPerEstimate: number;
  defaultDurationMs: number;
  minDurationMs: number;
  errorBaseMs: number;
  errorMaxMs: number;
  retryAfterMaxMs: number;
  trackingWindowMs: number;
}

export const DEFAULT_POLICY: SchedulePolicy = {
  floorMs: 0,
  firstPollMs: 3_000,
  minIntervalMs: 3_000,
  maxInWindowIntervalMs: 60_000,
  maxIntervalMs: 5 * 60_000,
  pollsPerEstimate: 8,
  defaultDurationMs: 60_000,
  minDurationMs: 10_000,
  errorBaseMs: 15_000,
  errorMaxMs: 10 * 60_000,
  retryAfterMaxMs: 30 * 60_000,
  trackingWindowMs: 24 * 60 * 60_000,
};

export function policyWithFloor(floorMs: number, base: SchedulePolicy = DEFAULT_POLICY): SchedulePolicy {
  return { ...base, floorMs: Math.max(0, floorMs) };
}

type Timed = Pick<TrackedTx, 'createdAt' | 'route'>;

export function firstPollAt(now: number, policy: SchedulePolicy): number {
  return now + Math.max(policy.floorMs, policy.firstPollMs);
}

export function estimatedDurationMs(item: Timed, policy: SchedulePolicy): number {
  const seconds = item.route?.estimatedDurationSeconds;
  const ms = typeof seconds === 'number' && seconds > 0 ? seconds * 1000 : policy.defaultDurationMs;
  return Math.max(policy.minDurationMs, ms);
}

/** The regular interval at `now`, before the floor. */
export function regularIntervalMs(item: Timed, now: number, policy: SchedulePolicy): number {
  const duration = estimatedDurationMs(item, policy);
  const base = clamp(duration / policy.pollsPerEstimate, policy.minIntervalMs, policy.maxInWindowIntervalMs);
  const stretch = Math.max(1, (now - item.createdAt) / duration);
  return Math.min(policy.maxIntervalMs, Math.max(base, base * stretch));
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
  if (item.phase !== 'pending') return false;
  if (item.deadlineAt <= now) return true;
  return item.nextPollAt !== null && item.nextPollAt <= now + policy.floorMs;
}

/** The earliest time the alarm must fire for, or null when nothing is pending. */
export function earliestWake(items: readonly TrackedTx[]): number | null {
  let earliest: number | null = null;
  for (const item of items) {
    if (item.phase !== 'pending') continue;
    const at = Math.min(item.nextPollAt ?? item.deadlineAt, item.deadlineAt);
    if (earliest === null || at < earliest) earliest = at;
  }
  return earliest;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
