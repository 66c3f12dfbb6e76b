import { routeChainIds, type Route } from '../../api';
import { formatAmount } from '../../chains/amounts';
import { clip, type AssetHint, type RouteSummary } from './model';
import { typicalRouteSeconds, typicalSteps } from './typical-duration';

/** What the tracker keeps of a route: enough to say what moves where, and to pace the polls. */
export function summariseRoute(
  route: Route,
  hints: { source?: AssetHint | null; dest?: AssetHint | null } = {},
): RouteSummary {
  const estimate = route.estimated_route_duration_seconds;
  return {
    sourceDenom: clip(route.source_asset_denom, 256),
    sourceChainId: clip(route.source_asset_chain_id, 128),
    destDenom: clip(route.dest_asset_denom, 256),
    destChainId: clip(route.dest_asset_chain_id, 128),
    amountIn: clip(route.amount_in, 80),
    amountOut: clip(route.estimated_amount_out || route.amount_out, 80),
    chainIds: routeChainIds(route).slice(0, 16).map((id) => clip(id, 128)),
    estimatedDurationSeconds: estimate ?? null,
    typicalDurationSeconds: estimate === undefined ? typicalRouteSeconds(route.operations) : null,
    steps: typicalSteps(route.operations),
    txsRequired: route.txs_required ?? null,
    doesSwap: route.does_swap ?? false,
    source: hints.source ?? null,
    dest: hints.dest ?? null,
  };
}

/** "1.5 ATOM" with a hint, else the base units and the denom ("1500000 uatom"). */
export function describeAmount(amount: string, denom: string, hint: AssetHint | null): string {
  if (hint) {
    try {
      return formatAmount(amount, hint.decimals, { symbol: hint.symbol });
    } catch {
      // A bad hint is not worth failing a notification over; fall through to base units.
    }
  }
  return `${amount} ${shortDenom(denom)}`;
}

/** `ibc/27394F…` instead of 68 characters of hash. */
function shortDenom(denom: string): string {
  const ibc = /^ibc\/([0-9A-Fa-f]{64})$/.exec(denom);
  return ibc ? `ibc/${ibc[1]!.slice(0, 6)}…` : clip(denom, 40);
}
