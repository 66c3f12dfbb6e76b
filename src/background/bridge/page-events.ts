/**
 * `statusChanged` events for pages, without host permissions: a page's relay subscribes when
 * the page adds its first listener, and the background remembers that frame (tab, frame,
 * document, and the origin the browser reported) in storage.session, so events keep flowing
 * after a worker restart. A change is sent to the subscribed frames of each origin that asked
 * for the transaction and is still connected, as that origin's own view (tracker/views.ts); a
 * frame that is gone is forgotten.
 *
 * Between sites: only a connected origin may subscribe, and each origin keeps at most
 * MAX_FRAMES_PER_SITE frames. One more drops that origin's own oldest frame — never another
 * site's — and tells the dropped frame (UNSUBSCRIBED_EVENT), whose provider subscribes again
 * on its next successful request or when its page is shown again. Revoking a site drops its
 * frames.
 *
 * Chrome addresses the exact document (`documentId`), so a tab that navigated elsewhere is
 * never told; Firefox has no documentId, so the message also names the origin and the relay
 * drops it if its page is another origin now.
 */
import { z } from 'zod';
import { BRIDGE_EVENT_TAG, BridgeErrorCode, UNSUBSCRIBED_EVENT } from '../../bridge/protocol';
import { isNoReceiver } from '../broadcast';
import { type Logger, type RecordDeps, VersionedRecord } from '../storage/versioned';
import type { TrackedChange } from '../tracker/tracker';
import { siteEventPayload, siteView, siteVisibleChange } from '../tracker/views';
import { BridgeError } from './errors';
import type { FrameRef } from './origin';
import type { SitesService } from './sites';

export const SUBSCRIBERS_KEY = 'courier:bridge:subscribers';
export const SUBSCRIBERS_VERSION = 1;
/** Subscribed frames (tabs and iframes) one origin may have at once. */
export const MAX_FRAMES_PER_SITE = 20;

export const Subscriber = z.object({
  tabId: z.number().int(),
  frameId: z.number().int(),
  documentId: z.string().max(128).nullable(),
  origin: z.string().max(512),
  at: z.number(),
});
export type Subscriber = z.infer<typeof Subscriber>;

export const SubscribersRecord = z.object({
  version: z.literal(SUBSCRIBERS_VERSION),
  frames: z.array(Subscriber),
});
export type SubscribersRecord = z.infer<typeof SubscribersRecord>;

export function createSubscribersRecord(deps: RecordDeps) {
  return new VersionedRecord<SubscribersRecord>(
    {
      key: SUBSCRIBERS_KEY,
      version: SUBSCRIBERS_VERSION,
      schema: SubscribersRecord,
      migrations: [],
      initial: () => ({ version: SUBSCRIBERS_VERSION, frames: [] }),
    },
    deps,
  );
}

export type SendToFrame = (frame: FrameRef, message: unknown) => Promise<unknown>;

export interface PageEventsDeps {
  record: VersionedRecord<SubscribersRecord>;
  sites: SitesService;
  sendToFrame: SendToFrame;
  now: () => number;
  log: Logger;
}

const sameFrame = (a: FrameRef, b: FrameRef) =>
  a.tabId === b.tabId && a.frameId === b.frameId && a.documentId === b.documentId;

export class PageEvents {
  constructor(private readonly deps: PageEventsDeps) {}

  /** Subscribes a frame of a connected origin (4100 otherwise); may drop that origin's oldest frame. */
  async subscribe(frame: FrameRef, origin: string): Promise<void> {
    if (!(await this.deps.sites.isConnected(origin))) {
      throw new BridgeError(BridgeErrorCode.unauthorized, 'This site is not connected to Courier; call "connect" first.');
    }
    const dropped = await this.deps.record.update((current) => {
      const known = current.frames.find((f) => sameFrame(f, frame));
      if (known && known.origin === origin) return { next: undefined, result: [] as Subscriber[] };
      // The same tab and frame with another document replaces the old one.
      const others = current.frames.filter((f) => !(f.tabId === frame.tabId && f.frameId === frame.frameId));
      const added: Subscriber = { ...frame, origin, at: this.deps.now() };
      const own = [...others.filter((f) => f.origin === origin), added];
      const excess = own.slice(0, Math.max(0, own.length - MAX_FRAMES_PER_SITE));
      const frames = [...others, added].filter((f) => !excess.includes(f));
      return { next: { ...current, frames }, result: excess };
    });
    await Promise.all(
      dropped.map((gone) =>
        this.deps
          .sendToFrame(gone, { [BRIDGE_EVENT_TAG]: 1, origin: gone.origin, event: UNSUBSCRIBED_EVENT, payload: { limit: MAX_FRAMES_PER_SITE } })
          .catch(() => undefined),
      ),
    );
  }

  /** A revoked site: its frames hear nothing more. */
  async forgetOrigin(origin: string): Promise<void> {
    await this.deps.record.update((current) => {
      if (!current.frames.some((f) => f.origin === origin)) return { next: undefined, result: undefined };
      return { next: { ...current, frames: current.frames.filter((f) => f.origin !== origin) }, result: undefined };
    });
  }

  async forgetTab(tabId: number): Promise<void> {
    await this.deps.record.update((current) => {
      if (!current.frames.some((f) => f.tabId === tabId)) return { next: undefined, result: undefined };
      return { next: { ...current, frames: current.frames.filter((f) => f.tabId !== tabId) }, result: undefined };
    });
  }

  async listFor(origin: string): Promise<Subscriber[]> {
    return (await this.deps.record.read()).frames.filter((f) => f.origin === origin);
  }

  /** The tracker's change listener. */
  readonly onTrackedChanged = async (change: TrackedChange): Promise<void> => {
    const { item, previous } = change;
    if (change.type === 'removed' || item.origins.length === 0) return;
    const origins = [...new Set(item.origins)].filter((origin) => siteVisibleChange(previous, item, origin));
    if (origins.length === 0) return;
    const { frames } = await this.deps.record.read();
    const targets: { frame: Subscriber; payload: unknown }[] = [];
    for (const origin of origins) {
      const view = siteView(item, origin);
      if (!view || !(await this.deps.sites.isConnected(origin))) continue;
      const payload = siteEventPayload(view);
      targets.push(...frames.filter((f) => f.origin === origin).map((frame) => ({ frame, payload })));
    }
    if (targets.length === 0) return;
    const gone: Subscriber[] = [];
    await Promise.all(
      targets.map(async ({ frame, payload }) => {
        const message = { [BRIDGE_EVENT_TAG]: 1, origin: frame.origin, event: 'statusChanged', payload };
        try {
          await this.deps.sendToFrame(frame, message);
        } catch (error) {
          gone.push(frame);
          if (!isGone(error)) this.deps.log.warn('[courier] could not send a page event', error);
        }
      }),
    );
    if (gone.length > 0) {
      await this.deps.record.update((current) => ({
        next: { ...current, frames: current.frames.filter((f) => !gone.some((g) => sameFrame(f, g))) },
        result: undefined,
      }));
    }
  };
}

/** The frame or its document no longer exists (navigated, closed, bfcache). */
function isGone(error: unknown): boolean {
  if (isNoReceiver(error)) return true;
  const message = error instanceof Error ? error.message : String(error);
  return /no (tab|frame|document)|invalid (tab|document)|back\/forward cache|closed/i.test(message);
}
