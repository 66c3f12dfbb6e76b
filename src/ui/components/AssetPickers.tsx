/**
 * Asset and chain pickers. The source and chain pickers offer the catalog of state/catalog.ts:
 * what the API lists (merged with the bundled catalog's names and logos), or the bundled catalog
 * until the API answers; destinations come from assets_from_source.
 */
import type { Catalog, CatalogChain, KindFilter } from '../../chains/catalog/catalog';
import { shortDenom } from '../shared/denom';
import { fromCatalogAsset, type AssetInfo } from '../model/assets';
import { ensureCatalog, reloadCatalog, useCatalog, type CatalogState } from '../state/catalog';
import { ensureReachable, reachable, reachKey, type ReachQuery } from '../state/reachable';
import type { AssetRef } from '../state/quote-form';
import { useStore } from '../shared/store';
import { AssetLogo } from './Bits';
import { Picker, type PickerProps, type PickerResults } from './Picker';

export function toAssetRef(a: AssetInfo): AssetRef {
  return { chainId: a.chainId, denom: a.denom, symbol: a.symbol, name: a.name, decimals: a.decimals, logo: a.logo, known: a.known };
}

const assetKey = (a: { chainId: string; denom: string }) => `${a.chainId}\n${a.denom}`;

function AssetOption({ asset, catalog }: { asset: AssetInfo; catalog: Catalog | null }) {
  return (
    <span class="courier-asset-option">
      <AssetLogo src={asset.logo} symbol={asset.symbol} />
      <span class="courier-asset-text">
        <span class="courier-asset-symbol">{asset.symbol}</span>
        <span class="courier-muted courier-small-text">
          {catalog?.chainName(asset.chainId) ?? asset.chainId} · {asset.name !== asset.symbol ? `${asset.name} · ` : ''}
          <span title={asset.denom}>{shortDenom(asset.denom)}</span>
        </span>
      </span>
    </span>
  );
}

/** What a picker button shows: logo, symbol and chain, or a prompt. */
export function AssetButtonContent({ asset, prompt, catalog }: { asset: AssetRef | null; prompt: string; catalog: Catalog | null }) {
  if (!asset) return <span class="courier-muted">{prompt}</span>;
  return (
    <span class="courier-asset-option">
      <AssetLogo src={asset.logo} symbol={asset.symbol} />
      <span class="courier-asset-text">
        <span class="courier-asset-symbol">{asset.symbol}</span>
        <span class="courier-muted courier-small-text">on {catalog?.chainName(asset.chainId) ?? asset.chainId}</span>
      </span>
    </span>
  );
}

/** A Picker over assets: the button, search field and options every asset picker shares. */
function AssetPicker({
  label,
  value,
  prompt,
  catalog,
  onChange,
  testId,
  ...rest
}: {
  label: string;
  value: AssetRef | null;
  prompt: string;
  catalog: Catalog | null;
  onChange: (asset: AssetRef) => void;
  testId?: string | undefined;
} & Pick<PickerProps<AssetInfo>, 'results' | 'disabled' | 'onOpen' | 'emptyText'>) {
  return (
    <Picker<AssetInfo>
      buttonLabel={label}
      buttonContent={<AssetButtonContent asset={value} prompt={prompt} catalog={catalog} />}
      title={label}
      searchLabel={`Search ${label.toLowerCase()} by symbol, name, chain or denom`}
      placeholder="Symbol, name, chain or denom"
      itemKey={assetKey}
      renderItem={(a) => <AssetOption asset={a} catalog={catalog} />}
      onSelect={(a) => onChange(toAssetRef(a))}
      selectedKey={value ? assetKey(value) : null}
      {...(testId ? { testId } : {})}
      {...rest}
    />
  );
}

/** Why the list shown is the bundled one, when it is (a picker's note); '' otherwise. */
export function catalogNote(state: CatalogState, what: string): string {
  if (state.status !== 'ready' || state.source.kind !== 'bundled' || state.source.pending) return '';
  return `The routing service’s ${what} list could not be loaded (${state.source.error.title}); showing the bundled list, which may offer some the service does not support.`;
}

/** Any asset the catalog offers (the API's, once it answered), searched by symbol, name, chain or denom. */
export function CatalogAssetPicker({
  label,
  value,
  onChange,
  chainId,
  kinds,
  testId,
  prompt = 'Choose an asset',
}: {
  label: string;
  value: AssetRef | null;
  onChange: (asset: AssetRef) => void;
  chainId?: string;
  /** The form's EVM/SVM/CW20 options; absent: every kind. */
  kinds?: KindFilter;
  testId?: string;
  prompt?: string;
}) {
  const { catalog, state } = useCatalog();
  const results = (query: string): PickerResults<AssetInfo> => {
    if (state.status === 'loading') return { status: 'loading' };
    if (state.status === 'error') return { status: 'error', message: `The asset list could not be loaded: ${state.message}`, retry: ensureCatalog };
    const note = catalogNote(state, 'asset');
    return {
      status: 'ready',
      items: state.catalog.searchAssets(query, { limit: 60, ...(chainId ? { chainId } : {}), ...(kinds ? { kinds } : {}) }).map(fromCatalogAsset),
      ...(note ? { note, retry: reloadCatalog } : {}),
    };
  };
  return <AssetPicker label={label} value={value} prompt={prompt} catalog={catalog} onChange={onChange} testId={testId} results={results} />;
}

function matches(asset: AssetInfo, query: string, catalog: Catalog | null): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const chain = catalog?.chain(asset.chainId);
  const hay = `${asset.symbol}\n${asset.name}\n${asset.denom}\n${asset.chainId}\n${chain?.name ?? ''}\n${chain?.registryName ?? ''}`.toLowerCase();
  return words.every((w) => hay.includes(w));
}

/** Lower is better: per word, an exact symbol 0, a symbol prefix or the chain's name 1, anything else 2. */
function rank(asset: AssetInfo, query: string, catalog: Catalog | null): number {
  const chain = catalog?.chain(asset.chainId);
  const chainText = `${asset.chainId}\n${chain?.name ?? ''}\n${chain?.registryName ?? ''}`.toLowerCase();
  const symbol = asset.symbol.toLowerCase();
  let score = 0;
  for (const w of query.toLowerCase().split(/\s+/).filter(Boolean)) {
    score += symbol === w ? 0 : symbol.startsWith(w) || chainText.includes(w) ? 1 : 2;
  }
  return score;
}

/** Destinations reachable from `source` (assets_from_source). */
export function ReachableAssetPicker({
  label,
  source,
  value,
  onChange,
  reach,
  kinds,
  testId,
}: {
  label: string;
  source: AssetRef | null;
  value: AssetRef | null;
  onChange: (asset: AssetRef) => void;
  reach: Omit<ReachQuery, 'chainId' | 'denom'>;
  /** The form's EVM/SVM options (CW20 is asked of the API through `reach`). */
  kinds?: KindFilter;
  testId?: string;
}) {
  const { catalog } = useCatalog();
  const kindAllowed = (a: AssetInfo): boolean => {
    const type = catalog?.chain(a.chainId)?.type;
    return !kinds || (type !== 'evm' || kinds.evm) && (type !== 'svm' || kinds.svm);
  };
  const all = useStore(reachable);
  const query: ReachQuery | null = source ? { chainId: source.chainId, denom: source.denom, ...reach } : null;
  const state = query ? all[reachKey(query)] : undefined;
  const results = (text: string): PickerResults<AssetInfo> => {
    if (!query) return { status: 'error', message: 'Choose the asset to send first.' };
    if (!state || state.status === 'loading') return { status: 'loading' };
    if (state.status === 'error') {
      return { status: 'error', message: `${state.error.title}. ${state.error.explanation}`, retry: () => ensureReachable(query, true) };
    }
    const items = state.assets
      .filter((a) => kindAllowed(a) && matches(a, text, catalog))
      .sort((a, b) => rank(a, text, catalog) - rank(b, text, catalog))
      .slice(0, 80);
    const total = state.assets.length;
    return { status: 'ready', items, note: `${total} asset${total === 1 ? '' : 's'} reachable from ${source!.symbol}` };
  };
  return (
    <AssetPicker
      label={label}
      value={value}
      prompt={source ? 'Choose an asset' : 'Choose what to send first'}
      catalog={catalog}
      onChange={onChange}
      testId={testId}
      results={results}
      disabled={!source}
      onOpen={() => query && ensureReachable(query)}
      emptyText="No reachable asset matches."
    />
  );
}

export function ChainPicker({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange: (chainId: string) => void;
  testId?: string;
}) {
  const { catalog, state } = useCatalog();
  const chain = value ? catalog?.chain(value) : undefined;
  const results = (query: string): PickerResults<CatalogChain> => {
    if (state.status === 'loading') return { status: 'loading' };
    if (state.status === 'error') return { status: 'error', message: `The chain list could not be loaded: ${state.message}`, retry: ensureCatalog };
    const found = state.catalog.searchChains(query);
    const note = catalogNote(state, 'chain');
    return {
      status: 'ready',
      items: found.slice(0, 80),
      note: [note, found.length > 80 ? `Showing 80 of ${found.length}; type to narrow` : ''].filter(Boolean).join(' '),
      ...(note ? { retry: reloadCatalog } : {}),
    };
  };
  return (
    <Picker<CatalogChain>
      buttonLabel={label}
      buttonContent={
        value ? (
          <span class="courier-asset-option">
            <AssetLogo src={chain?.logo} symbol={chain?.name ?? value} size={20} />
            <span>
              {chain?.name ?? value} <span class="courier-muted courier-small-text">{value}</span>
            </span>
          </span>
        ) : (
          <span class="courier-muted">Choose a chain</span>
        )
      }
      title={label}
      searchLabel={`Search ${label.toLowerCase()} by name or chain id`}
      placeholder="Name or chain id"
      results={results}
      itemKey={(c) => c.id}
      renderItem={(c) => (
        <span class="courier-asset-option">
          <AssetLogo src={c.logo} symbol={c.name} size={20} />
          <span>
            {c.name} <span class="courier-muted courier-small-text">{c.id}</span>
          </span>
        </span>
      )}
      onSelect={(c) => onChange(c.id)}
      selectedKey={value || null}
      {...(testId ? { testId } : {})}
    />
  );
}
