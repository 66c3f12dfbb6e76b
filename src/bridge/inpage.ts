import {
  ANNOUNCE_EVENT,
  BRIDGE_EVENTS,
  BRIDGE_NAMESPACE,
  BridgeErrorCode,
  PROVIDER_RDNS,
  REQUEST_PROVIDER_EVENT,
} from './constants';
import type { BridgeErrorBody } from './protocol';
import { PROVIDER_ICON } from './icon';

type Listener = (payload: unknown) => void;

export type CourierProvider = Readonly<{
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on(event: string, listener: Listener): CourierProvider;
  removeListener(event: string, listener: Listener): CourierProvider;
}>;

const DEFAULT_TIMEOUT_MS = 60_000;
// `connect` waits for a person to decide in the approval window.
const CONNECT_TIMEOUT_MS = 5 * 60_000;

/**
 * Builds `window.courier` inside the page. Everything it relies on is captured once, here, so a
 * page script that later replaces `postMessage`, `addEventListener` or `JSON` cannot steer it.
 */
export function installProvider(win: Window & typeof globalThis): CourierProvider | undefined {
  if (Object.hasOwn(win, 'courier')) return undefined;

  const origin = win.location.origin;
  const post = win.postMessage.bind(win);
  const listen = win.addEventListener.bind(win);
  const dispatch = win.dispatchEvent.bind(win);
  const CustomEventCtor = win.CustomEvent;
  const getRandomValues = win.crypto.getRandomValues.bind(win.crypto);
  const setTimer = win.setTimeout.bind(win);
  const clearTimer = win.clearTimeout.bind(win);
  const freeze = Object.freeze;
  const knownEvents = new Set<string>(BRIDGE_EVENTS);

  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void; timer: number }>();
  const listeners = new Map<string, Set<Listener>>();

  const newId = (): string => {
    const bytes = getRandomValues(new Uint8Array(16));
    let hex = '';
    for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
    return hex;
  };

  const fail = (code: number, message: string, data?: unknown): BridgeErrorBody =>
    freeze(data === undefined ? { code, message } : { code, message, data });

  listen('message', (event: MessageEvent) => {
    // Only our own window, our own origin, and our namespace; everything else is someone else's.
    if (event.source !== win || event.origin !== origin) return;
    const data: unknown = event.data;
    if (typeof data !== 'object' || data === null) return;
    const msg = data as Record<string, unknown>;
    if (msg.namespace !== BRIDGE_NAMESPACE || msg.direction !== 'to-page') return;

    if (msg.kind === 'response' && typeof msg.id === 'string') {
      const entry = pending.get(msg.id);
      if (!entry) return;
      pending.delete(msg.id);
      clearTimer(entry.timer);
      const error = msg.error as BridgeErrorBody | undefined;
      if (error && typeof error === 'object') entry.reject(fail(Number(error.code), String(error.message), error.data));
      else entry.resolve(msg.result ?? null);
    } else if (msg.kind === 'event' && typeof msg.event === 'string') {
      for (const listener of listeners.get(msg.event) ?? []) {
        try {
          listener(msg.payload);
        } catch {
          // A throwing listener must not stop the others.
        }
      }
    }
  });

  const provider: CourierProvider = freeze({
    request(args: { method: string; params?: unknown }): Promise<unknown> {
      return new Promise((resolve, reject) => {
        if (typeof args !== 'object' || args === null || typeof args.method !== 'string') {
          reject(fail(BridgeErrorCode.invalidParams, 'request expects { method: string, params? }'));
          return;
        }
        const id = newId();
        const timeoutMs = args.method === 'connect' ? CONNECT_TIMEOUT_MS : DEFAULT_TIMEOUT_MS;
        const timer = setTimer(() => {
          if (!pending.delete(id)) return;
          reject(fail(BridgeErrorCode.internal, `Courier did not answer "${args.method}" within ${timeoutMs / 1000} s`));
        }, timeoutMs) as unknown as number;
        pending.set(id, { resolve, reject, timer });
        post(
          { namespace: BRIDGE_NAMESPACE, direction: 'to-extension', id, method: args.method, params: args.params },
          origin,
        );
      });
    },
    on(event: string, listener: Listener) {
      if (!knownEvents.has(event) || typeof listener !== 'function') return provider;
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      return provider;
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
  });

  Object.defineProperty(win, 'courier', { value: provider, writable: false, configurable: false, enumerable: true });

  const detail = freeze({
    info: freeze({ uuid: uuidFrom(newId()), name: 'Courier', icon: PROVIDER_ICON, rdns: PROVIDER_RDNS }),
    provider,
  });
  const announce = () => dispatch(new CustomEventCtor(ANNOUNCE_EVENT, { detail }));
  listen(REQUEST_PROVIDER_EVENT, announce);
  announce();
  return provider;
}

/** Formats 32 random hex digits as a version-4 UUID. */
function uuidFrom(hex: string): string {
  const v = `${hex.slice(0, 12)}4${hex.slice(13, 16)}${((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 32)}`;
  return `${v.slice(0, 8)}-${v.slice(8, 12)}-${v.slice(12, 16)}-${v.slice(16, 20)}-${v.slice(20, 32)}`;
}
