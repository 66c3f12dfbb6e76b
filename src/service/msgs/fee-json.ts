/**
 * One `estimated_fees` entry of a bridge crossing in /msgs, priced at the World's price table.
 * A leaf module: it imports nothing that knows the bridges.
 */
import { formatUsd, usdValue } from '../pricing';
import { toWireAsset, type World, type WorldAsset } from '../world';
import type { FeeJson } from './build';

export function bridgeFeeJson(
  world: World,
  o: { bridgeId: string; asset: WorldAsset; amount: bigint; chainId: string; txIndex: number; operationIndex: number; behavior: string; feeType?: string },
): FeeJson {
  const price = world.priceOfAsset(o.asset);
  const usd = price !== undefined && o.asset.decimals !== undefined ? formatUsd(usdValue(o.amount, o.asset.decimals, price)) : '0.00';
  return {
    fee_type: o.feeType ?? 'SMART_RELAY',
    bridge_id: o.bridgeId,
    amount: o.amount.toString(),
    usd_amount: usd,
    origin_asset: toWireAsset(o.asset),
    chain_id: o.chainId,
    tx_index: o.txIndex,
    operation_index: o.operationIndex,
    fee_behavior: o.behavior,
  };
}
