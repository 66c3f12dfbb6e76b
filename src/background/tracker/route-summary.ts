import { routeChainIds, type Route } from '../../api';
import { formatAmount } from '../../chains/amounts';
import { clip, type AssetHint, type RouteSummary, type StoredFee } from './model';
import { routeFeeSummary } from '../../routes/fees';
import { routeBridges } from '../../routes/compare';
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
    fees: storedFees(route),
    bridges: routeBridges(route)
      .slice(0, 12)
      .map((b) => clip(b, 32)),
    source: hints.source ?? null,
    dest: hints.dest ?? null,
  };
}

/** The route's fees, each counted once, cut to what the schema keeps (an odd value must not fail the record). */
function storedFees(route: Route): StoredFee[] {
  return routeFeeSummary(route)
    .fees.slice(0, 16)
    .map((f) => ({
      label: clip(f.label, 128),
      chain_id: f.chainId === null ? null : clip(f.chainId, 128),
      denom: f.denom === null ? null : clip(f.denom, 256),
      amount: f.amount !== null && /^[0-9]{1,80}$/.test(f.amount) ? f.amount : null,
      usd: f.usd !== null && /^-?[0-9]{1,20}(\.[0-9]{1,18})?$/.test(f.usd) ? f.usd : null,
      payer: f.payer,
      symbol: typeof f.asset?.symbol === 'string' && f.asset.symbol !== '' ? clip(f.asset.recommended_symbol || f.asset.symbol, 32) : null,
      decimals: typeof f.asset?.decimals === 'number' && Number.isInteger(f.asset.decimals) && f.asset.decimals >= 0 && f.asset.decimals <= 36 ? f.asset.decimals : null,
    }));
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
