import { browser } from 'wxt/browser';

/**
 * Who can read storage.local, which holds the API key.
 * - `trusted-contexts` (Chrome): `storage.local.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' })`
 *   succeeded in this worker, so content scripts are refused ("Access to storage is not allowed
 *   from this context"); extension pages and the worker can read it. Verified by the call
 *   resolving (there is no getter); MV3-TESTING.md confirms the effect and that it persists.
 * - `extension-contexts` (Firefox): there is no access-level API; every extension context,
 *   Courier's own content script included, can read storage.local. Web pages cannot (the
 *   content script runs in an isolated world), and Courier's content script is a relay that never
 *   touches storage. storage.session is no alternative (the key must survive restarts), so the
 *   key stays in storage.local and the settings page says how it is protected.
 * - `unverified`: the call has not succeeded (not made yet, or it failed).
 */
export type KeyProtection = 'trusted-contexts' | 'extension-contexts' | 'unverified';

export interface AccessLevelArea {
  setAccessLevel?: (details: { accessLevel: 'TRUSTED_CONTEXTS' | 'TRUSTED_AND_UNTRUSTED_CONTEXTS' }) => Promise<void>;
}

export class StorageProtection {
  private state: KeyProtection = 'unverified';
  private pending: Promise<KeyProtection> | undefined;

  constructor(private readonly area: AccessLevelArea = browser.storage.local as unknown as AccessLevelArea) {}

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
      this.state = 'extension-contexts';
      return this.state;
    }
    await set.call(this.area, { accessLevel: 'TRUSTED_CONTEXTS' });
    this.state = 'trusted-contexts';
    return this.state;
  }
}
