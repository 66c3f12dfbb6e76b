/**
 * The route planner of the local routing service. Public surface:
 * - planRoute(world, request, config?) → Route (throws ServiceError)
 * - the graph helpers other endpoints and the chain simulator reuse: plannerIndex(world)
 *   (positions, transfer paths, bridge edges, pool paths), noSwapPaths, reachable origins
 * - timing.ts, the per-leg durations the simulator paces itself with
 */
export { planRoute, planRouteUnchecked, enumerateCandidates, NO_ROUTES_FOUND, NO_SINGLE_TX_ROUTES } from './plan';
export { DEFAULT_PLANNER_CONFIG, resolvePlannerConfig, bridgeFeeUsd, type PlannerConfig, type BridgeFeeTable } from './config';
export {
  PlannerIndex,
  plannerIndex,
  noSwapPaths,
  originKeyOf,
  type BridgeEdge,
  type BridgeKind,
  type NoSwapOptions,
  type TraceWalk,
  type VenueIndex,
} from './graph';
export { planTxs, absorbedHop, describeBlocker, type TxPlan, type TxBlocker } from './txs';
export { QuoteContext, quoteForward, quoteBackward, type LegQuote, type BridgeFee, type SwapQuote } from './quote';
export { parsePlanRequest, type PlanRequest } from './request';
export * from './timing';
export type * from './types';
export type * from './wire';
