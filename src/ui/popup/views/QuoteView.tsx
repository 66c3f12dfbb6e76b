/**
 * Quote: what to send, what to receive, how much, and the options; the quote follows the form.
 * The first render of this view must not wait for zod (see state/quote-form.ts): everything it
 * imports is zod-free, and the summary of an answer (route model, fees) loads with the answer.
 */
import { useEffect, useState } from 'preact/hooks';
import { fromBaseUnits } from '../../../chains/amounts';
import { CatalogAssetPicker, ReachableAssetPicker } from '../../components/AssetPickers';
import { DelayedSkeleton, ErrorBox, Loading } from '../../components/Feedback';
import { checkSlippage, planRouteRequest } from '../../model/quote-request';
import { maxSendAmount } from '../../model/fee-reserve';
import { balanceCache, balanceKey, fetchBalances } from '../../state/balances';
import { addressBook, quoteForm } from '../../state/core-stores';
import { BRIDGE_IDS, BRIDGE_NAMES, formKinds, SLIPPAGE_PRESETS, type AssetRef, type QuoteForm } from '../../state/quote-form';
import { useCatalog } from '../../state/catalog';
import { quoteRunner } from '../../state/runtime';
import { displayAmount } from '../../shared/format';
import { minimumWords } from '../../../words/minimum';
import { lazyComponent } from '../../shared/lazy';
import { useStore } from '../../shared/store';

const QuoteSummary = lazyComponent(() => import('./QuoteSummary'), <DelayedSkeleton active lines={3} label="Loading the quote" />);

function update(patch: Partial<QuoteForm>) {
  quoteForm.set((f) => ({ ...f, ...patch }));
}

/** The source balance at the remembered address, when there is one. */
function useSourceBalance(source: AssetRef | null) {
  const book = useStore(addressBook);
  const cache = useStore(balanceCache);
  const address = source ? book.byChain[source.chainId] : undefined;
  const key = source && address ? balanceKey(source.chainId, address, source.denom) : null;
  useEffect(() => {
    if (!source || !address || !key || cache[key]) return;
    fetchBalances({ chains: { [source.chainId]: { address, denoms: [source.denom] } } }).catch(() => undefined);
  }, [key]);
  const lookup = key ? cache[key] : undefined;
  return lookup?.status === 'ready' && lookup.entry ? (lookup.entry.amount ?? null) : null;
}

/** The service's minimum, in the token sent when it can be ("at least 0.410412 USDC"), with a button that sends it. */
function MinimumLine({ minimum, source }: { minimum: { amount: string; unit: string | null }; source: AssetRef | null }) {
  const { words, display } = minimumWords(minimum, source);
  return (
    <p data-testid="quote-minimum" data-amount={minimum.amount} data-unit={minimum.unit ?? ''}>
      Send {words}.{' '}
      {display !== null && (
        <button type="button" class="courier-button" data-testid="use-minimum" onClick={() => update({ amount: display, direction: 'in' })}>
          Use {display} {source!.symbol}
        </button>
      )}
    </p>
  );
}

export default function QuoteView() {
  const form = useStore(quoteForm);
  const runner = quoteRunner();
  const state = useStore(runner.state);
  const [now, setNow] = useState(Date.now());
  const [unsafeAck, setUnsafeAck] = useState(false);
  useEffect(() => runner.start(), []);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 5000);
    return () => clearInterval(t);
  }, []);
  useEffect(() => setUnsafeAck(false), [state.phase === 'error' ? state.key : null]);

  const amountAsset = form.direction === 'in' ? form.source : form.dest;
  const plan = planRouteRequest(form);
  const amountProblem = plan.ok ? null : plan.reason === 'invalid-amount' || plan.reason === 'no-decimals' ? plan.message : null;
  const slippage = checkSlippage(form.slippage);
  const balance = useSourceBalance(form.source);
  const { catalog } = useCatalog();
  // Sending a chain's whole fee token leaves nothing to pay for the transaction itself.
  const isFeeToken = form.source !== null && (catalog?.chain(form.source.chainId)?.feeDenoms.includes(form.source.denom) ?? false);
  const sendsAll =
    balance !== null && form.source?.decimals != null && form.direction === 'in' && plan.ok && plan.body.amount_in === balance;
  // Max leaves one transaction's fee behind when the sent asset pays it (the API's average gas price)
  const gasPrice = isFeeToken && form.source ? (catalog?.chain(form.source.chainId)?.gasPrices?.[form.source.denom] ?? null) : null;
  const max = balance !== null ? maxSendAmount(balance, gasPrice) : null;
  const sendsMax = max?.kind === 'reserved' && form.direction === 'in' && plan.ok && plan.body.amount_in === max.amount;
  const feeWords = (reserve: string) => (form.source ? displayAmount(reserve, form.source.decimals, form.source.symbol, form.source.denom) : reserve);

  const setMax = () => {
    if (!form.source || max === null || max.kind === 'short' || form.source.decimals === null) return;
    update({ amount: fromBaseUnits(max.amount, form.source.decimals), direction: 'in' });
  };

  const flip = () => update({ source: form.dest, dest: form.source });

  return (
    <section aria-labelledby="quote-title" class="courier-view" data-testid="view-quote">
      <h2 id="quote-title">New transfer</h2>
      <form
        class="courier-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (state.phase === 'ready') location.hash = '#/route';
        }}
      >
        <fieldset class="courier-fieldset">
          <legend>You send</legend>
          <CatalogAssetPicker label="Asset to send" value={form.source} onChange={(source) => update({ source })} kinds={formKinds(form)} testId="pick-source" />
        </fieldset>
        <div class="courier-flip">
          <button type="button" class="courier-button courier-small" onClick={flip} disabled={!form.source && !form.dest}>
            <span aria-hidden="true">⇅ </span>Swap send and receive
          </button>
        </div>
        <fieldset class="courier-fieldset">
          <legend>You receive</legend>
          <ReachableAssetPicker
            label="Asset to receive"
            source={form.source}
            value={form.dest}
            onChange={(dest) => update({ dest })}
            reach={{ allowMultiTx: form.allowMultiTx, includeSwaps: form.allowSwaps, includeCw20: form.includeCw20 }}
            kinds={formKinds(form)}
            testId="pick-dest"
          />
        </fieldset>

        <fieldset class="courier-fieldset courier-inline-radios">
          <legend>The amount is</legend>
          <label>
            <input type="radio" name="direction" checked={form.direction === 'in'} onChange={() => update({ direction: 'in' })} /> what I send
          </label>
          <label>
            <input type="radio" name="direction" checked={form.direction === 'out'} onChange={() => update({ direction: 'out' })} /> what arrives
          </label>
        </fieldset>

        <div class="courier-field">
          <label for="quote-amount">
            {form.direction === 'in' ? 'Amount to send' : 'Amount to receive'}
            {amountAsset ? ` (${amountAsset.symbol})` : ''}
          </label>
          <div class="courier-input-row">
            <input
              id="quote-amount"
              class="courier-input"
              type="text"
              inputMode="decimal"
              autocomplete="off"
              spellcheck={false}
              placeholder="0.0"
              value={form.amount}
              aria-invalid={amountProblem ? 'true' : undefined}
              aria-describedby={amountProblem ? 'quote-amount-problem' : balance !== null ? 'quote-balance' : undefined}
              onInput={(e) => update({ amount: (e.target as HTMLInputElement).value })}
            />
            {balance !== null && form.direction === 'in' && (
              <button
                type="button"
                class="courier-button courier-small"
                onClick={setMax}
                disabled={max?.kind === 'short'}
                aria-describedby={max?.kind === 'short' ? 'quote-max-note' : undefined}
              >
                Max
                <span class="courier-visually-hidden">
                  {max?.kind === 'reserved' ? ' (the balance less the network fee)' : ' (use the whole balance)'}
                </span>
              </button>
            )}
          </div>
          {amountProblem && (
            <p class="courier-problem" id="quote-amount-problem" data-testid="amount-problem">
              {amountProblem}
            </p>
          )}
          {balance !== null && form.source && (
            <p class="courier-muted courier-small-text" id="quote-balance">
              Balance: {displayAmount(balance, form.source.decimals, form.source.symbol, form.source.denom)}
            </p>
          )}
          {sendsMax && max?.kind === 'reserved' && (
            <p class="courier-note courier-small-text" role="note" id="quote-max-note" data-testid="max-reserve">
              Max keeps {feeWords(max.reserve)} for the network fee.
            </p>
          )}
          {max?.kind === 'short' && form.direction === 'in' && form.source && (
            <p class="courier-note courier-small-text" role="note" id="quote-max-note" data-testid="max-reserve">
              Your balance does not cover the network fee of about {feeWords(max.reserve)}: add some {form.source.symbol} to send it.
            </p>
          )}
          {sendsAll && isFeeToken && form.source && (
            <p class="courier-note courier-small-text" role="note">
              This is your whole {form.source.symbol} balance, and {form.source.symbol} also pays the network fee: keep a little to sign the transaction.
            </p>
          )}
        </div>

        <details
          class="courier-details courier-options"
          open={form.optionsOpen}
          onToggle={(e) => update({ optionsOpen: (e.target as HTMLDetailsElement).open })}
        >
          <summary>Options</summary>
          <fieldset class="courier-fieldset courier-inline-radios">
            <legend>Slippage tolerance</legend>
            {SLIPPAGE_PRESETS.map((p) => (
              <label key={p}>
                <input type="radio" name="slippage" checked={!form.slippageCustom && form.slippage === p} onChange={() => update({ slippage: p, slippageCustom: false })} /> {p}%
              </label>
            ))}
            <label>
              <input type="radio" name="slippage" checked={form.slippageCustom} onChange={() => update({ slippageCustom: true })} /> custom
            </label>
            {form.slippageCustom && (
              <span class="courier-input-row">
                <input
                  class="courier-input courier-narrow"
                  type="text"
                  inputMode="decimal"
                  aria-label="Custom slippage tolerance in percent"
                  value={form.slippage}
                  aria-invalid={slippage.ok ? undefined : 'true'}
                  aria-describedby={slippage.ok ? undefined : 'slippage-problem'}
                  onInput={(e) => update({ slippage: (e.target as HTMLInputElement).value })}
                />
                <span aria-hidden="true">%</span>
              </span>
            )}
            {!slippage.ok && (
              <p class="courier-problem" id="slippage-problem">
                {slippage.message}
              </p>
            )}
          </fieldset>
          <fieldset class="courier-fieldset courier-checks courier-bridges">
            <legend>Bridges (none ticked: any)</legend>
            {BRIDGE_IDS.map((b) => (
              <label key={b}>
                <input
                  type="checkbox"
                  checked={form.bridges.includes(b)}
                  onChange={(e) => {
                    const on = (e.target as HTMLInputElement).checked;
                    update({ bridges: on ? [...form.bridges, b] : form.bridges.filter((x) => x !== b) });
                  }}
                />{' '}
                {BRIDGE_NAMES[b] ?? b}
              </label>
            ))}
          </fieldset>
          <fieldset class="courier-fieldset courier-checks">
            <legend>Routing</legend>
            <label>
              <input type="checkbox" checked={form.allowMultiTx} onChange={(e) => update({ allowMultiTx: (e.target as HTMLInputElement).checked })} /> Allow routes that need several transactions
            </label>
            <label>
              <input type="checkbox" checked={form.smartRelay} onChange={(e) => update({ smartRelay: (e.target as HTMLInputElement).checked })} /> Use smart relay
            </label>
            <label>
              <input type="checkbox" checked={form.allowSwaps} onChange={(e) => update({ allowSwaps: (e.target as HTMLInputElement).checked })} /> Allow swaps
            </label>
          </fieldset>
          <fieldset class="courier-fieldset courier-checks">
            <legend>Assets offered</legend>
            <label>
              <input type="checkbox" checked={form.includeEvm} onChange={(e) => update({ includeEvm: (e.target as HTMLInputElement).checked })} /> EVM chains and tokens
            </label>
            <label>
              <input type="checkbox" checked={form.includeSvm} onChange={(e) => update({ includeSvm: (e.target as HTMLInputElement).checked })} /> Solana (SVM) tokens
            </label>
            <label>
              <input type="checkbox" checked={form.includeCw20} onChange={(e) => update({ includeCw20: (e.target as HTMLInputElement).checked })} /> CW20 tokens
            </label>
          </fieldset>
        </details>
      </form>

      <div class="courier-quote" aria-live="polite" data-testid="quote-result" data-phase={state.phase}>
        {state.phase === 'idle' && !amountProblem && <p class="courier-muted">{state.plan.message}.</p>}
        {state.phase === 'loading' && (
          <>
            <Loading active label="Finding a route…" />
            <DelayedSkeleton active lines={3} label="Loading the quote" />
          </>
        )}
        {state.phase === 'error' && (
          <ErrorBox error={state.error} onRetry={() => runner.retry()} testId="quote-error">
            {state.error.action === 'allow-multi-tx' && !form.allowMultiTx && (
              // The form changes, so the runner asks again with allow_multi_tx on its own.
              <button type="button" class="courier-button" onClick={() => update({ allowMultiTx: true })}>
                Allow multi-transaction routes
              </button>
            )}
            {state.error.minimum && <MinimumLine minimum={state.error.minimum} source={form.source} />}
            {state.error.kind === 'price' && !state.unsafe && (
              <div class="courier-unsafe">
                <label>
                  <input type="checkbox" checked={unsafeAck} onChange={(e) => setUnsafeAck((e.target as HTMLInputElement).checked)} /> I understand
                  this route may give me much less value than I send
                </label>
                <button type="button" class="courier-button" disabled={!unsafeAck} onClick={() => runner.allowUnsafe()}>
                  Show unsafe route
                </button>
              </div>
            )}
          </ErrorBox>
        )}
        {state.phase === 'ready' && form.dest && form.source && (
          <QuoteSummary runner={runner} state={state} form={form} now={now} />
        )}
      </div>
    </section>
  );
}
