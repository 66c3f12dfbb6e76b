/**
 * Lazy, memoised access to the bundled `catalog.json` (generated at build time, see
 * scripts/generate-catalog.ts). Nothing is fetched until the first loadCatalog() call, so the
 * popup paints before the catalog exists; the file is then fetched, zod-parsed and indexed once
 * per JS context (popup, options, service worker). fetch() rather than a dynamic import:
 * MV3 service workers cannot import() at run time, and JSON.parse is faster than a JS module.
 */
import { browser, type PublicPath } from 'wxt/browser';
import { type Catalog, createCatalog } from './catalog';
import { CatalogError } from './schema';

/** Where the catalog comes from: the packaged file, or injected JSON (tests, other hosts). */
export type CatalogSource = () => Promise<unknown>;

/**
 * Public path of the generated file inside the extension package. wxt.config.ts ships it
 * (`build:publicAssets`) and declares it (`prepare:publicPaths`); the cast keeps this file
 * compiling in a checkout whose `.wxt/` types predate that hook.
 */
export const CATALOG_PATH = '/catalog.json';
const catalogPublicPath = CATALOG_PATH as string as PublicPath;

async function fetchPackagedCatalog(): Promise<unknown> {
  const url = browser.runtime.getURL(catalogPublicPath);
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new CatalogError(`could not read ${CATALOG_PATH}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) throw new CatalogError(`could not read ${CATALOG_PATH}: HTTP ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw new CatalogError(`${CATALOG_PATH} is not JSON`);
  }
}

let source: CatalogSource = fetchPackagedCatalog;
let pending: Promise<Catalog> | undefined;
let ready: Catalog | undefined;

/** The catalog, loaded on first call and shared after that. Rejects with a CatalogError. */
export function loadCatalog(): Promise<Catalog> {
  if (pending) return pending;
  const attempt = source()
    .then((data) => createCatalog(data))
    .then((catalog) => {
      if (pending === attempt) ready = catalog;
      return catalog;
    });
  // a failed load is not cached: the next call tries again
  attempt.catch(() => {
    if (pending === attempt) pending = undefined;
  });
  pending = attempt;
  return attempt;
}

/** The catalog if a load has already finished, for synchronous renders; otherwise undefined. */
export function peekCatalog(): Catalog | undefined {
  return ready;
}

/**
 * Replaces where loadCatalog() reads from and forgets any loaded catalog. Tests inject JSON
 * with `setCatalogSource(async () => json)`; `null` restores the packaged file.
 */
export function setCatalogSource(next: CatalogSource | null): void {
  source = next ?? fetchPackagedCatalog;
  pending = undefined;
  ready = undefined;
}
