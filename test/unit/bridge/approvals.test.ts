/**
 * The approval rules (src/background/bridge/approvals.ts): slots per origin, tab and top-level
 * site; both origins for a frame of another origin; the cooldown after Reject; the approval
 * ending with its page; the focus rule; and the record's migration.
 */
import type { Runtime } from 'webextension-polyfill';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  APPROVALS_KEY,
  Approvals,
  FOCUS_QUIET_MS,
  PAGE_CHECK_TIMEOUT_MS,
  createApprovalsRecord,
  MAX_PENDING_APPROVALS,
  REJECT_COOLDOWN_MAX_MS,
  REJECT_COOLDOWN_MS,
  REJECT_MEMORY_MS,
  admitApproval,
  takesFocus,
  withRejection,
  type ApprovalAsk,
  type ApprovalsRecord,
  type PendingApproval,
} from '../../../src/background/bridge/approvals';
import { BridgeError } from '../../../src/background/bridge/errors';
import { SitesService, createSitesRecord } from '../../../src/background/bridge/sites';
import { manualClock } from '../../../src/background/clock';
import { KeyedMutex } from '../../../src/background/storage/mutex';
import { createBridgeListener } from '../../../src/background/bridge/listener';
import type { RelayedResponse } from '../../../src/bridge/protocol';
import { DAPP, EXTENSION_ID, FakeWindows, OTHER, bridgeHarness, sender, tick, waitForWindow, type BridgeHarness } from './support';

beforeEach(() => fakeBrowser.reset());
afterEach(() => vi.useRealTimers());

const EVIL = 'https://evil.example';
const frame = (tabId: number, frameId = 0) => ({ tabId, frameId, documentId: `doc-${tabId}-${frameId}` });
const ask = (origin: string, topOrigin: string, tabId: number, frameId = 0): ApprovalAsk => ({ origin, topOrigin, frame: frame(tabId, frameId) });
const pendingOf = (a: ApprovalAsk, id = `${a.origin}-${a.frame.tabId}`.padEnd(16, '.')): PendingApproval => ({
  id,
  origin: a.origin,
  topOrigin: a.topOrigin,
  createdAt: 0,
  windowId: 1,
  tabId: a.frame.tabId,
  frameId: a.frame.frameId,
  documentId: a.frame.documentId,
});
const record = (pending: PendingApproval[] = [], extra: Partial<ApprovalsRecord> = {}): ApprovalsRecord => ({
  version: 2,
  pending,
  cooldowns: [],
  opened: [],
  ...extra,
});
const codeOf = (fn: () => void): number | undefined => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return (error as BridgeError).code;
  }
};

/** A request as the relay sends it from frame `frameId` of tab `tabId`, whose top-level page is `topUrl`. */
function askFrom(h: BridgeHarness, origin: string, where: { tabId: number; frameId: number; topUrl?: string }): Promise<RelayedResponse> {
  const listener = createBridgeListener({ handle: h.services.bridge.handle, events: h.services.bridge.events, limiter: h.services.bridge.limiter, extensionId: EXTENSION_ID });
  const base = sender(origin, { tabId: where.tabId, frameId: where.frameId });
  const from = { ...base, tab: { ...base.tab!, ...(where.topUrl && { url: where.topUrl }) } } as Runtime.MessageSender;
  return listener({ 'courier:bridge': 1, method: 'connect' }, from) as Promise<RelayedResponse>;
}

const requestIdOf = (url: string) => new URL(url).searchParams.get('request')!;

describe('admitApproval (pure)', () => {
  it('one pending per origin, per tab and per top-level site (-32002); a global bound (4290)', () => {
    const held = record([pendingOf(ask('https://widget.example', EVIL, 1, 3))]);
    expect(codeOf(() => admitApproval(held, ask('https://widget.example', DAPP, 2), 0))).toBe(-32002); // same origin elsewhere
    expect(codeOf(() => admitApproval(held, ask('https://ads.example', EVIL, 1, 4), 0))).toBe(-32002); // same tab
    expect(codeOf(() => admitApproval(held, ask('https://www.evil.example', 'https://www.evil.example', 9), 0))).toBe(-32002); // same site, other tab
    expect(codeOf(() => admitApproval(held, ask(DAPP, DAPP, 2), 0))).toBeUndefined(); // someone else entirely
    // A site on a listed hosting suffix is its own site: evil.github.io holds nothing of dapp.github.io.
    const hosted = record([pendingOf(ask('https://evil.github.io', 'https://evil.github.io', 1))]);
    expect(codeOf(() => admitApproval(hosted, ask('https://dapp.github.io', 'https://dapp.github.io', 2), 0))).toBeUndefined();

    const full = record(Array.from({ length: MAX_PENDING_APPROVALS }, (_, i) => pendingOf(ask(`https://s${i}.example`, `https://s${i}.example`, i + 1))));
    expect(codeOf(() => admitApproval(full, ask(DAPP, DAPP, 99), 0))).toBe(4290);
  });

  it('a cooldown on the site or the origin refuses with 4001 and the time left, before anything else', () => {
    const cooled = record([pendingOf(ask(EVIL, EVIL, 1))], { cooldowns: withRejection([], ['site https://evil.example'], 1_000) });
    try {
      admitApproval(cooled, ask('https://frame.other', EVIL, 1, 2), 11_000);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(BridgeError);
      expect((error as BridgeError).code).toBe(4001);
      expect((error as BridgeError).data).toEqual({ retry_after_ms: REJECT_COOLDOWN_MS - 10_000 });
    }
    const byOrigin = record([], { cooldowns: withRejection([], ['origin https://widget.example'], 0) });
    expect(codeOf(() => admitApproval(byOrigin, ask('https://widget.example', DAPP, 5, 1), 1))).toBe(4001);
    expect(codeOf(() => admitApproval(byOrigin, ask('https://widget.example', DAPP, 5, 1), REJECT_COOLDOWN_MS))).toBeUndefined();
  });
});

describe('withRejection and takesFocus (pure)', () => {
  it('doubles the cooldown per rejection up to the cap, and forgets rejections after REJECT_MEMORY_MS', () => {
    const key = 'site https://evil.example';
    let cooldowns = withRejection([], [key], 0);
    const periods: number[] = [];
    let now = 0;
    for (let i = 0; i < 8; i++) {
      cooldowns = withRejection(cooldowns, [key], now);
      const entry = cooldowns.find((c) => c.key === key)!;
      periods.push(entry.until - now);
      now = entry.until;
    }
    expect(periods).toEqual([60_000, 120_000, 240_000, 480_000, REJECT_COOLDOWN_MAX_MS, REJECT_COOLDOWN_MAX_MS, REJECT_COOLDOWN_MAX_MS, REJECT_COOLDOWN_MAX_MS]);
    const later = now + REJECT_MEMORY_MS;
    const fresh = withRejection(cooldowns, [key], later).find((c) => c.key === key)!;
    expect(fresh).toMatchObject({ strikes: 1, until: later + REJECT_COOLDOWN_MS });
    // Other keys' stale entries are dropped on the way; the list stays bounded.
    const many = Array.from({ length: 400 }, (_, i) => `origin https://s${i}.example`).reduce((list, k) => withRejection(list, [k], 5), cooldowns);
    expect(many.length).toBeLessThanOrEqual(256);
  });

  it('a window takes focus only alone and once per FOCUS_QUIET_MS for a site', () => {
    expect(takesFocus(record(), 'new', 'https://dapp.example', 0)).toBe(true);
    expect(takesFocus(record([pendingOf(ask(OTHER, OTHER, 1))]), 'new', 'https://dapp.example', 0)).toBe(false);
    const opened = record([], { opened: [{ site: 'https://dapp.example', at: 1_000 }] });
    expect(takesFocus(opened, 'new', 'https://dapp.example', 1_000 + FOCUS_QUIET_MS - 1)).toBe(false);
    expect(takesFocus(opened, 'new', 'https://dapp.example', 1_000 + FOCUS_QUIET_MS)).toBe(true);
    expect(takesFocus(opened, 'new', 'https://other.example', 1_001)).toBe(true);
  });
});

describe('approvals through the bridge', () => {
  it('attack 4: three frames of one page hold one slot; another site still gets a window; the window names both origins', async () => {
    const h = bridgeHarness();
    const frames = ['https://a.attacker.example', 'https://b.attacker.example', 'https://c.attacker.example'];
    const first = askFrom(h, frames[0]!, { tabId: 1, frameId: 1, topUrl: `${EVIL}/page` });
    await waitForWindow(h);
    for (const [i, origin] of frames.slice(1).entries()) {
      expect(await askFrom(h, origin, { tabId: 1, frameId: i + 2, topUrl: `${EVIL}/page` })).toMatchObject({ ok: false, error: { code: -32002 } });
    }
    // The same top-level site in another tab: still its one slot.
    expect(await askFrom(h, 'https://www.evil.example', { tabId: 7, frameId: 0 })).toMatchObject({ ok: false, error: { code: -32002 } });
    expect(h.windows.opened).toHaveLength(1);

    const victim = h.request(DAPP, 'connect', undefined, { tabId: 2 });
    await waitForWindow(h, 2);
    expect(h.windows.opened).toHaveLength(2);

    const view = await h.services.bridge.approvalView(requestIdOf(h.windows.opened[0]!.url));
    expect(view).toMatchObject({ origin: frames[0], embeddedIn: EVIL });
    expect(await h.services.bridge.approvalView(requestIdOf(h.windows.opened[1]!.url))).toMatchObject({ origin: DAPP, embeddedIn: null });

    await h.services.bridge.approvals.decide(view!.request, true);
    expect(await first).toEqual({ ok: true, result: { origin: frames[0], connected: true } });
    // The frame's origin is connected, not the page that embeds it.
    expect(await h.services.bridge.sites.isConnected(frames[0]!)).toBe(true);
    expect(await h.services.bridge.sites.isConnected(EVIL)).toBe(false);
    await h.services.bridge.approvals.decide(requestIdOf(h.windows.opened[1]!.url), false);
    expect(await victim).toMatchObject({ ok: false, error: { code: 4001 } });
  });

  it('a frame whose top-level page the browser does not name is refused (4100) without a window', async () => {
    const h = bridgeHarness();
    expect(await askFrom(h, 'https://widget.example', { tabId: 1, frameId: 2 })).toMatchObject({ ok: false, error: { code: 4100 } });
    expect(await askFrom(h, 'https://widget.example', { tabId: 1, frameId: 2, topUrl: 'file:///tmp/x.html' })).toMatchObject({ ok: false, error: { code: 4100 } });
    // No page at all (the worker's own handler, as the benchmark calls it).
    expect(await h.services.bridge.handle(DAPP, 'connect', undefined)).toMatchObject({ ok: false, error: { code: 4100 } });
    expect(h.windows.opened).toHaveLength(0);
  });

  it('Reject, or closing the window, cools the origin and its top-level site down: 4001 at once, no window, growing; Approve clears it', async () => {
    const h = bridgeHarness();
    const widget = 'https://widget.example';
    let answer = askFrom(h, widget, { tabId: 1, frameId: 1, topUrl: `${EVIL}/` });
    await waitForWindow(h);
    await h.services.bridge.approvals.decide(h.windows.lastRequest(), false);
    expect(await answer).toMatchObject({ ok: false, error: { code: 4001, message: expect.stringContaining('rejected') } });

    const refused = await askFrom(h, widget, { tabId: 1, frameId: 1, topUrl: `${EVIL}/` });
    expect(refused).toMatchObject({ ok: false, error: { code: 4001, data: { retry_after_ms: REJECT_COOLDOWN_MS } } });
    expect(await h.request(EVIL, 'connect', undefined, { tabId: 3 })).toMatchObject({ ok: false, error: { code: 4001 } }); // the embedding site
    expect(await h.request('https://sub.evil.example', 'connect', undefined, { tabId: 4 })).toMatchObject({ ok: false, error: { code: 4001 } });
    expect(await h.request(widget, 'connect', undefined, { tabId: 5 })).toMatchObject({ ok: false, error: { code: 4001 } }); // the origin anywhere
    expect(h.windows.opened).toHaveLength(1);
    // Others are not affected.
    void h.request(DAPP, 'connect', undefined, { tabId: 6 });
    await waitForWindow(h, 2);
    await h.services.bridge.approvals.onWindowRemoved(h.windows.opened[1]!.id); // closing = Reject
    expect(await h.request(DAPP, 'connect', undefined, { tabId: 6 })).toMatchObject({ ok: false, error: { code: 4001 } });

    // After the cooldown it may ask again; a second rejection doubles the wait.
    h.clock.advance(REJECT_COOLDOWN_MS);
    answer = h.request(EVIL, 'connect', undefined, { tabId: 3 });
    await waitForWindow(h, 3);
    await h.services.bridge.approvals.decide(h.windows.lastRequest(), false);
    await answer;
    h.clock.advance(REJECT_COOLDOWN_MS);
    expect(await h.request(EVIL, 'connect', undefined, { tabId: 3 })).toMatchObject({ ok: false, error: { code: 4001, data: { retry_after_ms: REJECT_COOLDOWN_MS } } });
    h.clock.advance(REJECT_COOLDOWN_MS);
    answer = h.request(EVIL, 'connect', undefined, { tabId: 3 });
    await waitForWindow(h, 4);
    await h.services.bridge.approvals.decide(h.windows.lastRequest(), true);
    expect(await answer).toMatchObject({ ok: true });
    const stored = (await fakeBrowser.storage.session.get(APPROVALS_KEY))[APPROVALS_KEY] as ApprovalsRecord;
    expect(stored.cooldowns.map((c) => c.key)).not.toContain('site https://evil.example');
  });

  it('attack 5: the approval ends with its page — navigated, removed frame, closed tab — and Approve then never connects', async () => {
    const h = bridgeHarness();
    // Navigated away: the window's next heartbeat finds the document gone, ends the request and closes the window.
    let answer = h.request(DAPP, 'connect', undefined, { tabId: 1 });
    await waitForWindow(h);
    let request = h.windows.lastRequest();
    expect(await h.services.bridge.approvalView(request)).not.toBeNull();
    h.goneFrames.add('doc-1-0');
    expect(await h.services.bridge.approvalView(request)).toBeNull();
    expect(await answer).toMatchObject({ ok: false, error: { code: 4001, message: expect.stringContaining('navigated away') } });
    expect(h.windows.removed).toContain(h.windows.opened[0]!.id);
    expect(await h.services.bridge.sites.isConnected(DAPP)).toBe(false);

    // Approve after the page left (before any heartbeat noticed): nothing is connected.
    answer = h.request(DAPP, 'connect', undefined, { tabId: 2 });
    await waitForWindow(h, 2);
    request = h.windows.lastRequest();
    h.goneFrames.add('doc-2-0');
    expect(await h.services.bridge.approvals.decide(request, true)).toEqual({ origin: DAPP, outcome: 'gone' });
    expect(await answer).toMatchObject({ ok: false, error: { code: 4001 } });
    expect(await h.services.bridge.sites.isConnected(DAPP)).toBe(false);
    expect(h.windows.removed).toContain(h.windows.opened[1]!.id);

    // The tab closes.
    answer = h.request(OTHER, 'connect', undefined, { tabId: 3 });
    await waitForWindow(h, 3);
    await h.services.bridge.approvals.onTabRemoved(3);
    expect(await answer).toMatchObject({ ok: false, error: { code: 4001 } });
    expect(h.windows.removed).toContain(h.windows.opened[2]!.id);

    // A page that left is not a rejection: no cooldown; the new page is asked normally.
    void h.request(DAPP, 'connect', undefined, { tabId: 4 });
    await waitForWindow(h, 4);
    await h.services.bridge.approvals.decide(h.windows.lastRequest(), true);
    expect(await h.services.bridge.sites.isConnected(DAPP)).toBe(true);
    // A worker start ends approvals whose page is gone too.
    void h.request(OTHER, 'connect', undefined, { tabId: 5 });
    await waitForWindow(h, 5);
    h.goneFrames.add('doc-5-0');
    const restarted = h.restartBridge();
    await restarted.services.bridge.start();
    expect(await restarted.services.bridge.approvals.get(h.windows.lastRequest())).toBeUndefined();
  });

  it('focus: the first window takes it; a window opened while another is open, or soon after the same site’s last, does not', async () => {
    const h = bridgeHarness();
    void h.request(DAPP, 'connect', undefined, { tabId: 1 });
    await waitForWindow(h);
    void h.request(OTHER, 'connect', undefined, { tabId: 2 });
    await waitForWindow(h, 2);
    expect(h.windows.opened.map((w) => w.focused)).toEqual([true, false]);
    // DAPP's page leaves and comes back at once, asking again: no focus this time.
    h.goneFrames.add('doc-1-0');
    await h.services.bridge.approvalView(requestIdOf(h.windows.opened[0]!.url));
    await h.services.bridge.approvals.decide(requestIdOf(h.windows.opened[1]!.url), true);
    void h.request(DAPP, 'connect', undefined, { tabId: 3 });
    await waitForWindow(h, 3);
    expect(h.windows.opened[2]!.focused).toBe(false);
    // A while later, alone again: focus.
    await h.services.bridge.approvals.onTabRemoved(3);
    h.clock.advance(FOCUS_QUIET_MS);
    void h.request(DAPP, 'connect', undefined, { tabId: 4 });
    await waitForWindow(h, 4);
    expect(h.windows.opened[3]!.focused).toBe(true);
    // Asking again while it is open answers -32002 and opens or focuses nothing.
    expect(await h.request(DAPP, 'connect', undefined, { tabId: 4 })).toMatchObject({ ok: false, error: { code: -32002 } });
    expect(h.windows.opened).toHaveLength(4);
  });

  it('a window that cannot open unfocused is opened the ordinary way', async () => {
    const h = bridgeHarness();
    void h.request(DAPP, 'connect', undefined, { tabId: 1 });
    await waitForWindow(h);
    const create = h.windows.create.bind(h.windows);
    h.windows.create = async (options) => {
      if (options.focused === false) throw new Error('focused: false is not supported');
      return create(options);
    };
    void h.request(OTHER, 'connect', undefined, { tabId: 2 });
    await waitForWindow(h, 2);
    expect(h.windows.opened[1]!.focused).toBeUndefined();
  });

  it('migrates a v1 record: its pending approvals name no document, so they are dropped', async () => {
    await fakeBrowser.storage.session.set({
      [APPROVALS_KEY]: { version: 1, pending: [{ id: 'a'.repeat(32), origin: DAPP, createdAt: 1, windowId: 5 }] },
    });
    const h = bridgeHarness();
    expect(await h.services.bridge.approvals.get('a'.repeat(32))).toBeUndefined();
    void h.request(DAPP, 'connect');
    await waitForWindow(h);
    await tick();
    const stored = (await fakeBrowser.storage.session.get(APPROVALS_KEY))[APPROVALS_KEY] as ApprovalsRecord;
    expect(stored).toMatchObject({ version: 2, pending: [{ origin: DAPP, topOrigin: DAPP, tabId: 1, frameId: 0, documentId: 'doc-1-0' }] });
  });

  it('a page that does not answer in time keeps its window open, but Approve then connects nothing', async () => {
    const clock = manualClock();
    const deps = (area: typeof fakeBrowser.storage.local) => ({ area, mutex: new KeyedMutex(), clock });
    const sites = new SitesService(createSitesRecord(deps(fakeBrowser.storage.local)), clock.now);
    const windows = new FakeWindows();
    const approvals = new Approvals({
      record: createApprovalsRecord(deps(fakeBrowser.storage.session)),
      sites,
      windows: () => windows,
      frameAlive: () => new Promise<boolean>(() => undefined), // a frozen tab: no answer ever
      approveUrl: (id) => `chrome-extension://x/approve.html?request=${id}`,
      newId: () => 'f'.repeat(32),
      now: clock.now,
      log: { warn: () => undefined, error: () => undefined },
    });
    const outcome = approvals.request(ask(DAPP, DAPP, 1));
    while (!(await approvals.get('f'.repeat(32)))?.windowId) await tick();
    vi.useFakeTimers();
    const view = approvals.current('f'.repeat(32));
    await vi.advanceTimersByTimeAsync(PAGE_CHECK_TIMEOUT_MS);
    expect(await view).toMatchObject({ origin: DAPP });
    expect(windows.removed).toEqual([]);
    const decision = approvals.decide('f'.repeat(32), true);
    await vi.advanceTimersByTimeAsync(PAGE_CHECK_TIMEOUT_MS);
    expect(await decision).toEqual({ origin: DAPP, outcome: 'gone' });
    expect(await outcome).toBe('gone');
    expect(await sites.isConnected(DAPP)).toBe(false);
  });
});
