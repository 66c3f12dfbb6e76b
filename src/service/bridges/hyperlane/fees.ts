/**
 * The interchain gas payment of a warp transfer: paid on the source chain in its gas token,
 * on top of the amount (what arrives is exactly what was sent). The route quotes it, /msgs
 * writes it (max_fee, or the tx value), and the simulated IGP charges the same figure, so a
 * route's promise holds on the chains.
 */
import { baseUnitsForUsd, parseUsd, priceScaled, usdValue, type UsdScaled } from '../../pricing';
import type { World, WorldAsset } from '../../world';
import type { HyperlaneData } from './data';

/** The gas token of a chain as a World asset (utia on Celestia, `<chain>-native` on an EVM chain). */
export function gasToken(world: World, chainId: string): WorldAsset | undefined {
  const denom = world.chain(chainId)?.feeAssets[0]?.denom;
  return denom === undefined ? undefined : world.asset(chainId, denom);
}

export interface IgpQuote {
  asset: WorldAsset;
  amount: bigint;
  usd: UsdScaled | undefined;
}

/**
 * What the source chain's IGP charges to deliver a message to `toChainId`: the modelled USD
 * figure in the source gas token at `price` (0 when the token has no price: nothing is charged).
 */
export function igpQuote(world: World, d: HyperlaneData, fromChainId: string, toChainId: string, price: (a: WorldAsset) => string | undefined = (a) => world.priceOfAsset(a)): IgpQuote | undefined {
  const asset = gasToken(world, fromChainId);
  if (!asset) return undefined;
  const p = price(asset);
  if (p === undefined || asset.decimals === undefined || priceScaled(p) <= 0n) return { asset, amount: 0n, usd: undefined };
  const amount = baseUnitsForUsd(parseUsd(d.igpFeeUsd(toChainId)), asset.decimals, p);
  return { asset, amount, usd: usdValue(amount, asset.decimals, p) };
}
