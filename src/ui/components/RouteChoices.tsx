/**
 * The routes found for one quote, side by side, as a radio group: what arrives (tokens and USD),
 * fees in USD, time, transactions to sign, bridges, and the Cheapest / Fastest badges. The pick
 * is kept by the quote runner (per question) and is what Route and Build use.
 */
import type { Route } from '../../api/schemas/route';
import { routeChoices, type ChoiceRow, type RouteChoicesModel } from '../model/route-choices';
import type { QuoteRunner, QuoteState } from '../state/quote-runner';
import { BRIDGE_NAMES } from '../state/quote-form';
import { displayAmount, displayEstimate, displayUsd } from '../shared/format';
import { useStore } from '../shared/store';
import { Loading } from './Feedback';

type Ready = Extract<QuoteState, { phase: 'ready' }>;

/** The comparison for the runner's current answer, following new alternatives and picks. */
export function useRouteChoices(runner: QuoteRunner, state: Ready): RouteChoicesModel {
  const alternatives = useStore(runner.alternatives);
  const choice = useStore(runner.choice);
  return routeChoices({ key: state.key, route: state.route }, alternatives, choice);
}

const LABEL_WORDS = { cheapest: 'Cheapest', fastest: 'Fastest' } as const;

export function bridgeWords(bridges: readonly string[]): string {
  return bridges.length === 0 ? 'No bridge (a swap only)' : bridges.map((b) => BRIDGE_NAMES[b] ?? b).join(' + ');
}

function txWords(route: Route): string {
  const n = route.txs_required;
  return typeof n === 'number' ? `${n} transaction${n === 1 ? '' : 's'} to sign` : 'transactions to sign unknown';
}

function Choice({ row, dest, checked, onPick }: { row: ChoiceRow; dest: { decimals: number | null; symbol: string }; checked: boolean; onPick: () => void }) {
  const usd = displayUsd(row.received_usd);
  const fees = displayUsd(row.fees_usd);
  return (
    <label class="courier-choice" data-testid="route-choice" data-bridges={row.bridges.join(',')} data-labels={row.labels.join(' ')} data-selected={checked ? 'true' : undefined}>
      <input type="radio" name="courier-route-choice" value={row.identity} checked={checked} onChange={onPick} />
      <span class="courier-choice-body">
        <span class="courier-choice-title">
          <strong>{bridgeWords(row.bridges)}</strong>
          {row.labels.map((l) => (
            <span key={l} class="courier-pill" data-label={l}>
              {LABEL_WORDS[l]}
            </span>
          ))}
        </span>
        <span data-testid="route-choice-out">
          Receive {displayAmount(row.route.amount_out, dest.decimals, dest.symbol, row.route.dest_asset_denom)}
          {usd ? ` (${usd})` : ''}
        </span>
        <span class="courier-muted courier-small-text">
          Fees {fees ?? 'unknown'} · {displayEstimate(row.duration_seconds)} · {txWords(row.route)}
        </span>
      </span>
    </label>
  );
}

export function RouteChoices({ runner, state, model, dest }: { runner: QuoteRunner; state: Ready; model: RouteChoicesModel; dest: { decimals: number | null; symbol: string } }) {
  const pick = (row: ChoiceRow) => runner.choice.set({ key: state.key, identity: row.identity });
  const single = model.rows.length === 1;
  return (
    <div class="courier-choices" data-testid="route-choices" data-pending={model.pending}>
      {!single && (
        <fieldset class="courier-fieldset">
          <legend>Routes found ({model.rows.length})</legend>
          {model.rows.map((row) => (
            <Choice key={row.identity} row={row} dest={dest} checked={row.identity === model.selected.identity} onPick={() => pick(row)} />
          ))}
        </fieldset>
      )}
      {model.pending > 0 ? (
        <Loading active inline label="Looking for other routes…" />
      ) : (
        single && <p class="courier-muted courier-small-text">No other route found for this transfer.</p>
      )}
      {model.pickGone && (
        <p class="courier-note courier-small-text" role="note">
          The route you picked is no longer offered; the recommended one is selected.
        </p>
      )}
    </div>
  );
}
