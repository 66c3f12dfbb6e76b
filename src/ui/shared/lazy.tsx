/** A component whose code is fetched on first render (shows `fallback` until then). */
import type { ComponentChildren, ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

export function lazyComponent<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  fallback: ComponentChildren = null,
): ComponentType<P> {
  let Loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const start = () =>
    (pending ??= load().then(
      (m) => {
        Loaded = m.default;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  return function Lazy(props: P) {
    const [, setTick] = useState(0);
    useEffect(() => {
      if (Loaded) return;
      let live = true;
      start().then(
        () => live && setTick((n) => n + 1),
        (error: unknown) => console.error('[courier] a part of the page failed to load', error),
      );
      return () => {
        live = false;
      };
    }, []);
    return Loaded ? <Loaded {...props} /> : <>{fallback}</>;
  };
}
