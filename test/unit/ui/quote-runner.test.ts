import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Route, RouteRequest } from '../../../src/api/schemas/route';
import { ApiError, serializeApiError } from '../../../src/api/errors';
import { ProtocolError } from '../../../src/background/protocol-error';
import { createQuoteRunner, type QuoteRunnerDeps } from '../../../src/ui/state/quote-runner';
import { defaultQuoteForm, type AssetRef, type QuoteForm } from '../../../src/ui/state/schemas';
import { createStore } from '../../../src/ui/shared/store';

const atom: AssetRef = { chainId: 'cosmoshub-4', denom: 'uatom', symbol: 'ATOM', name: 'ATOM', decimals: 6, logo: null, known: true };
const osmo: AssetRef = { chainId: 'osmosis-1', denom: 'uosmo', symbol: 'OSMO', name: 'OSMO', decimals: 6, logo: null, known: true };

function routeFor(body: RouteRequest): Route {
  return {
    amount_in: body.amount_in ?? '1',
    amount_out: String(BigInt(body.amount_in ?? '1') * 20n),
    source_asset_denom: 'uatom',
    source_asset_chain_id: 'cosmoshub-4',
    dest_asset_denom: 'uosmo',
    dest_asset_chain_id: 'osmosis-1',
    operations: [],
    chain_ids: ['cosmoshub-4', 'osmosis-1'],
    required_chain_addresses: ['cosmoshub-4', 'osmosis-1'],
    estimated_amount_out: '0',
    txs_required: 1,
    estimated_route_duration_seconds: 30,
    ...(body.allow_unsafe ? { warning: { type: 'BAD_PRICE_WARNING', message: 'bad' } } : {}),
  } as Route;
}

/** A fetch whose answers the test releases one by one (an abort does not end it: the test decides). */
function scripted() {
  const calls: { body: RouteRequest; signal: AbortSignal; resolve: (r: Route) => void; reject: (e: unknown) => void }[] = [];
  const fetchRoute = (body: RouteRequest, { signal }: { signal: AbortSignal }) =>
    new Promise<Route>((resolve, reject) => calls.push({ body, signal, resolve, reject }));
  return { calls, fetchRoute };
}

const abortError = () => new DOMException('The request was cancelled.', 'AbortError');

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('the quote runner', () => {
  let form: ReturnType<typeof createStore<QuoteForm>>;
  beforeEach(() => {
    vi.useFakeTimers();
    form = createStore<QuoteForm>({ ...defaultQuoteForm(), source: atom, dest: osmo, amount: '1' });
  });
  afterEach(() => vi.useRealTimers());

  /** A runner on a scripted fetch, started, its first request sent. */
  async function started(deps: Omit<QuoteRunnerDeps, 'fetchRoute'> = {}) {
    const script = scripted();
    const runner = createQuoteRunner(form, { fetchRoute: script.fetchRoute, ...deps });
    const stop = runner.start();
    await flush();
    return { ...script, runner, stop };
  }

  it('asks at once on start, then once per stable form (typing is debounced)', async () => {
    const { calls, fetchRoute } = scripted();
    const runner = createQuoteRunner(form, { fetchRoute, debounceMs: 300 });
    runner.start();
    await flush();
    expect(calls).toHaveLength(1);
    calls[0]!.resolve(routeFor(calls[0]!.body));
    await flush();
    expect(runner.state.get().phase).toBe('ready');

    for (const amount of ['2', '2.', '2.5', '2.55']) {
      form.set((f) => ({ ...f, amount }));
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(runner.state.get().phase).toBe('loading');
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(300);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body.amount_in).toBe('2550000');
  });

  it('drops the answer to a question no longer asked', async () => {
    const { calls, fetchRoute } = scripted();
    const runner = createQuoteRunner(form, { fetchRoute, debounceMs: 10 });
    runner.start();
    await flush();
    form.set((f) => ({ ...f, amount: '3' }));
    await vi.advanceTimersByTimeAsync(10);
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(routeFor(calls[1]!.body));
    await flush();
    calls[0]!.resolve(routeFor(calls[0]!.body)); // the slow, stale one
    await flush();
    const s = runner.state.get();
    expect(s.phase === 'ready' && s.route.amount_in).toBe('3000000');
  });

  it('refreshes every 30 s while the form is stable and the page visible', async () => {
    const { calls, fetchRoute } = scripted();
    let visible = true;
    const runner = createQuoteRunner(form, { fetchRoute, refreshMs: 30_000, isVisible: () => visible });
    runner.start();
    await flush();
    calls[0]!.resolve(routeFor(calls[0]!.body));
    await flush();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toHaveLength(2);
    expect(runner.state.get()).toMatchObject({ phase: 'ready', refreshing: true });
    calls[1]!.resolve(routeFor(calls[1]!.body));
    await flush();
    expect(runner.state.get()).toMatchObject({ phase: 'ready', refreshing: false });
    visible = false;
    await vi.advanceTimersByTimeAsync(90_000);
    expect(calls).toHaveLength(2);
    visible = true;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toHaveLength(3);
  });

  it('stops asking when stopped; a stale answer is refreshed on the next start', async () => {
    const { calls, fetchRoute } = scripted();
    let now = 0;
    const runner = createQuoteRunner(form, { fetchRoute, refreshMs: 30_000, now: () => now });
    const stop = runner.start();
    await flush();
    calls[0]!.resolve(routeFor(calls[0]!.body));
    await flush();
    stop();
    now = 60_000;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toHaveLength(1);
    runner.start();
    await flush();
    expect(calls).toHaveLength(2);
  });

  it('a form changed while stopped is a new question on the next start, never a refresh of the old one', async () => {
    const { calls, fetchRoute } = scripted();
    let now = 0;
    const runner = createQuoteRunner(form, { fetchRoute, refreshMs: 30_000, now: () => now, debounceMs: 10 });
    const stop = runner.start();
    await flush();
    calls[0]!.resolve(routeFor(calls[0]!.body));
    await flush();
    stop();
    // typed on the page before its view started the runner again, and the old quote is stale
    form.set({ ...form.get(), amount: '2' });
    now = 60_000;
    runner.start();
    await vi.advanceTimersByTimeAsync(20);
    expect(calls.map((c) => c.body.amount_in)).toEqual(['1000000', '2000000']);
    expect(runner.state.get()).toMatchObject({ phase: 'loading' });
    calls[1]!.resolve(routeFor(calls[1]!.body));
    await flush();
    expect(runner.state.get()).toMatchObject({ phase: 'ready', route: { amount_in: '2000000' } });
  });

  it('an error is described; the unsafe route is asked for only after allowUnsafe', async () => {
    const { calls, fetchRoute } = scripted();
    const runner = createQuoteRunner(form, { fetchRoute });
    runner.start();
    await flush();
    const data = serializeApiError(
      new ApiError({ kind: 'http', httpStatus: 400, code: 3, message: 'difference in usd value', endpoint: '/v2/fungible/route', method: 'POST', details: [{ reason: 'BAD_PRICE_ERROR' }] }),
    );
    calls[0]!.reject(new ProtocolError('api', data.message, data));
    await flush();
    expect(runner.state.get()).toMatchObject({ phase: 'error', error: { kind: 'price', reason: 'BAD_PRICE_ERROR' } });
    runner.allowUnsafe();
    await vi.advanceTimersByTimeAsync(400);
    expect(calls[1]!.body.allow_unsafe).toBe(true);
    calls[1]!.resolve(routeFor(calls[1]!.body));
    await flush();
    expect(runner.state.get()).toMatchObject({ phase: 'ready', unsafe: true });
    // another amount: safe again
    form.set((f) => ({ ...f, amount: '4' }));
    await vi.advanceTimersByTimeAsync(400);
    expect(calls[2]!.body.allow_unsafe).toBeUndefined();
  });

  it('an incomplete form asks nothing and says why', async () => {
    const { calls, fetchRoute } = scripted();
    form.set((f) => ({ ...f, dest: null }));
    const runner = createQuoteRunner(form, { fetchRoute });
    runner.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(0);
    expect(runner.state.get()).toMatchObject({ phase: 'idle', plan: { reason: 'incomplete' } });
  });

  it('invalidate (another API) asks again', async () => {
    const { calls, fetchRoute } = scripted();
    const runner = createQuoteRunner(form, { fetchRoute });
    runner.start();
    await flush();
    calls[0]!.resolve(routeFor(calls[0]!.body));
    await flush();
    runner.invalidate();
    await flush();
    expect(calls).toHaveLength(2);
  });

  it('typing a new amount while a request is in flight aborts it; its answer is never shown', async () => {
    const { calls, runner } = await started({ debounceMs: 300 });
    const shown: string[] = [];
    runner.state.subscribe((s) => {
      if (s.phase === 'ready') shown.push(s.route.amount_in);
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.signal.aborted).toBe(false);

    form.set((f) => ({ ...f, amount: '2' }));
    // Aborted as soon as the question changes, not when the new request goes out.
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(runner.state.get().phase).toBe('loading');

    // The old request answers anyway (it was already on its way): dropped.
    calls[0]!.resolve(routeFor(calls[0]!.body));
    await flush();
    expect(runner.state.get().phase).toBe('loading');
    await vi.advanceTimersByTimeAsync(300);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.signal.aborted).toBe(false);
    calls[1]!.resolve(routeFor(calls[1]!.body));
    await flush();
    expect(shown).toEqual(['2000000']);
  });

  it('a cancelled request is never shown as an error', async () => {
    const { calls, runner } = await started({ debounceMs: 10 });
    form.set((f) => ({ ...f, amount: '5' }));
    calls[0]!.reject(abortError()); // what callApi rejects with once aborted
    await flush();
    expect(runner.state.get().phase).toBe('loading');
    await vi.advanceTimersByTimeAsync(10);
    // The current request cancelled by the background (code `cancelled`): ignored as well.
    calls[1]!.reject(new ProtocolError('cancelled', 'The request was cancelled by the page that made it.'));
    await flush();
    expect(runner.state.get().phase).toBe('loading');
  });

  it('a newer form aborts a refresh in flight (an answered request is left alone)', async () => {
    const { calls, runner } = await started({ refreshMs: 30_000, debounceMs: 10 });
    calls[0]!.resolve(routeFor(calls[0]!.body));
    await flush();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.signal.aborted).toBe(false); // answered before: nothing to cancel
    form.set((f) => ({ ...f, amount: '7' }));
    expect(calls[1]!.signal.aborted).toBe(true);
    calls[1]!.resolve(routeFor(calls[1]!.body));
    await flush();
    expect(runner.state.get().phase).toBe('loading');
  });

  it('stop() aborts the request in flight; the next start asks again', async () => {
    const { calls, runner, stop } = await started();
    expect(calls).toHaveLength(1);
    stop();
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[0]!.reject(abortError());
    await flush();
    expect(runner.state.get().phase).toBe('loading');
    runner.start();
    await flush();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.signal.aborted).toBe(false);
  });

  it('invalidate aborts the request in flight', async () => {
    const { calls, runner } = await started();
    runner.invalidate();
    expect(calls[0]!.signal.aborted).toBe(true);
    await flush();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.signal.aborted).toBe(false);
  });
});
