/**
 * Route preview: the routes found (the pick can change here too), then every step, fee and
 * figure of the selected one; "Continue" freezes it for building.
 */
import { useEffect, useState } from 'preact/hooks';
import { Row } from '../../components/Bits';
import { DelayedSkeleton, ErrorBox, Loading } from '../../components/Feedback';
import { FeeWarningBanner, RouteFees, RouteSteps, UsdLine, WarningBanner } from '../../components/RouteParts';
import { makeResolver } from '../../model/resolver';
import { checkSlippage } from '../../model/quote-request';
import { routeChainIds } from '../../../api/reading-policy';
import { estimatedMinimumOut, routeWarning } from '../../model/route-model';
import { LOSS_CONFIRM_PERCENT, lossWords, routeLoss } from '../../model/loss-gate';
import { useCatalog } from '../../state/catalog';
import { quoteRunner } from '../../state/runtime';
import { quoteForm } from '../../state/core-stores';
import { flow } from '../../state/stores';
import { displayAmount, displayPercent, displayEstimate, formatAgo } from '../../shared/format';
import { useStore } from '../../shared/store';
import { navigate } from '../routes';
import { RouteChoices, useRouteChoices } from '../../components/RouteChoices';
import type { QuoteRunner, QuoteState } from '../../state/quote-runner';

export default function RouteView() {
  const runner = quoteRunner();
  const state = useStore(runner.state);
  const [accepted, setAccepted] = useState(false);
  const [now, setNow] = useState(Date.now());
  useEffect(() => runner.start(), []);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 5000);
    return () => clearInterval(t);
  }, []);

  const back = (
    <p>
      <a href="#/quote">Back to the form</a>
    </p>
  );
  if (state.phase === 'idle') {
    return (
      <section aria-labelledby="route-title" class="courier-view" data-testid="view-route">
        <h2 id="route-title">Route</h2>
        <p class="courier-muted">{state.plan.message} on the Transfer page first.</p>
        {back}
      </section>
    );
  }
  if (state.phase === 'loading') {
    return (
      <section aria-labelledby="route-title" class="courier-view" data-testid="view-route">
        <h2 id="route-title">Route</h2>
        <Loading active label="Finding a route…" />
        <DelayedSkeleton active lines={6} label="Loading the route" />
      </section>
    );
  }
  if (state.phase === 'error') {
    return (
      <section aria-labelledby="route-title" class="courier-view" data-testid="view-route">
        <h2 id="route-title">Route</h2>
        <ErrorBox error={state.error} onRetry={() => runner.retry()} />
        {back}
      </section>
    );
  }

  return <ReadyRoute runner={runner} state={state} now={now} accepted={accepted} setAccepted={setAccepted} />;
}

function ReadyRoute({
  runner,
  state,
  now,
  accepted,
  setAccepted,
}: {
  runner: QuoteRunner;
  state: Extract<QuoteState, { phase: 'ready' }>;
  now: number;
  accepted: boolean;
  setAccepted: (accepted: boolean) => void;
}) {
  const form = useStore(quoteForm);
  const { catalog } = useCatalog();
  const choices = useRouteChoices(runner, state, form.direction);
  const route = choices.selected.route;
  // accepting one route's warning (or loss) says nothing about another's
  useEffect(() => setAccepted(false), [choices.selected.identity]);
  const { source, dest } = form;
  const resolve = makeResolver(catalog, [source, dest]);
  const srcAsset = source ?? resolve(route.source_asset_chain_id, route.source_asset_denom);
  const dstAsset = dest ?? resolve(route.dest_asset_chain_id, route.dest_asset_denom);
  const slippage = checkSlippage(form.slippage);
  const warning = routeWarning(route);
  const loss = routeLoss(route);
  // one confirmation: a loss from 10% is what the user accepts, and it covers the service's warning too
  const needsAccept = warning !== null || loss.level === 'confirm';

  const proceed = () => {
    flow.set({
      route,
      routeKey: state.key,
      quotedAt: state.at,
      slippage: slippage.ok ? slippage.percent : '1',
      unsafeConfirmed: warning !== null,
      source: source ?? null,
      dest: dest ?? null,
      msgs: null,
      builtFor: null,
      builtAt: null,
    });
    navigate({ name: 'build' });
  };

  return (
    <section aria-labelledby="route-title" class="courier-view" data-testid="view-route">
      <h2 id="route-title">Route</h2>
      <RouteChoices runner={runner} state={state} model={choices} dest={dstAsset} source={srcAsset} />
      <WarningBanner route={route} />
      <FeeWarningBanner route={route} resolve={resolve} />
      {loss.level !== 'none' && (
        <div class="courier-warning" role="note" data-testid="loss-warning" data-level={loss.level} id="loss-warning">
          <p class="courier-error-title">{loss.level === 'confirm' ? 'You would lose a large part of the value' : 'This route loses value'}</p>
          <p>{lossWords(loss)}</p>
          {loss.level === 'confirm' && <p>From a {LOSS_CONFIRM_PERCENT}% loss Courier asks you to accept it before going on.</p>}
        </div>
      )}
      <dl class="courier-kv courier-card">
        <Row term="You send">{displayAmount(route.amount_in, srcAsset.decimals, srcAsset.symbol, route.source_asset_denom)}</Row>
        <Row term="You receive about" testId="route-amount-out">
          <strong>{displayAmount(route.amount_out, dstAsset.decimals, dstAsset.symbol, route.dest_asset_denom)}</strong>
        </Row>
        <Row term={route.does_swap && slippage.ok ? `At least (after ${slippage.percent}% slippage)` : 'At least'}>
          {displayAmount(slippage.ok ? estimatedMinimumOut(route, slippage.percent) : route.amount_out, dstAsset.decimals, dstAsset.symbol, route.dest_asset_denom)}
        </Row>
        {(route.usd_amount_in || route.usd_amount_out) && (
          <Row term="Value">
            <UsdLine route={route} />
          </Row>
        )}
        <Row term="Estimated time" testId="route-duration">{displayEstimate(route.estimated_route_duration_seconds)}</Row>
        <Row term="Price impact">{displayPercent(route.swap_price_impact_percent) ?? (route.does_swap ? 'not given' : 'none (no swap)')}</Row>
        <Row term="Transactions to sign">{route.txs_required ?? 'unknown'}</Row>
        <Row term="Chains">{routeChainIds(route).map((id) => catalog?.chainName(id) ?? id).join(' → ')}</Row>
      </dl>

      <h3>Steps</h3>
      <RouteSteps route={route} resolve={resolve} catalog={catalog} />

      <h3>Fees</h3>
      <RouteFees route={route} resolve={resolve} />

      <p class="courier-muted courier-small-text">
        {state.refreshing ? 'Refreshing the quote…' : `Quoted ${formatAgo(state.at, now)}. It refreshes every 30 s until you continue.`}
      </p>
      {needsAccept && (
        <label class="courier-accept">
          <input
            type="checkbox"
            checked={accepted}
            aria-describedby={loss.level === 'confirm' ? 'loss-warning' : undefined}
            onChange={(e) => setAccepted((e.target as HTMLInputElement).checked)}
          />{' '}
          {loss.level === 'confirm' ? 'I accept the loss' : 'I accept this route despite the warning'}
        </label>
      )}
      <div class="courier-actions">
        <a href="#/quote" class="courier-button">
          Change
        </a>
        {/* the route picked is still being looked for: Continue would build another one */}
        <button type="button" class="courier-button" data-variant="primary" disabled={(needsAccept && !accepted) || choices.pick === 'looking'} onClick={proceed}>
          Continue to addresses
        </button>
      </div>
    </section>
  );
}
