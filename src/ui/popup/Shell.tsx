/**
 * The popup's frame: header, tabs, the current view and the footer. The entry (main.tsx) reads
 * the stored state first (one storage read), so the very first frame already shows the restored
 * form and answers input: the Quote view, where most opens land, ships with the shell. The other
 * views, zod and the API schemas, and the catalog load after that first frame (views on demand,
 * then all of them while idle).
 */
import type { ComponentType } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { UI_KEYS, type BootData } from '../state/keys';
import * as app from './app';
import { DEFAULT_ROUTE, formatRoute, parseHash, sectionOf, useHashRoute, type AppRoute, type RouteName, type Section } from './routes';
import type { ViewProps } from './view-props';
import QuoteView from './views/QuoteView';

type ViewModule = { default: ComponentType<ViewProps> };
type ShownView = { name: RouteName; Component: ComponentType<ViewProps> };

const VIEW_LOADERS: Record<RouteName, () => Promise<ViewModule>> = {
  quote: async () => ({ default: QuoteView }),
  route: () => import('./views/RouteView'),
  build: () => import('./views/BuildView'),
  submit: () => import('./views/SubmitView'),
  activity: () => import('./views/ActivityView'),
  balances: () => import('./views/BalancesView'),
  assets: () => import('./views/AssetsView'),
  settings: () => import('./views/SettingsView'),
};

const loaded = new Map<RouteName, Promise<ViewModule>>();
function loadView(name: RouteName): Promise<ViewModule> {
  let p = loaded.get(name);
  if (!p) {
    p = VIEW_LOADERS[name]();
    p.catch(() => loaded.delete(name));
    loaded.set(name, p);
  }
  return p;
}

/** The page to reopen when the popup opens without a hash: the last one shown. */
function lastRoute(boot: BootData): AppRoute {
  const envelope = boot[UI_KEYS.nav] as { v?: unknown; data?: { last?: unknown } } | undefined;
  const last = envelope?.v === 1 && typeof envelope.data?.last === 'string' ? envelope.data.last : '';
  return parseHash(last) ?? DEFAULT_ROUTE;
}

const TABS: { section: Section; label: string; href: string }[] = [
  { section: 'transfer', label: 'Transfer', href: '#/quote' },
  { section: 'submit', label: 'Submit', href: '#/submit' },
  { section: 'activity', label: 'Activity', href: '#/activity' },
  { section: 'balances', label: 'Balances', href: '#/balances' },
  { section: 'assets', label: 'Assets', href: '#/assets' },
];

/**
 * Called when the restored view has been committed: its controls exist and take input. The
 * moment counts once that frame is on screen (a task queued from requestAnimationFrame runs
 * after the frame is produced); the background calls and warm-ups wait until then so that they
 * never delay it. The courier:* performance marks are read by test/bench/popup.bench.ts.
 */
let markedInteractive = false;
function markInteractive(afterwards: () => void): void {
  if (markedInteractive) return;
  markedInteractive = true;
  performance.mark('courier:committed');
  requestAnimationFrame(() =>
    setTimeout(() => {
      performance.mark('courier:interactive');
      document.documentElement.dataset.interactive = 'true';
      afterwards();
    }),
  );
}

/** `boot`: the stored UI state, already applied to the stores (app.hydrate) by the entry. */
export function PopupShell({ boot }: { boot: BootData }) {
  const fallback = useMemo(() => lastRoute(boot), [boot]);
  const route = useHashRoute() ?? fallback;
  const [view, setView] = useState<ShownView | null>(() => (route.name === 'quote' ? { name: 'quote', Component: QuoteView } : null));
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    // Hash empty: reopen where the user was, without adding a history entry.
    if (!parseHash(location.hash)) history.replaceState(null, '', formatRoute(route));
    app.rememberRoute(location.hash);
    loadView(route.name).then(
      (module) => live && setView((shown) => (shown?.name === route.name && shown.Component === module.default ? shown : { name: route.name, Component: module.default })),
      (error: unknown) => live && setFailure(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      live = false;
    };
  }, [route]);

  const current = view && view.name === route.name ? view : null;

  // A new page after the first: focus its heading, so keyboard and screen-reader users land on it.
  // At commit (a layout effect): a key press handled after the new page is on screen is never
  // undone by this moving focus.
  const shownKey = current ? `${route.name}/${route.id ?? ''}` : null;
  const [firstShown, setFirstShown] = useState<string | null>(null);
  useLayoutEffect(() => {
    if (!shownKey) return;
    if (firstShown === null) {
      setFirstShown(shownKey);
      return;
    }
    const heading = document.querySelector<HTMLElement>('#main h2');
    if (heading && !heading.contains(document.activeElement)) {
      heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: false });
    }
  }, [shownKey]);
  // At commit: the restored view's controls exist and answer input from here on.
  useLayoutEffect(() => {
    if (!current) return;
    markInteractive(() => app.afterInteractive(() => Object.keys(VIEW_LOADERS).forEach((name) => void loadView(name as RouteName))));
  }, [current !== null]);

  const section = sectionOf(route.name);
  return (
    <div class="courier-popup">
      <header class="courier-header">
        <svg class="courier-mark" width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
          <rect width="24" height="24" rx="6" fill="currentColor" />
          <path d="M6 12h9m0 0-3.5-3.5M15 12l-3.5 3.5M18 7v10" stroke="var(--courier-bg)" stroke-width="2" fill="none" stroke-linecap="round" stroke-linejoin="round" />
        </svg>
        <h1>Courier</h1>
        <a class="courier-icon-link" href="#/settings" aria-label="Settings" aria-current={section === 'settings' ? 'page' : undefined}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
            <path
              fill="currentColor"
              d="M19.4 13a7.5 7.5 0 0 0 0-2l2-1.6-2-3.4-2.4 1a7.6 7.6 0 0 0-1.7-1L15 3.5h-4l-.4 2.5a7.6 7.6 0 0 0-1.7 1l-2.4-1-2 3.4L6.6 11a7.5 7.5 0 0 0 0 2l-2 1.6 2 3.4 2.4-1a7.6 7.6 0 0 0 1.7 1l.4 2.5h4l.4-2.5a7.6 7.6 0 0 0 1.7-1l2.4 1 2-3.4-2.1-1.6ZM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7Z"
              transform="translate(-1 0)"
            />
          </svg>
        </a>
      </header>
      <nav class="courier-tabs" aria-label="Main">
        <ul>
          {TABS.map((tab) => (
            <li key={tab.section}>
              <a href={tab.href} aria-current={section === tab.section ? 'page' : undefined}>
                {tab.label}
                {tab.section === 'activity' && <app.PendingBadge />}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main class="courier-main" id="main" aria-busy={current ? undefined : 'true'}>
        {failure ? (
          <p class="courier-error" role="alert">
            Courier could not load this page: {failure}. Close the popup and open it again.
          </p>
        ) : current ? (
          <current.Component route={route} />
        ) : (
          <div class="courier-skeleton" role="status" aria-label="Loading">
            <span class="courier-skeleton-line" style={{ width: '60%' }} />
            <span class="courier-skeleton-block" />
            <span class="courier-skeleton-block" />
            <span class="courier-skeleton-line" style={{ width: '40%' }} />
          </div>
        )}
      </main>
      <app.Footer />
    </div>
  );
}
