import type { StorageAreaLike } from './versioned';

/**
 * A storage area in the extension origin's IndexedDB. Where `storage.local` cannot be closed to
 * content scripts (Firefox has no `setAccessLevel` for it), this is where the API key lives:
 * a content script runs with the page's IndexedDB, so only Courier's own pages and background
 * can open this database. Values are structured-cloned, as storage.local's are JSON-copied.
 */
export function extensionOriginArea(factory: IDBFactory, dbName = 'courier-secrets'): StorageAreaLike {
  const STORE = 'records';
  let opened: Promise<IDBDatabase> | undefined;
  const database = (): Promise<IDBDatabase> =>
    (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(dbName, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error(`IndexedDB ${dbName} could not be opened`));
    }).catch((error: unknown) => {
      opened = undefined; // a later call tries again
      throw error;
    }));

  /** Runs `work` in one transaction and resolves once it has committed. */
  const transact = async <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => () => T): Promise<T> => {
    const db = await database();
    return new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const result = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(result());
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
  };
  const list = (keys: string | string[]) => (Array.isArray(keys) ? keys : [keys]);

  return {
    get: (keys) =>
      transact('readonly', (store) => {
        const requests = list(keys).map((key) => [key, store.get(key)] as const);
        return () => Object.fromEntries(requests.filter(([, r]) => r.result !== undefined).map(([key, r]) => [key, r.result]));
      }),
    set: (items) =>
      transact('readwrite', (store) => {
        for (const [key, value] of Object.entries(items)) store.put(value, key);
        return () => undefined;
      }),
    remove: (keys) =>
      transact('readwrite', (store) => {
        for (const key of list(keys)) store.delete(key);
        return () => undefined;
      }),
  };
}
