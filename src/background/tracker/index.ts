/** The tracker's public surface (for main.ts, the bridge handlers and the UI's types). */
export { Tracker, POLL_ALARM, applyPollResult, isNotFound, isTransient } from './tracker';
export type { TrackedChange, TrackedListener, RouteInput, AlarmsLike, PollResult } from './tracker';
export * from './model';
export { pageView, statusChangedPayload, pageVisibleChange } from './views';
export type { PageTrackedView, StatusChangedPayload } from './views';
export { compactStatus, overallState, combineTransferStates, isTerminalState, outcomeOfState, TERMINAL_STATES } from './status';
export { DEFAULT_POLICY, policyWithFloor } from './schedule';
export type { SchedulePolicy } from './schedule';
