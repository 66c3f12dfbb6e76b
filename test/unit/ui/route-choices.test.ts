/** The popup's route comparison: the quote runner's alternatives and the choice model. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Route, RouteRequest } from '../../../src/api/schemas/route';
import { routeIdentity } from '../../../src/routes/compare';
import { routeChoices } from '../../../src/ui/model/route-choices';
import { createQuoteRunner } from '../../../src/ui/state/quote-runner';
import { defaultQuoteForm, type AssetRef, type QuoteForm } from '../../../src/ui/state/schemas';
import { createStore } from '../../../src/ui/shared/store';

const usdcEth: AssetRef = { chainId: '1', denom: '0xA0b8', symbol: 'USDC', name: 'USDC', decimals: 6, logo: null, known: true };
const usdcNoble: AssetRef = { chainId: 'noble-1', denom: 'uusdc', symbol: 'USDC', name: 'USDC', decimals: 6, logo: null, known: true };

function route(bridge: string, out: string, seconds: number): Route {
  const kind = bridge === 'CCTP' ? 'cctp_transfer' : bridge === 'GO_FAST' ? 'go_fast_transfer' : 'axelar_transfer';
  return {
    amount_in: '100000000',
    amount_out: out,
    source_asset_chain_id: '1',
    source_asset_denom: '0xA0b8',
    dest_asset_chain_id: 'noble-1',
    dest_asset_denom: 'uusdc',
    operations: [{ [kind]: { bridge_id: bridge, from_chain_id: '1', to_chain_id: 'noble-1' }, tx_index: 0, amount_in: '100000000', amount_out: out }],
    required_chain_addresses: ['1', 'noble-1'],
    txs_required: 1,
    estimated_route_duration_seconds: seconds,
  } as Route;
}
const CCTP = route('CCTP', '100000000', 900);
const GO_FAST = route('GO_FAST', '99900000', 15);
const AXELAR = route('AXELAR', '99791667', 1020);

type Call = { body: RouteRequest; signal: AbortSignal; resolve: (r: Route) => void; reject: (e: unknown) => void };

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('the quote runner with alternatives', () => {
  let form: ReturnType<typeof createStore<QuoteForm>>;
  beforeEach(() => {
    vi.useFakeTimers();
    form = createStore<QuoteForm>({ ...defaultQuoteForm(), source: usdcEth, dest: usdcNoble, amount: '100' });
  });
  afterEach(() => vi.useRealTimers());

  function started() {
    const calls: Call[] = [];
    const planned: RouteRequest[] = [];
    const runner = createQuoteRunner(form, {
      fetchRoute: (body, { signal }) => new Promise<Route>((resolve, reject) => calls.push({ body, signal, resolve, reject })),
      planAlternatives: async (body) => {
        planned.push(body);
        return [
          { ...body, go_fast: true },
          { ...body, bridges: ['AXELAR', 'IBC'] },
        ];
      },
    });
    const stop = runner.start();
    const named = (name: 'default' | 'go_fast' | 'axelar') =>
      calls.filter((c) => (name === 'go_fast' ? c.body.go_fast : name === 'axelar' ? c.body.bridges : !c.body.go_fast && !c.body.bridges));
    return { runner, stop, calls, planned, named };
  }

  it('asks the default alone, the alternatives together once it has answered; shows the default first and the others as they come', async () => {
    const { runner, calls, planned, named } = started();
    await flush();
    // planned and asked after it: the default answer is not slowed by theirs
    expect(planned).toHaveLength(0);
    expect(calls).toHaveLength(1);
    expect(runner.alternatives.get()).toMatchObject({ pending: 1, routes: [] });
    named('default')[0]!.resolve(CCTP);
    await flush();
    expect(runner.state.get()).toMatchObject({ phase: 'ready', route: CCTP });
    expect(planned).toHaveLength(1);
    expect(calls).toHaveLength(3);
    expect(runner.alternatives.get()).toMatchObject({ pending: 2, routes: [] });
    named('go_fast')[0]!.resolve(GO_FAST);
    await flush();
    expect(runner.alternatives.get()).toMatchObject({ routes: [GO_FAST], pending: 1 });
    named('axelar')[0]!.reject(new Error('no routes found'));
    await flush();
    expect(runner.alternatives.get()).toMatchObject({ routes: [GO_FAST], pending: 0, incomplete: false });
    expect(runner.sent).toBe(3);
  });

  it('cancels the alternatives of a question no longer asked, and drops their late answers', async () => {
    const { runner, calls, named } = started();
    await flush();
    named('default')[0]!.resolve(CCTP);
    await flush();
    const first = [...calls];
    form.set((f) => ({ ...f, amount: '200' }));
    await vi.advanceTimersByTimeAsync(400);
    expect(first.filter((c) => c !== named('default')[0]).every((c) => c.signal.aborted)).toBe(true);
    first[1]!.resolve(GO_FAST); // an old alternative answers late
    await flush();
    const alt = runner.alternatives.get();
    expect(alt.routes).toEqual([]);
    expect(alt.key).toBe((runner.state.get() as { key: string }).key);
    expect(calls.slice(3).map((c) => c.body.amount_in)).toEqual(['200000000']);
    calls[3]!.resolve(CCTP);
    await flush();
    expect(calls.slice(3).map((c) => c.body.amount_in)).toEqual(['200000000', '200000000', '200000000']);
  });

  it('keeps the previous alternatives on show during a refresh, then shows the new round', async () => {
    const { runner, named } = started();
    await flush();
    named('default')[0]!.resolve(CCTP);
    await flush();
    named('go_fast')[0]!.resolve(GO_FAST);
    named('axelar')[0]!.resolve(AXELAR);
    await flush();
    expect(runner.alternatives.get().routes).toEqual([GO_FAST, AXELAR]);
    await vi.advanceTimersByTimeAsync(30_000);
    named('default')[1]!.resolve(CCTP);
    await flush();
    expect(named('go_fast')).toHaveLength(2);
    const faster = route('GO_FAST', '99950000', 10);
    named('go_fast')[1]!.resolve(faster);
    await flush();
    expect(runner.alternatives.get()).toMatchObject({ routes: [GO_FAST, AXELAR], pending: 1 });
    named('axelar')[1]!.reject(new Error('no routes found'));
    await flush();
    expect(runner.alternatives.get()).toMatchObject({ routes: [faster], pending: 0 });
  });

  it('asks the alternatives also when the default request fails, and none once the question has changed', async () => {
    const { runner, calls, named } = started();
    await flush();
    named('default')[0]!.reject(new Error('no routes found'));
    await flush();
    expect(runner.state.get()).toMatchObject({ phase: 'error' });
    expect(calls).toHaveLength(3);
    form.set((f) => ({ ...f, amount: '300' }));
    await vi.advanceTimersByTimeAsync(400);
    expect(calls).toHaveLength(4); // the new default only, until it answers
    form.set((f) => ({ ...f, amount: '400' }));
    await vi.advanceTimersByTimeAsync(400);
    expect(calls[3]!.signal.aborted).toBe(true);
    calls[3]!.reject(new DOMException('aborted', 'AbortError'));
    await flush();
    expect(calls).toHaveLength(5); // the superseded question asked no alternatives
  });

  it('leaving the view cancels the alternatives; coming back asks them again', async () => {
    const { runner, stop, calls, named } = started();
    await flush();
    named('default')[0]!.resolve(CCTP);
    await flush();
    stop();
    expect(named('go_fast')[0]!.signal.aborted).toBe(true);
    expect(runner.alternatives.get()).toMatchObject({ pending: 0, incomplete: true });
    runner.start();
    await flush();
    named('default')[1]!.resolve(CCTP);
    await flush();
    expect(calls).toHaveLength(6);
    expect(runner.alternatives.get()).toMatchObject({ pending: 2, incomplete: false });
  });
});

describe('routeChoices', () => {
  const question = { key: 'k1', route: AXELAR };

  it('selects the default until the user picks; the pick holds while offered', () => {
    const alternatives = { key: 'k1', routes: [CCTP, GO_FAST], pending: 0 };
    const model = routeChoices(question, alternatives, null);
    expect(model.rows.map((r) => [r.bridges[0], r.labels, r.isDefault])).toEqual([
      ['CCTP', ['cheapest'], false],
      ['GO_FAST', ['fastest'], false],
      ['AXELAR', [], true],
    ]);
    expect(model.selected.route).toBe(AXELAR);
    const picked = routeChoices(question, alternatives, { key: 'k1', identity: routeIdentity(GO_FAST), path: '', bridges: ['GO_FAST'] });
    expect(picked.selected.route).toBe(GO_FAST);
    expect(picked.pickGone).toBe(false);
  });

  it('falls back to the default, and says so, when the pick is no longer offered; ignores another question’s answers', () => {
    const gone = routeChoices(question, { key: 'k1', routes: [CCTP], pending: 0 }, { key: 'k1', identity: routeIdentity(GO_FAST), path: '', bridges: ['GO_FAST'] });
    expect(gone.selected.route).toBe(AXELAR);
    expect(gone.pickGone).toBe(true);
    const other = routeChoices(question, { key: 'k0', routes: [CCTP], pending: 2 }, { key: 'k0', identity: routeIdentity(CCTP), path: '', bridges: ['CCTP'] });
    expect(other.rows).toHaveLength(1);
    expect(other.pending).toBe(0);
    expect(other.pickGone).toBe(false);
    expect(other.selected.route).toBe(AXELAR);
  });
});
