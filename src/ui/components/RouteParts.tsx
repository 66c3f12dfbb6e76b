/** Pieces of a route preview: the steps, the fees, the warning. */
import type { Route } from '../../api/schemas/route';
import type { Catalog } from '../../chains/catalog/catalog';
import type { Resolver } from '../model/resolver';
import { feeAmountWords, routeFees, routeSteps, routeWarning, totalUsd, type FeeLine } from '../model/route-model';
import { displayAmount, displayPercent, displayUsd } from '../shared/format';
import { CodeBlock } from './Bits';

const chainLabel = (catalog: Catalog | null, id: string | null) => (id ? (catalog?.chainName(id) ?? id) : 'unknown chain');

export function RouteSteps({ route, resolve, catalog }: { route: Route; resolve: Resolver; catalog: Catalog | null }) {
  const steps = routeSteps(route);
  return (
    <ol class="courier-steps" aria-label="Steps" data-testid="route-steps">
      {steps.map((step) => {
        const inAsset = step.fromChainId && step.denomIn ? resolve(step.fromChainId, step.denomIn) : null;
        const outAsset = step.toChainId && step.denomOut ? resolve(step.toChainId, step.denomOut) : null;
        const unknown = step.kind === 'unknown';
        return (
          <li key={step.index} class="courier-step" data-kind={step.kind} data-testid="route-step">
            <p class="courier-step-title">
              <strong>{step.title}</strong>
              {unknown ? (
                <span class="courier-tag courier-tag-warn">
                  {' '}
                  kind “{step.rawKind}” is not known to Courier
                </span>
              ) : (
                step.via && <span class="courier-tag"> {step.via}</span>
              )}
            </p>
            <p class="courier-step-chains">
              {step.fromChainId === step.toChainId ? (
                <>on {chainLabel(catalog, step.fromChainId)}</>
              ) : (
                <>
                  {chainLabel(catalog, step.fromChainId)} <span aria-hidden="true">→</span>
                  <span class="courier-visually-hidden"> to </span> {chainLabel(catalog, step.toChainId)}
                </>
              )}
            </p>
            {(step.amountIn || step.amountOut) && (
              <p class="courier-step-amounts">
                {step.amountIn && inAsset && <span>{displayAmount(step.amountIn, inAsset.decimals, inAsset.symbol, inAsset.denom)}</span>}
                {step.amountIn && step.amountOut && <span aria-hidden="true"> → </span>}
                {step.amountOut && outAsset && (
                  <span>
                    <span class="courier-visually-hidden"> becomes </span>
                    {displayAmount(step.amountOut, outAsset.decimals, outAsset.symbol, outAsset.denom)}
                  </span>
                )}
              </p>
            )}
            {step.priceImpactPercent && <p class="courier-muted courier-small-text">Price impact {displayPercent(step.priceImpactPercent)}</p>}
            {unknown && (
              <details class="courier-details">
                <summary>What the service sent for this step</summary>
                <CodeBlock text={JSON.stringify(step.raw, null, 2)} label={`Step ${step.index + 1} as received`} />
              </details>
            )}
          </li>
        );
      })}
    </ol>
  );
}

const BEHAVIOR_WORDS: Record<FeeLine['behavior'], string> = {
  deducted: 'taken from the amount sent',
  additional: 'paid on top of the amount sent',
  included: 'included in the quote',
  unknown: 'how it is charged is not stated',
};

export function FeeList({ fees, resolve }: { fees: FeeLine[]; resolve: Resolver }) {
  if (fees.length === 0) return <p class="courier-muted" data-testid="fees-none">No fees beyond network gas.</p>;
  const total = totalUsd(fees.map((f) => f.usd));
  return (
    <>
      <ul class="courier-fees" data-testid="fees">
        {fees.map((fee, i) => {
          const asset = fee.asset ?? (fee.chainId && fee.denom ? resolve(fee.chainId, fee.denom) : null);
          const amount = feeAmountWords({ amount: fee.amount, asset }, (a, info) => displayAmount(a, info.decimals, info.symbol, info.denom));
          const usd = displayUsd(fee.usd);
          return (
            <li key={i}>
              <span>{fee.label}</span>
              <span>
                {amount}
                {usd && <span class="courier-muted"> ({usd})</span>}
              </span>
              <span class="courier-muted courier-small-text">{BEHAVIOR_WORDS[fee.behavior]}</span>
            </li>
          );
        })}
      </ul>
      {total && <p class="courier-small-text">Fees in total ≈ {displayUsd(total)}</p>}
    </>
  );
}

export function RouteFees({ route, resolve }: { route: Route; resolve: Resolver }) {
  return <FeeList fees={routeFees(route)} resolve={resolve} />;
}

export function WarningBanner({ route }: { route: Route }) {
  const words = routeWarning(route);
  if (!words) return null;
  return (
    <div class="courier-warning" role="alert" data-testid="route-warning" data-type={words.type}>
      <p class="courier-error-title">Warning: {words.title}</p>
      <p>{words.explanation}</p>
      {words.message && (
        <details class="courier-details">
          <summary>What the service said</summary>
          <p>{words.message}</p>
        </details>
      )}
    </div>
  );
}

export function UsdLine({ route }: { route: Route }) {
  const inUsd = displayUsd(route.usd_amount_in);
  const outUsd = displayUsd(route.usd_amount_out);
  if (!inUsd && !outUsd) return null;
  return (
    <>
      {inUsd && <span>{inUsd} in</span>}
      {inUsd && outUsd && <span aria-hidden="true"> → </span>}
      {outUsd && <span>{outUsd} out</span>}
    </>
  );
}
