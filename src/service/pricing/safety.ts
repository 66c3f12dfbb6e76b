/**
 * Price safety of a quoted route (spec: Errors; openapi: RoutePriceWarningType).
 *
 * - LOW_INFO_ERROR: the input or the output asset has no USD price, so the check cannot run.
 * - BAD_PRICE_ERROR: the output is worth more than `badPricePercent` % less than the input.
 * - HIGH_LOSS_ERROR: the USD loss exceeds `highLossUsd`.
 *
 * With `allow_unsafe` the route is returned with a warning instead. openapi knows only two
 * warning types, so a high loss is reported as BAD_PRICE_WARNING (its message says why).
 */
import { ServiceError, errorInfo, invalidArgument } from '../http/errors';
import { formatUsd, parseUsd, type UsdScaled } from './usd';

export type PriceErrorReason = 'LOW_INFO_ERROR' | 'BAD_PRICE_ERROR' | 'HIGH_LOSS_ERROR';
export type PriceWarningType = 'LOW_INFO_WARNING' | 'BAD_PRICE_WARNING';

export interface PriceSafetyThresholds {
  /** Largest accepted USD loss between input and output, in percent of the input ("10"). */
  badPricePercent: string;
  /** Largest accepted USD loss in dollars ("10000"); null disables the check. */
  highLossUsd: string | null;
}

export interface PriceSafetyInput {
  usdIn: UsdScaled | undefined;
  usdOut: UsdScaled | undefined;
  /** Names the asset(s) lacking a price, for the LOW_INFO message. */
  unpriced: readonly string[];
}

export type PriceVerdict =
  | { ok: true }
  | { ok: false; reason: PriceErrorReason; warning: PriceWarningType; message: string };

const WARNING_OF: Record<PriceErrorReason, PriceWarningType> = {
  LOW_INFO_ERROR: 'LOW_INFO_WARNING',
  BAD_PRICE_ERROR: 'BAD_PRICE_WARNING',
  HIGH_LOSS_ERROR: 'BAD_PRICE_WARNING',
};

function fail(reason: PriceErrorReason, message: string): PriceVerdict {
  return { ok: false, reason, warning: WARNING_OF[reason], message };
}

const pctCache = new Map<string, bigint>();
function percentScaled(p: string): bigint {
  let v = pctCache.get(p);
  if (v === undefined) {
    v = parseUsd(p); // same 10^18 fixed point, reused for a percentage
    pctCache.set(p, v);
  }
  return v;
}

export function judgePriceSafety(input: PriceSafetyInput, t: PriceSafetyThresholds): PriceVerdict {
  const { usdIn, usdOut } = input;
  if (usdIn === undefined || usdOut === undefined) {
    const what = input.unpriced.length ? ` (no USD price for ${input.unpriced.join(' and ')})` : '';
    return fail('LOW_INFO_ERROR', `not enough pricing information to determine the price safety of the route${what}`);
  }
  const values = `input usd value: ${formatUsd(usdIn)} output usd value: ${formatUsd(usdOut)}`;
  const loss = usdIn - usdOut;
  // loss / usdIn > pct / 100  ⇔  loss · 100 · 10^18 > pct·10^18 · usdIn
  if (loss > 0n && usdIn > 0n && loss * 100n * 10n ** 18n > percentScaled(t.badPricePercent) * usdIn) {
    return fail('BAD_PRICE_ERROR', `difference in usd value of route input and output is too large. ${values}`);
  }
  if (t.highLossUsd !== null && loss > parseUsd(t.highLossUsd)) {
    return fail(
      'HIGH_LOSS_ERROR',
      `usd loss of the route is above the limit of ${formatUsd(parseUsd(t.highLossUsd))}: ${formatUsd(loss)}. ${values}`,
    );
  }
  return { ok: true };
}

export interface RouteWarningWire {
  type: PriceWarningType;
  message: string;
}

/** The error the route endpoint answers with for a failed check (400, code 3, ErrorInfo detail). */
export function priceSafetyError(v: Extract<PriceVerdict, { ok: false }>): ServiceError {
  return invalidArgument(v.message, [errorInfo(v.reason, {})]);
}

/** Throws for a failed check unless `allowUnsafe`; then returns the route's warning. */
export function enforcePriceSafety(v: PriceVerdict, allowUnsafe: boolean): RouteWarningWire | undefined {
  if (v.ok) return undefined;
  if (!allowUnsafe) throw priceSafetyError(v);
  return { type: v.warning, message: v.message };
}
