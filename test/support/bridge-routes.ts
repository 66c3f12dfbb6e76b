/**
 * One route request through each registered bridge of the local deployment: for every bridge,
 * the first of its crossings (planner edges, in order) that the planner quotes when `bridges`
 * restricts the route to that bridge (and IBC), for about $50 of an asset the caller's accounts
 * hold. Tests
 * that must cover every bridge (parallel transfers, fuzz seeds) draw from here, so a new bridge
 * is covered as soon as it is registered.
 */
import type { RouteRequest, RouteResponse } from '../../src/api/schemas';
import { BRIDGES } from '../../src/service/bridges/registry';
import type { AnyServiceBridge, BridgeId } from '../../src/service/bridges/types';
import { planRoute, plannerIndex } from '../../src/service/planner';
import { baseUnitsForUsd, parseUsd } from '../../src/service/pricing/usd';
import type { World } from '../../src/service/world';

export interface BridgeRoute {
  bridge: BridgeId;
  request: RouteRequest;
  route: RouteResponse;
}

/** About `usd` dollars of the asset in base units, or a fixed small amount when it has no price. */
function amountFor(world: World, chainId: string, denom: string, usd: string): bigint {
  const asset = world.asset(chainId, denom) ?? world.resolveAsset(chainId, denom);
  const price = asset ? world.priceOfAsset(asset) : undefined;
  if (!asset || asset.decimals === undefined || price === undefined || Number(price) <= 0) return 10n ** BigInt(asset?.decimals ?? 6);
  return baseUnitsForUsd(parseUsd(usd), asset.decimals, price);
}

/** `holds` says whether the accounts that will sign have at least `amount` of the source (default: any). */
export function routeThroughEachBridge(world: World, holds: (chainId: string, denom: string, amount: bigint) => boolean = () => true, usd = '50'): BridgeRoute[] {
  return BRIDGES.flatMap((bridge) => quotableCrossings(world, bridge, holds, usd, 1));
}

/** The crossings of `bridge` (its planner edges, in order; the first `limit`) quoted through it alone, for about `usd` dollars. */
export function quotableCrossings(
  world: World,
  bridge: AnyServiceBridge,
  holds: (chainId: string, denom: string, amount: bigint) => boolean = () => true,
  usd = '50',
  limit = Infinity,
): BridgeRoute[] {
  const ix = plannerIndex(world);
  const out: BridgeRoute[] = [];
  for (const leg of bridge.planner.edges(ix)) {
    if (out.length >= limit) break;
    const amount = amountFor(world, leg.from.chainId, leg.from.denom, usd);
    if (!holds(leg.from.chainId, leg.from.denom, amount)) continue;
    const request = {
      source_asset_chain_id: leg.from.chainId,
      source_asset_denom: leg.from.denom,
      dest_asset_chain_id: leg.to.chainId,
      dest_asset_denom: leg.to.denom,
      amount_in: amount.toString(),
      bridges: [bridge.id, 'IBC'],
      allow_multi_tx: true,
      smart_relay: true,
      ...(bridge.requestFlag ? { [bridge.requestFlag]: true } : {}),
    } as RouteRequest;
    try {
      const route = planRoute(world, request);
      if (route.operations.some((op) => bridge.msgs.operationKey in op)) out.push({ bridge: bridge.id, request, route });
    } catch {
      // this crossing is not quotable on its own (an amount too low, no held asset): try the next
    }
  }
  return out;
}
