/** Balances: addresses per chain and denoms (by default the assets quoted), with USD values and a total. */
import { useEffect, useState } from 'preact/hooks';
import type { BalancesRequest } from '../../../api/schemas/info';
import { CatalogAssetPicker, ChainPicker } from '../../components/AssetPickers';
import { AssetLogo } from '../../components/Bits';
import { ErrorBox, Loading } from '../../components/Feedback';
import { checkChainAddress } from '../../model/address-check';
import { makeResolver } from '../../model/resolver';
import { defaultBalanceRows } from '../../model/balances-model';
import { totalUsd } from '../../model/route-model';
import { balanceCache, balanceKey, fetchBalances } from '../../state/balances';
import { useCatalog } from '../../state/catalog';
import type { BalanceRow } from '../../state/schemas';
import { addressBook } from '../../state/core-stores';
import { balancesForm, quotedAssets } from '../../state/stores';
import { displayAmount, displayUsd, formatAgo } from '../../shared/format';
import type { UiError } from '../../shared/errors';
import { useStore } from '../../shared/store';
import { uiError } from '../../state/runtime';

export default function BalancesView() {
  const form = useStore(balancesForm);
  const book = useStore(addressBook);
  const quoted = useStore(quotedAssets);
  const cache = useStore(balanceCache);
  const { catalog } = useCatalog();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<UiError | null>(null);
  const [checkedAt, setCheckedAt] = useState<number | null>(null);

  const usingDefaults = form.rows === null;
  const rows = form.rows ?? defaultBalanceRows(book.byChain, quoted.assets);
  const edit = (next: BalanceRow[]) => balancesForm.set({ rows: next });
  const editRow = (i: number, patch: Partial<BalanceRow>) => edit(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  const verdicts = rows.map((r) => (r.chainId ? checkChainAddress(catalog, r.chainId, r.address) : { state: 'empty' as const }));
  const usable = rows.filter((r, i) => r.chainId && r.denoms.length > 0 && (verdicts[i]!.state === 'valid' || verdicts[i]!.state === 'unchecked'));

  const check = async () => {
    if (usable.length === 0) return;
    const chains: BalancesRequest['chains'] = {};
    for (const r of usable) chains[r.chainId] = { address: r.address.trim(), denoms: r.denoms };
    setBusy(true);
    setError(null);
    try {
      await fetchBalances({ chains });
      setCheckedAt(Date.now());
    } catch (e) {
      setError(uiError(e));
    } finally {
      setBusy(false);
    }
  };

  // Ask once on open when there is something to ask (the catalog checks the addresses first).
  const requestKey = JSON.stringify(usable.map((r) => [r.chainId, r.address.trim(), r.denoms]));
  useEffect(() => {
    if (catalog && usable.length > 0) void check();
  }, [catalog !== null, requestKey]);

  const resolve = makeResolver(catalog, quoted.assets);
  const lines = usable.flatMap((r) =>
    r.denoms.map((denom) => ({ row: r, denom, asset: resolve(r.chainId, denom), lookup: cache[balanceKey(r.chainId, r.address.trim(), denom)] })),
  );
  const total = totalUsd(lines.map((l) => (l.lookup?.status === 'ready' ? (l.lookup.entry?.value_usd ?? null) : null)));

  return (
    <section aria-labelledby="balances-title" class="courier-view" data-testid="view-balances">
      <h2 id="balances-title">Balances</h2>
      {rows.length === 0 && (
        <p class="courier-muted">
          Nothing to look up yet. Add a chain and an address below; assets you quote are added here on their own.
        </p>
      )}
      <div class="courier-balance-rows">
        {rows.map((row, i) => {
          const v = verdicts[i]!;
          const id = `bal-addr-${i}`;
          const name = catalog?.chainName(row.chainId) ?? row.chainId;
          return (
            <div class="courier-card courier-balance-row" key={i} role="group" aria-labelledby={`bal-row-${i}`}>
              <h3 id={`bal-row-${i}`}>{row.chainId ? name : `Chain ${i + 1}`}</h3>
              <ChainPicker label={`Chain ${i + 1}`} value={row.chainId} onChange={(chainId) => editRow(i, { chainId, address: book.byChain[chainId] ?? '', denoms: [] })} />
              <div class="courier-field">
                <label for={id}>Address{row.chainId ? ` on ${name}` : ''}</label>
                <input
                  id={id}
                  class="courier-input courier-mono"
                  type="text"
                  spellcheck={false}
                  autocomplete="off"
                  value={row.address}
                  aria-invalid={v.state === 'invalid' ? 'true' : undefined}
                  aria-describedby={v.state === 'invalid' || v.state === 'unchecked' ? `${id}-problem` : undefined}
                  onInput={(e) => editRow(i, { address: (e.target as HTMLInputElement).value })}
                />
                {(v.state === 'invalid' || v.state === 'unchecked') && (
                  <p class={v.state === 'invalid' ? 'courier-problem' : 'courier-muted courier-small-text'} id={`${id}-problem`}>
                    {v.message}
                  </p>
                )}
              </div>
              <ul class="courier-chips" aria-label={`Assets looked up on ${name || `chain ${i + 1}`}`}>
                {row.denoms.map((denom) => {
                  const a = resolve(row.chainId, denom);
                  return (
                    <li key={denom}>
                      <span title={denom}>{a.symbol}</span>
                      <button
                        type="button"
                        class="courier-chip-remove"
                        onClick={() => editRow(i, { denoms: row.denoms.filter((d) => d !== denom) })}
                      >
                        <span aria-hidden="true">×</span>
                        <span class="courier-visually-hidden">Stop looking up {a.symbol}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
              <div class="courier-actions">
                {row.chainId && (
                  <CatalogAssetPicker
                    label={`Add an asset on ${name}`}
                    prompt="Add an asset…"
                    value={null}
                    chainId={row.chainId}
                    onChange={(asset) => !row.denoms.includes(asset.denom) && editRow(i, { denoms: [...row.denoms, asset.denom] })}
                  />
                )}
                <button type="button" class="courier-button courier-small" onClick={() => edit(rows.filter((_, j) => j !== i))}>
                  Remove {row.chainId ? name : 'this chain'}
                </button>
              </div>
            </div>
          );
        })}
      </div>
      <div class="courier-actions">
        <button type="button" class="courier-button" onClick={() => edit([...rows, { chainId: '', address: '', denoms: [] }])} disabled={rows.length >= 20}>
          Add a chain
        </button>
        {!usingDefaults && (
          <button type="button" class="courier-button" onClick={() => balancesForm.set({ rows: null })}>
            Back to the quoted assets
          </button>
        )}
        <button type="button" class="courier-button" data-variant="primary" onClick={() => void check()} disabled={busy || usable.length === 0}>
          {checkedAt ? 'Refresh' : 'Check balances'}
        </button>
        <Loading active={busy} label="Checking balances…" inline />
      </div>
      {error && <ErrorBox error={error} onRetry={() => void check()} testId="balances-error" />}
      {lines.length > 0 && (
        <table class="courier-table" data-testid="balances-table">
          <caption class="courier-visually-hidden">Balances by asset</caption>
          <thead>
            <tr>
              <th scope="col">Asset</th>
              <th scope="col" class="courier-num">
                Amount
              </th>
              <th scope="col" class="courier-num">
                Value
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map(({ row, denom, asset, lookup }) => {
              const entry = lookup?.status === 'ready' ? lookup.entry : null;
              const decimals = entry?.decimals ?? asset.decimals;
              return (
                <tr key={`${row.chainId}-${denom}`} data-testid="balance-row" data-chain={row.chainId} data-denom={denom}>
                  <th scope="row">
                    <span class="courier-asset-option">
                      <AssetLogo src={asset.logo} symbol={asset.symbol} size={20} />
                      <span>
                        {asset.symbol}
                        <span class="courier-muted courier-small-text"> {catalog?.chainName(row.chainId) ?? row.chainId}</span>
                      </span>
                    </span>
                  </th>
                  <td class="courier-num" data-testid="balance-amount" data-amount={entry?.amount ?? ''}>
                    {!lookup || lookup.status === 'loading'
                      ? '…'
                      : lookup.status === 'error'
                        ? 'error'
                        : entry === null
                          ? 'not returned'
                          : entry.error?.message
                            ? `error: ${entry.error.message}`
                            : displayAmount(entry.amount, decimals, asset.symbol, denom)}
                  </td>
                  <td class="courier-num">{entry ? (displayUsd(entry.value_usd) ?? 'no price') : ''}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td />
              <td class="courier-num" data-testid="balances-total">
                {total ? displayUsd(total) : '—'}
              </td>
            </tr>
          </tfoot>
        </table>
      )}
      {checkedAt && <p class="courier-muted courier-small-text">Checked {formatAgo(checkedAt, Date.now())}.</p>}
    </section>
  );
}
