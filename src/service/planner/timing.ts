/**
 * How long IBC legs take, in seconds. The planner sums leg durations into
 * `estimated_route_duration_seconds`; the chain simulator paces its relayer with the same
 * figures so that quoted and simulated durations agree. Each bridge keeps its own table in
 * its folder (src/service/bridges/<bridge>/), read through ServiceBridge.planner.seconds.
 *
 * IBC: one hop (send, relay, receive, acknowledge) ≈ 30 s on mainnet; the route fixtures
 * quote 60 s for two hops around a swap, and a swap executes inside the receiving
 * transaction (0 s).
 */

export interface TimingTable {
  ibcHopSeconds: number;
  swapSeconds: number;
}

export const DEFAULT_TIMING: TimingTable = Object.freeze({
  ibcHopSeconds: 30,
  swapSeconds: 0,
});

export function ibcHopSeconds(t: TimingTable = DEFAULT_TIMING): number {
  return t.ibcHopSeconds;
}

export function swapSeconds(t: TimingTable = DEFAULT_TIMING): number {
  return t.swapSeconds;
}
