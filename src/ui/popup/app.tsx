/**
 * The popup's app layer, loaded after first paint: the persisted stores, the shared chrome, and
 * (after the first interactive frame) the background connection. Nothing here loads zod: the
 * API layer (state/api.ts) is imported on first use, configured for MV3 before anything parses.
 */
import { ensureCatalog } from '../state/catalog';
import type { BootData } from '../state/keys';
import { flushOnHide, hydrateAll } from '../state/persist';
import { activity, hello, listenForEvents, loadActivity, loadHello, markActivitySeen, pendingCount } from '../state/runtime';
import { navState } from '../state/core-stores';
import { loadStorageUsage, megabytes, storageUsage } from '../state/storage-usage';
import { useStore } from '../shared/store';

export function hydrate(boot: BootData): void {
  hydrateAll(boot);
  flushOnHide();
}

export function rememberRoute(hash: string): void {
  navState.set({ last: hash });
}

/** After the first interactive frame: the background's answers, the catalog, then whatever else is worth warming. */
export function afterInteractive(warm: () => void): void {
  const idle = (fn: () => void) =>
    'requestIdleCallback' in globalThis ? requestIdleCallback(fn, { timeout: 500 }) : setTimeout(fn, 50);
  // The background first: the footer, the Activity badge and activity:seen wait on it.
  listenForEvents();
  loadHello();
  void loadActivity();
  markActivitySeen();
  idle(() => {
    // Not first-paint work: on Firefox the background sums every stored item to answer it.
    loadStorageUsage();
    ensureCatalog();
    idle(warm);
  });
}

export function PendingBadge() {
  const state = useStore(activity);
  if (state.status !== 'ready') return null;
  const pending = pendingCount(state.value);
  if (pending === 0) return null;
  return (
    <span class="courier-badge" data-testid="pending-badge">
      {pending}
      <span class="courier-visually-hidden"> in progress</span>
    </span>
  );
}

/** Said only when storage is near its quota: what still works, and what frees room. */
function StorageNotice() {
  const usage = useStore(storageUsage);
  if (!usage?.nearLimit) return null;
  return (
    <p class="courier-warning courier-small-text" role="status" data-testid="storage-near-limit">
      Courier’s storage is nearly full ({megabytes(usage.bytesInUse)} of {megabytes(usage.quotaBytes)}). Your settings and transfers come
      first: cached lists are dropped to make room. Removing finished transfers in Activity frees more.
    </p>
  );
}

/** One line: which Courier and which API. */
export function Footer() {
  const state = useStore(hello);
  const usage = useStore(storageUsage);
  return (
    // data-storage: whether the background said how full storage is (tests wait for it before checking the notice is absent)
    <footer class="courier-footer" data-storage={usage === null ? 'unknown' : usage.nearLimit ? 'near-limit' : 'ok'}>
      <StorageNotice />
      {state.status === 'loading' && (
        <p class="courier-status courier-muted" data-state="loading">
          Connecting to Courier…
        </p>
      )}
      {state.status === 'error' && (
        <p class="courier-status" data-state="error" role="alert">
          {state.error.title}: {state.error.explanation}
        </p>
      )}
      {state.status === 'ready' && (
        <p class="courier-status" data-state="ok" data-testid="background-status">
          Ready · Courier {state.value.version} · API <code>{state.value.apiBaseUrl}</code>
        </p>
      )}
    </footer>
  );
}
