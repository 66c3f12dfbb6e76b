/**
 * Stores whose value survives closing the popup: kept in storage.local (or storage.session for
 * transient state) under a versioned envelope `{ v, data }`, written with a short debounce and
 * flushed when the page hides (a popup closes the moment it loses focus).
 *
 * Reading never fails: the schemas use `.catch()` per field, so one bad field falls back to its
 * default and the rest is kept; an envelope from another version goes through `migrate` or is
 * replaced by the defaults.
 */
import { storageArea, type KeyValueArea } from '../shared/ext';
import { createStore, type Store } from '../shared/store';
import type { BootData, UiStateKey } from './keys';
import type { Decoder } from './quote-form';

export interface PersistedStore<T> extends Store<T> {
  readonly key: UiStateKey;
  /** Replaces the value with what was read at boot (no write back). */
  hydrate(boot: BootData): void;
  /** Writes a pending change now. */
  flush(): Promise<void>;
}

export interface PersistOptions<T> {
  key: UiStateKey;
  version: number;
  /** A zod schema, or a hand-written decoder where zod must not load yet. */
  schema: Decoder<T>;
  defaults: () => T;
  area: 'local' | 'session';
  debounceMs?: number;
  /** Steps from an older version: `migrate[n]` turns version n's data into version n + 1's. */
  migrate?: Record<number, (data: unknown) => unknown>;
}

const all = new Set<PersistedStore<unknown>>();
/** What the page read at boot; stores created later (in lazily loaded modules) hydrate from it. */
let boot: BootData | null = null;
let areas: { local: KeyValueArea | null; session: KeyValueArea | null } | null = null;

/** Tests inject fake areas; null goes back to the browser's. */
export function setStorageAreas(next: { local: KeyValueArea | null; session: KeyValueArea | null } | null): void {
  areas = next;
}

function areaFor(name: 'local' | 'session'): KeyValueArea | null {
  return areas ? areas[name] : storageArea(name);
}

export function decodeEnvelope<T>(raw: unknown, options: Pick<PersistOptions<T>, 'version' | 'schema' | 'defaults' | 'migrate'>): T {
  if (typeof raw !== 'object' || raw === null) return options.defaults();
  const envelope = raw as { v?: unknown; data?: unknown };
  if (typeof envelope.v !== 'number' || !Number.isInteger(envelope.v)) return options.defaults();
  let data = envelope.data;
  let version = envelope.v;
  while (version < options.version) {
    const step = options.migrate?.[version];
    if (!step) return options.defaults();
    data = step(data);
    version += 1;
  }
  if (version !== options.version) return options.defaults();
  const parsed = options.schema.safeParse(data);
  return parsed.success ? parsed.data : options.defaults();
}

export function persistedStore<T>(options: PersistOptions<T>): PersistedStore<T> {
  const store = createStore<T>(options.defaults());
  const debounceMs = options.debounceMs ?? 250;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dirty = false;

  const write = async (): Promise<void> => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (!dirty) return;
    dirty = false;
    const area = areaFor(options.area);
    if (!area) return;
    try {
      await area.set({ [options.key]: { v: options.version, data: store.get() } });
    } catch (error) {
      // Losing a form draft is not worth interrupting the user; say so in the console.
      console.warn(`[courier] could not save ${options.key}`, error);
    }
  };

  const persisted: PersistedStore<T> = {
    key: options.key,
    get: store.get,
    subscribe: store.subscribe,
    set(next) {
      const before = store.get();
      store.set(next);
      if (store.get() === before) return;
      dirty = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => void write(), debounceMs);
    },
    hydrate(boot) {
      store.set(decodeEnvelope(boot[options.key], options));
    },
    flush: write,
  };
  all.add(persisted as PersistedStore<unknown>);
  if (boot) persisted.hydrate(boot);
  return persisted;
}

/** Writes every pending change (called when the page hides). */
export function flushAll(): Promise<void> {
  return Promise.all([...all].map((s) => s.flush())).then(() => undefined);
}

/** Restores every store from the boot read, and any store created from now on. */
export function hydrateAll(data: BootData): void {
  boot = data;
  for (const store of all) store.hydrate(data);
}

let flushing = false;
/** Flushes on pagehide / hidden: the popup's page goes away as soon as it loses focus. */
export function flushOnHide(): void {
  if (flushing || typeof addEventListener !== 'function') return;
  flushing = true;
  addEventListener('pagehide', () => void flushAll());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void flushAll();
  });
}
