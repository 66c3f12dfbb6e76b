/** The tracker's public surface (for main.ts, the bridge handlers and the UI's types). */
export { Tracker, POLL_ALARM, SITE_PENDING_QUOTA, UNKNOWN_TX_GIVE_UP_MS, applyPollResult, applyRefreshResult, isNotFound, isTransient } from './tracker';
export type { TrackedChange, TrackedListener, RouteInput, AlarmsLike, PollResult } from './tracker';
export * from './model';
export { siteView, siteEventPayload, siteVisibleChange, statusChangedPayload, pageVisibleChange } from './views';
export type { PageTrackedView, StatusChangedPayload } from './views';
export { compactStatus, overallState, combineTransferStates, isTerminalState, outcomeOfState, TERMINAL_STATES } from './status';
export { DEFAULT_POLICY, policyWithFloor } from './schedule';
export type { SchedulePolicy } from './schedule';
