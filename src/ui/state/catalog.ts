/**
 * The chains and assets the views show and the pickers offer, loaded after the first
 * interactive frame (the first paint never waits on them):
 *
 * 1. the bundled chain-registry catalog (`catalog.json`): names, logos, explorers; offline;
 * 2. the API's own lists (`/v2/info/chains`, `/v2/fungible/assets`) from the background's
 *    cache (`courier:directory:get`, at once, however old), then, when that entry is stale or
 *    missing, the background's fresh fetch (`courier:directory:refresh`);
 * 3. merged (chains/catalog/merge.ts): the API decides what is offered, the catalog how it is
 *    shown, and the bundled catalog still answers lookups of what the API does not list.
 *
 * Until the API has answered (or when it cannot be reached and nothing is cached) the pickers
 * offer the bundled catalog, and say why. The loaders (and zod) are imported then, not before.
 */
import type { Catalog } from '../../chains/catalog/catalog';
import type { DirectorySnapshot } from '../../background/directory/schema';
import type { UiError } from '../shared/errors';
import { createStore, useStore } from '../shared/store';
import { callBackground } from './api';
import { onApiChanged, uiError } from './runtime';

/** Where the offered lists come from. */
export type CatalogSource =
  /** The bundled catalog; the API's lists are on their way. */
  | { kind: 'bundled'; pending: true }
  /** The bundled catalog, because the API's lists could not be had. */
  | { kind: 'bundled'; pending: false; error: UiError }
  /** The API's lists (fetched at `fetchedAt`), merged with the bundled catalog. */
  | { kind: 'api'; fetchedAt: number; baseUrl: string; stale: boolean };

export type CatalogState =
  | { status: 'loading' }
  | { status: 'ready'; catalog: Catalog; source: CatalogSource }
  | { status: 'error'; message: string };

export const catalogState = createStore<CatalogState>({ status: 'loading' });

let bundled: Promise<Catalog> | null = null;
/** Bumped when the API changes: an answer for the previous one is dropped. */
let epoch = 0;

function loadBundled(): Promise<Catalog> {
  bundled ??= import('../../config/zod')
    .then(() => import('../../chains/catalog/load'))
    .then(({ loadCatalog }) => loadCatalog());
  bundled.catch(() => {
    bundled = null; // the next view to ask tries again
  });
  return bundled;
}

async function merged(base: Catalog, snapshot: DirectorySnapshot): Promise<Catalog> {
  const { mergeApiDirectory } = await import('../../chains/catalog/merge');
  return mergeApiDirectory(base, snapshot.directory!, snapshot.baseUrl);
}

function showApi(catalog: Catalog, snapshot: DirectorySnapshot): void {
  catalogState.set({
    status: 'ready',
    catalog,
    source: { kind: 'api', fetchedAt: snapshot.fetchedAt ?? 0, baseUrl: snapshot.baseUrl, stale: !snapshot.fresh },
  });
}

/** The bundled catalog, then the API's lists merged into it (cached first, then fresh). */
async function load(force: boolean, apiChanged = false): Promise<void> {
  const mine = epoch;
  const current = () => mine === epoch;
  const directory = callBackground('courier:directory:get', {});
  let base: Catalog;
  try {
    base = await loadBundled();
  } catch (error) {
    if (current()) catalogState.set({ status: 'error', message: error instanceof Error ? error.message : String(error) });
    return;
  }
  const state = catalogState.get();
  if (current() && (apiChanged || state.status !== 'ready' || state.source.kind !== 'api')) {
    catalogState.set({ status: 'ready', catalog: base, source: { kind: 'bundled', pending: true } });
  }
  try {
    let snapshot = await directory;
    if (snapshot.directory && current()) showApi(await merged(base, snapshot), snapshot);
    if (force || !snapshot.fresh || snapshot.revalidating || !snapshot.directory) {
      snapshot = await callBackground('courier:directory:refresh', force ? { force } : {});
      if (snapshot.directory && current()) showApi(await merged(base, snapshot), snapshot);
    }
  } catch (error) {
    // Nothing cached and the API cannot answer: the bundled catalog stays, and the pickers say why.
    const shown = catalogState.get();
    if (current() && !(shown.status === 'ready' && shown.source.kind === 'api')) {
      catalogState.set({ status: 'ready', catalog: base, source: { kind: 'bundled', pending: false, error: uiError(error) } });
    }
  }
}

let started = false;
export function ensureCatalog(): void {
  if (started) return;
  started = true;
  void load(false).finally(() => {
    if (catalogState.get().status === 'error') started = false;
  });
}

/** Asks the API for its lists again now (a picker's "Try again"). */
export function reloadCatalog(): void {
  started = true;
  void load(true);
}

// Another API: its own lists (from its own cache entry); the bundled catalog meanwhile.
onApiChanged(() => {
  epoch += 1;
  if (started) void load(false, true);
});

/** The catalog when loaded, else null (views render denoms meanwhile). */
export function useCatalog(): { catalog: Catalog | null; state: CatalogState } {
  const state = useStore(catalogState);
  return { catalog: state.status === 'ready' ? state.catalog : null, state };
}
