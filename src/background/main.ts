import { browser } from 'wxt/browser';
import { createMessageRouter } from './router';
import { createBridgeListener } from './bridge/listener';
import { defaultApiBaseUrl } from '../config/build';

/** Wires the background's modules together; runs on every service-worker start. */
export function startBackground(): void {
  const workerStartedAt = Date.now();
  const extensionOrigin = new URL(browser.runtime.getURL('/')).origin;

  browser.runtime.onMessage.addListener(
    createMessageRouter(
      {
        'courier:hello': () => ({
          product: 'Courier',
          version: browser.runtime.getManifest().version,
          apiBaseUrl: defaultApiBaseUrl(),
          workerStartedAt,
        }),
      },
      extensionOrigin,
    ),
  );
  browser.runtime.onMessage.addListener(createBridgeListener());
}
