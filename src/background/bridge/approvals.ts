/**
 * Connection approvals: `connect` from a page opens the approval window and waits for the
 * person's decision. Pending approvals live in storage.session (`courier:approvals`), so a
 * worker restart does not orphan an open window: a decision made after the restart is still
 * applied (the site is connected or not) even though the page's original request has by then
 * failed with a retriable error.
 *
 * The rules, so that no site can use up, hide behind or outlast another's approvals:
 * - Who asks is known from the browser (`sender`): the asking frame's origin, its tab, frame and
 *   document, and the origin of the tab's top-level page. A cross-origin frame's request names
 *   both origins in the window; the connection, if approved, is the frame's origin's only.
 * - At most one pending approval per origin, per tab and per top-level site (-32002 for another),
 *   and MAX_PENDING_APPROVALS in all (4290 beyond): one site holds at most one slot.
 * - Reject, or closing the window, cools down both the asking origin and the top-level site:
 *   `connect` from either is refused at once with 4001, no window, for REJECT_COOLDOWN_MS,
 *   doubling for each further rejection within REJECT_MEMORY_MS, up to REJECT_COOLDOWN_MAX_MS.
 * - An approval is tied to the asking document: when that tab closes, or the document is gone
 *   (navigated away, reloaded, frame removed) — checked on every heartbeat of the window and
 *   again at the moment of Approve — the window closes and the request ends with 4001. Approve
 *   connects only if the document answers within PAGE_CHECK_TIMEOUT_MS; a heartbeat left
 *   unanswered (a frozen tab) keeps the window, since silence is not proof the page left.
 * - Focus: a window takes focus only when no other approval window is open and its site has had
 *   no window in the last FOCUS_QUIET_MS; otherwise it opens without focus. Asking again while
 *   a window is open never brings it forward.
 */
import { z } from 'zod';
import { BridgeErrorCode } from '../../bridge/protocol';
import { siteOf } from '../../bridge/site';
import { type Logger, type RecordDeps, VersionedRecord } from '../storage/versioned';
import { BridgeError } from './errors';
import type { FrameRef } from './origin';
import type { SitesService } from './sites';

export const APPROVALS_KEY = 'courier:approvals';
export const APPROVALS_VERSION = 2;

/** Approval windows waiting at once, all sites together (each site holds at most one). */
export const MAX_PENDING_APPROVALS = 5;
/** First refusal period after a Reject (or a closed window) for that origin and top-level site. */
export const REJECT_COOLDOWN_MS = 30_000;
/** Repeated rejections double the period up to this. */
export const REJECT_COOLDOWN_MAX_MS = 10 * 60_000;
/** Rejections older than this are forgotten: the next one starts again at REJECT_COOLDOWN_MS. */
export const REJECT_MEMORY_MS = 60 * 60_000;
/** A top-level site's window takes focus at most once in this period. */
export const FOCUS_QUIET_MS = 60_000;
/** How long the asking page has to answer "are you still there?". */
export const PAGE_CHECK_TIMEOUT_MS = 3_000;
/** Bounds on the bookkeeping kept in storage.session. */
const MAX_COOLDOWNS = 256;
const MAX_OPENED = 64;

export const PendingApproval = z.object({
  id: z.string().min(16).max(64),
  /** The asking frame's origin: what gets connected. */
  origin: z.string().max(512),
  /** The origin of the tab's top-level page (the same as `origin` for a top-level request). */
  topOrigin: z.string().max(512),
  createdAt: z.number(),
  /** The approval window; null while it is being opened. */
  windowId: z.number().int().nullable(),
  /** The asking document. */
  tabId: z.number().int(),
  frameId: z.number().int(),
  documentId: z.string().max(128).nullable(),
});
export type PendingApproval = z.infer<typeof PendingApproval>;

/** A refusal period after rejections; `key` is `site <site>` or `origin <origin>`. */
export const Cooldown = z.object({
  key: z.string().max(600),
  strikes: z.number().int().positive(),
  lastAt: z.number(),
  until: z.number(),
});
export type Cooldown = z.infer<typeof Cooldown>;

export const ApprovalsRecord = z.object({
  version: z.literal(APPROVALS_VERSION),
  pending: z.array(PendingApproval),
  cooldowns: z.array(Cooldown),
  /** When each top-level site last had a window opened (for the focus rule). */
  opened: z.array(z.object({ site: z.string().max(600), at: z.number() })),
});
export type ApprovalsRecord = z.infer<typeof ApprovalsRecord>;

/** What the approval window shows: the origin and what connecting lets it do. */
export const APPROVAL_PERMISSIONS = [
  'Quote routes and build the messages to sign, through the routing API Courier is set up with (your API key stays in Courier)',
  'Look up balances and assets',
  'Submit signed transactions and have Courier track them',
  'Read the status of the transactions it asked Courier to track, and be told when they change',
] as const;

export const APPROVAL_LIMITS = [
  'It never sees your API key or Courier’s settings',
  'It never sees or changes other sites’ transactions or connections',
  'Courier holds no keys: signing stays with your wallet',
] as const;

export interface WindowsLike {
  create(options: { type: 'popup'; url: string; width: number; height: number; focused?: boolean }): Promise<{ id?: number | undefined }>;
  remove(windowId: number): Promise<void>;
  get(windowId: number): Promise<unknown>;
}

/** Whether the asking document still exists (and, without a documentId, still shows `origin`). */
export type FrameAlive = (frame: FrameRef, origin: string) => Promise<boolean>;

export interface ApprovalDeps {
  record: VersionedRecord<ApprovalsRecord>;
  sites: SitesService;
  windows: () => WindowsLike | undefined;
  frameAlive: FrameAlive;
  /** approve.html's URL for a request id. */
  approveUrl: (id: string) => string;
  newId: () => string;
  now: () => number;
  log: Logger;
}

/** Who asks to connect, all from the browser's `sender`. */
export type ApprovalAsk = { origin: string; topOrigin: string; frame: FrameRef };

/** How a request ended: the page's `connect` answers 4001 unless `approved`. */
export type ApprovalOutcome = 'approved' | 'rejected' | 'gone';

export function createApprovalsRecord(deps: RecordDeps) {
  return new VersionedRecord<ApprovalsRecord>(
    {
      key: APPROVALS_KEY,
      version: APPROVALS_VERSION,
      schema: ApprovalsRecord,
      // v1 entries name no document, so they cannot be tied to a page: dropped (their windows
      // closed with the extension's reload anyway).
      migrations: [{ from: 1, migrate: () => emptyRecord() }],
      initial: emptyRecord,
    },
    deps,
  );
}

function emptyRecord(): ApprovalsRecord {
  return { version: APPROVALS_VERSION, pending: [], cooldowns: [], opened: [] };
}

export const APPROVAL_WINDOW = { width: 420, height: 600 } as const;

/** The top-level site an ask counts against (its origin when it has no registrable domain). */
export function topSite(ask: Pick<ApprovalAsk, 'topOrigin'>): string {
  return siteOf(ask.topOrigin) ?? ask.topOrigin;
}

/** The cooldown keys of an ask: its top-level site and the asking origin. */
export function cooldownKeys(ask: Pick<ApprovalAsk, 'origin' | 'topOrigin'>): string[] {
  return [`site ${topSite(ask)}`, `origin ${ask.origin}`];
}

/**
 * May this ask open a window now? Throws the BridgeError the page gets when not. Pure: the
 * rules of the module comment, in order — cooldown, then one per origin, tab and top-level
 * site, then the global bound.
 */
export function admitApproval(record: ApprovalsRecord, ask: ApprovalAsk, now: number): void {
  const keys = cooldownKeys(ask);
  const until = Math.max(0, ...record.cooldowns.filter((c) => keys.includes(c.key)).map((c) => c.until));
  if (until > now) {
    const seconds = Math.ceil((until - now) / 1000);
    throw new BridgeError(
      BridgeErrorCode.userRejected,
      `The user rejected this site’s connection request recently; Courier will not ask again for ${seconds} s.`,
      { retry_after_ms: until - now },
    );
  }
  const site = topSite(ask);
  const pending = record.pending;
  const clash = (why: string) => new BridgeError(BridgeErrorCode.requestPending, `A connection request ${why} is already waiting for the user.`);
  if (pending.some((p) => p.origin === ask.origin)) throw clash('from this site');
  if (pending.some((p) => p.tabId === ask.frame.tabId)) throw clash('from this tab');
  if (pending.some((p) => topSite(p) === site)) throw clash(`from a page of ${site}`);
  if (pending.length >= MAX_PENDING_APPROVALS) {
    throw new BridgeError(BridgeErrorCode.rateLimited, 'Too many connection requests are waiting for the user; try again later.', {
      retry_after_ms: 5_000,
    });
  }
}

/** The cooldowns after a rejection of `keys` at `now` (pure; bounded). */
export function withRejection(cooldowns: readonly Cooldown[], keys: readonly string[], now: number): Cooldown[] {
  const kept = cooldowns.filter((c) => !keys.includes(c.key) && now - c.lastAt < REJECT_MEMORY_MS);
  const added = keys.map((key) => {
    const previous = cooldowns.find((c) => c.key === key && now - c.lastAt < REJECT_MEMORY_MS);
    const strikes = (previous?.strikes ?? 0) + 1;
    const period = Math.min(REJECT_COOLDOWN_MS * 2 ** Math.min(strikes - 1, 30), REJECT_COOLDOWN_MAX_MS);
    return { key, strikes, lastAt: now, until: now + period };
  });
  return [...kept, ...added].slice(-MAX_COOLDOWNS);
}

/** Does a new window for `site` take focus? Only alone and not within FOCUS_QUIET_MS of the site's last. */
export function takesFocus(record: ApprovalsRecord, id: string, site: string, now: number): boolean {
  const othersOpen = record.pending.some((p) => p.id !== id);
  const last = record.opened.find((o) => o.site === site);
  return !othersOpen && !(last && now - last.at < FOCUS_QUIET_MS);
}

export class Approvals {
  /** The pages waiting for an answer in this worker's life, by approval id. */
  private readonly waiters = new Map<string, (outcome: ApprovalOutcome) => void>();

  constructor(private readonly deps: ApprovalDeps) {}

  /**
   * Opens the approval window for `ask` and resolves with how it ended. Throws 4001 (cooldown),
   * -32002 (one already waiting for this origin, tab or top-level site) or 4290 (too many).
   */
  async request(ask: ApprovalAsk): Promise<ApprovalOutcome> {
    const site = topSite(ask);
    // One read-modify-write: two asks at once cannot both pass the checks.
    const { entry, focused } = await this.deps.record.update((current) => {
        const now = this.deps.now();
        admitApproval(current, ask, now);
        const entry: PendingApproval = {
          id: this.deps.newId(),
          origin: ask.origin,
          topOrigin: ask.topOrigin,
          createdAt: now,
          windowId: null,
          tabId: ask.frame.tabId,
          frameId: ask.frame.frameId,
          documentId: ask.frame.documentId,
        };
        const focused = takesFocus(current, entry.id, site, now);
        const opened = [...current.opened.filter((o) => o.site !== site && now - o.at < FOCUS_QUIET_MS), { site, at: now }].slice(-MAX_OPENED);
        return { next: { ...current, pending: [...current.pending, entry], opened }, result: { entry, focused } };
    });

    const decided = new Promise<ApprovalOutcome>((resolve) => this.waiters.set(entry.id, resolve));
    try {
      const windows = this.deps.windows();
      if (!windows) throw new Error('no windows API');
      const windowId = await this.openWindow(windows, entry.id, focused);
      const stillPending = await this.deps.record.update((current) => {
        const found = current.pending.find((p) => p.id === entry.id);
        if (!found) return { next: undefined, result: false };
        const pending = current.pending.map((p) => (p.id === entry.id ? { ...p, windowId } : p));
        return { next: { ...current, pending }, result: true };
      });
      // Decided (or its page left) before we could note the window: nothing left to track.
      if (!stillPending) void windows.remove(windowId).catch(() => undefined);
    } catch (error) {
      this.deps.log.error('[courier] could not open the approval window', error);
      await this.end(entry.id, 'gone');
      this.waiters.delete(entry.id);
      throw new BridgeError(BridgeErrorCode.internal, 'Courier could not open its approval window.');
    }
    return decided;
  }

  /** Pending as stored (no liveness check). Undefined when no longer pending. */
  async get(id: string): Promise<PendingApproval | undefined> {
    return (await this.deps.record.read()).pending.find((p) => p.id === id);
  }

  /**
   * For the approval window (it asks on open and on every heartbeat): the request, or undefined
   * when it is no longer waiting — including because its page is gone, which ends it here.
   */
  async current(id: string): Promise<PendingApproval | undefined> {
    const entry = await this.get(id);
    if (!entry) return undefined;
    // No answer in time (a frozen or busy tab) is not proof it is gone: the window stays.
    if ((await this.pageState(entry)) !== 'gone') return entry;
    await this.end(id, 'gone');
    return undefined;
  }

  /**
   * The person's decision. Approve connects the origin (persisted before anyone is told) only
   * if the asking document still exists; otherwise the request ends as `gone`. Answers the
   * waiting page if this worker still has it, and closes the window.
   */
  async decide(id: string, approve: boolean): Promise<{ origin: string; outcome: ApprovalOutcome } | undefined> {
    const entry = await this.get(id);
    if (!entry) return undefined;
    let outcome: ApprovalOutcome = approve ? 'approved' : 'rejected';
    // Approve needs the page to answer that it is still there.
    if (approve && (await this.pageState(entry)) !== 'alive') outcome = 'gone';
    const ended = await this.end(id, outcome);
    return ended && { origin: ended.origin, outcome };
  }

  /** windows.onRemoved: closing the window is a Reject (cooldown included). */
  async onWindowRemoved(windowId: number): Promise<void> {
    const { pending } = await this.deps.record.read();
    for (const entry of pending.filter((p) => p.windowId === windowId)) await this.end(entry.id, 'rejected');
  }

  /** tabs.onRemoved: the asking pages of that tab are gone. */
  async onTabRemoved(tabId: number): Promise<void> {
    const { pending } = await this.deps.record.read();
    for (const entry of pending.filter((p) => p.tabId === tabId)) await this.end(entry.id, 'gone');
  }

  /**
   * On every worker start: drop approvals whose window is gone (a browser restart clears
   * storage.session anyway; this covers a window closed while no worker listened), and end those
   * whose page is gone.
   */
  async reconcile(maxOpeningMs = 60_000): Promise<void> {
    const { pending } = await this.deps.record.read();
    const windows = this.deps.windows();
    for (const entry of pending) {
      let alive: boolean;
      if (entry.windowId === null) alive = this.deps.now() - entry.createdAt < maxOpeningMs;
      else alive = windows ? await windows.get(entry.windowId).then(() => true, () => false) : false;
      if (!alive) await this.forget(entry.id, 'gone');
      else if (entry.windowId !== null) await this.current(entry.id);
    }
  }

  private async openWindow(windows: WindowsLike, id: string, focused: boolean): Promise<number> {
    const options = { type: 'popup' as const, url: this.deps.approveUrl(id), ...APPROVAL_WINDOW };
    // A browser that cannot open a window unfocused opens it the ordinary way.
    const opened = await windows.create({ ...options, focused }).catch((error: unknown) => {
      if (focused) throw error;
      return windows.create(options);
    });
    if (typeof opened.id !== 'number') throw new Error('the approval window has no id');
    return opened.id;
  }

  /** Asks the asking document; `unknown` when it does not answer within PAGE_CHECK_TIMEOUT_MS. */
  private async pageState(entry: PendingApproval): Promise<'alive' | 'gone' | 'unknown'> {
    const frame: FrameRef = { tabId: entry.tabId, frameId: entry.frameId, documentId: entry.documentId };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'unknown'>((resolve) => (timer = setTimeout(() => resolve('unknown'), PAGE_CHECK_TIMEOUT_MS)));
    const asked = this.deps.frameAlive(frame, entry.origin).then(
      (alive) => (alive ? ('alive' as const) : ('gone' as const)),
      () => 'gone' as const,
    );
    try {
      return await Promise.race([asked, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Ends a pending approval: bookkeeping, the waiting page's answer, and the window (unless the person closed it). */
  private async end(id: string, outcome: ApprovalOutcome): Promise<PendingApproval | undefined> {
    const entry = await this.forget(id, outcome);
    if (!entry) return undefined;
    if (outcome === 'approved') await this.deps.sites.connect(entry.origin);
    const waiter = this.waiters.get(id);
    this.waiters.delete(id);
    waiter?.(outcome);
    if (entry.windowId !== null) void this.deps.windows()?.remove(entry.windowId).catch(() => undefined);
    return entry;
  }

  /** Removes the entry; a rejection starts (or extends) the cooldown, an approval clears it. */
  private forget(id: string, outcome: ApprovalOutcome): Promise<PendingApproval | undefined> {
    return this.deps.record.update((current) => {
      const found = current.pending.find((p) => p.id === id);
      if (!found) return { next: undefined, result: undefined };
      const keys = cooldownKeys(found);
      let cooldowns = current.cooldowns;
      if (outcome === 'rejected') cooldowns = withRejection(cooldowns, keys, this.deps.now());
      if (outcome === 'approved') cooldowns = cooldowns.filter((c) => !keys.includes(c.key));
      return { next: { ...current, pending: current.pending.filter((p) => p.id !== id), cooldowns }, result: found };
    });
  }
}
