/**
 * The `msgs` request that builds the transactions for a route: the route's assets, amounts and
 * operations, one address per `required_chain_addresses` entry, and the slippage. Callers add
 * the options they use (estimated_amount_out, affiliates, timeouts…) on top.
 */
import type { MsgsRequest, Route } from './schemas/route';

type RouteForMsgs = Pick<
  Route,
  'source_asset_denom' | 'source_asset_chain_id' | 'dest_asset_denom' | 'dest_asset_chain_id' | 'amount_in' | 'amount_out' | 'operations'
>;

export function msgsRequestFor(
  route: RouteForMsgs,
  addressList: string[],
  slippageTolerancePercent: MsgsRequest['slippage_tolerance_percent'],
): MsgsRequest {
  return {
    source_asset_denom: route.source_asset_denom,
    source_asset_chain_id: route.source_asset_chain_id,
    dest_asset_denom: route.dest_asset_denom,
    dest_asset_chain_id: route.dest_asset_chain_id,
    amount_in: route.amount_in,
    amount_out: route.amount_out,
    operations: route.operations,
    address_list: addressList,
    slippage_tolerance_percent: slippageTolerancePercent,
  };
}
