/**
 * Planner configuration. Every field has a default (DEFAULT_PLANNER_CONFIG); callers pass a
 * partial override. Thresholds and fees are decimal strings (USD or percent), never floats.
 */
import type { Pool, WorldAsset } from '../world';
import { DEFAULT_TIMING, type TimingTable } from './timing';

export interface BridgeFeeTable {
  /** Destination chain id → fee in USD ("0.10"). */
  byDestination: Readonly<Record<string, string>>;
  /** Any other destination. */
  default: string;
}

export interface PlannerConfig {
  /**
   * BAD_PRICE_ERROR when the route's output is worth more than this percentage less than
   * its input. 10 %: far above what fees and the price impact of an ordinary trade on the
   * simulated pools cost (a $20k swap through the $6M ATOM/OSMO pool loses ≈ 0.9 %), while a
   * trade that eats a fifth of a pool is refused.
   */
  badPricePercent: string;
  /**
   * HIGH_LOSS_ERROR when the route loses more than this many USD, whatever the percentage
   * (a 5 % loss on a million-dollar trade). null disables the check.
   */
  highLossUsd: string | null;
  /** Longest chain of pools a single swap may route through. */
  maxSwapPools: number;
  /** Most bridge legs a route may take before or after its swap. */
  maxBridgesPerLeg: number;
  timing: TimingTable;
  /** USD price of an asset; defaults to the World's price table. Tests use it to remove prices. */
  priceUsd?: (asset: WorldAsset) => string | undefined;
  /** Current reserves of a pool; defaults to the genesis reserves. The chain simulator passes its ledger's. */
  poolReserves?: (pool: Pool) => readonly [string, string];
}

export const DEFAULT_PLANNER_CONFIG: Readonly<PlannerConfig> = Object.freeze({
  badPricePercent: '10',
  highLossUsd: '10000',
  maxSwapPools: 3,
  maxBridgesPerLeg: 2,
  timing: DEFAULT_TIMING,
});

export function resolvePlannerConfig(override?: Partial<PlannerConfig>): PlannerConfig {
  if (!override) return DEFAULT_PLANNER_CONFIG as PlannerConfig;
  return { ...DEFAULT_PLANNER_CONFIG, ...override };
}

export function bridgeFeeUsd(table: BridgeFeeTable, toChainId: string): string {
  return table.byDestination[toChainId] ?? table.default;
}
