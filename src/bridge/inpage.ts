import {
  ANNOUNCE_EVENT,
  BRIDGE_EVENTS,
  BridgeErrorCode,
  LINK_EVENTS,
  PROVIDER_RDNS,
  REQUEST_PROVIDER_EVENT,
  UNSUBSCRIBED_EVENT,
} from './constants';
import { PROVIDER_ICON } from './icon';

type Listener = (payload: unknown) => void;

export type CourierProvider = Readonly<{
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on(event: string, listener: Listener): CourierProvider;
  removeListener(event: string, listener: Listener): CourierProvider;
}>;

export type ProviderOptions = {
  /** Per request; `connect` gets `connectTimeoutMs` because a person decides it. */
  timeoutMs?: number;
  connectTimeoutMs?: number;
};

// Above the API client's worst case (4 attempts of 15 s with back-off) so the background answers first.
const DEFAULT_TIMEOUT_MS = 90_000;
const CONNECT_TIMEOUT_MS = 5 * 60_000;
const MAX_METHOD_LENGTH = 64;

type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void; timer: unknown; method: string };
type Dict<T> = Record<string, T>;

/**
 * Builds `window.courier` inside the page (MAIN world, document_start: before any page script).
 *
 * Hardening, because page scripts share this realm and may run hostile code later:
 * - Every built-in used after load is captured now (Reflect.apply, the event methods and the
 *   CustomEvent `detail` getter, JSON, timers, crypto, Promise), so replacing a prototype method
 *   later changes nothing here.
 * - Internal state lives in closures and null-prototype records: no Map/Set/Array method is
 *   called on it, so a poisoned prototype cannot read or resolve pending requests.
 * - No window messages at all: requests and answers travel as events on a detached node the
 *   relay handed over at start-up (see relay.ts). Forged `postMessage` traffic never reaches us.
 */
export function installProvider(win: Window & typeof globalThis, options: ProviderOptions = {}): CourierProvider | undefined {
  if (Object.prototype.hasOwnProperty.call(win, 'courier')) return undefined;

  // ───── captured once, before page scripts run ─────
  const apply = Reflect.apply;
  const freeze = Object.freeze;
  const create = Object.create as (proto: null) => Dict<never>;
  const defineProperty = Object.defineProperty;
  const hasOwn = Object.prototype.hasOwnProperty;
  const stringify = JSON.stringify;
  const parse = JSON.parse;
  const eventTargetProto = win.EventTarget.prototype;
  const addListener = eventTargetProto.addEventListener;
  const removeListener = eventTargetProto.removeEventListener;
  const dispatch = eventTargetProto.dispatchEvent;
  const detailOf = Object.getOwnPropertyDescriptor(win.CustomEvent.prototype, 'detail')?.get;
  const relatedTargetOf = Object.getOwnPropertyDescriptor(win.MouseEvent.prototype, 'relatedTarget')?.get;
  const persistedOf = win.PageTransitionEvent
    ? Object.getOwnPropertyDescriptor(win.PageTransitionEvent.prototype, 'persisted')?.get
    : undefined;
  const CustomEventCtor = win.CustomEvent;
  const EventCtor = win.Event;
  const PromiseCtor = win.Promise;
  const Uint8 = win.Uint8Array;
  const crypto = win.crypto;
  const getRandomValues = crypto.getRandomValues;
  const setTimer = win.setTimeout;
  const clearTimer = win.clearTimeout;
  if (!detailOf || !relatedTargetOf) return undefined;

  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const connectTimeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  const knownEvents = create(null) as Dict<true>;
  for (const name of BRIDGE_EVENTS) knownEvents[name] = true;
  const HEX = create(null) as Dict<string>;
  for (let i = 0; i < 256; i++) HEX[i] = (i < 16 ? '0' : '') + i.toString(16);

  const own = (value: object, key: string): boolean => apply(hasOwn, value, [key]) as boolean;
  const on = (target: EventTarget, type: string, fn: (event: Event) => void, capture = false) =>
    apply(addListener, target, [type, fn, capture]);
  const off = (target: EventTarget, type: string, fn: (event: Event) => void, capture = false) =>
    apply(removeListener, target, [type, fn, capture]);
  const fire = (target: EventTarget, event: Event) => apply(dispatch, target, [event]);
  const later = (fn: () => void, ms: number): unknown => apply(setTimer, win, [fn, ms]);
  const cancel = (timer: unknown) => apply(clearTimer, win, [timer]);

  const newId = (): string => {
    const bytes = apply(getRandomValues, crypto, [new Uint8(16)]) as Uint8Array;
    let hex = '';
    for (let i = 0; i < 16; i++) hex += HEX[bytes[i] as number];
    return hex;
  };

  // What the page receives: ordinary frozen objects (literals define, they never call setters).
  const fail = (code: number, message: string, data?: unknown) =>
    freeze(data === undefined ? { code, message } : { code, message, data });

  // ───── state ─────
  let link: EventTarget | null = null;
  let subscribed = false;
  const pending = create(null) as Dict<Pending>;
  const listeners = create(null) as Dict<Dict<Listener>>;
  let listenerSeq = 0;

  const send = (frame: Dict<unknown>): boolean => {
    if (link === null) return false;
    fire(link, new CustomEventCtor(LINK_EVENTS.toRelay, { detail: stringify(frame) }));
    return true;
  };

  const subscribe = () => {
    const frame = create(null) as Dict<unknown>;
    frame.kind = 'subscribe';
    subscribed = send(frame);
  };
  const wantsEvents = (): boolean => {
    for (const name in listeners) for (const _key in listeners[name] as Dict<Listener>) return true;
    return false;
  };
  // Only connected sites may subscribe, and a site's oldest frames are dropped past its limit:
  // ask again once connected, after being dropped (at the next answer), or when shown again.
  const resubscribe = (force: boolean) => {
    if (wantsEvents() && (force || !subscribed)) subscribe();
  };

  const settle = (message: Dict<unknown>) => {
    const id = message.id;
    if (typeof id !== 'string' || !own(pending, id)) return;
    const entry = pending[id] as Pending;
    delete pending[id];
    cancel(entry.timer);
    if (own(message, 'error')) {
      const error = message.error as Dict<unknown> | null;
      const code = error !== null && typeof error === 'object' && typeof error.code === 'number' ? error.code : BridgeErrorCode.internal;
      const text = error !== null && typeof error === 'object' && typeof error.message === 'string' ? error.message : 'Courier failed.';
      entry.reject(fail(code, text, error !== null && typeof error === 'object' && own(error, 'data') ? error.data : undefined));
    } else {
      entry.resolve(own(message, 'result') ? message.result : null);
      resubscribe(entry.method === 'connect');
    }
  };

  const deliver = (message: Dict<unknown>) => {
    const name = message.event;
    if (name === UNSUBSCRIBED_EVENT) {
      subscribed = false;
      return;
    }
    if (typeof name !== 'string' || !own(knownEvents, name) || !own(listeners, name)) return;
    const set = listeners[name] as Dict<Listener>;
    for (const key in set) {
      const listener = set[key] as Listener;
      try {
        listener(message.payload);
      } catch {
        // A throwing listener must not stop the others.
      }
    }
  };

  const onFrame = (event: Event) => {
    const raw: unknown = apply(detailOf, event, []);
    if (typeof raw !== 'string') return;
    let message: unknown;
    try {
      message = parse(raw);
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    const frame = message as Dict<unknown>;
    if (frame.kind === 'response') settle(frame);
    else if (frame.kind === 'event') deliver(frame);
  };

  // ───── the handshake: accept the relay's node once, then stop listening ─────
  const onRelayReady = (event: Event) => {
    if (link !== null) return;
    const node = apply(relatedTargetOf, event, []) as EventTarget | null;
    if (node === null || typeof node !== 'object') return;
    link = node;
    off(win, LINK_EVENTS.relayReady, onRelayReady, true);
    on(node, LINK_EVENTS.toPage, onFrame);
    fire(node, new EventCtor(LINK_EVENTS.linked));
  };
  on(win, LINK_EVENTS.relayReady, onRelayReady, true);
  // If the relay started first it is waiting for this; if not, it will offer the node when it starts.
  fire(win, new EventCtor(LINK_EVENTS.inpageReady));

  // A page restored from the back/forward cache was dropped from the background's event list.
  on(win, 'pageshow', (event: Event) => {
    if (subscribed && persistedOf && apply(persistedOf, event, [])) subscribe();
  });
  const doc = win.document as Document | undefined;
  const DocumentCtor = (win as { Document?: typeof Document }).Document;
  const visibilityOf = DocumentCtor ? Object.getOwnPropertyDescriptor(DocumentCtor.prototype, 'visibilityState')?.get : undefined;
  if (doc && visibilityOf) {
    on(win, 'visibilitychange', () => {
      if (apply(visibilityOf, doc, []) === 'visible') resubscribe(false);
    }, true);
  }

  const provider: CourierProvider = freeze({
    request(args: { method: string; params?: unknown }): Promise<unknown> {
      return new PromiseCtor((resolve, reject) => {
        let method: unknown;
        let params: unknown;
        try {
          method = args.method;
          params = args.params;
        } catch {
          method = undefined;
        }
        if (typeof method !== 'string') {
          reject(fail(BridgeErrorCode.invalidParams, 'request expects { method: string, params? }'));
          return;
        }
        if (method.length === 0 || method.length > MAX_METHOD_LENGTH) {
          reject(fail(BridgeErrorCode.unsupportedMethod, 'Unsupported method.'));
          return;
        }
        const id = newId();
        const frame = create(null) as Dict<unknown>;
        frame.kind = 'request';
        frame.id = id;
        frame.method = method;
        if (params !== undefined) frame.params = params;
        let encoded: string;
        try {
          encoded = stringify(frame);
        } catch {
          reject(
            fail(BridgeErrorCode.invalidParams, 'params must be JSON-serialisable (no cycles, BigInt or functions).', [
              { path: ['params'], message: 'not JSON-serialisable' },
            ]),
          );
          return;
        }
        if (link === null) {
          reject(fail(BridgeErrorCode.internal, 'Courier is not ready on this page; reload the page and try again.', { retriable: true }));
          return;
        }
        const limit = method === 'connect' ? connectTimeoutMs : timeoutMs;
        const timer = later(() => {
          if (!own(pending, id)) return;
          delete pending[id];
          reject(
            fail(BridgeErrorCode.internal, `Courier did not answer "${method as string}" within ${limit / 1000} s; try again.`, {
              retriable: true,
              timeout_ms: limit,
            }),
          );
        }, limit);
        const entry = create(null) as unknown as Pending;
        entry.resolve = resolve;
        entry.reject = reject;
        entry.timer = timer;
        entry.method = method as string;
        pending[id] = entry;
        fire(link, new CustomEventCtor(LINK_EVENTS.toRelay, { detail: encoded }));
      });
    },
    on(event: string, listener: Listener) {
      if (typeof event !== 'string' || !own(knownEvents, event) || typeof listener !== 'function') return provider;
      if (!own(listeners, event)) listeners[event] = create(null) as Dict<Listener>;
      const set = listeners[event] as Dict<Listener>;
      for (const key in set) if (set[key] === listener) return provider;
      set[`l${++listenerSeq}`] = listener;
      if (!subscribed) subscribe();
      return provider;
    },
    removeListener(event: string, listener: Listener) {
      if (typeof event !== 'string' || !own(listeners, event)) return provider;
      const set = listeners[event] as Dict<Listener>;
      for (const key in set) if (set[key] === listener) delete set[key];
      return provider;
    },
  });

  defineProperty(win, 'courier', { value: provider, writable: false, configurable: false, enumerable: true });

  const detail = freeze({
    info: freeze({ uuid: uuidFrom(newId()), name: 'Courier', icon: PROVIDER_ICON, rdns: PROVIDER_RDNS }),
    provider,
  });
  const announce = () => fire(win, new CustomEventCtor(ANNOUNCE_EVENT, { detail }));
  on(win, REQUEST_PROVIDER_EVENT, announce);
  announce();
  return provider;
}

/** Formats 32 random hex digits as a version-4 UUID. */
function uuidFrom(hex: string): string {
  const v = `${hex.slice(0, 12)}4${hex.slice(13, 16)}${((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 32)}`;
  return `${v.slice(0, 8)}-${v.slice(8, 12)}-${v.slice(12, 16)}-${v.slice(16, 20)}-${v.slice(20, 32)}`;
}
