/**
 * How much value a route loses, and what the Route view asks before Continue: the routing API's
 * own guidance to integrators is to warn from a 2.5% loss (USD value or swap price impact) and to
 * ask for an explicit confirmation from 10%. Percentages compare as scaled integers (BigInt).
 */
import type { Route } from '../../api/schemas/route';
import { decimalToScaled } from '../../chains/amounts';
import { usdLossPercent } from './route-model';

/** From this loss (percent) the route view flags the route. */
export const LOSS_WARN_PERCENT = '2.5';
/** From this loss (percent) Continue waits for "I accept the loss". */
export const LOSS_CONFIRM_PERCENT = '10';

export type LossLevel = 'none' | 'warn' | 'confirm';

export interface RouteLoss {
  level: LossLevel;
  /** USD value lost between what is sent and what arrives, in percent (null: not priced). */
  usdLossPercent: string | null;
  /** The swap's price impact in percent (null: no swap, or not given). */
  priceImpactPercent: string | null;
}

// hundredths of a percent, enough for the API's figures
const SCALE = 4;
function scaled(percent: string | null | undefined): bigint | null {
  if (percent === null || percent === undefined || percent === '') return null;
  try {
    return decimalToScaled(percent, SCALE, 'half-up');
  } catch {
    return null;
  }
}

/** The level a loss of `percent` reaches. */
export function lossLevelOf(percent: string | null | undefined): LossLevel {
  const value = scaled(percent);
  if (value === null) return 'none';
  if (value >= decimalToScaled(LOSS_CONFIRM_PERCENT, SCALE)) return 'confirm';
  if (value >= decimalToScaled(LOSS_WARN_PERCENT, SCALE)) return 'warn';
  return 'none';
}

const RANK: Record<LossLevel, number> = { none: 0, warn: 1, confirm: 2 };

/** The route's loss: the worse of its USD loss and its price impact decides the level. */
export function routeLoss(route: Route): RouteLoss {
  const usd = usdLossPercent(route);
  const impact = route.swap_price_impact_percent ?? null;
  const a = lossLevelOf(usd);
  const b = lossLevelOf(impact);
  return { level: RANK[a] >= RANK[b] ? a : b, usdLossPercent: usd, priceImpactPercent: impact };
}

const trimPercent = (p: string): string => {
  const [whole, frac = ''] = p.replace(/^-/, '').split('.');
  const kept = frac.slice(0, 2).replace(/0+$/, '');
  return `${whole}${kept ? `.${kept}` : ''}%`;
};

/** One sentence naming what is lost: "You would receive about 12.5% less value than you send (price impact 11%)." */
export function lossWords(loss: RouteLoss): string {
  const parts: string[] = [];
  if (loss.usdLossPercent !== null && lossLevelOf(loss.usdLossPercent) !== 'none') {
    parts.push(`You would receive about ${trimPercent(loss.usdLossPercent)} less value, in US dollars, than you send`);
  }
  if (loss.priceImpactPercent !== null && lossLevelOf(loss.priceImpactPercent) !== 'none') {
    const impact = `the swap moves the price by ${trimPercent(loss.priceImpactPercent)}`;
    parts.push(parts.length === 0 ? impact.charAt(0).toUpperCase() + impact.slice(1) : impact);
  }
  return `${parts.join(', and ')}.`;
}
