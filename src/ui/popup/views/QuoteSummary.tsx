/**
 * The answer to a quote: the routes found side by side (the default first to show, the others as
 * they arrive), then amounts, time, steps and fees of the one selected; loaded with the first
 * answer (it needs the route model).
 */
import { Row } from '../../components/Bits';
import { FeeList, FeeWarningBanner, UsdLine, WarningBanner } from '../../components/RouteParts';
import { feeTotal, feeTotalWords } from '../../model/fees';
import { checkSlippage } from '../../model/quote-request';
import { makeResolver } from '../../model/resolver';
import { estimatedMinimumOut, routeFees, routeSteps, txsToSignWords } from '../../model/route-model';
import type { Route } from '../../../api/schemas/route';
import { useCatalog } from '../../state/catalog';
import type { QuoteForm } from '../../state/quote-form';
import { displayAmount, displayPercent, displayEstimate, displayUsd, formatAgo } from '../../shared/format';
import { navigate } from '../routes';
import { RouteChoices, useRouteChoices } from '../../components/RouteChoices';
import type { QuoteRunner, QuoteState } from '../../state/quote-runner';

type Ready = Extract<QuoteState, { phase: 'ready' }>;

export default function QuoteSummary({ runner, state, form, now }: { runner: QuoteRunner; state: Ready; form: QuoteForm; now: number }) {
  const { catalog } = useCatalog();
  const choices = useRouteChoices(runner, state, form.direction);
  const { at, refreshing } = state;
  const route: Route = choices.selected.route;
  const { source, dest } = form;
  if (!source || !dest) return null;
  const resolve = makeResolver(catalog, [source, dest]);
  const slippage = checkSlippage(form.slippage);
  const fees = routeFees(route);
  return (
    <div class="courier-card" data-testid="quote-summary">
      <RouteChoices runner={runner} state={state} model={choices} dest={dest} source={source} />
      <WarningBanner route={route} />
      <FeeWarningBanner route={route} resolve={resolve} />
      <dl class="courier-kv">
        <Row term="You receive about" testId="quote-amount-out">
          <strong>{displayAmount(route.amount_out, dest.decimals, dest.symbol, dest.denom)}</strong>
        </Row>
        {form.direction === 'out' && (
          <Row term="You send">{displayAmount(route.amount_in, source.decimals, source.symbol, source.denom)}</Row>
        )}
        {route.does_swap && slippage.ok && (
          <Row term={`At least (after ${slippage.percent}% slippage)`}>
            {displayAmount(estimatedMinimumOut(route, slippage.percent), dest.decimals, dest.symbol, dest.denom)}
          </Row>
        )}
        {(route.usd_amount_in || route.usd_amount_out) && (
          <Row term="Value">
            <UsdLine route={route} />
          </Row>
        )}
        <Row term="Time" testId="quote-duration">{displayEstimate(route.estimated_route_duration_seconds)}</Row>
        <Row term="Steps">
          {routeSteps(route).length} · {txsToSignWords(route.txs_required)}
        </Row>
        {displayPercent(route.swap_price_impact_percent) && <Row term="Price impact">{displayPercent(route.swap_price_impact_percent)}</Row>}
      </dl>
      {fees.length > 0 && (
        <details class="courier-details">
          <summary>Fees: {feeTotalWords(feeTotal(fees), displayUsd)}</summary>
          <FeeList fees={fees} resolve={resolve} />
        </details>
      )}
      <p class="courier-muted courier-small-text">
        {refreshing ? 'Refreshing the quote…' : `Quoted ${formatAgo(at, now)}; refreshes every 30 s while the form stays the same.`}
      </p>
      <button type="button" class="courier-button" data-variant="primary" onClick={() => navigate({ name: 'route' })}>
        Review route
      </button>
    </div>
  );
}
