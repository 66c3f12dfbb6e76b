/**
 * From the quote form to a route request, or the reason there is none yet. Pure: the quote
 * runner, the form's messages and the unit tests share it.
 */
import type { RouteRequest } from '../../api/schemas/route';
import { parseDisplayAmount } from '../../chains/amounts';
import type { QuoteForm } from '../state/quote-form';

export type RoutePlan =
  | { ok: true; body: RouteRequest; key: string }
  | { ok: false; reason: 'incomplete'; message: string }
  | { ok: false; reason: 'invalid-amount'; message: string }
  | { ok: false; reason: 'same-asset'; message: string }
  | { ok: false; reason: 'no-decimals'; message: string };

export type SlippageCheck = { ok: true; percent: string } | { ok: false; message: string };

/** Slippage in percent: more than 0, at most 50, at most two decimals. */
export function checkSlippage(text: string): SlippageCheck {
  const t = text.trim();
  if (t === '') return { ok: false, message: 'Enter a slippage tolerance' };
  if (!/^(?:\d+(?:\.\d{0,2})?|\.\d{1,2})$/.test(t)) {
    return { ok: false, message: 'Write the slippage as a number such as 0.5 (at most two decimals)' };
  }
  const n = Number(t);
  if (n <= 0) return { ok: false, message: 'The slippage must be more than 0%' };
  if (n > 50) return { ok: false, message: 'The slippage can be at most 50%' };
  return { ok: true, percent: String(n) };
}

/** The request body of a form, without allow_unsafe; `allowUnsafe` adds it. */
export function planRouteRequest(form: QuoteForm, options: { allowUnsafe?: boolean } = {}): RoutePlan {
  const { source, dest } = form;
  if (!source || !dest) return { ok: false, reason: 'incomplete', message: 'Choose what to send and what to receive' };
  if (source.chainId === dest.chainId && source.denom === dest.denom) {
    return { ok: false, reason: 'same-asset', message: 'Choose a different asset or chain to receive' };
  }
  const amountAsset = form.direction === 'in' ? source : dest;
  if (form.amount.trim() === '') return { ok: false, reason: 'incomplete', message: 'Enter an amount' };
  if (amountAsset.decimals === null) {
    return {
      ok: false,
      reason: 'no-decimals',
      message: `Courier does not know the decimals of ${amountAsset.symbol}, so it cannot read a display amount for it`,
    };
  }
  const parsed = parseDisplayAmount(form.amount, amountAsset.decimals);
  if (!parsed.ok) return { ok: false, reason: 'invalid-amount', message: parsed.message };
  if (/^0+$/.test(parsed.baseUnits)) return { ok: false, reason: 'invalid-amount', message: 'Enter an amount greater than zero' };

  const body: RouteRequest = {
    source_asset_denom: source.denom,
    source_asset_chain_id: source.chainId,
    dest_asset_denom: dest.denom,
    dest_asset_chain_id: dest.chainId,
    ...(form.direction === 'in' ? { amount_in: parsed.baseUnits } : { amount_out: parsed.baseUnits }),
    allow_multi_tx: form.allowMultiTx,
    smart_relay: form.smartRelay,
    allow_swaps: form.allowSwaps,
    ...(form.bridges.length > 0 ? { bridges: [...form.bridges].sort() } : {}),
    ...(options.allowUnsafe ? { allow_unsafe: true } : {}),
  };
  return { ok: true, body, key: requestKey(body) };
}

/** A stable identity for a request: same key, same question. */
export function requestKey(body: RouteRequest): string {
  const sorted: Record<string, unknown> = {};
  for (const k of Object.keys(body).sort()) sorted[k] = (body as Record<string, unknown>)[k];
  return JSON.stringify(sorted);
}
