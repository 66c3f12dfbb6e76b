/**
 * POST /v2/fungible/msgs_direct: plan the route, then build its messages, in one call. The
 * addresses come from `chain_ids_to_addresses`; every chain the planned route needs an address
 * on must be there, or the call fails with 400 code 3 naming the chain.
 */
import type { MsgsDirectRequest, MsgsDirectResponse, MsgsRequest, RouteRequest, RouteResponse } from '../../api/schemas';
import { invalidArgument } from '../http/errors';
import { planRoute } from '../planner';
import type { World } from '../world';
import { buildMsgsJson, type BuiltMsgs, type MsgsOptions } from './build';
import { parseAffiliates, parseAmountIn } from './options';
import { requiredChainIds } from './path';
import { msgsRequestFor } from '../../api/msgs-request';

export interface MsgsDirectOptions extends MsgsOptions {
  /** The route planner; the service's own by default (tests inject one). */
  planRoute?: (world: World, request: RouteRequest) => RouteResponse;
}

/** Route request fields msgs_direct passes through to the planner as they are. */
const ROUTE_FIELDS = [
  'source_asset_denom',
  'source_asset_chain_id',
  'dest_asset_denom',
  'dest_asset_chain_id',
  'amount_in',
  'amount_out',
  'swap_venues',
  'allow_unsafe',
  'experimental_features',
  'allow_multi_tx',
  'bridges',
  'smart_relay',
  'smart_swap_options',
  'allow_swaps',
  'go_fast',
] as const;

export function buildMsgsDirect(world: World, request: MsgsDirectRequest, options: MsgsDirectOptions): MsgsDirectResponse {
  return buildMsgsDirectJson(world, request, options) as unknown as MsgsDirectResponse;
}

export function buildMsgsDirectJson(
  world: World,
  request: MsgsDirectRequest,
  options: MsgsDirectOptions,
): Omit<BuiltMsgs, 'estimated_fees'> & { estimated_fees: BuiltMsgs['estimated_fees']; route: RouteResponse } {
  const addresses = request.chain_ids_to_addresses;
  if (addresses === undefined || addresses === null || typeof addresses !== 'object' || Array.isArray(addresses)) {
    throw invalidArgument('invalid chain_ids_to_addresses: expected an object of chain id to address');
  }
  if (request.amount_in !== undefined && request.amount_out === undefined) parseAmountIn(request.amount_in);
  // checked before planning, so an affiliate mistake is reported as such; the planner
  // quotes the route net of the common cumulative fee
  const affiliates = parseAffiliates(world, request.chain_ids_to_affiliates);

  const routeRequest: Record<string, unknown> = {};
  for (const key of ROUTE_FIELDS) if (request[key] !== undefined) routeRequest[key] = request[key];
  if (affiliates.cumulativeBps !== undefined) routeRequest.cumulative_affiliate_fee_bps = affiliates.cumulativeBps.toString();
  const plan = options.planRoute ?? planRoute;
  const route = plan(world, routeRequest as RouteRequest);

  const needed = route.required_chain_addresses ?? requiredChainIds(route.operations);
  const addressList = needed.map((chainId) => {
    const address = (addresses as Record<string, unknown>)[chainId];
    if (typeof address !== 'string' || address === '') {
      throw invalidArgument(
        `missing address for chain ${chainId}: chain_ids_to_addresses must give an address for every chain on the route (${needed.join(', ')})`,
      );
    }
    return address;
  });

  const msgsRequest: MsgsRequest = {
    ...msgsRequestFor(route, addressList, request.slippage_tolerance_percent),
    estimated_amount_out: route.estimated_amount_out,
    chain_ids_to_affiliates: request.chain_ids_to_affiliates,
    post_route_handler: request.post_route_handler,
    timeout_seconds: request.timeout_seconds,
    enable_gas_warnings: request.enable_gas_warnings,
    fee_payer_address: request.fee_payer_address,
  };
  const built = buildMsgsJson(world, msgsRequest, options);
  return {
    msgs: built.msgs,
    txs: built.txs,
    min_amount_out: built.min_amount_out,
    estimated_fees: built.estimated_fees,
    ...(built.warning ? { warning: built.warning } : {}),
    route,
  };
}
