import { SECRETS_KEY } from './settings-schema';
import type { AccessLevelArea } from './storage-protection';
import { extensionOriginArea } from './storage/extension-origin-area';
import { movedArea } from './storage/moved-area';
import type { StorageAreaLike } from './storage/versioned';

export interface SecretStorage {
  area: StorageAreaLike;
  /** The key lives in the extension origin's IndexedDB, out of content scripts' reach. */
  inExtensionOrigin: boolean;
}

/**
 * Where the API key is kept. Chrome closes storage.local to content scripts (setAccessLevel), so
 * it stays there. Firefox cannot, so the key moves to the extension origin's IndexedDB, taking
 * along a key that an earlier build left in storage.local.
 */
export function secretStorage(local: StorageAreaLike & AccessLevelArea, indexedDB: IDBFactory | undefined): SecretStorage {
  if (typeof local.setAccessLevel === 'function' || !indexedDB) return { area: local, inExtensionOrigin: false };
  return { area: movedArea(local, extensionOriginArea(indexedDB), [SECRETS_KEY]), inExtensionOrigin: true };
}
