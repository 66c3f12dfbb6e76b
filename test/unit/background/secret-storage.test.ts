import { describe, expect, it } from 'vitest';
import { secretStorage } from '../../../src/background/secret-storage';
import { SECRETS_KEY } from '../../../src/background/settings-schema';
import { StorageProtection } from '../../../src/background/storage-protection';
import { movedArea } from '../../../src/background/storage/moved-area';
import type { StorageAreaLike } from '../../../src/background/storage/versioned';

/** A storage area over a Map; `failSetOnce` makes the next `set` reject (an interrupted write). */
function memoryArea(initial: Record<string, unknown> = {}) {
  const data = new Map(Object.entries(initial));
  const area = {
    data,
    failSetOnce: false,
    get: async (keys: string | string[]) =>
      Object.fromEntries((Array.isArray(keys) ? keys : [keys]).filter((k) => data.has(k)).map((k) => [k, data.get(k)])),
    set: async (items: Record<string, unknown>) => {
      if (area.failSetOnce) {
        area.failSetOnce = false;
        throw new Error('disk full');
      }
      for (const [k, v] of Object.entries(items)) data.set(k, v);
    },
    remove: async (keys: string | string[]) => void (Array.isArray(keys) ? keys : [keys]).forEach((k) => data.delete(k)),
  };
  return area satisfies StorageAreaLike;
}

const KEY_RECORD = { version: 1, apiKey: 'courier_secret_key_1234' };

describe('movedArea', () => {
  it('moves the named keys out of the old area on first use and serves from the new one', async () => {
    const from = memoryArea({ [SECRETS_KEY]: KEY_RECORD, 'courier:settings': { version: 2 } });
    const to = memoryArea();
    const area = movedArea(from, to, [SECRETS_KEY]);
    expect(await area.get(SECRETS_KEY)).toEqual({ [SECRETS_KEY]: KEY_RECORD });
    expect(from.data.has(SECRETS_KEY)).toBe(false);
    expect(from.data.has('courier:settings')).toBe(true); // only the named keys move
    expect(to.data.get(SECRETS_KEY)).toEqual(KEY_RECORD);
  });

  it('never overwrites a newer value already in the new area, and still clears the old copy', async () => {
    const from = memoryArea({ [SECRETS_KEY]: KEY_RECORD });
    const newer = { version: 1, apiKey: 'courier_newer_key_5678' };
    const to = memoryArea({ [SECRETS_KEY]: newer });
    const area = movedArea(from, to, [SECRETS_KEY]);
    expect(await area.get(SECRETS_KEY)).toEqual({ [SECRETS_KEY]: newer });
    expect(from.data.size).toBe(0);
  });

  it('loses nothing when the copy fails: the old area keeps the key and the next use finishes the move', async () => {
    const from = memoryArea({ [SECRETS_KEY]: KEY_RECORD });
    const to = memoryArea();
    to.failSetOnce = true;
    const area = movedArea(from, to, [SECRETS_KEY]);
    await expect(area.get(SECRETS_KEY)).rejects.toThrow('disk full');
    expect(from.data.get(SECRETS_KEY)).toEqual(KEY_RECORD);
    expect(await area.get(SECRETS_KEY)).toEqual({ [SECRETS_KEY]: KEY_RECORD });
    expect(from.data.has(SECRETS_KEY)).toBe(false);
  });

  it('writes and removes in the new area only', async () => {
    const from = memoryArea();
    const to = memoryArea();
    const area = movedArea(from, to, [SECRETS_KEY]);
    await area.set({ [SECRETS_KEY]: KEY_RECORD });
    expect(to.data.get(SECRETS_KEY)).toEqual(KEY_RECORD);
    expect(from.data.size).toBe(0);
    await area.remove(SECRETS_KEY);
    expect(to.data.size).toBe(0);
  });
});

describe('secretStorage', () => {
  const fakeIndexedDb = {} as IDBFactory;

  it('keeps the key in storage.local where that area can be closed to content scripts (Chrome)', () => {
    const local = Object.assign(memoryArea(), { setAccessLevel: async () => undefined });
    const chosen = secretStorage(local, fakeIndexedDb);
    expect(chosen).toEqual({ area: local, inExtensionOrigin: false });
  });

  it('moves it to the extension origin where storage.local cannot be closed (Firefox)', () => {
    const local = memoryArea();
    const chosen = secretStorage(local, fakeIndexedDb);
    expect(chosen.inExtensionOrigin).toBe(true);
    expect(chosen.area).not.toBe(local);
  });

  it('falls back to storage.local when there is no IndexedDB either', () => {
    const local = memoryArea();
    expect(secretStorage(local, undefined)).toEqual({ area: local, inExtensionOrigin: false });
  });
});

describe('StorageProtection', () => {
  it('reports where the key is kept on each kind of browser', async () => {
    expect(await new StorageProtection({ setAccessLevel: async () => undefined }).ensure()).toBe('trusted-contexts');
    expect(await new StorageProtection({}, { keyInExtensionOrigin: true }).ensure()).toBe('extension-pages');
    expect(await new StorageProtection({}).ensure()).toBe('extension-contexts');
  });
});
