/**
 * Keeps a quote for the form: asks for a route once the form has been stable for a moment,
 * refreshes it every `refreshMs` while the form stays the same and the page is visible, and
 * cancels questions that are no longer asked (a newer form, a newer refresh, stop, invalidate).
 *
 * Each route request gets its own AbortController; a newer question aborts the one in flight,
 * which cancels it in the background too (callApi sends `courier:api:cancel`: the fetch and its
 * retries stop). An answer that still arrives for an old question is dropped, and a cancellation
 * is never shown as an error. The debounce keeps most requests from being sent at all.
 */
import type { Route, RouteRequest } from '../../api/schemas/route';
import { describeError, isCancellation, type UiError } from '../shared/errors';
import { createStore, type Store } from '../shared/store';
import { planRouteRequest, type RoutePlan } from '../model/quote-request';
import type { QuoteForm } from './quote-form';

export type QuoteState =
  | { phase: 'idle'; plan: Extract<RoutePlan, { ok: false }> }
  | { phase: 'loading'; key: string; baseKey: string; unsafe: boolean }
  | { phase: 'ready'; key: string; baseKey: string; unsafe: boolean; route: Route; at: number; refreshing: boolean }
  | { phase: 'error'; key: string; baseKey: string; unsafe: boolean; error: UiError; at: number };

export interface QuoteRunnerDeps {
  /** Asks for a route; `signal` aborts when the question is superseded (the call should stop). */
  fetchRoute(body: RouteRequest, options: { signal: AbortSignal }): Promise<Route>;
  now?: () => number;
  isVisible?: () => boolean;
  debounceMs?: number;
  refreshMs?: number;
  /** Told about every answer that is shown (for remembering quoted assets). */
  onQuoted?: (form: QuoteForm, route: Route) => void;
  describe?: (error: unknown) => UiError;
}

export interface QuoteRunner {
  state: Store<QuoteState>;
  /** The base request key the user allowed an unsafe route for. */
  unsafeApproval: Store<string | null>;
  /** Starts following the form; returns stop (timers cleared, the last answer kept). */
  start(): () => void;
  /** Asks again now, even for the same form. */
  retry(): void;
  /** Shows the unsafe route for the current form (the user confirmed). */
  allowUnsafe(): void;
  /** Forgets the answer (the API changed): the next start asks again. */
  invalidate(): void;
  /** Requests sent to the background (for tests and diagnostics). */
  readonly sent: number;
}

export function createQuoteRunner(form: Store<QuoteForm>, deps: QuoteRunnerDeps): QuoteRunner {
  const now = deps.now ?? Date.now;
  const isVisible = deps.isVisible ?? (() => typeof document === 'undefined' || document.visibilityState !== 'hidden');
  const debounceMs = deps.debounceMs ?? 350;
  const refreshMs = deps.refreshMs ?? 30_000;
  const describe = deps.describe ?? ((e: unknown) => describeError(e));

  const initialPlan = planRouteRequest(form.get());
  const state = createStore<QuoteState>(
    initialPlan.ok ? { phase: 'loading', key: initialPlan.key, baseKey: initialPlan.key, unsafe: false } : { phase: 'idle', plan: initialPlan },
  );
  const unsafeApproval = createStore<string | null>(null);

  let generation = 0;
  let current: { key: string; baseKey: string; body: RouteRequest; unsafe: boolean } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let sent = 0;
  /** The route request in flight, if any. */
  let inFlight: AbortController | null = null;

  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  /** A new question (or none): the answer to the previous one is no longer wanted. */
  const supersede = () => {
    generation += 1;
    inFlight?.abort();
    inFlight = null;
  };

  const request = (gen: number) => {
    const asked = current;
    if (!asked) return;
    sent += 1;
    const formAtRequest = form.get();
    const controller = new AbortController();
    inFlight = controller;
    const settled = () => {
      if (inFlight === controller) inFlight = null;
    };
    deps.fetchRoute(asked.body, { signal: controller.signal }).then(
      (route) => {
        settled();
        if (gen !== generation) return; // a newer question was asked meanwhile
        state.set({ phase: 'ready', key: asked.key, baseKey: asked.baseKey, unsafe: asked.unsafe, route, at: now(), refreshing: false });
        deps.onQuoted?.(formAtRequest, route);
        scheduleRefresh(gen);
      },
      (error: unknown) => {
        settled();
        if (gen !== generation || isCancellation(error)) return;
        state.set({ phase: 'error', key: asked.key, baseKey: asked.baseKey, unsafe: asked.unsafe, error: describe(error), at: now() });
      },
    );
  };

  const scheduleRefresh = (gen: number) => {
    clear();
    if (!running) return;
    timer = setTimeout(() => {
      if (gen !== generation || !running) return;
      if (!isVisible()) {
        scheduleRefresh(gen);
        return;
      }
      refresh();
    }, refreshMs);
  };

  const refresh = () => {
    const s = state.get();
    supersede();
    if (s.phase === 'ready') state.set({ ...s, refreshing: true });
    request(generation);
  };

  const evaluate = (force = false) => {
    const base = planRouteRequest(form.get());
    if (!base.ok) {
      supersede();
      current = null;
      clear();
      state.set({ phase: 'idle', plan: base });
      return;
    }
    const unsafe = unsafeApproval.get() === base.key;
    const plan = unsafe ? planRouteRequest(form.get(), { allowUnsafe: true }) : base;
    if (!plan.ok) return; // cannot happen: same form
    if (!force && current?.key === plan.key) return;
    current = { key: plan.key, baseKey: base.key, body: plan.body, unsafe };
    supersede();
    const gen = generation;
    clear();
    state.set({ phase: 'loading', key: plan.key, baseKey: base.key, unsafe });
    timer = setTimeout(() => request(gen), force ? 0 : debounceMs);
  };

  let unsubscribe: (() => void) | null = null;

  return {
    state,
    unsafeApproval,
    get sent() {
      return sent;
    },
    start() {
      if (running) return () => undefined;
      running = true;
      const a = form.subscribe(() => evaluate());
      const b = unsafeApproval.subscribe(() => evaluate());
      unsubscribe = () => {
        a();
        b();
      };
      const s = state.get();
      if (current && s.phase === 'ready' && now() - s.at >= refreshMs) {
        refresh(); // back on the page after a while: the quote is stale
      } else if (current && s.phase === 'ready') {
        scheduleRefresh(generation);
      } else {
        evaluate(s.phase === 'loading' && current === null);
      }
      return () => {
        running = false;
        unsubscribe?.();
        unsubscribe = null;
        // An unanswered question is asked again on the next start.
        const s = state.get();
        if (s.phase === 'loading') current = null;
        if (s.phase === 'ready' && s.refreshing) state.set({ ...s, refreshing: false });
        supersede(); // the request in flight, if any, is cancelled
        clear();
      };
    },
    retry() {
      evaluate(true);
    },
    invalidate() {
      current = null;
      supersede();
      clear();
      const plan = planRouteRequest(form.get());
      state.set(plan.ok ? { phase: 'loading', key: plan.key, baseKey: plan.key, unsafe: false } : { phase: 'idle', plan });
      if (running) evaluate(true);
    },
    allowUnsafe() {
      const base = planRouteRequest(form.get());
      if (base.ok) unsafeApproval.set(base.key);
    },
  };
}
