import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { decodeEnvelope, flushAll, persistedStore, setStorageAreas } from '../../../src/ui/state/persist';
import { QuoteFormDecoder as QuoteForm, defaultQuoteForm } from '../../../src/ui/state/quote-form';
import { readBootData } from '../../../src/ui/state/keys';
import type { KeyValueArea } from '../../../src/ui/shared/ext';

function memoryArea(initial: Record<string, unknown> = {}) {
  const data = { ...initial };
  const writes: Record<string, unknown>[] = [];
  const area: KeyValueArea = {
    get: async (keys) => Object.fromEntries(keys.filter((k) => k in data).map((k) => [k, data[k]])),
    set: async (items) => {
      writes.push(items);
      Object.assign(data, items);
    },
  };
  return { area, data, writes };
}

const atom = { chainId: 'cosmoshub-4', denom: 'uatom', symbol: 'ATOM', name: 'ATOM', decimals: 6, logo: null, known: true };

describe('versioned envelopes', () => {
  const options = { version: 1, schema: QuoteForm, defaults: defaultQuoteForm };

  it('keeps what parses, field by field', () => {
    const value = decodeEnvelope({ v: 1, data: { source: atom, amount: 42, direction: 'sideways', slippage: '3' } }, options);
    expect(value).toMatchObject({ source: atom, amount: '', direction: 'in', slippage: '3', dest: null, allowSwaps: true });
  });

  it('anything unreadable gives the defaults', () => {
    for (const raw of [undefined, null, 'x', { data: {} }, { v: '1', data: {} }, { v: 2, data: {} }]) {
      expect(decodeEnvelope(raw, options)).toEqual(defaultQuoteForm());
    }
  });

  it('older versions go through their migrations', () => {
    const schema = z.object({ name: z.string(), count: z.number() });
    const migrate = { 1: (d: unknown) => ({ name: (d as { n: string }).n }), 2: (d: unknown) => ({ ...(d as object), count: 0 }) };
    expect(decodeEnvelope({ v: 1, data: { n: 'x' } }, { version: 3, schema, defaults: () => ({ name: '', count: -1 }), migrate })).toEqual({ name: 'x', count: 0 });
    // no step from 0: defaults
    expect(decodeEnvelope({ v: 0, data: {} }, { version: 3, schema, defaults: () => ({ name: '', count: -1 }), migrate })).toEqual({ name: '', count: -1 });
  });
});

describe('persisted stores', () => {
  afterEach(() => {
    setStorageAreas(null);
    vi.useRealTimers();
  });

  it('writes once after typing settles, under the versioned envelope', async () => {
    vi.useFakeTimers();
    const local = memoryArea();
    setStorageAreas({ local: local.area, session: null });
    const store = persistedStore({ key: 'courier:ui:nav', version: 1, schema: z.object({ last: z.string() }), defaults: () => ({ last: '' }), area: 'local', debounceMs: 200 });
    for (const last of ['#/a', '#/ab', '#/abc']) {
      store.set({ last });
      await vi.advanceTimersByTimeAsync(50);
    }
    expect(local.writes).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(200);
    expect(local.writes).toEqual([{ 'courier:ui:nav': { v: 1, data: { last: '#/abc' } } }]);
  });

  it('flushAll writes what is pending at once (the popup is closing)', async () => {
    const session = memoryArea();
    setStorageAreas({ local: null, session: session.area });
    const store = persistedStore({ key: 'courier:ui:submit', version: 1, schema: z.object({ tx: z.string() }), defaults: () => ({ tx: '' }), area: 'session', debounceMs: 10_000 });
    store.set({ tx: 'AAAA' });
    await flushAll();
    expect(session.data['courier:ui:submit']).toEqual({ v: 1, data: { tx: 'AAAA' } });
    await flushAll();
    expect(session.writes).toHaveLength(1); // nothing pending: nothing written
  });

  it('hydrates from what the shell read at boot, without writing it back', async () => {
    const local = memoryArea({ 'courier:ui:quote': { v: 1, data: { ...defaultQuoteForm(), amount: '7' } } });
    setStorageAreas({ local: local.area, session: null });
    const boot = await readBootData(local.area, null);
    const store = persistedStore({ key: 'courier:ui:quote', version: 1, schema: QuoteForm, defaults: defaultQuoteForm, area: 'local' });
    store.hydrate(boot);
    expect(store.get().amount).toBe('7');
    await flushAll();
    expect(local.writes).toHaveLength(0);
  });

  it('boot data survives a failing storage area', async () => {
    const broken: KeyValueArea = { get: () => Promise.reject(new Error('no')), set: () => Promise.resolve() };
    expect(await readBootData(broken, broken)).toEqual({});
  });
});
