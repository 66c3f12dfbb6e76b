import { browser } from 'wxt/browser';
import { createBridgeListener } from './bridge/listener';
import { createBackgroundHandlers } from './handlers';
import { createMessageRouter } from './router';
import {
  createBackgroundServices,
  registerBackgroundEvents,
  startBackgroundServices,
  type BackgroundServices,
} from './services';

/**
 * Wires the background's modules together; runs on every service-worker start. Listeners are
 * registered synchronously (MV3 delivers the event that woke the worker only to listeners added
 * in the first turn); the start-up work (access level, alarm, badge) runs after.
 */
export function startBackground(): BackgroundServices {
  const workerStartedAt = Date.now();
  const extensionOrigin = new URL(browser.runtime.getURL('/')).origin;
  const services = createBackgroundServices();

  browser.runtime.onMessage.addListener(
    createMessageRouter(
      createBackgroundHandlers(services, { workerStartedAt, version: () => browser.runtime.getManifest().version }),
      extensionOrigin,
    ),
  );
  // Web pages (window.courier, through the content-script relay): src/background/bridge/.
  const { bridge } = services;
  browser.runtime.onMessage.addListener(
    createBridgeListener({ handle: bridge.handle, events: bridge.events, limiter: bridge.limiter, extensionId: browser.runtime.id }),
  );
  // Closing the approval window rejects; a closed tab ends its approvals and stops receiving page events.
  browser.windows?.onRemoved.addListener((windowId) => {
    bridge.approvals.onWindowRemoved(windowId).catch((error: unknown) => services.log.error('[courier] approval window', error));
  });
  browser.tabs.onRemoved.addListener((tabId) => {
    bridge.approvals.onTabRemoved(tabId).catch((error: unknown) => services.log.error('[courier] approvals of a closed tab', error));
    bridge.events.forgetTab(tabId).catch((error: unknown) => services.log.error('[courier] forgetting a tab', error));
  });
  // For the benchmark and end-to-end checks through CDP: the worker's own bridge handler. The
  // worker's global scope is reachable only from inside the extension or a debugger, never a page.
  (globalThis as { courierBridge?: unknown }).courierBridge = { handle: bridge.handle };
  registerBackgroundEvents(services, {
    onAlarm: browser.alarms.onAlarm,
    onNotificationClicked: browser.notifications?.onClicked,
    onNotificationButtonClicked: browser.notifications?.onButtonClicked,
  });

  void startBackgroundServices(services);
  return services;
}
