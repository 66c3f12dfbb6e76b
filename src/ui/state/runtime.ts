/**
 * What the popup keeps in memory while it is open: the background's identity, the tracked
 * transactions (kept current by the background's `tracked-changed` events), the quote runner.
 * No zod here: calls go through api.ts, which loads the protocol on first use.
 */
import type { HelloResult } from '../../background/protocol';
import type { TrackedTx } from '../../background/tracker/model';
import { describeError, type UiError } from '../shared/errors';
import { createStore } from '../shared/store';
import { callApi, callBackground } from './api';
import { quoteForm, routeChoice } from './core-stores';
import { createQuoteRunner, type QuoteRunner } from './quote-runner';

export type Loadable<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; error: UiError };

export const hello = createStore<Loadable<HelloResult>>({ status: 'loading' });

/** The API base URL the background uses, for error messages ("cannot reach …"). */
export function currentBaseUrl(): string | null {
  const h = hello.get();
  return h.status === 'ready' ? h.value.apiBaseUrl : null;
}

/** describeError with the base URL filled in. */
export function uiError(error: unknown): UiError {
  return describeError(error, { baseUrl: currentBaseUrl() });
}

export function loadHello(): void {
  callBackground('courier:hello', {}).then(
    (value) => hello.set({ status: 'ready', value }),
    (error: unknown) => hello.set({ status: 'error', error: uiError(error) }),
  );
}

/** Another API was chosen in Settings: what came from the old one is forgotten. */
export function apiChanged(): void {
  loadHello();
  runner?.invalidate();
  for (const listener of apiListeners) listener();
}

const apiListeners = new Set<() => void>();
/** For caches of API answers kept elsewhere (reachable assets, balances). */
export function onApiChanged(listener: () => void): void {
  apiListeners.add(listener);
}

// ─────────────────────────────── activity ───────────────────────────────

export const activity = createStore<Loadable<TrackedTx[]>>({ status: 'loading' });

/** Transactions still moving, for the tab's badge. */
export function pendingCount(items: readonly TrackedTx[]): number {
  return items.filter((i) => i.phase === 'pending').length;
}

export function loadActivity(): Promise<void> {
  return callBackground('courier:tx:list', {}).then(
    ({ items }) => activity.set({ status: 'ready', value: items }),
    (error: unknown) => activity.set({ status: 'error', error: uiError(error) }),
  );
}

/** Newest first, as the background lists them. */
export function applyTrackedChange(items: readonly TrackedTx[], change: 'added' | 'updated' | 'removed', item: TrackedTx): TrackedTx[] {
  const rest = items.filter((i) => i.id !== item.id);
  if (change === 'removed') return rest;
  return [...rest, item].sort((a, b) => b.createdAt - a.createdAt);
}

/** Upserts one item we got from an answer (submit, retry, get). */
export function upsertTracked(item: TrackedTx): void {
  const current = activity.get();
  if (current.status === 'ready') activity.set({ status: 'ready', value: applyTrackedChange(current.value, 'updated', item) });
}

let listening = false;
/** Follows the background's tracked-changed events; other messages are left alone. */
export function listenForEvents(): void {
  if (listening) return;
  listening = true;
  Promise.all([import('../../background/protocol'), import('wxt/browser')]).then(
    ([{ TrackedChangedEvent }, { browser }]) => {
      browser.runtime.onMessage.addListener((message: unknown) => {
        const event = TrackedChangedEvent.safeParse(message);
        if (!event.success) return undefined;
        const current = activity.get();
        if (current.status === 'ready') {
          activity.set({ status: 'ready', value: applyTrackedChange(current.value, event.data.change, event.data.item) });
        } else {
          void loadActivity();
        }
        return undefined;
      });
    },
    (error: unknown) => {
      listening = false;
      console.warn('[courier] cannot follow activity events', error);
    },
  );
}

/** Clears the badge's finished mark: the user has seen the popup. */
export function markActivitySeen(): void {
  callBackground('courier:activity:seen', {}).catch((error: unknown) => {
    console.warn('[courier] activity:seen failed', error);
  });
}

// ─────────────────────────────── quote ───────────────────────────────

let runner: QuoteRunner | null = null;

/** Created on first use, after the persisted form has been restored. */
export function quoteRunner(): QuoteRunner {
  runner ??= createQuoteRunner(quoteForm, {
    fetchRoute: (body, { signal }) => callApi('route', body, { signal }),
    // The background plans them from the API's bridge list; the default is already being asked.
    planAlternatives: async (body) =>
      (await callBackground('courier:routes:plan', { body })).candidates.filter((c) => c.id !== 'default').map((c) => c.body),
    // the first route paints before the alternatives' requests start (a hidden page: 100 ms at most)
    afterShown: () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 100 })),
    describe: uiError,
    // kept with the question it answers: the popup closes at every click into the wallet
    choice: routeChoice,
    onQuoted: (form) => {
      const picked = [form.source, form.dest].filter((a) => a !== null);
      // The quoted-assets store is in the zod part; it is loaded by then (the answer needed it).
      if (picked.length) void import('./stores').then(({ rememberQuoted }) => rememberQuoted(...picked));
    },
  });
  return runner;
}
