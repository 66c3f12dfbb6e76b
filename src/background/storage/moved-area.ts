import type { StorageAreaLike } from './versioned';

/**
 * `to`, after moving `keys` out of `from` once: each key still in `from` is copied to `to`
 * (unless `to` already has it) and only then removed from `from`, so an interrupted move loses
 * nothing and is finished on the next use. Used to take the API key out of storage.local where
 * that area is readable by content scripts.
 */
export function movedArea(from: StorageAreaLike, to: StorageAreaLike, keys: readonly string[]): StorageAreaLike {
  let moved: Promise<void> | undefined;
  const move = async () => {
    const old = await from.get([...keys]);
    const present = Object.keys(old);
    if (present.length === 0) return;
    const already = await to.get(present);
    const missing = Object.fromEntries(present.filter((key) => !(key in already)).map((key) => [key, old[key]]));
    if (Object.keys(missing).length > 0) await to.set(missing);
    await from.remove(present);
  };
  const ready = () =>
    (moved ??= move().catch((error: unknown) => {
      moved = undefined; // try again next time; `from` still holds whatever was not copied
      throw error;
    }));
  return {
    get: async (k) => (await ready(), to.get(k)),
    set: async (items) => (await ready(), to.set(items)),
    remove: async (k) => (await ready(), to.remove(k)),
  };
}
