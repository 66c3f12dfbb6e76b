/**
 * The bridge's composition: connected sites, approvals, page events, rate limit and the method
 * handler, over the background's tracker and API client. Built by services.ts; main.ts adds the
 * runtime listener and the browser events.
 */
import type { ApiClient } from '../../api';
import type { Clock } from '../clock';
import type { KeyBudget, Payer } from '../key-budget';
import { KeyedMutex } from '../storage/mutex';
import type { Logger, StorageAreaLike } from '../storage/versioned';
import type { Tracker } from '../tracker/tracker';
import type { ApprovalView } from '../protocol';
import type { DirectorySnapshot } from '../directory/schema';
import { BRIDGE_PING_TAG, BridgePong } from '../../bridge/protocol';
import { APPROVAL_LIMITS, APPROVAL_PERMISSIONS, Approvals, createApprovalsRecord, type FrameAlive, type WindowsLike } from './approvals';
import { createBridgeHandler, type BridgeHandler } from './handler';
import type { FrameRef } from './origin';
import { createSubscribersRecord, PageEvents, type SendToFrame } from './page-events';
import { DEFAULT_RATE_LIMIT, OriginRateLimiter, type RateLimitOptions } from './rate-limit';
import { createSitesRecord, SitesService } from './sites';

export { BridgeError } from './errors';
export type { FrameRef } from './origin';
export { APPROVAL_LIMITS, APPROVAL_PERMISSIONS } from './approvals';

export interface BridgeServiceDeps {
  /** storage.local: connected sites. */
  area: StorageAreaLike;
  /** storage.session: pending approvals and event subscribers (gone with the browser session). */
  session: StorageAreaLike;
  clock: Clock;
  log: Logger;
  tracker: Tracker;
  /** With a payer, every attempt is charged to it in the key's budget (key-budget.ts). */
  getClient(payer?: Payer): Promise<ApiClient>;
  /** The key's request budget: `routes` pays for all its requests at once. */
  keyBudget?: KeyBudget;
  /** The API's cached lists (bridges and chain types plan `routes`). */
  directory?: { get(): Promise<DirectorySnapshot> };
  windows: () => WindowsLike | undefined;
  sendToFrame: SendToFrame;
  approveUrl: (id: string) => string;
  rateLimit?: RateLimitOptions;
}

export interface BridgeServices {
  sites: SitesService;
  approvals: Approvals;
  events: PageEvents;
  limiter: OriginRateLimiter;
  handle: BridgeHandler;
  /**
   * For the approval window (on open and on every heartbeat): the pending request, or null when
   * it is no longer waiting — its page being gone ends it.
   */
  approvalView(id: string): Promise<ApprovalView | null>;
  /** Worker start: drop approvals whose window is gone. */
  start(): Promise<void>;
}

export function createBridgeServices(deps: BridgeServiceDeps): BridgeServices {
  const now = () => deps.clock.now();
  const local = { area: deps.area, mutex: new KeyedMutex(), clock: deps.clock, log: deps.log };
  const session = { area: deps.session, mutex: new KeyedMutex(), clock: deps.clock, log: deps.log };
  const sites = new SitesService(createSitesRecord(local), now);
  const approvals = new Approvals({
    record: createApprovalsRecord(session),
    sites,
    windows: deps.windows,
    frameAlive: frameAliveVia(deps.sendToFrame),
    approveUrl: deps.approveUrl,
    newId: randomId,
    now,
    log: deps.log,
  });
  const events = new PageEvents({ record: createSubscribersRecord(session), sites, sendToFrame: deps.sendToFrame, now, log: deps.log });
  const limiter = new OriginRateLimiter(deps.rateLimit ?? DEFAULT_RATE_LIMIT, now);
  const handle = createBridgeHandler({ sites, approvals, tracker: deps.tracker, getClient: deps.getClient, keyBudget: deps.keyBudget, directory: deps.directory, limiter, log: deps.log });
  deps.tracker.onChange(events.onTrackedChanged);
  sites.onRevoked((origin) => events.forgetOrigin(origin));
  const approvalView = async (id: string): Promise<ApprovalView | null> => {
    const pending = await approvals.current(id);
    if (!pending) return null;
    return {
      request: pending.id,
      origin: pending.origin,
      embeddedIn: pending.topOrigin === pending.origin ? null : pending.topOrigin,
      createdAt: pending.createdAt,
      permissions: [...APPROVAL_PERMISSIONS],
      limits: [...APPROVAL_LIMITS],
    };
  };
  return { sites, approvals, events, limiter, handle, approvalView, start: () => approvals.reconcile() };
}

/** Liveness through the relay: only an existing document (of the asking origin) answers the ping. */
function frameAliveVia(send: SendToFrame): FrameAlive {
  return async (frame, origin) => {
    const ping = frame.documentId ? { [BRIDGE_PING_TAG]: 1 } : { [BRIDGE_PING_TAG]: 1, origin };
    return BridgePong.safeParse(await send(frame, ping)).success;
  };
}

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** tabs.sendMessage to exactly one document (Chrome) or frame (Firefox). */
export function frameSender(tabs: {
  sendMessage(tabId: number, message: unknown, options?: { frameId?: number; documentId?: string }): Promise<unknown>;
}): SendToFrame {
  return (frame: FrameRef, message: unknown) =>
    tabs.sendMessage(frame.tabId, message, frame.documentId ? { documentId: frame.documentId } : { frameId: frame.frameId });
}
