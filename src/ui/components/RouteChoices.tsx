/**
 * The routes found for one quote, side by side, as a radio group: what arrives (tokens and USD),
 * fees in USD, time, transactions to sign, bridges, and the Cheapest / Fastest badges. The pick
 * is kept by the quote runner (per question) and is what Route and Build use.
 */
import type { Route } from '../../api/schemas/route';
import { choiceFor, routeChoices, type ChoiceRow, type RouteChoicesModel } from '../model/route-choices';
import type { FixedAmount } from '../../routes/compare';
import { feeWarning, routeFeeSummary } from '../../routes/fees';
import { apiSymbol, feeTotal, feeTotalWords, feeWarningShortWords, payersShortWords, type SymbolOf } from '../model/fees';
import type { QuoteRunner, QuoteState } from '../state/quote-runner';
import { BRIDGE_NAMES } from '../state/quote-form';
import { displayAmount, displayEstimate, displayUsd } from '../shared/format';
import { useStore } from '../shared/store';
import { Loading } from './Feedback';

type Ready = Extract<QuoteState, { phase: 'ready' }>;

/** The comparison for the runner's current answer, following new alternatives and picks. */
export function useRouteChoices(runner: QuoteRunner, state: Ready, fixed: FixedAmount = 'in'): RouteChoicesModel {
  const alternatives = useStore(runner.alternatives);
  const choice = useStore(runner.choice);
  return routeChoices({ key: state.key, route: state.route }, alternatives, choice, fixed);
}

const LABEL_WORDS = { cheapest: 'Cheapest', fastest: 'Fastest' } as const;

export function bridgeWords(bridges: readonly string[]): string {
  return bridges.length === 0 ? 'No bridge (a swap only)' : bridges.map((b) => BRIDGE_NAMES[b] ?? b).join(' + ');
}

function txWords(route: Route): string {
  const n = route.txs_required;
  return typeof n === 'number' ? `${n} transaction${n === 1 ? '' : 's'} to sign` : 'transactions to sign unknown';
}

type Shown = { decimals: number | null; symbol: string };

function Choice({ row, dest, source, fixed, checked, onPick }: { row: ChoiceRow; dest: Shown; source: Shown | null; fixed: FixedAmount; checked: boolean; onPick: () => void }) {
  const usd = displayUsd(row.received_usd);
  const sentUsd = displayUsd(row.route.usd_amount_in);
  // each fee once, the same total as the Route view and Build (src/routes/fees.ts)
  const summary = routeFeeSummary(row.route);
  // a relay fee quote names its token by denom only: the token sent, named as the form names it
  const sourceDenom = row.route.source_asset_denom.toLowerCase();
  const symbolOf: SymbolOf = (fee) => (!fee.asset && source && fee.denom?.toLowerCase() === sourceDenom ? source.symbol : apiSymbol(fee));
  const payers = payersShortWords(summary, symbolOf);
  const heavy = feeWarning(row.route, summary);
  const receive = (
    <span data-testid="route-choice-out" class={fixed === 'out' ? 'courier-muted courier-small-text' : undefined}>
      Receive {displayAmount(row.route.amount_out, dest.decimals, dest.symbol, row.route.dest_asset_denom)}
      {usd ? ` (${usd})` : ''}
    </span>
  );
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
        {fixed === 'out' ? (
          // what arrives is fixed: what differs between routes is what each costs to send
          <>
            <span data-testid="route-choice-in">
              Send {displayAmount(row.route.amount_in, source?.decimals, source?.symbol ?? '', row.route.source_asset_denom)}
              {sentUsd ? ` (${sentUsd})` : ''}
            </span>
            {receive}
          </>
        ) : (
          receive
        )}
        <span class="courier-muted courier-small-text">
          <span data-testid="route-choice-fees">
            Fees {feeTotalWords(feeTotal(summary.fees), displayUsd)}
            {payers ? ` (${payers})` : ''}
          </span>{' '}
          · {displayEstimate(row.duration_seconds)} · {txWords(row.route)}
        </span>
        {heavy && (
          <span class="courier-fee-flag courier-small-text" data-testid="route-choice-fee-warning" data-level={heavy.level}>
            <span aria-hidden="true">⚠ </span>
            {feeWarningShortWords(heavy, symbolOf)}
          </span>
        )}
      </span>
    </label>
  );
}

/** What the note under the routes says about the user's pick, or null when there is nothing to say. */
export function pickWords(model: Pick<RouteChoicesModel, 'pick' | 'pickedBridges' | 'selected'>): string | null {
  const picked = model.pickedBridges ? bridgeWords(model.pickedBridges) : 'The route you picked';
  if (model.pick === 'looking') return `Looking for the route you picked (${picked}) among the routes still being asked…`;
  if (model.pick === 'gone') {
    return (
      `The route you picked (${picked}) is not offered any more: the service did not return it when this quote was asked again. ` +
      `${bridgeWords(model.selected.bridges)}, the recommended route, is selected instead; pick another above if you prefer.`
    );
  }
  return null;
}

export function RouteChoices({
  runner,
  state,
  model,
  dest,
  source = null,
}: {
  runner: QuoteRunner;
  state: Ready;
  model: RouteChoicesModel;
  dest: Shown;
  /** The asset sent, for the cards when what arrives is fixed (they show what each route costs to send). */
  source?: Shown | null;
}) {
  const pick = (row: ChoiceRow) => runner.choice.set(choiceFor(state.key, row));
  const single = model.rows.length === 1;
  // while the pick is looked for, nothing is checked: the default is not what the user chose
  const checked = (row: ChoiceRow) => model.pick !== 'looking' && row.identity === model.selected.identity;
  const note = pickWords(model);
  return (
    <div class="courier-choices" data-testid="route-choices" data-pending={model.pending} data-pick={model.pick}>
      {!single && (
        <fieldset class="courier-fieldset">
          <legend>Routes found ({model.rows.length})</legend>
          {model.rows.map((row) => (
            <Choice key={row.identity} row={row} dest={dest} source={source} fixed={model.fixed} checked={checked(row)} onPick={() => pick(row)} />
          ))}
        </fieldset>
      )}
      {model.pending > 0 ? (
        <Loading active inline label="Looking for other routes…" />
      ) : (
        single && <p class="courier-muted courier-small-text">No other route found for this transfer.</p>
      )}
      {note && (
        <p class="courier-note courier-small-text" role={model.pick === 'gone' ? 'alert' : 'status'} data-testid="pick-note">
          {note}
        </p>
      )}
    </div>
  );
}
