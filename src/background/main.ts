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
  // The bridge's handlers get the tracker through `services` (trackFromOrigin, listForOrigin,
  // getForOrigin, onTrackedChanged) once the bridge task wires them.
  browser.runtime.onMessage.addListener(createBridgeListener());
  registerBackgroundEvents(services, {
    onAlarm: browser.alarms.onAlarm,
    onNotificationClicked: browser.notifications?.onClicked,
    onNotificationButtonClicked: browser.notifications?.onButtonClicked,
  });

  void startBackgroundServices(services);
  return services;
}
