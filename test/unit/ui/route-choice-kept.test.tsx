/**
 * The route picked among those found is kept when the popup closes (it does at every click into
 * the wallet) and reopens: persisted with the question it answers, looked for again among the
 * routes asked anew, and, when it is gone, the user is told in words which route is selected
 * instead and why. The Route view never builds another route while the pick is looked for.
 */
import { parseHTML } from 'linkedom';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Route, RouteRequest } from '../../../src/api/schemas/route';
import { routeIdentity } from '../../../src/routes/compare';
import { pickWords } from '../../../src/ui/components/RouteChoices';
import { choiceFor, routeChoices, routePath } from '../../../src/ui/model/route-choices';
import { routeChoice } from '../../../src/ui/state/core-stores';
import { readBootData, UI_KEYS } from '../../../src/ui/state/keys';
import { flushAll, setStorageAreas } from '../../../src/ui/state/persist';
import { RouteChoiceDecoder } from '../../../src/ui/state/quote-form';
import { createQuoteRunner, type QuoteRunner } from '../../../src/ui/state/quote-runner';
import { defaultQuoteForm, type AssetRef, type QuoteForm } from '../../../src/ui/state/schemas';
import { createStore, type Store } from '../../../src/ui/shared/store';
import type { KeyValueArea } from '../../../src/ui/shared/ext';

const current = vi.hoisted(() => ({ runner: null as unknown }));
vi.mock(import('../../../src/ui/state/runtime'), async (importOriginal) => ({ ...(await importOriginal()), quoteRunner: () => current.runner as QuoteRunner }));

const usdcEth: AssetRef = { chainId: '1', denom: '0xA0b8', symbol: 'USDC', name: 'USDC', decimals: 6, logo: null, known: true };
const usdcNoble: AssetRef = { chainId: 'noble-1', denom: 'uusdc', symbol: 'USDC', name: 'USDC', decimals: 6, logo: null, known: true };

function route(bridges: string[], out: string, seconds: number, fee = '100000'): Route {
  const op = (bridge: string, from: string, to: string) => {
    const kind = bridge === 'CCTP' ? 'cctp_transfer' : bridge === 'GO_FAST' ? 'go_fast_transfer' : bridge === 'IBC' ? 'transfer' : 'axelar_transfer';
    const body: Record<string, unknown> = { bridge_id: bridge, from_chain_id: from, to_chain_id: to };
    if (bridge === 'GO_FAST') body.fee = { bps_fee: '10', bps_fee_amount: fee, source_chain_fee_amount: fee };
    if (bridge === 'IBC') Object.assign(body, { channel: 'channel-750', denom_in: 'ibc/USDC', denom_out: 'uusdc' });
    return { [kind]: body, tx_index: 0, amount_in: '100000000', amount_out: out };
  };
  const operations = bridges.length === 1 ? [op(bridges[0]!, '1', 'noble-1')] : [op(bridges[0]!, '1', 'osmosis-1'), op(bridges[1]!, 'osmosis-1', 'noble-1')];
  return {
    amount_in: '100000000',
    amount_out: out,
    source_asset_chain_id: '1',
    source_asset_denom: '0xA0b8',
    dest_asset_chain_id: 'noble-1',
    dest_asset_denom: 'uusdc',
    operations,
    required_chain_addresses: ['1', 'noble-1'],
    txs_required: 1,
    estimated_route_duration_seconds: seconds,
    usd_amount_out: String(Number(out) / 1e6),
  } as Route;
}
const CCTP = route(['CCTP'], '100000000', 900);
const GO_FAST = route(['GO_FAST', 'IBC'], '99900000', 55);
const AXELAR = route(['AXELAR', 'IBC'], '99791667', 1020);

function memoryArea(): { area: KeyValueArea; data: Record<string, unknown> } {
  const data: Record<string, unknown> = {};
  return {
    data,
    area: {
      get: async (keys) => Object.fromEntries(keys.filter((k) => k in data).map((k) => [k, data[k]])),
      set: async (items) => void Object.assign(data, items),
    },
  };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

/** One popup page: a runner on the persisted pick, answering each request as `answer` says. */
function popup(form: Store<QuoteForm>, answer: (body: RouteRequest) => Route | Error) {
  const calls: { body: RouteRequest; settle: () => void }[] = [];
  const runner = createQuoteRunner(form, {
    fetchRoute: (body) =>
      new Promise<Route>((resolve, reject) => {
        calls.push({
          body,
          settle: () => {
            const a = answer(body);
            if (a instanceof Error) reject(a);
            else resolve(a);
          },
        });
      }),
    planAlternatives: async (body) => [{ ...body, go_fast: true }, { ...body, bridges: ['AXELAR', 'IBC'] }],
    choice: routeChoice,
  });
  const answerAll = async () => {
    for (let i = 0; i < 5; i++) {
      const open = calls.splice(0);
      for (const c of open) c.settle();
      await flush();
    }
  };
  const model = () => {
    const s = runner.state.get();
    if (s.phase !== 'ready') throw new Error(`not ready: ${s.phase}`);
    return routeChoices({ key: s.key, route: s.route }, runner.alternatives.get(), runner.choice.get());
  };
  return { runner, calls, answerAll, model, stop: runner.start() };
}

const answers = (offerGoFast: Route | null) => (body: RouteRequest) =>
  body.go_fast ? (offerGoFast ?? new Error('no routes found')) : body.bridges ? AXELAR : CCTP;

/** Closing the popup: pending writes flushed (pagehide), the page's memory gone; reopening reads storage at boot. */
async function closeAndReopen(local: KeyValueArea): Promise<void> {
  await flushAll();
  routeChoice.hydrate({});
  expect(routeChoice.get()).toBeNull();
  routeChoice.hydrate(await readBootData(local, null));
}

describe('the picked route across closing and reopening the popup', () => {
  let local: ReturnType<typeof memoryArea>;
  let form: Store<QuoteForm>;
  beforeEach(() => {
    vi.useFakeTimers();
    local = memoryArea();
    setStorageAreas({ local: local.area, session: null });
    routeChoice.hydrate({});
    form = createStore<QuoteForm>({ ...defaultQuoteForm(), source: usdcEth, dest: usdcNoble, amount: '100' });
  });
  afterEach(() => {
    setStorageAreas(null);
    vi.useRealTimers();
  });

  it('is kept under its own key with the question it answers, and selected again once the routes are asked anew', async () => {
    const first = popup(form, answers(GO_FAST));
    await flush();
    await first.answerAll();
    const row = first.model().rows.find((r) => r.bridges[0] === 'GO_FAST')!;
    first.runner.choice.set(choiceFor((first.runner.state.get() as { key: string }).key, row));
    expect(first.model()).toMatchObject({ pick: 'found' });
    expect(first.model().selected.route).toBe(GO_FAST);
    first.stop();

    await closeAndReopen(local.area);
    const stored = local.data[UI_KEYS.choice] as { v: number; data: { key: string; identity: string; bridges: string[] } };
    expect(stored.v).toBe(1);
    expect(stored.data).toMatchObject({ identity: routeIdentity(GO_FAST), bridges: ['GO_FAST', 'IBC'] });

    const second = popup(form, answers(GO_FAST));
    await flush();
    // the default answers first: the pick is looked for, not replaced by it
    second.calls.splice(0, 1)[0]!.settle();
    await flush();
    expect(second.model()).toMatchObject({ pick: 'looking', pickedBridges: ['GO_FAST', 'IBC'] });
    expect(pickWords(second.model())).toBe('Looking for the route you picked (Go Fast + IBC) among the routes still being asked…');
    await second.answerAll();
    expect(second.model()).toMatchObject({ pick: 'found' });
    expect(second.model().selected.route).toBe(GO_FAST);
    expect(pickWords(second.model())).toBeNull();
    second.stop();
  });

  it('finds the pick again when the refreshed quote prices it differently', async () => {
    const first = popup(form, answers(GO_FAST));
    await flush();
    await first.answerAll();
    const key = (first.runner.state.get() as { key: string }).key;
    first.runner.choice.set(choiceFor(key, first.model().rows.find((r) => r.bridges[0] === 'GO_FAST')!));
    first.stop();
    await closeAndReopen(local.area);

    const repriced = route(['GO_FAST', 'IBC'], '99880000', 55, '120000');
    expect(routeIdentity(repriced)).not.toBe(routeIdentity(GO_FAST));
    expect(routePath(repriced)).toBe(routePath(GO_FAST));
    const second = popup(form, answers(repriced));
    await flush();
    await second.answerAll();
    expect(second.model()).toMatchObject({ pick: 'found' });
    expect(second.model().selected.route).toBe(repriced);
  });

  it('when the pick is gone, says which route is selected instead and why', async () => {
    const first = popup(form, answers(GO_FAST));
    await flush();
    await first.answerAll();
    const key = (first.runner.state.get() as { key: string }).key;
    first.runner.choice.set(choiceFor(key, first.model().rows.find((r) => r.bridges[0] === 'GO_FAST')!));
    first.stop();
    await closeAndReopen(local.area);

    const second = popup(form, answers(null));
    await flush();
    await second.answerAll();
    const model = second.model();
    expect(model).toMatchObject({ pick: 'gone', pickGone: true });
    expect(model.selected.route).toBe(CCTP);
    expect(pickWords(model)).toBe(
      'The route you picked (Go Fast + IBC) is not offered any more: the service did not return it when this quote was asked again. ' +
        'CCTP, the recommended route, is selected instead; pick another above if you prefer.',
    );
  });

  it('another question does not take the pick: it answers the question it was made for', async () => {
    const first = popup(form, answers(GO_FAST));
    await flush();
    await first.answerAll();
    const key = (first.runner.state.get() as { key: string }).key;
    first.runner.choice.set(choiceFor(key, first.model().rows.find((r) => r.bridges[0] === 'GO_FAST')!));
    first.stop();
    await closeAndReopen(local.area);
    form.set((f) => ({ ...f, amount: '200' }));
    const second = popup(form, answers(GO_FAST));
    await vi.advanceTimersByTimeAsync(400);
    await second.answerAll();
    expect(second.model()).toMatchObject({ pick: 'none' });
    expect(second.model().selected.route).toBe(CCTP);
  });

  it('the popup’s runner keeps its pick in the persisted store', async () => {
    const actual = await vi.importActual<typeof import('../../../src/ui/state/runtime')>('../../../src/ui/state/runtime');
    expect(actual.quoteRunner().choice).toBe(routeChoice);
  });

  it('the decoder keeps a stored pick and refuses a malformed one', () => {
    const pick = { key: 'k', identity: 'i', path: 'p', bridges: ['GO_FAST'] };
    expect(RouteChoiceDecoder.safeParse(pick)).toEqual({ success: true, data: pick });
    expect(RouteChoiceDecoder.safeParse(null)).toEqual({ success: true, data: null });
    expect(RouteChoiceDecoder.safeParse({ key: 'k' }).success).toBe(false);
    expect(RouteChoiceDecoder.safeParse({ ...pick, bridges: 'x', path: 3 })).toEqual({ success: true, data: { ...pick, bridges: [], path: '' } });
  });
});

describe('the Route view while the pick is looked for', () => {
  let root: HTMLElement;
  beforeEach(() => {
    vi.useFakeTimers();
    const dom = parseHTML('<!doctype html><html><body><div id="root"></div></body></html>');
    Object.assign(globalThis, {
      window: dom.window,
      document: dom.document,
      location: { hash: '#/route' },
      requestAnimationFrame: (cb: () => void) => setTimeout(cb, 0),
    });
    root = dom.document.getElementById('root') as unknown as HTMLElement;
    setStorageAreas({ local: memoryArea().area, session: memoryArea().area });
    routeChoice.hydrate({});
  });
  afterEach(() => {
    render(null, root);
    setStorageAreas(null);
    vi.useRealTimers();
  });

  it('checks no route and keeps Continue disabled until the pick answers; then builds the pick', async () => {
    const { quoteForm } = await import('../../../src/ui/state/core-stores');
    const { flow } = await import('../../../src/ui/state/stores');
    const { default: RouteView } = await import('../../../src/ui/popup/views/RouteView');
    quoteForm.set({ ...defaultQuoteForm(), source: usdcEth, dest: usdcNoble, amount: '100' });
    const page = popup(quoteForm, answers(GO_FAST));
    current.runner = page.runner as QuoteRunner;
    await flush();
    page.calls.splice(0, 1)[0]!.settle();
    await flush();
    const key = (page.runner.state.get() as { key: string }).key;
    routeChoice.set(choiceFor(key, { ...routeChoices({ key, route: GO_FAST }, { key, routes: [], pending: 0 }, null).rows[0]! }));

    act(() => render(<RouteView />, root));
    await act(async () => {
      await flush();
    });
    // the choice a radio belongs to says whether it is checked (linkedom keeps no `checked` state)
    const selected = () => [...root.querySelectorAll('[data-testid="route-choice"][data-selected="true"]')];
    const continueButton = () => [...root.querySelectorAll('button')].find((b) => b.textContent?.includes('Continue'))!;
    expect(root.querySelector('[data-testid="route-choices"]')!.getAttribute('data-pick')).toBe('looking');
    // Axelar's answer comes in before Go Fast's: two routes shown, neither checked
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200); // the alternatives are planned once the default has painted
      const axelar = page.calls.findIndex((c) => c.body.bridges);
      expect(axelar).toBeGreaterThanOrEqual(0);
      page.calls.splice(axelar, 1)[0]!.settle();
      await flush();
    });
    expect(root.querySelectorAll('[data-testid="route-choice"]').length).toBe(2);
    expect(root.querySelector('[data-testid="route-choices"]')!.getAttribute('data-pick')).toBe('looking');
    expect(selected()).toHaveLength(0);
    expect(continueButton().disabled).toBe(true);
    expect(root.querySelector('[data-testid="pick-note"]')!.textContent).toContain('Looking for the route you picked (Go Fast + IBC)');

    await act(() => page.answerAll());
    expect(root.querySelector('[data-testid="route-choices"]')!.getAttribute('data-pick')).toBe('found');
    expect(selected().map((c) => c.getAttribute('data-bridges'))).toEqual(['GO_FAST,IBC']);
    expect(continueButton().disabled).toBe(false);
    act(() => continueButton().click());
    expect(routeIdentity(flow.get().route!)).toBe(routeIdentity(GO_FAST));
    page.stop();
  });
});
