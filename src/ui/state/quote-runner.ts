/**
 * Keeps a quote for the form: asks for a route once the form has been stable for a moment,
 * refreshes it every `refreshMs` while the form stays the same and the page is visible, and
 * cancels questions that are no longer asked (a newer form, a newer refresh, stop, invalidate).
 *
 * Each route request gets its own AbortController; a newer question aborts the one in flight,
 * which cancels it in the background too (callApi sends `courier:api:cancel`: the fetch and its
 * retries stop). An answer that still arrives for an old question is dropped, and a cancellation
 * is never shown as an error. The debounce keeps most requests from being sent at all.
 *
 * With `planAlternatives`, each question also asks the other requests worth comparing (Go Fast,
 * each bridge on its own: routes/compare.ts), planned and sent all at once as soon as the default
 * request has answered and its answer is on screen: sent alongside it, up to nine of them (and
 * their planning) delayed the first answer in the background and the service (`npm run bench --
 * popup`, time to the first route shown). Their answers fill `alternatives` as they arrive, each request cancellable
 * like the default one; a refresh keeps the previous alternatives on show until its own round
 * has answered.
 */
import type { Route, RouteRequest } from '../../api/schemas/route';
import { describeError, isCancellation, type UiError } from '../shared/errors';
import { createStore, type Store } from '../shared/store';
import { planRouteRequest, type RoutePlan } from '../model/quote-request';
import type { QuoteForm, RouteChoice } from './quote-form';

export type QuoteState =
  | { phase: 'idle'; plan: Extract<RoutePlan, { ok: false }> }
  | { phase: 'loading'; key: string; baseKey: string; unsafe: boolean }
  | { phase: 'ready'; key: string; baseKey: string; unsafe: boolean; route: Route; at: number; refreshing: boolean }
  | { phase: 'error'; key: string; baseKey: string; unsafe: boolean; error: UiError; at: number };

/** The other routes for the question the state answers (`key`), as they arrive. */
export interface AlternativesState {
  key: string | null;
  /** Answers, in arrival order (failures left out: a bridge that cannot carry it answers 404). */
  routes: Route[];
  /** Requests (or the planning of them) still unanswered in this round. */
  pending: number;
  /** A round was stopped before it finished: the next start asks again. */
  incomplete: boolean;
}

/** The route the user picked among the alternatives, for one question (quote-form.ts). */
export type { RouteChoice } from './quote-form';

export interface QuoteRunnerDeps {
  /** Asks for a route; `signal` aborts when the question is superseded (the call should stop). */
  fetchRoute(body: RouteRequest, options: { signal: AbortSignal }): Promise<Route>;
  now?: () => number;
  isVisible?: () => boolean;
  debounceMs?: number;
  refreshMs?: number;
  /** Told about every answer that is shown (for remembering quoted assets). */
  onQuoted?: (form: QuoteForm, route: Route) => void;
  /** The other route requests to compare for `body` (without the default one). */
  planAlternatives?(body: RouteRequest): Promise<RouteRequest[]>;
  /** Resolves once the answer just shown has had its chance to paint: the alternatives wait for it. */
  afterShown?: () => Promise<void>;
  describe?: (error: unknown) => UiError;
  /** Where the pick is kept (the popup: a persisted store, so reopening keeps it); in memory by default. */
  choice?: Store<RouteChoice>;
}

export interface QuoteRunner {
  state: Store<QuoteState>;
  /** The base request key the user allowed an unsafe route for. */
  unsafeApproval: Store<string | null>;
  /** The other routes for the current question (empty without `planAlternatives`). */
  alternatives: Store<AlternativesState>;
  /** What the user picked; kept across refreshes of the same question (and reopenings, with `deps.choice`). */
  choice: Store<RouteChoice>;
  /** Starts following the form; returns stop (timers cleared, the last answer kept). */
  start(): () => void;
  /** Asks again now, even for the same form. */
  retry(): void;
  /** Shows the unsafe route for the current form (the user confirmed). */
  allowUnsafe(): void;
  /** Forgets the answer (the API changed): the next start asks again. */
  invalidate(): void;
  /** Route requests sent to the background, alternatives included (for tests and diagnostics). */
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
  const noAlternatives = (): AlternativesState => ({ key: null, routes: [], pending: 0, incomplete: false });
  const alternatives = createStore<AlternativesState>(noAlternatives());
  const choice = deps.choice ?? createStore<RouteChoice>(null);

  let generation = 0;
  let current: { key: string; baseKey: string; body: RouteRequest; unsafe: boolean } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let sent = 0;
  /** The route requests in flight (the default one and the alternatives). */
  const inFlight = new Set<AbortController>();

  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  /** A new question (or none): the answer to the previous one is no longer wanted. */
  const supersede = () => {
    generation += 1;
    for (const controller of inFlight) controller.abort();
    inFlight.clear();
    const alt = alternatives.get();
    if (alt.pending > 0) alternatives.set({ ...alt, pending: 0, incomplete: true });
  };

  /** One route request with its own AbortController, which `supersede` aborts. */
  const ask = (body: RouteRequest): Promise<Route> => {
    sent += 1;
    const controller = new AbortController();
    inFlight.add(controller);
    const settled = () => inFlight.delete(controller);
    return deps.fetchRoute(body, { signal: controller.signal }).finally(settled);
  };

  /**
   * This round's alternatives: planned and asked together once the default request has settled
   * (`first`) and its answer has been painted; shown as they come (a refresh: when all came).
   */
  const askAlternatives = (gen: number, asked: { key: string; body: RouteRequest }, first: Promise<unknown>) => {
    const plan = deps.planAlternatives;
    if (!plan) return;
    const previous = alternatives.get();
    const refreshing = previous.key === asked.key && !previous.incomplete;
    const shown = refreshing ? previous.routes : [];
    const fresh: Route[] = [];
    let pending = 1;
    const publish = () => alternatives.set({ key: asked.key, routes: refreshing && pending > 0 ? shown : [...fresh], pending, incomplete: false });
    const done = () => {
      pending -= 1;
      if (gen === generation) publish();
    };
    publish();
    first
      .then(() => deps.afterShown?.())
      .then(() => (gen === generation ? plan(asked.body) : []))
      .then((bodies) => {
        if (gen !== generation) return;
        pending += bodies.length;
        for (const body of bodies) {
          ask(body).then(
            (route) => {
              if (gen === generation) fresh.push(route);
              done();
            },
            done, // a bridge that cannot carry it, or a cancellation: left out
          );
        }
        done();
      }, done);
  };

  const request = (gen: number) => {
    const asked = current;
    if (!asked) return;
    const formAtRequest = form.get();
    const first = ask(asked.body);
    first.then(
      (route) => {
        if (gen !== generation) return; // a newer question was asked meanwhile
        state.set({ phase: 'ready', key: asked.key, baseKey: asked.baseKey, unsafe: asked.unsafe, route, at: now(), refreshing: false });
        deps.onQuoted?.(formAtRequest, route);
        scheduleRefresh(gen);
      },
      (error: unknown) => {
        if (gen !== generation || isCancellation(error)) return;
        state.set({ phase: 'error', key: asked.key, baseKey: asked.baseKey, unsafe: asked.unsafe, error: describe(error), at: now() });
      },
    );
    // the default request leaves alone: it is the answer shown first
    askAlternatives(gen, asked, first.catch(() => undefined));
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
    alternatives,
    choice,
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
      const alt = alternatives.get();
      const unfinished = deps.planAlternatives !== undefined && s.phase === 'ready' && (alt.key !== s.key || alt.incomplete);
      // the form may have changed while the runner was stopped (typed before the view's start):
      // then it is a new question, never a refresh of the old one
      const asked = planRouteRequest(form.get());
      const same = current !== null && asked.ok && asked.key === current.baseKey;
      if (same && s.phase === 'ready' && (now() - s.at >= refreshMs || unfinished)) {
        refresh(); // back on the page after a while (the quote is stale), or the alternatives were cut short
      } else if (same && s.phase === 'ready') {
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
      alternatives.set(noAlternatives());
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
