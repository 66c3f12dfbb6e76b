/**
 * The popup's hash router: `popup.html#/quote`, `#/activity/<id>`, `#/submit?mode=track`.
 * Hash-based because extension pages are static files and notification clicks open
 * `popup.html#/activity/<id>` directly. Tiny and dependency-free: the first-paint shell uses it.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';

export const ROUTE_NAMES = ['quote', 'route', 'build', 'submit', 'activity', 'balances', 'assets', 'settings'] as const;
export type RouteName = (typeof ROUTE_NAMES)[number];

export interface AppRoute {
  name: RouteName;
  /** The path segment after the name, decoded (`#/activity/<id>`). */
  id: string | null;
  params: Readonly<Record<string, string>>;
}

export const DEFAULT_ROUTE: AppRoute = { name: 'quote', id: null, params: {} };

/** The tabs of the popup; quote, route preview and build are steps of one "Transfer" tab. */
export type Section = 'transfer' | 'submit' | 'activity' | 'balances' | 'assets' | 'settings';

export function sectionOf(name: RouteName): Section {
  return name === 'quote' || name === 'route' || name === 'build' ? 'transfer' : name;
}

/** null for anything that is not one of our routes (the caller falls back to a default). */
export function parseHash(hash: string): AppRoute | null {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!text.startsWith('/')) return null;
  const [path = '', query = ''] = splitOnce(text.slice(1), '?');
  const [name = '', rest] = splitOnce(path, '/');
  if (!(ROUTE_NAMES as readonly string[]).includes(name)) return null;
  let id: string | null = null;
  if (rest !== undefined && rest !== '') {
    try {
      id = decodeURIComponent(rest);
    } catch {
      return null;
    }
  }
  // fromEntries defines own properties: a `__proto__` parameter stays a plain key.
  const params: Record<string, string> = Object.fromEntries(new URLSearchParams(query));
  return { name: name as RouteName, id, params };
}

export function formatRoute(route: { name: RouteName; id?: string | null; params?: Record<string, string> }): string {
  let hash = `#/${route.name}`;
  if (route.id) hash += `/${encodeURIComponent(route.id)}`;
  const query = new URLSearchParams(route.params ?? {}).toString();
  return query ? `${hash}?${query}` : hash;
}

export function navigate(route: { name: RouteName; id?: string | null; params?: Record<string, string> }): void {
  const hash = formatRoute(route);
  if (location.hash !== hash) location.hash = hash;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

/** The route the hash names, following `hashchange`; null while it names none. */
export function useHashRoute(): AppRoute | null {
  const [hash, setHash] = useState(() => location.hash);
  useEffect(() => {
    const onChange = () => setHash(location.hash);
    onChange();
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  return useMemo(() => parseHash(hash), [hash]);
}
