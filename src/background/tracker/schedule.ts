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
 * A route of several crossings (Go Fast then IBC: a fill in seconds, then a 30 s hop) is also
 * paced step by step: D is shared among its steps (route.steps) in proportion to their typical
 * times, and the step in progress (the first hop of the status not yet over, hop-progress.ts)
 * gets the same cruise / approach / late cadence over its own share, from when it should start
 * (or, when the step before it ran late, from the last poll that saw that one in progress). The next poll is
 * the sooner of the route's cadence and the step's, so a Go Fast order filled in 25 s is seen
 * within a few seconds, not at 0.9·D of the whole route.
 * `npm run bench -- tracker` measures the result against a poll-every-second loop.
 */
import { hopOver } from './hop-progress';
import type { CompactStatus, RouteSummary, TrackedTx } from './model';

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

type Timed = Pick<TrackedTx, 'createdAt' | 'route'> & Partial<Pick<TrackedTx, 'lastStatus' | 'step' | 'lastCheckedAt'>>;

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

/** The cadence the route's estimate sets, and the step in progress's when it is sooner. */
function scheduledIntervalMs(item: Timed, now: number, policy: SchedulePolicy): number {
  const route = cadenceMs(estimatedDurationMs(item, policy), now - item.createdAt, policy);
  const step = currentStep(item, policy);
  if (!step) return route;
  const start = Math.max(item.createdAt + step.startMs, step.since ?? -Infinity);
  return Math.min(route, cadenceMs(Math.max(policy.minDurationMs, step.endMs - step.startMs), now - start, policy));
}

/** Cruise, approach, then stretched past the estimate: for a wait of `duration`, `elapsed` into it. */
function cadenceMs(duration: number, elapsedMs: number, policy: SchedulePolicy): number {
  const elapsed = Math.max(0, elapsedMs);
  // a long wait approaches in its last half hour, not in its last tenth (17 h of a week)
  const untilApproach = Math.max(duration * policy.approachAt, duration - policy.maxApproachMs) - elapsed;
  if (untilApproach > 0) {
    const cruise = clamp(duration * policy.cruiseShare, policy.minIntervalMs, cruiseCeilingMs(duration, policy));
    return untilApproach < 2 * cruise ? Math.max(policy.minIntervalMs, untilApproach) : cruise;
  }
  const stretch = Math.max(1, elapsed / duration);
  const approach = clamp(duration * policy.approachShare, policy.minIntervalMs, policy.maxCruiseIntervalMs);
  return Math.min(policy.maxIntervalMs, approach * stretch);
}

type Step = NonNullable<RouteSummary['steps']>[number];

/** Operation kinds and status hop kinds name the same crossing differently. */
function crossing(kind: string): string {
  if (kind === 'ibc_transfer') return 'transfer';
  if (kind === 'cctp_transfer_v2') return 'cctp_transfer';
  return kind;
}

/**
 * The step (index into `steps`) the status shows in progress: the step of the first hop that is
 * not over, matched by kind in order (a hop the route has no step for, such as the IBC legs
 * Axelar folds in, is passed over); with every matched hop over, the step after the last of them.
 */
export function stepInProgress(steps: readonly Step[], status: CompactStatus | null | undefined): number {
  if (steps.length === 0) return 0;
  let next = 0;
  for (const hop of status?.transfers.flatMap((t) => t.hops) ?? []) {
    const kind = crossing(hop.kind);
    const at = steps.findIndex((s, i) => i >= next && crossing(s.kind) === kind);
    if (at < 0) continue;
    if (!hopOver(hop)) return at;
    next = at + 1;
  }
  return Math.min(next, steps.length - 1);
}

/**
 * The step in progress of a route of several steps, with its share of D (ms after entering) and,
 * when the item records it, when a poll first saw it in progress. null for a single step: the
 * route's cadence is that step's.
 */
export function currentStep(item: Timed, policy: SchedulePolicy): { index: number; startMs: number; endMs: number; since: number | null } | null {
  const steps = item.route?.steps;
  if (!steps || steps.length < 2) return null;
  const total = steps.reduce((sum, s) => sum + s.seconds, 0);
  if (total <= 0) return null;
  const msPerSecond = estimatedDurationMs(item, policy) / total;
  const index = stepInProgress(steps, item.lastStatus);
  const before = steps.slice(0, index).reduce((sum, s) => sum + s.seconds, 0);
  return {
    index,
    startMs: before * msPerSecond,
    endMs: (before + steps[index]!.seconds) * msPerSecond,
    since: item.step?.index === index ? item.step.since : null,
  };
}

/** What the item records of its step after an answer: kept while the same, else since `now`. */
export function stepAfterAnswer(item: Timed, status: CompactStatus, now: number): TrackedTx['step'] {
  const steps = item.route?.steps;
  if (!steps || steps.length < 2) return item.step;
  const index = stepInProgress(steps, status);
  if (item.step?.index === index) return item.step;
  // the first step runs from entering; a later one began after the previous check, which still
  // saw the step before it in progress (its earliest start: the next poll errs early, never late)
  return { index, since: index === 0 ? item.createdAt : Math.min(now, item.lastCheckedAt ?? item.createdAt) };
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
