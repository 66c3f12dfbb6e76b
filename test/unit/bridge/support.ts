/**
 * The background with its bridge, on WXT's fake browser: a scripted API (test/unit/background/
 * support.ts), storage.session for approvals and subscribers, a fake windows API that records
 * approval windows, and a fake tabs.sendMessage that records page events.
 */
import type { Runtime } from 'webextension-polyfill';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { WindowsLike } from '../../../src/background/bridge/approvals';
import { createBridgeListener } from '../../../src/background/bridge/listener';
import type { FrameRef } from '../../../src/background/bridge/origin';
import { BridgePing, type RelayedResponse } from '../../../src/bridge/protocol';
import { FakeApi, harness, type Harness } from '../background/support';

export const EXTENSION_ID = 'courier-test-extension';
export const DAPP = 'https://dapp.example';
export const OTHER = 'https://other.example';

export class FakeWindows implements WindowsLike {
  readonly opened: { id: number; url: string; focused: boolean | undefined }[] = [];
  readonly removed: number[] = [];
  private next = 100;
  failNext = false;

  async create(options: { url: string; focused?: boolean }) {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('no display');
    }
    const id = this.next++;
    this.opened.push({ id, url: options.url, focused: options.focused });
    return { id };
  }
  async remove(id: number) {
    this.removed.push(id);
  }
  async get(id: number) {
    if (!this.opened.some((w) => w.id === id) || this.removed.includes(id)) throw new Error(`No window with id: ${id}`);
    return { id };
  }
  /** The request id of the latest approval window. */
  lastRequest(): string {
    const url = this.opened.at(-1)?.url ?? '';
    return new URL(url, 'chrome-extension://x/').searchParams.get('request') ?? '';
  }
}

export type SentEvent = { frame: FrameRef; message: any };

export interface BridgeHarness extends Harness {
  windows: FakeWindows;
  sent: SentEvent[];
  /** Frames that no longer exist: sending to them fails like Chrome does. */
  goneFrames: Set<string>;
  /** A page request as the relay sends it, from a frame of `origin`. */
  request(origin: string, method: string, params?: unknown, frame?: Partial<FrameRef>): Promise<RelayedResponse>;
  subscribe(origin: string, frame?: Partial<FrameRef>): Promise<RelayedResponse>;
  /** Waits until the approval window for the latest connect is open, then decides it. */
  decideLatest(approve: boolean): Promise<void>;
  /** A new worker on the same storage (local and session). */
  restartBridge(): BridgeHarness;
}

export function sender(origin: string, frame: Partial<FrameRef> = {}): Runtime.MessageSender {
  return {
    id: EXTENSION_ID,
    origin,
    url: `${origin}/app`,
    tab: { id: frame.tabId ?? 1, index: 0, highlighted: false, active: true, pinned: false, incognito: false },
    frameId: frame.frameId ?? 0,
    ...(frame.documentId !== null ? { documentId: frame.documentId ?? `doc-${frame.tabId ?? 1}-${frame.frameId ?? 0}` } : {}),
  } as Runtime.MessageSender;
}

export function bridgeHarness(options: { api?: FakeApi; windows?: FakeWindows; sent?: SentEvent[]; goneFrames?: Set<string> } = {}): BridgeHarness {
  const windows = options.windows ?? new FakeWindows();
  const sent = options.sent ?? [];
  const goneFrames = options.goneFrames ?? new Set<string>();
  const h = harness({
    ...(options.api && { api: options.api }),
    sessionArea: fakeBrowser.storage.session,
    windows,
    sendToFrame: async (frame, message) => {
      if (goneFrames.has(frame.documentId ?? `${frame.tabId}:${frame.frameId}`)) {
        throw new Error('Could not establish connection. Receiving end does not exist.');
      }
      // A live page's relay answers an approval's liveness ping (src/bridge/relay.ts).
      if (BridgePing.safeParse(message).success) return { alive: true };
      sent.push({ frame, message });
    },
  });
  const { bridge } = h.services;
  const listener = createBridgeListener({ handle: bridge.handle, events: bridge.events, limiter: bridge.limiter, extensionId: EXTENSION_ID });
  const send = (message: unknown, from: Runtime.MessageSender) => listener(message, from) as Promise<RelayedResponse>;

  const result: BridgeHarness = {
    ...h,
    windows,
    sent,
    goneFrames,
    request: (origin, method, params, frame) =>
      send(params === undefined ? { 'courier:bridge': 1, method } : { 'courier:bridge': 1, method, params }, sender(origin, frame)),
    subscribe: (origin, frame) => send({ 'courier:bridge': 1, control: 'subscribe' }, sender(origin, frame)),
    async decideLatest(approve) {
      const before = windows.opened.length;
      for (let i = 0; i < 100 && windows.opened.length === before && !windows.lastRequest(); i++) await tick();
      for (let i = 0; i < 100; i++) {
        if (await bridge.approvals.get(windows.lastRequest())) break;
        await tick();
      }
      await bridge.approvals.decide(windows.lastRequest(), approve);
    },
    restartBridge: () => bridgeHarness({ api: h.api, windows, sent, goneFrames }),
  };
  return result;
}

export const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** connect from `origin`, approved. */
export async function connected(h: BridgeHarness, origin: string): Promise<void> {
  const answer = h.request(origin, 'connect');
  await waitForWindow(h);
  await h.services.bridge.approvals.decide(h.windows.lastRequest(), true);
  const settled = await answer;
  if (!settled.ok) throw new Error(`connect failed: ${JSON.stringify(settled)}`);
}

export async function waitForWindow(h: BridgeHarness, count = 1): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (h.windows.opened.length >= count) {
      const request = h.windows.lastRequest();
      const pending = await h.services.bridge.approvals.get(request);
      if (pending?.windowId !== null && pending?.windowId !== undefined) return;
    }
    await tick();
  }
  throw new Error('no approval window opened');
}
