/**
 * Tells whoever is listening that a tracked transaction changed:
 * - Courier's own open pages (popup, options): `{ 'courier:event': 'tracked-changed', change, item }`
 *   over runtime.sendMessage, on every change;
 * - for page-originated transactions, when `queryTabs`/`sendToTab` are given (tests only: in
 *   production src/background/bridge/page-events.ts delivers page events without host
 *   permissions), the top frame of every tab showing that origin:
 *   `{ 'courier:bridge-event': 1, origin, event: 'statusChanged', payload: { tx_hash, chain_id,
 *   state, status } }`, the shape src/bridge/relay.ts forwards to the page, only when something a
 *   page can see changed.
 * Nobody listening is normal (no page open): those errors are swallowed.
 */
import { BRIDGE_EVENT_TAG } from '../bridge/protocol';
import type { Logger } from './storage/versioned';
import { pageVisibleChange, statusChangedPayload } from './tracker/views';
import type { TrackedChange } from './tracker/tracker';

export const EXTENSION_EVENT_KEY = 'courier:event';

export interface BroadcastDeps {
  sendToExtension(message: unknown): Promise<unknown>;
  /** Optional: without it (production), page events go through the bridge (bridge/page-events.ts). */
  queryTabs?: (() => Promise<{ id?: number | undefined; url?: string | undefined }[]>) | undefined;
  /** Top frame only: a cross-origin iframe's relay must not hear another origin's events. */
  sendToTab?: ((tabId: number, message: unknown) => Promise<unknown>) | undefined;
  log?: Logger;
}

export function createBroadcaster(deps: BroadcastDeps) {
  const log = deps.log ?? console;
  const quietly = (promise: Promise<unknown>) =>
    promise.catch((error: unknown) => {
      if (!isNoReceiver(error)) log.warn('[courier] broadcast failed', error);
    });

  return async (change: TrackedChange): Promise<void> => {
    const { item, previous } = change;
    await quietly(deps.sendToExtension({ [EXTENSION_EVENT_KEY]: 'tracked-changed', change: change.type, item }));

    if (change.type === 'removed' || item.origins.length === 0 || !pageVisibleChange(previous, item)) return;
    const { queryTabs, sendToTab } = deps;
    if (!queryTabs || !sendToTab) return;
    let tabs: Awaited<ReturnType<typeof queryTabs>>;
    try {
      tabs = await queryTabs();
    } catch (error) {
      log.warn('[courier] could not list tabs for a status event', error);
      return;
    }
    const payload = statusChangedPayload(item);
    await Promise.all(
      tabs
        .filter((tab) => tab.id !== undefined && tab.url !== undefined && item.origins.includes(originOf(tab.url)))
        .map((tab) =>
          // The relay forwards an event only to a page of the origin it names (BridgeEventMessage).
          quietly(sendToTab(tab.id as number, { [BRIDGE_EVENT_TAG]: 1, origin: originOf(tab.url as string), event: 'statusChanged', payload })),
        ),
    );
  };
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}

/** Chrome: "Could not establish connection. Receiving end does not exist."; the fake: "No listeners available". */
export function isNoReceiver(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /receiving end does not exist|could not establish connection|no listeners available/i.test(message);
}
