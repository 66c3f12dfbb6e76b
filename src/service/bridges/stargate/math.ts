/**
 * What a Stargate taxi transfer moves, as the pools compute it (BigInt only):
 * - the source pool removes the dust below one shared unit (the sender keeps it) and pulls
 *   the rest; `amountSD` = amountLD / convertRate(source);
 * - FeeLibV1 keeps `protocol_fee_millionth` of the shared amount (rounded down) in the source
 *   pool; the destination pays out what is left, times its own convertRate.
 * So 1.000000123456789012 USDT from BNB Chain (18 decimals) sends 1.000000 and delivers
 * 0.999995 on a 6-decimal chain. The messaging fee is LayerZero's, paid in the source gas token.
 */
import { baseUnitsForUsd, parseUsd, usdValue, type UsdScaled } from '../../pricing';
import type { World, WorldAsset } from '../../world';
import type { StargateData, StargatePool } from './data';

const MILLION = 1_000_000n;

export interface StargateQuote {
  /** What the source pool pulls from the sender (amountLD without its dust). */
  sentLD: bigint;
  /** Left with the sender: below one shared unit of the source token. */
  dustLD: bigint;
  amountSD: bigint;
  /** Protocol fee, in shared units and in the source token's units. */
  feeSD: bigint;
  feeLD: bigint;
  /** Shared units the destination pool pays out. */
  outSD: bigint;
  /** What the receiver gets, in the destination token's units. */
  receivedLD: bigint;
  /** The same amount in the source token's units (what minAmountLD is compared with). */
  receivedSourceLD: bigint;
}

export function protocolFeeSD(amountSD: bigint, feeMillionth: number): bigint {
  return (amountSD * BigInt(feeMillionth)) / MILLION;
}

/** The transfer of `amountLD` (source units) from `src` to `dst`. */
export function quoteTransfer(src: StargatePool, dst: StargatePool, amountLD: bigint, feeMillionth: number): StargateQuote {
  if (amountLD < 0n) throw new RangeError('negative amount');
  const amountSD = amountLD / src.convertRate;
  const sentLD = amountSD * src.convertRate;
  const feeSD = protocolFeeSD(amountSD, feeMillionth);
  const outSD = amountSD - feeSD;
  return {
    sentLD,
    dustLD: amountLD - sentLD,
    amountSD,
    feeSD,
    feeLD: feeSD * src.convertRate,
    outSD,
    receivedLD: outSD * dst.convertRate,
    receivedSourceLD: outSD * src.convertRate,
  };
}

/** The smallest dust-free source amount that delivers at least `receivedLD` on `dst`. */
export function amountForReceived(src: StargatePool, dst: StargatePool, receivedLD: bigint, feeMillionth: number): bigint {
  if (receivedLD <= 0n) return 0n;
  const needSD = (receivedLD + dst.convertRate - 1n) / dst.convertRate;
  const keep = MILLION - BigInt(feeMillionth);
  // sd·keep/1e6 ≥ need guarantees sd − ⌊sd·fee/1e6⌋ ≥ need; walk down to the least such sd
  let sd = (needSD * MILLION + keep - 1n) / keep;
  while (sd > 0n && sd - 1n - protocolFeeSD(sd - 1n, feeMillionth) >= needSD) sd -= 1n;
  return sd * src.convertRate;
}

/** The source chain's gas token (`<chain>-native`) as the World lists it. */
export function nativeAsset(world: World, chainId: string): WorldAsset | undefined {
  const denom = world.chain(chainId)?.feeAssets[0]?.denom;
  return denom === undefined ? undefined : world.asset(chainId, denom);
}

/** USD price of a gas token: the World's table, else this bridge's own (BNB, POL). */
export function nativePriceUsd(world: World, data: StargateData, asset: WorldAsset): string | undefined {
  return world.priceOfAsset(asset) ?? (asset.coingeckoId ? data.file.prices.usd[asset.coingeckoId] : undefined);
}

/** USD value of an amount of a token by the World's prices, else this bridge's own. */
export function assetUsd(world: World, data: StargateData, asset: WorldAsset, amount: bigint): UsdScaled | undefined {
  const price = nativePriceUsd(world, data, asset);
  return price === undefined || asset.decimals === undefined ? undefined : usdValue(amount, asset.decimals, price);
}

/**
 * LayerZero's messaging fee for a taxi from `fromChainId` to `toChainId`, in base units of the
 * source gas token: what quoteSend returns and send() requires as msg.value. The planner,
 * the msgs builder and the simulated pool all call this, so they agree to the wei.
 */
export function messagingFee(world: World, data: StargateData, fromChainId: string, toChainId: string): { asset: WorldAsset; amount: bigint } {
  const asset = nativeAsset(world, fromChainId);
  if (!asset || asset.decimals === undefined) throw new Error(`Stargate: ${fromChainId} has no gas token in the World`);
  const price = nativePriceUsd(world, data, asset);
  if (price === undefined) throw new Error(`Stargate: no USD price for ${asset.denom} to quote the LayerZero fee in`);
  return { asset, amount: baseUnitsForUsd(parseUsd(data.messagingFeeUsd(toChainId)), asset.decimals, price) };
}
