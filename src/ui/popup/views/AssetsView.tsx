/** Assets: explore what a source asset can reach, and resolve where a pasted IBC denom comes from. */
import { useState } from 'preact/hooks';
import type { IbcOriginAssetsResponse } from '../../../api/schemas/info';
import { callApi } from '../../state/api';
import { shortDenom } from '../../shared/denom';
import { CatalogAssetPicker, ChainPicker, toAssetRef } from '../../components/AssetPickers';
import { AssetLogo, CopyButton, Row } from '../../components/Bits';
import { DelayedSkeleton, ErrorBox, Loading } from '../../components/Feedback';
import { fromApiAsset, type AssetInfo } from '../../model/assets';
import { useCatalog } from '../../state/catalog';
import { ensureReachable, reachable, reachKey } from '../../state/reachable';
import { uiError } from '../../state/runtime';
import { quoteForm } from '../../state/core-stores';
import { assetsForm } from '../../state/stores';
import type { UiError } from '../../shared/errors';
import { useStore } from '../../shared/store';
import { navigate } from '../routes';
import { useEffect } from 'preact/hooks';

function groupByChain(assets: readonly AssetInfo[]): [string, AssetInfo[]][] {
  const groups = new Map<string, AssetInfo[]>();
  for (const a of assets) {
    const list = groups.get(a.chainId);
    if (list) list.push(a);
    else groups.set(a.chainId, [a]);
  }
  return [...groups];
}

function Explore() {
  const form = useStore(assetsForm);
  const all = useStore(reachable);
  const { catalog } = useCatalog();
  const query = form.source ? { chainId: form.source.chainId, denom: form.source.denom, allowMultiTx: true, includeSwaps: form.includeSwaps } : null;
  useEffect(() => {
    if (query) ensureReachable(query);
  }, [query && reachKey(query)]);
  const state = query ? all[reachKey(query)] : undefined;
  const words = form.filter.toLowerCase().split(/\s+/).filter(Boolean);
  const filtered =
    state?.status === 'ready'
      ? state.assets.filter((a) => {
          const hay = `${a.symbol}\n${a.name}\n${a.denom}\n${a.chainId}\n${catalog?.chainName(a.chainId) ?? ''}`.toLowerCase();
          return words.every((w) => hay.includes(w));
        })
      : [];
  const groups = groupByChain(filtered);
  const shownGroups = groups.slice(0, 40);

  const sendTo = (dest: AssetInfo) => {
    quoteForm.set((f) => ({ ...f, source: form.source, dest: toAssetRef(dest) }));
    navigate({ name: 'quote' });
  };

  return (
    <section aria-labelledby="explore-title" class="courier-subview">
      <h3 id="explore-title">Where can an asset go?</h3>
      <CatalogAssetPicker label="Source asset" value={form.source} onChange={(source) => assetsForm.set((f) => ({ ...f, source }))} testId="pick-explore" />
      <label class="courier-check-line">
        <input type="checkbox" checked={form.includeSwaps} onChange={(e) => assetsForm.set((f) => ({ ...f, includeSwaps: (e.target as HTMLInputElement).checked }))} /> Include
        destinations reached by swapping
      </label>
      {query && state?.status === 'loading' && <DelayedSkeleton active lines={4} label="Loading reachable assets" />}
      {query && state?.status === 'error' && <ErrorBox error={state.error} onRetry={() => ensureReachable(query, true)} />}
      {state?.status === 'ready' && (
        <>
          <div class="courier-field">
            <label for="explore-filter">Filter by symbol, name, chain or denom</label>
            <input
              id="explore-filter"
              class="courier-input"
              type="search"
              value={form.filter}
              onInput={(e) => assetsForm.set((f) => ({ ...f, filter: (e.target as HTMLInputElement).value }))}
            />
          </div>
          <p class="courier-muted courier-small-text" role="status">
            {filtered.length} of {state.assets.length} assets on {groups.length} chain{groups.length === 1 ? '' : 's'}
            {groups.length > shownGroups.length ? ` (first ${shownGroups.length} chains shown; filter to narrow)` : ''}
          </p>
          <div class="courier-reach" data-testid="reachable">
            {shownGroups.map(([chainId, list]) => (
              <section key={chainId} aria-label={catalog?.chainName(chainId) ?? chainId} class="courier-reach-chain">
                <h4>{catalog?.chainName(chainId) ?? chainId}</h4>
                <ul>
                  {list.map((a) => (
                    <li key={a.denom} class="courier-reach-item">
                      <span class="courier-asset-option">
                        <AssetLogo src={a.logo} symbol={a.symbol} size={20} />
                        <span>
                          {a.symbol} <span class="courier-muted courier-small-text" title={a.denom}>{shortDenom(a.denom)}</span>
                        </span>
                      </span>
                      <button type="button" class="courier-button courier-small" onClick={() => sendTo(a)}>
                        Send here
                        <span class="courier-visually-hidden">
                          : {form.source?.symbol ?? ''} to {a.symbol} on {catalog?.chainName(chainId) ?? chainId}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </>
      )}
    </section>
  );
}

function Resolve() {
  const form = useStore(assetsForm);
  const { catalog } = useCatalog();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<UiError | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<IbcOriginAssetsResponse['origin_assets'][number] | null>(null);

  const resolveNow = async () => {
    setProblem(null);
    setResult(null);
    setError(null);
    const denom = form.resolveDenom.trim();
    if (!form.resolveChain) return setProblem('Choose the chain the denom is on.');
    if (!denom) return setProblem('Paste a denom, for example ibc/27394F….');
    setBusy(true);
    try {
      const response = await callApi('ibcOriginAssets', { assets: [{ denom, chain_id: form.resolveChain }] });
      setResult(response.origin_assets[0] ?? { asset_found: false });
    } catch (e) {
      setError(uiError(e));
    } finally {
      setBusy(false);
    }
  };

  const origin = result?.asset ? fromApiAsset(result.asset) : null;
  return (
    <section aria-labelledby="resolve-title" class="courier-subview">
      <h3 id="resolve-title">Where does a denom come from?</h3>
      <form
        class="courier-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void resolveNow();
        }}
      >
        <ChainPicker label="Chain the denom is on" value={form.resolveChain} onChange={(id) => assetsForm.set((f) => ({ ...f, resolveChain: id }))} testId="pick-resolve-chain" />
        <div class="courier-field">
          <label for="resolve-denom">Denom</label>
          <input
            id="resolve-denom"
            class="courier-input courier-mono"
            type="text"
            spellcheck={false}
            autocomplete="off"
            placeholder="ibc/…"
            value={form.resolveDenom}
            aria-invalid={problem ? 'true' : undefined}
            aria-describedby={problem ? 'resolve-problem' : undefined}
            onInput={(e) => assetsForm.set((f) => ({ ...f, resolveDenom: (e.target as HTMLInputElement).value }))}
          />
          {problem && (
            <p class="courier-problem" id="resolve-problem">
              {problem}
            </p>
          )}
        </div>
        <button type="submit" class="courier-button" disabled={busy}>
          Find the origin
        </button>
        <Loading active={busy} label="Looking it up…" inline />
      </form>
      {error && <ErrorBox error={error} onRetry={() => void resolveNow()} />}
      {result && (
        <div class="courier-card" data-testid="origin-result" aria-live="polite">
          {result.asset_found === false || !origin ? (
            <p>The service does not know where this denom comes from.</p>
          ) : (
            <>
              <p class="courier-asset-option">
                <AssetLogo src={origin.logo} symbol={origin.symbol} />
                <strong>{origin.symbol}</strong> <span class="courier-muted">{origin.name !== origin.symbol ? origin.name : ''}</span>
              </p>
              <dl class="courier-kv">
                <Row term="Origin chain">{catalog?.chainName(result.asset!.origin_chain_id || result.asset!.chain_id) ?? result.asset!.origin_chain_id}</Row>
                <Row term="Origin denom">
                  <code>{result.asset!.origin_denom || result.asset!.denom}</code> <CopyButton text={result.asset!.origin_denom || result.asset!.denom} label="Copy the origin denom" />
                </Row>
                {result.asset!.trace && (
                  <Row term="Path">
                    <code>{result.asset!.trace}</code>
                  </Row>
                )}
                {origin.decimals !== null && <Row term="Decimals">{origin.decimals}</Row>}
              </dl>
            </>
          )}
        </div>
      )}
    </section>
  );
}

export default function AssetsView() {
  return (
    <section aria-labelledby="assets-title" class="courier-view" data-testid="view-assets">
      <h2 id="assets-title">Assets</h2>
      <Explore />
      <Resolve />
    </section>
  );
}
