/**
 * The LayerZero messaging fee: what the OFT's quoteSend asks for and what `send` must be paid
 * as the transaction's value, in the source chain's gas token. The executor's gas on the
 * destination and the DVNs' fees are priced in USD per destination (data.json) and converted
 * at the price table; the planner and the simulated OFT use this one function, so the fee a
 * route quotes is the fee the chain charges.
 */
import { baseUnitsForUsd, parseUsd, priceScaled, usdValue, type UsdScaled } from '../../pricing';
import type { World, WorldAsset } from '../../world';
import type { LayerZeroData } from './data';

export interface MessagingFeeQuote {
  /** The source chain's gas token. */
  asset: WorldAsset;
  amount: bigint;
  usd: UsdScaled | undefined;
}

/** The gas token of a chain as a World asset. */
export function nativeAssetOf(world: World, chainId: string): WorldAsset | undefined {
  const denom = world.chain(chainId)?.feeAssets[0]?.denom;
  return denom === undefined ? undefined : world.asset(chainId, denom);
}

export function messagingFeeUsd(data: LayerZeroData, toChainId: string): string {
  return data.feeUsd.byDestination[toChainId] ?? data.feeUsd.default;
}

/**
 * The native fee of one message from `fromChainId` to `toChainId`; undefined when the source
 * has no gas token or no price for it (the route cannot be quoted then, and the OFT refuses).
 */
export function messagingFee(
  world: World,
  data: LayerZeroData,
  fromChainId: string,
  toChainId: string,
  price: (a: WorldAsset) => string | undefined = (a) => world.priceOfAsset(a),
): MessagingFeeQuote | undefined {
  const asset = nativeAssetOf(world, fromChainId);
  if (!asset || asset.decimals === undefined) return undefined;
  const p = price(asset);
  if (p === undefined || priceScaled(p) <= 0n) return undefined;
  const amount = baseUnitsForUsd(parseUsd(messagingFeeUsd(data, toChainId)), asset.decimals, p);
  return { asset, amount, usd: usdValue(amount, asset.decimals, p) };
}
