/**
 * `statusChanged` events for pages, without host permissions: a page's relay subscribes when
 * the page adds its first listener, and the background remembers that frame (tab, frame,
 * document, and the origin the browser reported) in storage.session, so events keep flowing
 * after a worker restart. A change is sent to the subscribed frames of each origin that asked
 * for the transaction and is still connected; a frame that is gone is forgotten.
 *
 * Chrome addresses the exact document (`documentId`), so a tab that navigated elsewhere is
 * never told; Firefox has no documentId, so the message also names the origin and the relay
 * drops it if its page is another origin now.
 */
import { z } from 'zod';
import { BRIDGE_EVENT_TAG } from '../../bridge/protocol';
import { isNoReceiver } from '../broadcast';
import { type Logger, type RecordDeps, VersionedRecord } from '../storage/versioned';
import type { TrackedChange } from '../tracker/tracker';
import { pageVisibleChange, statusChangedPayload } from '../tracker/views';
import type { FrameRef } from './origin';
import type { SitesService } from './sites';

export const SUBSCRIBERS_KEY = 'courier:bridge:subscribers';
export const SUBSCRIBERS_VERSION = 1;
export const MAX_SUBSCRIBERS = 200;

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

  async subscribe(frame: FrameRef, origin: string): Promise<void> {
    await this.deps.record.update((current) => {
      const known = current.frames.find((f) => sameFrame(f, frame));
      if (known && known.origin === origin) return { next: undefined, result: undefined };
      // The same tab and frame with another document replaces the old one.
      const others = current.frames.filter((f) => !(f.tabId === frame.tabId && f.frameId === frame.frameId));
      const frames = [...others, { ...frame, origin, at: this.deps.now() }].slice(-MAX_SUBSCRIBERS);
      return { next: { ...current, frames }, result: undefined };
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
    if (change.type === 'removed' || item.origins.length === 0 || !pageVisibleChange(previous, item)) return;
    const { frames } = await this.deps.record.read();
    const targets: Subscriber[] = [];
    for (const origin of new Set(item.origins)) {
      if (!(await this.deps.sites.isConnected(origin))) continue;
      targets.push(...frames.filter((f) => f.origin === origin));
    }
    if (targets.length === 0) return;
    const payload = statusChangedPayload(item);
    const gone: Subscriber[] = [];
    await Promise.all(
      targets.map(async (frame) => {
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
