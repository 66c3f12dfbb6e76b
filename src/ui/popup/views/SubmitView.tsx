/** Submit a signed transaction, or track one already broadcast; either lands in Activity. */
import { useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { callBackground } from '../../state/api';
import type { AssetHint } from '../../../background/tracker/model';
import { ChainPicker } from '../../components/AssetPickers';
import { ErrorBox, Loading } from '../../components/Feedback';
import { SignedTxVerdict } from '../../components/SignedTxVerdict';
import { checkSignedTx, checkTxHash, submitFormOnArrival } from '../../model/submit-check';
import { mismatchLine } from '../../model/submit-summary';
import { makeResolver } from '../../model/resolver';
import { useCatalog } from '../../state/catalog';
import { displayAmount } from '../../shared/format';
import { uiError, upsertTracked } from '../../state/runtime';
import type { AssetRef } from '../../state/schemas';
import { flow, submitForm } from '../../state/stores';
import type { UiError } from '../../shared/errors';
import { useStore } from '../../shared/store';
import { navigate } from '../routes';
import type { ViewProps } from '../view-props';
import { compareSignedTx } from '../../../verify';

function hint(asset: AssetRef | null): AssetHint | undefined {
  return asset && asset.decimals !== null ? { symbol: asset.symbol.slice(0, 32), decimals: asset.decimals } : undefined;
}

export default function SubmitView({ route }: ViewProps) {
  const form = useStore(submitForm);
  const built = useStore(flow);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<UiError | null>(null);
  const [tried, setTried] = useState(false);

  // Arriving from a built transaction: its chain and mode. Applied before the view is painted or
  // can take a click: a later effect would overturn a mode the user (or a fast test) picked first.
  useLayoutEffect(() => {
    if (route.params.chain || route.params.mode) submitForm.set((f) => submitFormOnArrival(f, route.params));
  }, [route.params.chain, route.params.mode]);

  const set = (patch: Partial<typeof form>) => submitForm.set((f) => ({ ...f, ...patch }));
  const chain = form.mode === 'submit' ? form.txChain : form.hashChain;
  const check = form.mode === 'submit' ? checkSignedTx(form.tx) : checkTxHash(form.hashChain, form.hash);
  const showProblem = tried || (form.mode === 'submit' ? form.tx.trim() !== '' : form.hash.trim() !== '');

  // What Build produced for the route chosen last: the pasted transaction must be exactly that
  const comparison = useMemo(
    () => (form.mode === 'submit' && built.route && built.msgs && form.tx.trim() !== '' ? compareSignedTx(built.msgs, form.tx, chain || undefined) : undefined),
    [form.mode, form.tx, chain, built.route, built.msgs],
  );
  // the confirmation holds for this exact text on this chain only
  const [acceptedFor, setAcceptedFor] = useState<string | null>(null);
  const acceptKey = `${chain}\n${form.tx}`;
  const gated = comparison !== undefined && comparison.verdict === 'mismatch' && acceptedFor !== acceptKey;
  // what cannot be read cannot be sent: the reason sits under the button
  const blockedReason = !chain
    ? 'Choose the chain first.'
    : !check.ok
      ? check.message
      : comparison?.verdict === 'unreadable'
        ? 'Courier cannot read this as a signed transaction.'
        : null;
  // the field's own hint already says it once the user has typed something
  const hintShowsReason = !check.ok && showProblem && blockedReason === check.message;
  const blockedBy = blockedReason === null ? undefined : hintShowsReason ? (form.mode === 'submit' ? 'signed-tx-hint' : 'tx-hash-hint') : 'submit-blocked';

  const { catalog } = useCatalog();
  const summary = useMemo(() => {
    if (comparison?.verdict !== 'mismatch') return null;
    const resolve = makeResolver(catalog, [built.source, built.dest]);
    const r = built.route;
    const ids = r?.chain_ids ?? [];
    // where the built transfer goes: the first hop when it passes through a chain, else the destination
    const builtWhere = ids.length > 2 ? ` via ${catalog?.chainName(ids[1]!) ?? ids[1]}` : r ? ` to ${catalog?.chainName(r.dest_asset_chain_id) ?? r.dest_asset_chain_id}` : '';
    return mismatchLine(comparison, {
      amount: (chainId, denom, amount) => {
        const info = resolve(chainId, denom);
        return displayAmount(amount, info.decimals, info.symbol, denom);
      },
      builtWhere,
    });
  }, [comparison, catalog, built.route, built.source, built.dest]);

  // The route the user built, when this transaction starts it: Activity can then say what moves where.
  const extras = () => {
    const r = built.route;
    if (!r || r.source_asset_chain_id !== chain) return {};
    const source = hint(built.source);
    const dest = hint(built.dest);
    return { route: r, assets: { ...(source ? { source } : {}), ...(dest ? { dest } : {}) } };
  };

  const send = async () => {
    setTried(true);
    setError(null);
    if (!chain || !check.ok || gated || blockedReason) return;
    setBusy(true);
    try {
      const item =
        form.mode === 'submit'
          ? await callBackground('courier:tx:submit', { tx: check.value, chain_id: chain, ...extras() })
          : await callBackground('courier:tx:track', { tx_hash: check.value, chain_id: chain, ...extras() });
      upsertTracked(item);
      set(form.mode === 'submit' ? { tx: '' } : { hash: '' });
      setTried(false);
      navigate({ name: 'activity', id: item.id });
    } catch (e) {
      setError(uiError(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="submit-title" class="courier-view" data-testid="view-submit">
      <h2 id="submit-title">Submit or track</h2>
      <fieldset class="courier-fieldset courier-inline-radios">
        <legend>What do you have?</legend>
        <label>
          <input type="radio" name="submit-mode" checked={form.mode === 'submit'} onChange={() => set({ mode: 'submit' })} /> A signed transaction
        </label>
        <label>
          <input type="radio" name="submit-mode" checked={form.mode === 'track'} onChange={() => set({ mode: 'track' })} /> A transaction hash
        </label>
      </fieldset>
      <form
        class="courier-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <div class="courier-field">
          <span class="courier-label" id="submit-chain-label">
            Chain
          </span>
          <ChainPicker
            label={form.mode === 'submit' ? 'Chain to broadcast on' : 'Chain the transaction is on'}
            value={chain}
            onChange={(id) => set(form.mode === 'submit' ? { txChain: id } : { hashChain: id })}
            testId="pick-chain"
          />
          {tried && !chain && <p class="courier-problem">Choose the chain.</p>}
        </div>
        {form.mode === 'submit' ? (
          <div class="courier-field">
            <label for="signed-tx">Signed transaction (base64)</label>
            <textarea
              id="signed-tx"
              class="courier-input courier-mono"
              rows={5}
              spellcheck={false}
              value={form.tx}
              aria-invalid={showProblem && !check.ok ? 'true' : undefined}
              aria-describedby="signed-tx-hint"
              onInput={(e) => set({ tx: (e.target as HTMLTextAreaElement).value })}
            />
            <p id="signed-tx-hint" class={showProblem && !check.ok ? 'courier-problem' : 'courier-muted courier-small-text'}>
              {showProblem && !check.ok ? check.message : 'The TxRaw bytes your wallet produced, in base64. Courier broadcasts it and follows it.'}
            </p>
          </div>
        ) : (
          <div class="courier-field">
            <label for="tx-hash">Transaction hash</label>
            <input
              id="tx-hash"
              class="courier-input courier-mono"
              type="text"
              spellcheck={false}
              autocomplete="off"
              value={form.hash}
              aria-invalid={showProblem && !check.ok ? 'true' : undefined}
              aria-describedby="tx-hash-hint"
              onInput={(e) => set({ hash: (e.target as HTMLInputElement).value })}
            />
            <p id="tx-hash-hint" class={showProblem && !check.ok ? 'courier-problem' : 'courier-muted courier-small-text'}>
              {showProblem && !check.ok ? check.message : 'A transaction already broadcast; Courier follows it to the end.'}
            </p>
          </div>
        )}
        {form.mode === 'submit' && (
          <SignedTxVerdict comparison={comparison} summary={summary} accepted={!gated} onAccept={(yes) => setAcceptedFor(yes ? acceptKey : null)} />
        )}
        {extras().route && <p class="courier-note">Linked to the route you built, so Activity can show what moves where.</p>}
        <button
          type="submit"
          class="courier-button"
          data-variant="primary"
          disabled={busy || gated || blockedReason !== null}
          aria-describedby={blockedBy ?? (gated ? 'submit-verdict' : undefined)}
        >
          {form.mode === 'submit' ? 'Submit' : 'Track'}
        </button>
        {blockedReason !== null && !hintShowsReason && (
          <p id="submit-blocked" class="courier-muted courier-small-text courier-wrap" data-testid="submit-blocked">
            {form.mode === 'submit' ? 'Submit' : 'Track'} is off: {/^Courier\b/.test(blockedReason) ? blockedReason : blockedReason.charAt(0).toLowerCase() + blockedReason.slice(1)}
          </p>
        )}
        <Loading active={busy} label={form.mode === 'submit' ? 'Broadcasting…' : 'Registering…'} inline />
      </form>
      {error && <ErrorBox error={error} onRetry={() => void send()} testId="submit-error" messageFirst />}
    </section>
  );
}
