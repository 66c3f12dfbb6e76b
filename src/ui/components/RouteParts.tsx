/** Pieces of a route preview: the steps, the fees, the warning. */
import type { Route } from '../../api/schemas/route';
import type { Catalog } from '../../chains/catalog/catalog';
import type { Resolver } from '../model/resolver';
import { feeAmountWords, routeFees, routeSteps, routeWarning, type FeeLine } from '../model/route-model';
import { feeWarning, routeFeeSummary, type RouteFee, type RouteFeeSummary } from '../../routes/fees';
import { apiSymbol, feeTotal, feeTotalWords, feeWarningTitle, payerGroupWords, payerWords, type SymbolOf } from '../model/fees';
import { fromApiAsset } from '../model/assets';
import { shortDenom } from '../shared/denom';
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

/** A fee's token by symbol: the API's asset, else the catalog's, else the denom. */
const symbolWith =
  (resolve: Resolver): SymbolOf =>
  (fee) =>
    apiSymbol({ ...fee, denom: null }) ?? (fee.chainId && fee.denom ? resolve(fee.chainId, fee.denom).symbol : fee.denom ? shortDenom(fee.denom) : null);

/**
 * Every fee once (src/routes/fees.ts), each with who pays it and in which token, the parts an
 * operation itemises, and the total: the same figure as the route's card.
 */
export function FeeList({ fees, resolve }: { fees: FeeLine[]; resolve: Resolver }) {
  if (fees.length === 0) return <p class="courier-muted" data-testid="fees-none">No fees beyond network gas.</p>;
  const total = feeTotal(fees);
  return (
    <>
      <ul class="courier-fees" data-testid="fees">
        {fees.map((fee, i) => {
          const asset = fee.asset ?? (fee.chainId && fee.denom ? resolve(fee.chainId, fee.denom) : null);
          const inAsset = (a: string | null) =>
            feeAmountWords({ amount: a, asset }, (value, info) => displayAmount(value, info.decimals, info.symbol, info.denom));
          const usd = displayUsd(fee.usd);
          const symbol = asset?.symbol ?? (fee.denom ? shortDenom(fee.denom) : null);
          return (
            <li key={i} data-testid="fee" data-payer={fee.behavior} data-source={fee.source}>
              <span>{fee.label}</span>
              <span>
                {inAsset(fee.amount)}
                {usd && <span class="courier-muted"> ({usd})</span>}
              </span>
              <span class="courier-muted courier-small-text courier-fee-payer" data-testid="fee-payer">
                {payerWords(fee.behavior, symbol)}
              </span>
              {fee.parts.length > 0 && (
                <ul class="courier-fee-parts" aria-label={`${fee.label}, in parts`}>
                  {fee.parts.map((part, p) => (
                    <li key={p} class="courier-small-text">
                      <span>{part.label}</span>
                      <span>
                        {inAsset(part.amount)}
                        {displayUsd(part.usd) && <span class="courier-muted"> ({displayUsd(part.usd)})</span>}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
      <p class="courier-small-text" data-testid="fees-total" data-usd={total.totalUsd ?? ''}>
        Fees in total{total.totalUsd !== null ? ' ≈ ' : ': '}
        {feeTotalWords(total, displayUsd)}
      </p>
    </>
  );
}

export function RouteFees({ route, resolve }: { route: Route; resolve: Resolver }) {
  return <FeeList fees={routeFees(route)} resolve={resolve} />;
}

/**
 * Fees larger than a tenth of what is sent, or than all of it: how much they weigh, and who pays
 * each (taken from the amount, or on top) in which token.
 */
export function FeeWarningBanner({ route, fees, resolve }: { route: Route; fees?: RouteFeeSummary; resolve: Resolver }) {
  const summary = fees ?? routeFeeSummary(route);
  const warning = feeWarning(route, summary);
  if (!warning) return null;
  const symbolOf = symbolWith(resolve);
  const amountOf = (fee: RouteFee) => {
    const info = fee.asset ? fromApiAsset(fee.asset) : fee.chainId && fee.denom ? resolve(fee.chainId, fee.denom) : null;
    return feeAmountWords({ amount: fee.amount, asset: info }, (value, i) => displayAmount(value, i.decimals, i.symbol, i.denom));
  };
  return (
    <div class="courier-warning" role="note" data-testid="fee-warning" data-level={warning.level}>
      <p class="courier-error-title">{feeWarningTitle(warning)}</p>
      <p>
        {warning.level === 'exceeds'
          ? 'The fees cost more than the amount you send. Check the amount before going on.'
          : 'The fees are a large part of this transfer. Fixed fees weigh less on a larger amount.'}
      </p>
      <ul class="courier-small-text">
        {warning.payers.map((group) => {
          const words = payerGroupWords(group, symbolOf);
          return (
            <li key={group.payer} data-payer={group.payer}>
              {words.charAt(0).toUpperCase() + words.slice(1)}: {group.fees.map((f) => `${f.label} ${amountOf(f)}`).join('; ')}
            </li>
          );
        })}
      </ul>
      {warning.weight.unweighed > 0 && (
        <p class="courier-small-text">
          {warning.weight.unweighed} fee{warning.weight.unweighed === 1 ? '' : 's'} could not be weighed (no price): the share may be higher.
        </p>
      )}
    </div>
  );
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
