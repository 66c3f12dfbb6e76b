/**
 * The chain & asset catalog, loaded once after the first interactive frame and shared by every
 * view. The loader (and the catalog's zod schema) is imported then, not before.
 */
import type { Catalog } from '../../chains/catalog/catalog';
import { createStore, useStore } from '../shared/store';

export type CatalogState = { status: 'loading' } | { status: 'ready'; catalog: Catalog } | { status: 'error'; message: string };

export const catalogState = createStore<CatalogState>({ status: 'loading' });

let started = false;
export function ensureCatalog(): void {
  if (started) return;
  started = true;
  import('../../config/zod')
    .then(() => import('../../chains/catalog/load'))
    .then(({ loadCatalog }) => loadCatalog())
    .then(
      (catalog) => catalogState.set({ status: 'ready', catalog }),
      (error: unknown) => {
        started = false; // the next view to ask tries again
        catalogState.set({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
}

/** The catalog when loaded, else null (views render denoms meanwhile). */
export function useCatalog(): { catalog: Catalog | null; state: CatalogState } {
  const state = useStore(catalogState);
  return { catalog: state.status === 'ready' ? state.catalog : null, state };
}
