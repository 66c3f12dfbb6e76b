/**
 * Max on the Quote form: when the asset sent also pays the network fee, Max keeps back what one
 * transaction costs, so the wallet can still sign. Zod-free (the Quote view paints first with it);
 * BigInt only, no floating point on an amount.
 */
import { decimalToScaled } from '../../chains/amounts';

/**
 * Gas Courier budgets for the source transaction: above what an IBC transfer or a swap entry
 * point call uses on Cosmos chains (100,000–250,000), so the reserve covers the routes the
 * popup builds. The fee is this times the chain's average gas price.
 */
export const MAX_FEE_GAS_LIMIT = 300_000n;

// gas prices carry at most 30 decimals (the directory schema); 36 keeps every digit
const PRICE_SCALE = 36;

/** Base units one transaction of `gasLimit` gas costs at `gasPrice` (base units per gas), rounded up; null when unreadable. */
export function networkFeeReserve(gasPrice: string, gasLimit: bigint = MAX_FEE_GAS_LIMIT): bigint | null {
  let scaled: bigint;
  try {
    scaled = decimalToScaled(gasPrice, PRICE_SCALE, 'floor');
  } catch {
    return null;
  }
  if (scaled < 0n || gasLimit <= 0n) return null;
  const unit = 10n ** BigInt(PRICE_SCALE);
  // round up: a fee a base unit short is refused by the chain
  return (scaled * gasLimit + unit - 1n) / unit;
}

export type MaxAmount =
  /** The asset does not pay fees (or its gas price is unknown): the whole balance. */
  | { kind: 'whole'; amount: string }
  /** The balance less the fee reserve. */
  | { kind: 'reserved'; amount: string; reserve: string }
  /** The balance does not even cover the fee. */
  | { kind: 'short'; reserve: string };

/**
 * What Max fills in: the whole balance, unless `gasPrice` (the sent asset is its chain's fee
 * token) says one transaction's fee must stay behind.
 */
export function maxSendAmount(balance: string, gasPrice: string | null): MaxAmount {
  const held = BigInt(balance);
  const reserve = gasPrice === null ? null : networkFeeReserve(gasPrice);
  if (reserve === null || reserve === 0n) return { kind: 'whole', amount: held.toString() };
  if (held <= reserve) return { kind: 'short', reserve: reserve.toString() };
  return { kind: 'reserved', amount: (held - reserve).toString(), reserve: reserve.toString() };
}
