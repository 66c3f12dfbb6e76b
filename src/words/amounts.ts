/**
 * Amounts in a chain's token, in people's words: base units and the catalog's decimals and symbol
 * become "0.410412 USDC". String math only (src/chains/amounts.ts); nothing here throws.
 */
import { formatAmount, MAX_DECIMALS } from '../chains/amounts';

/** What a token needs to be written as an amount; `decimals` null when nobody said. */
export interface TokenFacts {
  decimals: number | null;
  symbol: string;
}

/** The catalog lookups the words need (a Catalog, or the background's facts). */
export interface ChainFacts {
  chain(id: string): { name: string; feeDenoms: readonly string[] } | undefined;
  asset(chainId: string, denom: string): { decimals: number | null; symbol: string; recommendedSymbol: string } | undefined;
}

const BASE_UNITS = /^[0-9]{1,78}$/;

/**
 * "100 USDC", "0.410412 USDC". `exact`: every digit (a minimum or an approval must never read
 * smaller than it is); otherwise six fraction digits at most, cut, never rounded up. Null when the
 * amount is not base units or the token's decimals are unknown.
 */
export function amountInToken(base: string | null | undefined, token: TokenFacts | null | undefined, options: { exact?: boolean } = {}): string | null {
  if (!token || token.decimals === null || typeof base !== 'string' || !BASE_UNITS.test(base)) return null;
  try {
    return formatAmount(base, token.decimals, {
      symbol: token.symbol,
      ...(options.exact ? { maxFractionDigits: Math.min(token.decimals, MAX_DECIMALS) } : {}),
    });
  } catch {
    return null;
  }
}

/** The token of `denom` on `chainId`, as the catalog names it (its recommended symbol). */
export function tokenOf(facts: ChainFacts | null | undefined, chainId: string | null | undefined, denom: string | null | undefined): TokenFacts | null {
  if (!facts || !chainId || !denom) return null;
  const asset = facts.asset(chainId, denom);
  return asset ? { decimals: asset.decimals, symbol: asset.recommendedSymbol || asset.symbol } : null;
}

/** The chain's own token (what an EVM transaction's `value` is paid in: ETH on Ethereum). */
export function nativeTokenOf(facts: ChainFacts | null | undefined, chainId: string | null | undefined): TokenFacts | null {
  if (!facts || !chainId) return null;
  const denom = facts.chain(chainId)?.feeDenoms[0];
  return denom ? tokenOf(facts, chainId, denom) : null;
}

/** "1.5 ATOM" from the catalog, else the base units with the denom cut short ("1500000 uatom"). */
export function amountOnChain(facts: ChainFacts | null | undefined, base: string, chainId: string | null | undefined, denom: string, options: { exact?: boolean } = {}): string {
  return amountInToken(base, tokenOf(facts, chainId, denom), options) ?? `${base} ${shortDenomWords(denom)}`;
}

/** `ibc/27394F…`, `0xA0b8…eB48`: a denom no catalog names, short enough to read. */
export function shortDenomWords(denom: string): string {
  if (/^ibc\/[0-9A-Fa-f]{64}$/.test(denom)) return `${denom.slice(0, 10)}…`;
  if (/^0x[0-9A-Fa-f]{40}$/.test(denom)) return shortAddress(denom);
  return denom.length > 40 ? `${denom.slice(0, 39)}…` : denom;
}

/** "0xE793…b1C2", "osmo1abcd…wxyz": enough of an address to recognise it. */
export function shortAddress(address: string): string {
  if (address.startsWith('0x')) return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
  const sep = address.lastIndexOf('1');
  const head = sep > 0 && sep < 16 ? sep + 5 : 8;
  return address.length > head + 6 ? `${address.slice(0, head)}…${address.slice(-4)}` : address;
}
