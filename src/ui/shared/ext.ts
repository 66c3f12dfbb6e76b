/**
 * The few extension APIs the first-paint shell needs, read from the global namespace instead of
 * the webextension polyfill (which would add its weight to the first paint). Firefox's `browser`
 * is promise-based; Chrome MV3's `chrome` is too.
 */
export interface KeyValueArea {
  get(keys: string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
}

interface StorageNamespace {
  local?: KeyValueArea;
  session?: KeyValueArea;
}

function extensionNamespace(): { storage?: StorageNamespace } | undefined {
  const g = globalThis as unknown as { browser?: { storage?: StorageNamespace }; chrome?: { storage?: StorageNamespace } };
  return g.browser?.storage ? g.browser : g.chrome?.storage ? g.chrome : undefined;
}

/** storage.local / storage.session, or null outside an extension (unit tests, a plain page). */
export function storageArea(name: 'local' | 'session'): KeyValueArea | null {
  return extensionNamespace()?.storage?.[name] ?? null;
}
