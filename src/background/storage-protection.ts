import { browser } from 'wxt/browser';

/**
 * Who can read storage.local, which holds the API key.
 * - `trusted-contexts` (Chrome): `storage.local.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' })`
 *   succeeded in this worker, so content scripts are refused ("Access to storage is not allowed
 *   from this context"); extension pages and the worker can read it. Verified by the call
 *   resolving (there is no getter); MV3-TESTING.md confirms the effect and that it persists.
 * - `extension-pages` (Firefox): there is no access-level API for storage.local, which every
 *   extension context (content scripts included) can read, so the key lives in the extension
 *   origin's IndexedDB instead (secret-storage.ts): Courier's pages and background can open it;
 *   a content script, which runs with the page's IndexedDB, cannot.
 * - `extension-contexts`: neither is available; the key stays in storage.local, readable by
 *   Courier's own extension contexts (never by web pages), and the settings page says so.
 * - `unverified`: the call has not succeeded (not made yet, or it failed).
 */
export type KeyProtection = 'trusted-contexts' | 'extension-pages' | 'extension-contexts' | 'unverified';

export interface AccessLevelArea {
  setAccessLevel?: (details: { accessLevel: 'TRUSTED_CONTEXTS' | 'TRUSTED_AND_UNTRUSTED_CONTEXTS' }) => Promise<void>;
}

export class StorageProtection {
  private state: KeyProtection = 'unverified';
  private pending: Promise<KeyProtection> | undefined;

  constructor(
    private readonly area: AccessLevelArea = browser.storage.local as unknown as AccessLevelArea,
    private readonly options: { keyInExtensionOrigin?: boolean } = {},
  ) {}

  get current(): KeyProtection {
    return this.state;
  }

  /** Sets the access level (once per worker, again after a failure); rejects when it fails. */
  ensure(): Promise<KeyProtection> {
    if (this.state !== 'unverified') return Promise.resolve(this.state);
    this.pending ??= this.apply().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async apply(): Promise<KeyProtection> {
    const set = this.area.setAccessLevel;
    if (typeof set !== 'function') {
      this.state = this.options.keyInExtensionOrigin ? 'extension-pages' : 'extension-contexts';
      return this.state;
    }
    await set.call(this.area, { accessLevel: 'TRUSTED_CONTEXTS' });
    this.state = 'trusted-contexts';
    return this.state;
  }
}
