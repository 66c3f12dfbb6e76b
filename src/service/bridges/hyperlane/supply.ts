/**
 * The warp routes' books: the collateral locked on the collateral chain backs the synthetic
 * supply and every message dispatched but not delivered (in either direction, pending or given
 * up). A transfer that locks without a mint, or mints without a lock, breaks this equality.
 */
import type { BridgeTransferView } from '../types';
import type { HyperlaneData, WarpRoute } from './data';
import type { HyperlaneDetail } from './execute';

export interface BackingReader {
  /** What the route's collateral account holds of the collateral denom. */
  collateral(route: WarpRoute): bigint;
  /** Total supply of the synthetic token on its chain. */
  syntheticSupply(route: WarpRoute): bigint;
}

export interface RouteBacking {
  route: WarpRoute;
  collateral: bigint;
  synthetic: bigint;
  undelivered: bigint;
}

export function routeBacking(d: HyperlaneData, read: BackingReader, transfers: Iterable<BridgeTransferView>): RouteBacking[] {
  const rows = new Map(d.routes.map((r) => [r.id, { route: r, collateral: read.collateral(r), synthetic: read.syntheticSupply(r), undelivered: 0n }]));
  for (const t of transfers) {
    if (t.bridge !== 'HYPERLANE' || t.state === 'completed') continue;
    const row = rows.get((t.event.detail as unknown as HyperlaneDetail).routeId);
    if (row) row.undelivered += BigInt(t.event.amount);
  }
  return [...rows.values()];
}

/** Violations of collateral = synthetic supply + undelivered, one line per route (empty when the books balance). */
export function backingProblems(d: HyperlaneData, read: BackingReader, transfers: Iterable<BridgeTransferView>): string[] {
  return routeBacking(d, read, transfers)
    .filter((r) => r.collateral !== r.synthetic + r.undelivered)
    .map(
      (r) =>
        `Hyperlane ${r.route.id}: collateral ${r.collateral}${r.route.collateral.denom} on ${r.route.collateral.chainId} != synthetic supply ${r.synthetic} on ${r.route.synthetic.chainId} + undelivered ${r.undelivered}`,
    );
}
