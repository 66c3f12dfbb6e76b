/**
 * A minimal observable value and its Preact hook. No zod, no browser APIs: the popup's first-paint
 * shell imports this, so it must stay a few hundred bytes.
 */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';

export interface Store<T> {
  get(): T;
  set(next: T | ((previous: T) => T)): void;
  subscribe(listener: (value: T) => void): () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<(value: T) => void>();
  return {
    get: () => value,
    set(next) {
      const resolved = typeof next === 'function' ? (next as (previous: T) => T)(value) : next;
      if (Object.is(resolved, value)) return;
      value = resolved;
      for (const listener of [...listeners]) listener(value);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The store's current value; re-renders the component when it changes. */
export function useStore<T>(store: Store<T>): T {
  const [, force] = useState(0);
  const value = store.get();
  const rendered = useRef(value);
  rendered.current = value;
  // Subscribed before anything is painted, so a change made right after this render (by a layout
  // effect of the same view, say) re-renders it at once; a change made between this render and
  // the subscription is caught by comparing with what was rendered.
  useLayoutEffect(() => {
    const unsubscribe = store.subscribe(() => force((n) => n + 1));
    if (store.get() !== rendered.current) force((n) => n + 1);
    return unsubscribe;
  }, [store]);
  return value;
}
