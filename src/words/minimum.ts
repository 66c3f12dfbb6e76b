/** The service's minimum for an amount too low, in the token sent: "at least 0.410412 USDC". */
import { fromBaseUnits } from '../chains/amounts';
import { amountInToken, shortDenomWords } from './amounts';

export interface MinimumInWords {
  /** "at least 0.410412 USDC". */
  words: string;
  /** What the amount field takes to send exactly the minimum ("0.410412"); null when Courier cannot say it in the token sent. */
  display: string | null;
}

/** EVM token addresses match in any case; other denoms exactly. */
function sameDenom(a: string, b: string): boolean {
  return a.startsWith('0x') && b.startsWith('0x') ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/**
 * The minimum in the source token's words when it is in base units of that token (the service
 * names the denom sent, or no unit); otherwise as the service gave it.
 */
export function minimumWords(
  minimum: { amount: string; unit: string | null },
  source: { denom: string; decimals: number | null; symbol: string } | null,
): MinimumInWords {
  const ofSource = source !== null && source.decimals !== null && /^[0-9]{1,78}$/.test(minimum.amount) && (minimum.unit === null || sameDenom(minimum.unit, source.denom));
  if (ofSource) {
    const words = amountInToken(minimum.amount, source, { exact: true });
    if (words !== null) return { words: `at least ${words}`, display: fromBaseUnits(minimum.amount, source.decimals!) };
  }
  return { words: `at least ${minimum.amount}${minimum.unit ? ` ${shortDenomWords(minimum.unit)}` : ''} (as the service counts it)`, display: null };
}
