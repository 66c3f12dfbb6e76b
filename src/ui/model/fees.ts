/**
 * A route's fees in words, for the route cards, the Route view and Build: the total (the same
 * figure in all three, from src/routes/fees.ts), who pays each fee and in which token, the
 * warning when fees weigh too much against the amount sent, and how long the built
 * transactions stay good.
 */
import { sumUsd, type FeePayer, type FeeWarning, type RouteFee, type RouteFeeSummary } from '../../routes/fees';
import { shortDenom } from '../shared/denom';

/** The token a fee is paid in, by symbol: the API's asset, else the caller's lookup, else the denom. */
export type SymbolOf = (fee: Pick<RouteFee, 'asset' | 'chainId' | 'denom'>) => string | null;

export const apiSymbol: SymbolOf = (fee) =>
  fee.asset?.recommended_symbol || fee.asset?.symbol || (fee.denom ? shortDenom(fee.denom) : null);

/** What the fees add up to: the priced ones in USD, and how many are not priced. */
export interface FeeTotal {
  count: number;
  /** Sum of the priced fees (decimal string), or null when none is priced. */
  totalUsd: string | null;
  /** Fees without a USD value, left out of `totalUsd`. */
  unpriced: number;
}

/** The total of a list of fees, each counted once: the card, the Route view and Build all use this. */
export function feeTotal(fees: readonly { usd: string | null }[]): FeeTotal {
  return { count: fees.length, totalUsd: sumUsd(fees.map((f) => f.usd)), unpriced: fees.filter((f) => sumUsd([f.usd]) === null).length };
}

/** "$0.51", "$0.51 + 1 not priced", "not priced", "none listed" (`usd` formats the dollar figure). */
export function feeTotalWords(total: FeeTotal, usd: (value: string) => string | null): string {
  if (total.count === 0) return 'none listed';
  const priced = total.totalUsd === null ? null : usd(total.totalUsd);
  if (priced === null) return 'not priced';
  return total.unpriced > 0 ? `${priced} + ${total.unpriced} not priced` : priced;
}

/** Who pays one fee, in words. */
export function payerWords(payer: FeePayer, symbol: string | null): string {
  switch (payer) {
    case 'deducted':
      return 'taken from the amount sent (included in the quote)';
    case 'additional':
      return `paid on top of the amount sent${symbol ? `, in ${symbol}` : ''}`;
    default:
      return 'how it is paid is not stated';
  }
}

function symbolsOf(fees: readonly RouteFee[], symbolOf: SymbolOf): string[] {
  const out: string[] = [];
  for (const fee of fees) {
    const s = symbolOf(fee);
    if (s && !out.includes(s)) out.push(s);
  }
  return out;
}

/**
 * Who pays a route's fees, short enough for a route card: "taken from the amount",
 * "on top, in USDC", "part on top, in ETH"; empty when the service did not say.
 */
export function payersShortWords(summary: RouteFeeSummary, symbolOf: SymbolOf = apiSymbol): string {
  const fees = summary.fees;
  if (fees.length === 0) return '';
  const onTop = fees.filter((f) => f.payer === 'additional');
  if (onTop.length > 0) {
    const symbols = symbolsOf(onTop, symbolOf);
    return `${onTop.length === fees.length ? '' : 'part '}on top${symbols.length ? `, in ${symbols.join(', ')}` : ''}`;
  }
  if (fees.every((f) => f.payer === 'deducted')) return 'taken from the amount';
  return '';
}

const GROUP_WORDS: Record<FeePayer, string> = {
  deducted: 'taken from the amount sent',
  additional: 'paid on top',
  unknown: 'paid in a way not stated',
};

/** One group of a fee warning: "taken from the amount sent, in USDC", "paid on top, in ETH". */
export function payerGroupWords(group: FeeWarning['payers'][number], symbolOf: SymbolOf = apiSymbol): string {
  const symbols = symbolsOf(group.fees, symbolOf);
  return `${GROUP_WORDS[group.payer]}${symbols.length ? `, in ${symbols.join(', ')}` : ''}`;
}

/** The warning's headline: "High fees: 12.5% of what you send" or "Fees larger than the amount you send (130.0%)". */
export function feeWarningTitle(warning: FeeWarning): string {
  const atLeast = warning.weight.unweighed > 0 ? 'at least ' : '';
  return warning.level === 'exceeds'
    ? `Fees larger than the amount you send (${atLeast}${warning.weight.percent}%)`
    : `High fees: ${atLeast}${warning.weight.percent}% of what you send`;
}

/** The warning on one line, for a route card: the headline and who pays, in which token. */
export function feeWarningShortWords(warning: FeeWarning, symbolOf: SymbolOf = apiSymbol): string {
  return `${feeWarningTitle(warning)}; ${warning.payers.map((g) => payerGroupWords(g, symbolOf)).join('; ')}`;
}

/** The spec's default for the IBC timeout the built transactions carry: 5 minutes. */
export const DEFAULT_TIMEOUT_SECONDS = 300;

/** The timeout a msgs request asks for: its `timeout_seconds` when a positive whole number, else the default. */
export function transferTimeoutSeconds(request: { timeout_seconds?: string | undefined }): number {
  const given = request.timeout_seconds;
  if (typeof given === 'string' && /^[0-9]+$/.test(given) && Number(given) > 0 && Number.isSafeInteger(Number(given))) return Number(given);
  return DEFAULT_TIMEOUT_SECONDS;
}

function durationWords(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}`;
  if (seconds % 60 === 0) return `${seconds / 60} minute${seconds === 60 ? '' : 's'}`;
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

/** "Sign and submit within 5 minutes". */
export function signWithinWords(timeoutSeconds: number): string {
  return `Sign and submit within ${durationWords(timeoutSeconds)}`;
}
