/** The popup's quote runner (state/runtime.ts) hands each route request's signal to callApi. */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { quoteForm } from '../../../src/ui/state/core-stores';
import { setStorageAreas } from '../../../src/ui/state/persist';
import { quoteRunner } from '../../../src/ui/state/runtime';
import { defaultQuoteForm, type AssetRef } from '../../../src/ui/state/schemas';

const callApi = vi.hoisted(() => vi.fn((..._args: unknown[]) => new Promise<never>(() => undefined)));
vi.mock('../../../src/ui/state/api', () => ({ callApi, callBackground: vi.fn(() => new Promise(() => undefined)) }));

const atom: AssetRef = { chainId: 'cosmoshub-4', denom: 'uatom', symbol: 'ATOM', name: 'ATOM', decimals: 6, logo: null, known: true };
const osmo: AssetRef = { chainId: 'osmosis-1', denom: 'uosmo', symbol: 'OSMO', name: 'OSMO', decimals: 6, logo: null, known: true };

beforeEach(() => {
  vi.useFakeTimers();
  setStorageAreas({ local: null, session: null });
});
afterEach(() => {
  vi.useRealTimers();
  setStorageAreas(null);
});

it('each route request goes out with its own signal, which a newer form and stop() abort', async () => {
  quoteForm.set({ ...defaultQuoteForm(), source: atom, dest: osmo, amount: '1' });
  const runner = quoteRunner();
  const stop = runner.start();
  await vi.advanceTimersByTimeAsync(0);
  expect(callApi).toHaveBeenCalledTimes(1);
  expect(callApi).toHaveBeenLastCalledWith('route', expect.objectContaining({ amount_in: '1000000' }), { signal: expect.any(AbortSignal) });
  const first = (callApi.mock.calls[0]![2] as { signal: AbortSignal }).signal;

  quoteForm.set((f) => ({ ...f, amount: '2' }));
  expect(first.aborted).toBe(true);
  await vi.advanceTimersByTimeAsync(1_000);
  expect(callApi).toHaveBeenCalledTimes(2);
  const second = (callApi.mock.calls[1]![2] as { signal: AbortSignal }).signal;
  expect(second.aborted).toBe(false);
  stop();
  expect(second.aborted).toBe(true);
});
