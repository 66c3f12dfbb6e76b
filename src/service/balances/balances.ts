/**
 * POST /v2/info/balances over the simulated ledgers. For each requested chain and denom:
 * amount (base units), decimals, formatted_amount (amount scaled by decimals, every decimal
 * digit kept as in the API's own example: `100.000000`), price (USD, from the World's price
 * table) and value_usd. A chain, address or denom the service cannot answer for gets a
 * per-entry `error` while the rest of the answer stands. No floating point: BigInt and strings.
 */
import type { BalancesRequest } from '../../api/schemas';
import { formatUsd, usdValue } from '../pricing/usd';
import type { World } from '../world';

/** The ledgers the answer is read from. */
export interface BalanceReader {
  /** Can balances of this chain be read at all? */
  supports(chainId: string): boolean;
  /** Why `address` is not an address on the chain, or undefined when it is one. */
  addressProblem(chainId: string, address: string): string | undefined;
  balance(chainId: string, address: string, denom: string): bigint;
  /** Every non-zero holding, for a request that names no denoms. */
  holdings(chainId: string, address: string): { denom: string; amount: bigint }[];
}

export interface BalanceEntryJson {
  amount: string;
  decimals: number | null;
  formatted_amount: string;
  price: string | null;
  value_usd: string | null;
  error?: { message: string };
}

export interface BalancesResponseJson {
  chains: Record<string, { address: string; denoms: Record<string, BalanceEntryJson> }>;
}

/** Fractional digits of value_usd (the API's example prints six). */
export const VALUE_USD_DIGITS = 6;

/** `amount` scaled by `decimals`, keeping every digit: ('1500000', 6) → '1.500000'. */
export function scaleAmount(amount: bigint, decimals: number): string {
  const digits = amount.toString();
  if (decimals === 0) return digits;
  const padded = digits.padStart(decimals + 1, '0');
  return `${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
}

const failed = (message: string): BalanceEntryJson => ({
  amount: '0',
  decimals: null,
  formatted_amount: '0',
  price: null,
  value_usd: null,
  error: { message },
});

export function balancesOf(world: World, reader: BalanceReader, request: BalancesRequest): BalancesResponseJson {
  const out: BalancesResponseJson['chains'] = {};
  for (const [chainId, query] of Object.entries(request.chains)) {
    const address = query.address ?? '';
    const denoms: Record<string, BalanceEntryJson> = {};
    out[chainId] = { address, denoms };
    const requested = query.denoms ?? [];
    const chain = world.chain(chainId);
    // the whole chain entry fails the same way: one message per denom, so clients read it where they look
    let problem: string | undefined;
    if (!chain || !reader.supports(chainId)) problem = 'chain ID not supported';
    else if (!address) problem = 'address is required';
    else problem = reader.addressProblem(chainId, address);
    if (problem) {
      for (const denom of requested) denoms[denom] = failed(problem);
      continue;
    }
    // no denoms: every non-zero holding (the "universal" query)
    const wanted = requested.length ? requested : reader.holdings(chainId, address).map((h) => h.denom);
    for (const denom of wanted) denoms[denom] = entry(world, reader, chainId, address, denom);
  }
  return { chains: out };
}

function entry(world: World, reader: BalanceReader, chainId: string, address: string, denom: string): BalanceEntryJson {
  const asset = world.resolveAsset(chainId, denom);
  const feeToken = world.chain(chainId)?.feeAssets.some((f) => f.denom === denom) ?? false;
  const amount = reader.balance(chainId, address, denom);
  const decimals = asset?.decimals;
  if (!asset && !feeToken && amount === 0n) return failed(`denom ${denom} not found on ${chainId}`);
  if (decimals === undefined) {
    // held but without metadata: the amount is still true, its display is not known
    return { amount: amount.toString(), decimals: null, formatted_amount: amount.toString(), price: null, value_usd: null };
  }
  const price = asset ? world.priceOfAsset(asset) ?? null : null;
  return {
    amount: amount.toString(),
    decimals,
    formatted_amount: scaleAmount(amount, decimals),
    price,
    value_usd: price === null ? null : formatUsd(usdValue(amount, decimals, price), VALUE_USD_DIGITS),
  };
}
