/**
 * Connection approvals: `connect` from a page opens the approval window and waits for the
 * person's decision. Pending approvals live in storage.session (`courier:approvals`), so a
 * worker restart does not orphan an open window: a decision made after the restart is still
 * applied (the site is connected or not) even though the page's original request has by then
 * failed with a retriable error.
 *
 * One pending approval per origin: a second `connect` while one is open gets -32002.
 * Closing the window (windows.onRemoved) or Reject answers 4001.
 */
import { z } from 'zod';
import { BridgeErrorCode } from '../../bridge/protocol';
import { KeyedMutex } from '../storage/mutex';
import { type Logger, type RecordDeps, VersionedRecord } from '../storage/versioned';
import { BridgeError } from './errors';
import type { SitesService } from './sites';

export const APPROVALS_KEY = 'courier:approvals';
export const APPROVALS_VERSION = 1;

export const PendingApproval = z.object({
  id: z.string().min(16).max(64),
  origin: z.string().max(512),
  createdAt: z.number(),
  /** The approval window; null while it is being opened. */
  windowId: z.number().int().nullable(),
});
export type PendingApproval = z.infer<typeof PendingApproval>;

export const ApprovalsRecord = z.object({
  version: z.literal(APPROVALS_VERSION),
  pending: z.array(PendingApproval),
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

export interface ApprovalDeps {
  record: VersionedRecord<ApprovalsRecord>;
  sites: SitesService;
  windows: () => WindowsLike | undefined;
  /** approve.html's URL for a request id. */
  approveUrl: (id: string) => string;
  newId: () => string;
  now: () => number;
  log: Logger;
}

export function createApprovalsRecord(deps: RecordDeps) {
  return new VersionedRecord<ApprovalsRecord>(
    {
      key: APPROVALS_KEY,
      version: APPROVALS_VERSION,
      schema: ApprovalsRecord,
      migrations: [],
      initial: () => ({ version: APPROVALS_VERSION, pending: [] }),
    },
    deps,
  );
}

export const APPROVAL_WINDOW = { width: 420, height: 600 } as const;
/** Approval windows open at once, all origins together. */
export const MAX_PENDING_APPROVALS = 3;

export class Approvals {
  /** The pages waiting for an answer in this worker's life, by approval id. */
  private readonly waiters = new Map<string, (approved: boolean) => void>();
  private readonly lock = new KeyedMutex();

  constructor(private readonly deps: ApprovalDeps) {}

  /**
   * Opens the approval window for `origin` and resolves with the decision. Throws -32002 when
   * one is already open for this origin.
   */
  async request(origin: string): Promise<boolean> {
    const entry = await this.lock.run('open', async () => {
      const { pending } = await this.deps.record.read();
      if (pending.some((p) => p.origin === origin)) {
        throw new BridgeError(BridgeErrorCode.requestPending, 'A connection request from this site is already waiting for the user.');
      }
      // Many frames of many origins must not bury the user in windows.
      if (pending.length >= MAX_PENDING_APPROVALS) {
        throw new BridgeError(BridgeErrorCode.rateLimited, 'Too many connection requests are waiting for the user; try again later.', {
          retry_after_ms: 5_000,
        });
      }
      const created: PendingApproval = { id: this.deps.newId(), origin, createdAt: this.deps.now(), windowId: null };
      await this.deps.record.update((current) => ({ next: { ...current, pending: [...current.pending, created] }, result: undefined }));
      return created;
    });

    const decided = new Promise<boolean>((resolve) => this.waiters.set(entry.id, resolve));
    try {
      const windows = this.deps.windows();
      if (!windows) throw new Error('no windows API');
      const opened = await windows.create({ type: 'popup', url: this.deps.approveUrl(entry.id), ...APPROVAL_WINDOW, focused: true });
      if (typeof opened.id !== 'number') throw new Error('the approval window has no id');
      const windowId = opened.id;
      const stillPending = await this.deps.record.update((current) => {
        const found = current.pending.find((p) => p.id === entry.id);
        if (!found) return { next: undefined, result: false };
        const pending = current.pending.map((p) => (p.id === entry.id ? { ...p, windowId } : p));
        return { next: { ...current, pending }, result: true };
      });
      // Decided (or closed) before we could note the window: nothing left to track.
      if (!stillPending) void windows.remove(windowId).catch(() => undefined);
    } catch (error) {
      this.deps.log.error('[courier] could not open the approval window', error);
      await this.forget(entry.id);
      this.waiters.delete(entry.id);
      throw new BridgeError(BridgeErrorCode.internal, 'Courier could not open its approval window.');
    }
    return decided;
  }

  /** For the approval window: what it is asked to decide. Undefined when no longer pending. */
  async get(id: string): Promise<PendingApproval | undefined> {
    return (await this.deps.record.read()).pending.find((p) => p.id === id);
  }

  /**
   * The person's decision. Connects the site on approval (persisted before anyone is told),
   * answers the waiting page if this worker still has it, and closes the window.
   */
  async decide(id: string, approve: boolean): Promise<{ origin: string; approved: boolean } | undefined> {
    const entry = await this.forget(id);
    if (!entry) return undefined;
    if (approve) await this.deps.sites.connect(entry.origin);
    this.settle(id, approve);
    if (entry.windowId !== null) void this.deps.windows()?.remove(entry.windowId).catch(() => undefined);
    return { origin: entry.origin, approved: approve };
  }

  /** windows.onRemoved: closing the window rejects its approval. */
  async onWindowRemoved(windowId: number): Promise<void> {
    const { pending } = await this.deps.record.read();
    for (const entry of pending.filter((p) => p.windowId === windowId)) {
      await this.forget(entry.id);
      this.settle(entry.id, false);
    }
  }

  /**
   * On every worker start: drop approvals whose window is gone (a browser restart clears
   * storage.session anyway; this covers a window closed while no worker listened).
   */
  async reconcile(maxOpeningMs = 60_000): Promise<void> {
    const { pending } = await this.deps.record.read();
    const windows = this.deps.windows();
    for (const entry of pending) {
      let alive: boolean;
      if (entry.windowId === null) alive = this.deps.now() - entry.createdAt < maxOpeningMs;
      else alive = windows ? await windows.get(entry.windowId).then(() => true, () => false) : false;
      if (!alive) await this.forget(entry.id);
    }
  }

  private settle(id: string, approved: boolean): void {
    const waiter = this.waiters.get(id);
    this.waiters.delete(id);
    waiter?.(approved);
  }

  private forget(id: string): Promise<PendingApproval | undefined> {
    return this.deps.record.update((current) => {
      const found = current.pending.find((p) => p.id === id);
      if (!found) return { next: undefined, result: undefined };
      return { next: { ...current, pending: current.pending.filter((p) => p.id !== id) }, result: found };
    });
  }
}
