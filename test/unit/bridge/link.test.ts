/**
 * The page side of the bridge on a minimal DOM (Node's EventTarget and events): the provider,
 * the relay, and the private link between them, in either start-up order.
 */
import { describe, expect, it, vi } from 'vitest';
import { installProvider, type CourierProvider } from '../../../src/bridge/inpage';
import { startRelay, type RelayRuntime } from '../../../src/bridge/relay';

class FakeMouseEvent extends Event {
  readonly #related: EventTarget | null;
  constructor(type: string, init: EventInit & { relatedTarget?: EventTarget | null } = {}) {
    super(type, init);
    this.#related = init.relatedTarget ?? null;
  }
  get relatedTarget(): EventTarget | null {
    return this.#related;
  }
}

type FakeWindow = Window & typeof globalThis & { sent: unknown[] };

/** A window-like EventTarget with what the two scripts touch. */
function fakeWindow(origin = 'https://dapp.example'): FakeWindow {
  const win = new EventTarget() as unknown as FakeWindow & Record<string, unknown>;
  Object.assign(win, {
    EventTarget,
    Event,
    CustomEvent,
    MouseEvent: FakeMouseEvent,
    Promise,
    Uint8Array,
    crypto: globalThis.crypto,
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (t: ReturnType<typeof setTimeout>) => clearTimeout(t),
    origin,
    location: { origin },
    document: { createElement: () => new EventTarget() },
    sent: [],
  });
  // The relay builds events with the global constructors; Node has no MouseEvent.
  (globalThis as Record<string, unknown>).MouseEvent ??= FakeMouseEvent;
  return win;
}

type Handler = (message: unknown) => unknown;

function fakeRuntime(answer: Handler = () => ({ ok: true, result: 'pong' })) {
  const listeners: ((message: unknown) => Promise<unknown> | undefined)[] = [];
  const sent: unknown[] = [];
  const runtime: RelayRuntime = {
    sendMessage: vi.fn(async (message: unknown) => {
      sent.push(message);
      return answer(message);
    }),
    onMessage: { addListener: (listener) => void listeners.push(listener) },
  };
  return { runtime, sent, deliver: (message: unknown) => listeners.map((l) => l(message)) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe.each([
  ['relay first', true],
  ['provider first', false],
])('the private link (%s)', (_name, relayFirst) => {
  function setup(answer?: Handler) {
    const win = fakeWindow();
    const rt = fakeRuntime(answer);
    let relay;
    let provider: CourierProvider | undefined;
    if (relayFirst) {
      relay = startRelay(win, rt.runtime);
      provider = installProvider(win);
    } else {
      provider = installProvider(win);
      relay = startRelay(win, rt.runtime);
    }
    return { win, rt, relay, provider: provider! };
  }

  it('links once, then carries requests and answers without any window message', async () => {
    const { win, rt, relay, provider } = setup();
    expect(relay.linked).toBe(true);
    const posted = vi.fn();
    win.addEventListener('message', posted);
    await expect(provider.request({ method: 'tracked' })).resolves.toBe('pong');
    expect(rt.sent).toEqual([{ 'courier:bridge': 1, method: 'tracked' }]);
    await expect(provider.request({ method: 'route', params: { amount_in: '1' } })).resolves.toBe('pong');
    expect(rt.sent[1]).toEqual({ 'courier:bridge': 1, method: 'route', params: { amount_in: '1' } });
    expect(posted).not.toHaveBeenCalled();
  });

  it('ignores later offers of another node and never offers its own again', async () => {
    const { win, rt, provider } = setup();
    const fake = new EventTarget();
    const captured = vi.fn();
    fake.addEventListener('courier:bridge:to-relay', captured);
    win.dispatchEvent(new FakeMouseEvent('courier:bridge:relay-ready', { relatedTarget: fake }));
    const offered = vi.fn();
    win.addEventListener('courier:bridge:relay-ready', offered);
    win.dispatchEvent(new Event('courier:bridge:inpage-ready'));
    await provider.request({ method: 'tracked' });
    expect(captured).not.toHaveBeenCalled();
    expect(offered).not.toHaveBeenCalled();
    expect(rt.sent).toHaveLength(1);
  });
});

describe('provider', () => {
  it('defines a frozen, non-writable window.courier and announces it on load and on request', () => {
    const win = fakeWindow();
    const seen: any[] = [];
    win.addEventListener('courier:announceProvider', (e) => seen.push((e as CustomEvent).detail));
    const provider = installProvider(win)!;
    win.dispatchEvent(new Event('courier:requestProvider'));
    expect(seen).toHaveLength(2);
    expect(seen[0].provider).toBe(provider);
    expect(seen[0].info).toMatchObject({ name: 'Courier', rdns: 'build.courier.extension' });
    expect(Object.isFrozen(seen[0]) && Object.isFrozen(seen[0].info) && Object.isFrozen(provider)).toBe(true);
    const descriptor = Object.getOwnPropertyDescriptor(win, 'courier')!;
    expect(descriptor).toMatchObject({ writable: false, configurable: false });
    expect(installProvider(win)).toBeUndefined();
  });

  it('rejects bad calls locally with typed errors, and fails clearly when there is no relay', async () => {
    const win = fakeWindow();
    const provider = installProvider(win)!;
    await expect(provider.request(undefined as never)).rejects.toMatchObject({ code: -32602 });
    await expect(provider.request({ method: 42 } as never)).rejects.toMatchObject({ code: -32602 });
    await expect(provider.request({ method: 'x'.repeat(65) })).rejects.toMatchObject({ code: 4200 });
    await expect(provider.request({ method: 'route', params: { n: 1n } })).rejects.toMatchObject({ code: -32602 });
    await expect(provider.request({ method: 'tracked' })).rejects.toMatchObject({ code: -32603, data: { retriable: true } });
  });

  it('times a request out with a clear, retriable error', async () => {
    const win = fakeWindow();
    startRelay(win, fakeRuntime(() => new Promise(() => undefined)).runtime);
    const provider = installProvider(win, { timeoutMs: 20 })!;
    await expect(provider.request({ method: 'tracked' })).rejects.toMatchObject({
      code: -32603,
      message: expect.stringContaining('did not answer "tracked" within 0.02 s'),
      data: { retriable: true, timeout_ms: 20 },
    });
  });

  it('keeps using what it captured at load when the page replaces window globals later', async () => {
    // (Prototype tampering in a real page is covered end to end: bridge-isolation.spec.ts.)
    const win = fakeWindow();
    startRelay(win, fakeRuntime().runtime);
    const provider = installProvider(win)!;
    const spy = vi.fn();
    win.Promise = class extends Promise<unknown> {
      constructor(executor: never) {
        spy();
        super(executor);
      }
    } as unknown as PromiseConstructor;
    win.setTimeout = (() => spy()) as never;
    win.CustomEvent = class {
      constructor() {
        spy();
      }
    } as never;
    await expect(provider.request({ method: 'tracked' })).resolves.toBe('pong');
    expect(spy).not.toHaveBeenCalled();
  });

  it('delivers events to listeners (a throwing one does not stop the others), subscribes once, and forgets removed listeners', async () => {
    const win = fakeWindow();
    const rt = fakeRuntime();
    startRelay(win, rt.runtime);
    const provider = installProvider(win)!;
    const got: unknown[] = [];
    const bad = () => {
      throw new Error('listener bug');
    };
    const good = (p: unknown) => got.push(p);
    provider.on('statusChanged', bad).on('statusChanged', good).on('statusChanged', good).on('nope', good);
    expect(rt.sent).toEqual([{ 'courier:bridge': 1, control: 'subscribe' }]);
    const event = { 'courier:bridge-event': 1, origin: 'https://dapp.example', event: 'statusChanged', payload: { tx_hash: 'A', state: 'STATE_PENDING' } };
    rt.deliver(event);
    expect(got).toEqual([{ tx_hash: 'A', state: 'STATE_PENDING' }]);
    // For another document (the tab navigated): dropped by the relay.
    rt.deliver({ ...event, origin: 'https://other.example' });
    rt.deliver({ ...event, event: 'nope' });
    expect(got).toHaveLength(1);
    provider.removeListener('statusChanged', good);
    rt.deliver(event);
    expect(got).toHaveLength(1);
  });
});

describe('relay', () => {
  it('answers a retriable -32603 when the worker goes away mid-request, and on a malformed answer', async () => {
    const win = fakeWindow();
    let mode: 'throw' | 'garbage' = 'throw';
    startRelay(
      win,
      fakeRuntime(() => {
        if (mode === 'throw') throw new Error('The message port closed before a response was received.');
        return { weird: true };
      }).runtime,
    );
    const provider = installProvider(win)!;
    await expect(provider.request({ method: 'connect' })).rejects.toMatchObject({
      code: -32603,
      message: expect.stringContaining('restarted'),
      data: { retriable: true, cause: expect.stringContaining('port closed') },
    });
    mode = 'garbage';
    await expect(provider.request({ method: 'tracked' })).rejects.toMatchObject({ code: -32603, data: { retriable: true } });
  });

  it('answers a pending approval’s liveness ping: always when addressed by document, only for its own origin otherwise', async () => {
    const rt = fakeRuntime();
    startRelay(fakeWindow('https://dapp.example'), rt.runtime);
    const answer = async (message: unknown) => (await Promise.all(rt.deliver(message))).filter((a) => a !== undefined);
    expect(await answer({ 'courier:bridge-ping': 1 })).toEqual([{ alive: true }]);
    expect(await answer({ 'courier:bridge-ping': 1, origin: 'https://dapp.example' })).toEqual([{ alive: true }]);
    expect(await answer({ 'courier:bridge-ping': 1, origin: 'https://other.example' })).toEqual([]);
    expect(await answer({ 'courier:bridge-ping': 2 })).toEqual([]);
    // Events stay unanswered (nobody waits for them).
    expect(await answer({ 'courier:bridge-event': 1, origin: 'https://dapp.example', event: 'statusChanged', payload: {} })).toEqual([]);
  });

  it('passes error bodies through as { code, message, data }', async () => {
    const win = fakeWindow();
    startRelay(win, fakeRuntime(() => ({ ok: false, error: { code: 5000, message: 'api', data: { http_status: 400 } } })).runtime);
    const provider = installProvider(win)!;
    const error = await provider.request({ method: 'route', params: {} }).catch((e: unknown) => e);
    expect(error).toEqual({ code: 5000, message: 'api', data: { http_status: 400 } });
    expect(Object.isFrozen(error)).toBe(true);
    await settle();
  });
});
