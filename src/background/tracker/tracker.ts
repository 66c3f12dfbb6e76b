/**
 * The tracker: enters transactions (after submit, or when an already broadcast one is
 * registered), polls their status on one alarm, and records every change in storage.local
 * before anyone is told about it. Side effects (badge, notifications, broadcasts) hang off
 * `onChange`, so this module knows nothing about them.
 */
import {
  isApiError,
  type ApiClient,
  type Route,
  type StatusResponse,
  type SubmitResponse,
  type TrackResponse,
} from '../../api';
import { normaliseTxHash } from '../../chains/tx-hash';
import type { Clock } from '../clock';
import { ProtocolError } from '../protocol-error';
import type { Logger } from '../storage/versioned';
import {
  answeredAtOf,
  clip,
  isUserTracked,
  trackedId,
  type AssetHint,
  type LastError,
  type Requester,
  type RouteSummary,
  type TrackedTx,
} from './model';
import { summariseRoute } from './route-summary';
import {
  earliestWake,
  firstPollAt,
  isDue,
  nextPollAfterAnswer,
  nextPollAfterError,
  stepAfterAnswer,
  trackingDeadline,
  type SchedulePolicy,
} from './schedule';
import { compactStatus, isTerminalState, outcomeOfState } from './status';
import { DEFAULT_CAP, evictionFor, newestFirst, type TrackedStore } from './store';

export const POLL_ALARM = 'courier:tracker:poll';

/** Unfinished transactions one site may have tracked at once; beyond, `track`/`submit` get 4290. */
export const SITE_PENDING_QUOTA = 50;

/**
 * A transaction only sites follow that the API has never once reported on ("not found" every
 * time, after the one registration retry) is given up this long after entering, not after the
 * whole 24 h window: junk hashes stop costing the user's API key soon.
 */
export const UNKNOWN_TX_GIVE_UP_MS = 30 * 60_000;

/** Failed status checks of a finished item a site joined before its view shows the stored status. */
const MAX_REFRESH_ERRORS = 5;

/** The part of `browser.alarms` the tracker uses. */
export interface AlarmsLike {
  create(name: string, info: { when: number }): Promise<void> | void;
  clear(name: string): Promise<boolean>;
  get(name: string): Promise<{ scheduledTime: number } | undefined>;
}

export type TrackedChange = {
  type: 'added' | 'updated' | 'removed';
  item: TrackedTx;
  /** The item before this change (null when added). */
  previous: TrackedTx | null;
};
export type TrackedListener = (change: TrackedChange) => void | Promise<void>;

export interface RouteInput {
  /** The route the user accepted, as the API returned it. */
  route?: Route | null | undefined;
  /** Symbols and decimals for the notification text (the route has none). */
  assets?: { source?: AssetHint | undefined; dest?: AssetHint | undefined } | undefined;
}

export interface TrackerDeps {
  record: TrackedStore;
  clock: Clock;
  policy: SchedulePolicy;
  /**
   * A client for the current settings (base URL, key); asked for anew on each use. With a
   * requester, its requests are charged to that requester's share of the key (key-budget.ts).
   */
  getClient(requester?: Requester): Promise<ApiClient>;
  alarms: AlarmsLike;
  sleep?: (ms: number) => Promise<void>;
  /** Most items kept. Default 500. */
  cap?: number;
  /** Unfinished items per site. Default SITE_PENDING_QUOTA. */
  siteQuota?: number;
  /** Most polls per wake-up; the rest wait for the next one. Default 25. */
  maxPerWake?: number;
  /** Polls in flight at once. Default 4. */
  concurrency?: number;
  /** Waits between the attempts of the registration call (track). Default [1000, 2000]: 3 attempts. */
  trackRetryDelaysMs?: readonly number[];
  log?: Logger;
}

/** What happened to one poll, before it is applied to the item. */
export type PollResult =
  | { kind: 'answer'; status: StatusResponse }
  | { kind: 'error'; error: unknown; notFound: boolean; trackCalled: boolean; registered: boolean };

export class Tracker {
  private readonly listeners = new Set<TrackedListener>();
  private running: Promise<void> | null = null;
  private rerun = false;
  private readonly log: Logger;
  /** Per site: requests past the quota check that have not entered their item yet. */
  private readonly reserved = new Map<string, number>();

  constructor(private readonly deps: TrackerDeps) {
    this.log = deps.log ?? console;
  }

  // ───────────────────────────── reading ─────────────────────────────

  /** Newest first; with `origin`, only what that page origin asked for. */
  async list(filter: { origin?: string } = {}): Promise<TrackedTx[]> {
    const items = await this.deps.record.all();
    const origin = filter.origin;
    return newestFirst(origin === undefined ? items : items.filter((item) => item.origins.includes(origin)));
  }

  async get(id: string): Promise<TrackedTx | undefined> {
    return this.deps.record.get(id);
  }

  /** By chain id and hash in any accepted spelling. */
  async find(chainId: string, txHash: string): Promise<TrackedTx | undefined> {
    const normalised = normaliseTxHash(chainId, txHash);
    return this.get(trackedId(chainId, normalised.ok ? normalised.hash : txHash.trim()));
  }

  async countPending(): Promise<number> {
    return (await this.deps.record.all()).filter((item) => item.phase === 'pending').length;
  }

  onChange(listener: TrackedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ───────────────────────────── entering ─────────────────────────────

  /**
   * Broadcasts a signed transaction and tracks it at once. The submit call is never retried
   * (the first attempt may have taken effect); its error reaches the caller untouched.
   */
  async submit(
    params: { tx: string; chain_id: string },
    requester: Requester,
    input: RouteInput = {},
  ): Promise<{ response: SubmitResponse; item: TrackedTx }> {
    // A site over its quota is refused before anything is broadcast.
    const release = await this.reserve(requester);
    try {
      const client = await this.deps.getClient(requester);
      const response = await client.submit({ tx: params.tx, chain_id: params.chain_id });
      const normalised = normaliseTxHash(params.chain_id, response.tx_hash);
      const item = await this.enter({
        chainId: params.chain_id,
        txHash: normalised.ok ? normalised.hash : response.tx_hash.trim(),
        via: 'submit',
        requester,
        explorerLink: response.explorer_link ?? null,
        registered: true,
        route: summarise(input),
        // Broadcast already: follow it even if the list is momentarily over its cap.
        force: true,
        release,
      });
      return { response, item };
    } finally {
      release();
    }
  }

  /**
   * Registers an already broadcast transaction (POST /v2/tx/track, up to 3 attempts on 429,
   * 5xx and network failures: the service must know the tx before status works) and tracks it.
   * If the service stays unreachable the tx is tracked anyway, unregistered, and the poller
   * registers it on its first "not found"; a definite refusal (e.g. an unsupported chain)
   * is thrown and nothing is tracked.
   *
   * Every call registers with the service and goes through the same checks, whether or not
   * someone else already follows the hash: a site cannot tell from the answer, its timing or
   * the quota that the user or another site tracks it.
   */
  async track(
    params: { tx_hash: string; chain_id: string },
    requester: Requester,
    input: RouteInput = {},
  ): Promise<{ response: TrackResponse | null; item: TrackedTx }> {
    const normalised = normaliseTxHash(params.chain_id, params.tx_hash);
    if (!normalised.ok) {
      throw new ProtocolError('invalid-tx-hash', `The transaction hash ${normalised.reason} for chain ${params.chain_id}.`);
    }
    const entry = {
      chainId: params.chain_id,
      txHash: normalised.hash,
      via: 'track' as const,
      requester,
      route: summarise(input),
    };
    const existing = await this.get(trackedId(params.chain_id, normalised.hash));
    const release = existing && isFollowedBy(existing, requester) ? () => undefined : await this.reserve(requester);
    try {
      const client = await this.deps.getClient(requester);
      const outcome = await this.register(client, { tx_hash: normalised.hash, chain_id: params.chain_id });
      if (!outcome.ok && !outcome.retriable) throw outcome.error;
      const item = await this.enter({
        ...entry,
        explorerLink: outcome.ok ? (outcome.response.explorer_link ?? null) : null,
        registered: outcome.ok,
        release,
      });
      return { response: outcome.ok ? outcome.response : null, item };
    } finally {
      release();
    }
  }

  /** For the bridge: a page's submit; the origin comes from the message's sender. */
  submitFromOrigin(origin: string, params: { tx: string; chain_id: string }, input: RouteInput = {}) {
    return this.submit(params, { kind: 'origin', origin }, input);
  }

  /** For the bridge: a page's track; the origin comes from the message's sender. */
  trackFromOrigin(origin: string, params: { tx_hash: string; chain_id: string }, input: RouteInput = {}) {
    return this.track(params, { kind: 'origin', origin }, input);
  }

  /** For the bridge: one of this origin's transactions, or undefined (also when another origin's). */
  async getForOrigin(origin: string, ref: { tx_hash: string; chain_id: string }): Promise<TrackedTx | undefined> {
    const item = await this.find(ref.chain_id, ref.tx_hash);
    return item?.origins.includes(origin) ? item : undefined;
  }

  /** This origin's transactions, the ones it joined last first. */
  async listForOrigin(origin: string): Promise<TrackedTx[]> {
    const joined = (item: TrackedTx) => item.joined?.[origin] ?? item.createdAt;
    return (await this.list({ origin })).sort((a, b) => joined(b) - joined(a) || a.id.localeCompare(b.id));
  }

  /** Unfinished items this origin follows. */
  async pendingForOrigin(origin: string): Promise<number> {
    return (await this.deps.record.all()).filter((item) => item.phase === 'pending' && item.origins.includes(origin)).length;
  }

  // ───────────────────────────── user actions ─────────────────────────────

  /** Polls again now with a fresh tracking window (an expired item, or one that keeps failing). */
  async retry(id: string): Promise<TrackedTx> {
    const now = this.deps.clock.now();
    const change = await this.deps.record.update((current) => {
      const existing = current.get(id);
      if (!existing) throw new ProtocolError('not-found', 'Courier is not tracking this transaction.');
      if (existing.phase === 'done') {
        throw new ProtocolError('not-retriable', 'This transfer has finished; there is nothing to retry.');
      }
      const item = revive(existing, now, this.deps.policy, now);
      return { put: [item], result: { type: 'updated' as const, item, previous: existing } };
    });
    await this.emit([change]);
    await this.syncAlarm();
    // Feedback now rather than at the next alarm (30 s away in a packed build).
    void this.pollDue();
    return change.item;
  }

  /**
   * The user's "Check now" during a long wait (an hour between polls while a withdrawal's
   * challenge period runs): polls this item now instead of at its next slot, or, when the last
   * poll was under `minIntervalMs` ago, that long after it. An item backing off after failed
   * polls keeps its backoff (Retry tracking is for that).
   */
  async checkNow(id: string): Promise<TrackedTx> {
    const now = this.deps.clock.now();
    const checked = await this.deps.record.update<{ item: TrackedTx; due?: boolean; change?: TrackedChange }>((current) => {
      const existing = current.get(id);
      if (!existing) throw new ProtocolError('not-found', 'Courier is not tracking this transaction.');
      if (existing.phase !== 'pending') throw new ProtocolError('not-pending', 'This transfer is no longer being followed; there is nothing to check.');
      if (existing.errorCount > 0 || existing.nextPollAt === null) return { result: { item: existing } };
      const at = Math.max(now, (existing.lastCheckedAt ?? 0) + this.deps.policy.minIntervalMs);
      // already due by then (an alarm not fired yet, or a poll in a moment): the run below, as it stands
      if (existing.nextPollAt <= at) return { result: { item: existing, due: existing.nextPollAt <= now } };
      const item: TrackedTx = { ...existing, nextPollAt: at };
      return { put: [item], result: { item, due: at <= now, change: { type: 'updated', item, previous: existing } } };
    });
    if (checked.change) {
      await this.emit([checked.change]);
      await this.syncAlarm();
    }
    if (checked.due) void this.pollDue();
    return checked.item;
  }

  async remove(id: string): Promise<boolean> {
    const removed = await this.deps.record.update((current) => {
      const existing = current.get(id);
      return existing ? { remove: [id], result: existing } : { result: undefined };
    });
    if (!removed) return false;
    await this.emit([{ type: 'removed', item: removed, previous: removed }]);
    await this.syncAlarm();
    return true;
  }

  /** Persists that the terminal notification was handled, so no restart shows it again. */
  async markNotified(id: string): Promise<void> {
    const change = await this.deps.record.update((current) => {
      const existing = current.get(id);
      if (!existing || existing.notified) return { result: undefined };
      const item = { ...existing, notified: true };
      return { put: [item], result: { type: 'updated' as const, item, previous: existing } };
    });
    if (change) await this.emit([change]);
  }

  // ───────────────────────────── polling ─────────────────────────────

  /** On every worker start: alarms may have vanished (browser restart), so set it again. */
  async start(): Promise<void> {
    await this.syncAlarm();
  }

  /**
   * The one alarm, at the earliest due pending item; cleared when nothing is pending. Returns
   * the time it was set for, or null.
   */
  async syncAlarm(): Promise<number | null> {
    const items = await this.deps.record.all();
    const earliest = earliestWake(items);
    if (earliest === null) {
      await this.deps.alarms.clear(POLL_ALARM);
      return null;
    }
    const when = Math.max(earliest, this.deps.clock.now());
    const existing = await this.deps.alarms.get(POLL_ALARM);
    if (existing?.scheduledTime !== when) await this.deps.alarms.create(POLL_ALARM, { when });
    return when;
  }

  /** The alarm's handler. Runs are never concurrent: an alarm during a run asks for one more. */
  pollDue(): Promise<void> {
    if (this.running) {
      this.rerun = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.rerun = false;
          await this.pollOnce();
        } while (this.rerun);
      } catch (error) {
        this.log.error('[courier] tracker poll failed', error);
      } finally {
        this.running = null;
        await this.syncAlarm().catch((error: unknown) => this.log.error('[courier] could not set the poll alarm', error));
      }
    })();
    return this.running;
  }

  /** Resolves when no poll run is in progress (tests, and callers that want fresh results). */
  async whenIdle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async pollOnce(): Promise<void> {
    const now = this.deps.clock.now();
    const items = await this.deps.record.all();
    const due = items
      .filter((item) => isDue(item, now, this.deps.policy))
      .sort((a, b) => dueAt(a) - dueAt(b))
      .slice(0, this.deps.maxPerWake ?? 25);
    if (due.length === 0) return;
    const client = await this.deps.getClient();
    await forEachLimit(due, this.deps.concurrency ?? 4, (item) => this.pollOne(client, item));
  }

  private async pollOne(client: ApiClient, item: TrackedTx): Promise<void> {
    let result: PollResult;
    try {
      const status = await client.status({ tx_hash: item.txHash, chain_id: item.chainId });
      result = { kind: 'answer', status };
    } catch (error) {
      const notFound = isNotFound(error);
      if (notFound && !item.trackRetried) {
        // The service must know a tx before it reports on it: register it, once, and go on.
        const registered = await client.track({ tx_hash: item.txHash, chain_id: item.chainId }).then(
          () => true,
          () => false,
        );
        result = { kind: 'error', error, notFound, trackCalled: true, registered };
      } else {
        result = { kind: 'error', error, notFound, trackCalled: false, registered: false };
      }
    }
    const now = this.deps.clock.now();
    const random = this.deps.clock.random();
    const change = await this.deps.record.update((current) => {
      const existing = current.get(item.id);
      // Removed, or finished meanwhile without a refresh asked for: nothing to apply. Otherwise
      // apply to the fresh copy, so a concurrent change (an origin added, a retry) is kept.
      if (!existing) return { result: undefined };
      let next: TrackedTx;
      if (existing.phase === 'pending') next = applyPollResult(existing, result, now, random, this.deps.policy);
      else if (existing.refreshAt !== null && existing.refreshAt !== undefined) next = applyRefreshResult(existing, result, now, random, this.deps.policy);
      else return { result: undefined };
      return { put: [next], result: { type: 'updated' as const, item: next, previous: existing } };
    });
    if (change) await this.emit([change]);
  }

  // ───────────────────────────── internals ─────────────────────────────

  private async enter(input: {
    chainId: string;
    txHash: string;
    via: TrackedTx['via'];
    requester: Requester;
    explorerLink: string | null;
    registered: boolean;
    route: RouteSummary | null;
    /** Enter even when a site's request finds no room (a broadcast transaction). */
    force?: boolean;
    /** The site's reservation (reserve()), given back in the step that stores the item. */
    release?: () => void;
  }): Promise<TrackedTx> {
    const now = this.deps.clock.now();
    const id = trackedId(input.chainId, input.txHash);
    const changes = await this.deps.record.update((current): { put?: TrackedTx[]; remove?: string[]; result: TrackedChange[] } => {
      const existing = current.get(id);
      input.release?.();
      if (existing) {
        const merged = mergeInto(existing, input, now, this.deps.policy);
        if (merged === existing) return { result: [] };
        return { put: [merged], result: [{ type: 'updated' as const, item: merged, previous: existing }] };
      }
      const origin = input.requester.kind === 'origin' ? input.requester.origin : undefined;
      const item: TrackedTx = {
        id,
        chainId: input.chainId,
        txHash: input.txHash,
        via: input.via,
        requester: input.requester,
        origins: origin ? [origin] : [],
        joined: origin ? { [origin]: now } : {},
        user: input.requester.kind === 'extension',
        createdAt: now,
        updatedAt: now,
        route: input.route,
        explorerLink: input.explorerLink ? clip(input.explorerLink, 1024) : null,
        phase: 'pending',
        state: null,
        outcome: 'pending',
        lastStatus: null,
        lastCheckedAt: null,
        answeredAt: null,
        refreshAt: null,
        nextPollAt: firstPollAt(now, this.deps.policy),
        deadlineAt: trackingDeadline({ createdAt: now, route: input.route }, now, this.deps.policy),
        attempts: 0,
        errorCount: 0,
        lastError: null,
        registered: input.registered,
        trackRetried: false,
        notified: false,
        finishedAt: null,
      };
      const eviction = evictionFor([...current.values(), item], this.deps.cap ?? DEFAULT_CAP, input.requester, id);
      if (!eviction.ok && !input.force) throw listFull(this.deps.cap ?? DEFAULT_CAP);
      const evicted = eviction.ok ? eviction.evicted : [];
      if (evicted.some((gone) => gone.phase === 'pending')) {
        this.log.warn(`[courier] tracking list full: stopped following ${evicted.length} unfinished transaction(s)`);
      }
      const result: TrackedChange[] = [
        ...evicted.map((gone) => ({ type: 'removed' as const, item: gone, previous: gone })),
        { type: 'added' as const, item, previous: null },
      ];
      return { put: [item], remove: evicted.map((gone) => gone.id), result };
    });
    await this.emit(changes);
    await this.syncAlarm();
    const item = changes.find((change) => change.item.id === id)?.item ?? (await this.get(id));
    if (!item) throw new Error('tracked item vanished while entering');
    return item;
  }

  /**
   * A site's admission for one more transaction: under its quota of unfinished ones (counting
   * requests already admitted and still on their way in), and room in the list that it may make
   * by the eviction rules. Asked before the service is called and whether or not the hash is
   * already followed by someone else, so the answer reveals nothing about others. The user's
   * own requests are always admitted. Returns the release for when the item has entered.
   */
  private reserve(requester: Requester): Promise<() => void> {
    if (requester.kind !== 'origin') return Promise.resolve(() => undefined);
    const { origin } = requester;
    const quota = this.deps.siteQuota ?? SITE_PENDING_QUOTA;
    const cap = this.deps.cap ?? DEFAULT_CAP;
    // Under the store's lock, like entering: an item and its reservation are never counted twice
    // or not at all (enter() releases the reservation in the same step that stores the item).
    return this.deps.record.update((current) => {
      const held = this.reserved.get(origin) ?? 0;
      let pending = 0;
      for (const item of current.values()) if (item.phase === 'pending' && item.origins.includes(origin)) pending++;
      if (pending + held >= quota) {
        throw new ProtocolError(
          'tracking-quota',
          `This site already has ${quota} unfinished transactions tracked by Courier; wait until some finish.`,
          { reason: 'site-quota', limit: quota },
        );
      }
      const probe = { id: '\u0000probe', phase: 'pending', createdAt: Number.MAX_SAFE_INTEGER } as TrackedTx;
      if (!evictionFor([...current.values(), probe], cap - held, requester, probe.id).ok) throw listFull(cap);
      this.reserved.set(origin, held + 1);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        const left = (this.reserved.get(origin) ?? 1) - 1;
        if (left <= 0) this.reserved.delete(origin);
        else this.reserved.set(origin, left);
      };
      return { result: release };
    });
  }

  private async register(
    client: ApiClient,
    body: { tx_hash: string; chain_id: string },
  ): Promise<{ ok: true; response: TrackResponse } | { ok: false; error: unknown; retriable: boolean }> {
    const delays = this.deps.trackRetryDelaysMs ?? [1_000, 2_000];
    const sleep = this.deps.sleep ?? defaultSleep;
    for (let attempt = 0; ; attempt++) {
      try {
        return { ok: true, response: await client.track(body) };
      } catch (error) {
        const retriable = isTransient(error);
        const delay = delays[attempt];
        if (!retriable || delay === undefined) return { ok: false, error, retriable };
        const retryAfter = isApiError(error) ? error.retryAfterMs : null;
        // A long Retry-After is not worth keeping the user waiting: give up now, poll later.
        if (retryAfter !== null && retryAfter > 5_000) return { ok: false, error, retriable };
        await sleep(Math.max(delay, retryAfter ?? 0));
      }
    }
  }

  private async emit(changes: readonly TrackedChange[]): Promise<void> {
    for (const change of changes) {
      const results = await Promise.allSettled([...this.listeners].map(async (listener) => listener(change)));
      for (const result of results) {
        if (result.status === 'rejected') this.log.error('[courier] tracked-change listener failed', result.reason);
      }
    }
  }
}

// ───────────────────────────── pure helpers ─────────────────────────────

/** Applies one poll's result to a pending item. Pure: the heart of the tracker's behaviour. */
export function applyPollResult(
  item: TrackedTx,
  result: PollResult,
  now: number,
  random: number,
  policy: SchedulePolicy,
): TrackedTx {
  let next: TrackedTx;
  if (result.kind === 'answer') {
    const status = compactStatus(result.status);
    const state = status.state_source === 'none' ? item.state : status.state;
    const terminal = isTerminalState(state);
    const step = stepAfterAnswer(item, status, now);
    next = {
      ...item,
      ...(step && { step }),
      state,
      outcome: outcomeOfState(state),
      lastStatus: status,
      lastCheckedAt: now,
      attempts: item.attempts + 1,
      errorCount: 0,
      lastError: null,
      registered: true,
      answeredAt: now,
      updatedAt: now,
      phase: terminal ? 'done' : 'pending',
      nextPollAt: terminal ? null : nextPollAfterAnswer({ ...item, lastStatus: status, ...(step && { step }) }, now, policy),
      finishedAt: terminal ? now : null,
    };
  } else {
    const errorCount = item.errorCount + 1;
    const retryAfter = isApiError(result.error) ? result.error.retryAfterMs : null;
    next = {
      ...item,
      lastCheckedAt: now,
      attempts: item.attempts + 1,
      errorCount,
      lastError: describeError(result.error, result.notFound, now),
      registered: item.registered || result.registered,
      trackRetried: item.trackRetried || result.trackCalled,
      updatedAt: now,
      nextPollAt: nextPollAfterError(item, errorCount, retryAfter, now, random, policy),
    };
    if (givenUpAsUnknown(next, result.notFound, now)) {
      return { ...next, phase: 'expired', outcome: 'expired', nextPollAt: null, finishedAt: now };
    }
  }
  if (next.phase === 'pending' && now >= next.deadlineAt) {
    next = { ...next, phase: 'expired', outcome: 'expired', nextPollAt: null, finishedAt: now };
  }
  return next;
}

/** When a due item was due (a refresh of a finished one, or the next poll of a pending one). */
function dueAt(item: TrackedTx): number {
  return item.phase === 'pending' ? (item.nextPollAt ?? item.deadlineAt) : (item.refreshAt ?? item.deadlineAt);
}

/** Already among the item's askers: asking again needs no admission. */
function isFollowedBy(item: TrackedTx, requester: Requester): boolean {
  return requester.kind === 'origin' ? item.origins.includes(requester.origin) : isUserTracked(item);
}

/**
 * Another request for a tx already tracked: add what is new (origin, route, link, registration).
 * A site joining starts its own view (its join time) and gets a status check as soon as a new
 * transaction would: the next poll moved up to the first-poll delay, or, for a finished item,
 * one refresh then. The user asking marks the item as the user's.
 */
function mergeInto(
  existing: TrackedTx,
  input: { requester: Requester; route: RouteSummary | null; explorerLink: string | null; registered: boolean },
  now: number,
  policy: SchedulePolicy,
): TrackedTx {
  const origin = input.requester.kind === 'origin' ? input.requester.origin : undefined;
  const addOrigin = origin !== undefined && !existing.origins.includes(origin);
  const addUser = input.requester.kind === 'extension' && !isUserTracked(existing);
  const addRoute = existing.route === null && input.route !== null;
  const addLink = existing.explorerLink === null && input.explorerLink !== null;
  const addRegistration = !existing.registered && input.registered;
  const wake = existing.phase === 'expired';
  if (!addOrigin && !addUser && !addRoute && !addLink && !addRegistration && !wake) return existing;
  const origins = addOrigin ? [...existing.origins, origin].slice(-32) : existing.origins;
  const joined = Object.fromEntries(origins.map((o) => [o, o === origin && addOrigin ? now : (existing.joined?.[o] ?? existing.createdAt)]));
  let merged: TrackedTx = {
    ...existing,
    origins,
    joined,
    user: isUserTracked(existing) || addUser,
    route: addRoute ? input.route : existing.route,
    explorerLink: addLink && input.explorerLink ? clip(input.explorerLink, 1024) : existing.explorerLink,
    registered: existing.registered || input.registered,
    updatedAt: now,
  };
  const firstPoll = firstPollAt(now, policy);
  // Asked again for an expired one: the asker expects it followed, so it gets a fresh window.
  if (wake) merged = revive(merged, now, policy, firstPoll);
  else if (addOrigin && merged.phase === 'pending') merged = { ...merged, nextPollAt: Math.min(merged.nextPollAt ?? firstPoll, firstPoll) };
  else if (addOrigin) merged = { ...merged, refreshAt: firstPoll, errorCount: 0 };
  return merged;
}

/**
 * A status check of a finished item that a site joined: the answer becomes the item's latest
 * status (a terminal one only; a finished transfer does not go back) and fills the site's view;
 * a failure is retried with the usual backoff, and after MAX_REFRESH_ERRORS the view shows the
 * status already known.
 */
export function applyRefreshResult(item: TrackedTx, result: PollResult, now: number, random: number, policy: SchedulePolicy): TrackedTx {
  if (result.kind === 'answer') {
    const status = compactStatus(result.status);
    const terminal = status.state_source !== 'none' && isTerminalState(status.state);
    return {
      ...item,
      ...(terminal && { state: status.state, outcome: outcomeOfState(status.state), lastStatus: status }),
      lastCheckedAt: now,
      answeredAt: now,
      refreshAt: null,
      errorCount: 0,
      updatedAt: now,
    };
  }
  const errorCount = item.errorCount + 1;
  if (errorCount > MAX_REFRESH_ERRORS) return { ...item, answeredAt: now, refreshAt: null, errorCount: 0, lastCheckedAt: now, updatedAt: now };
  const retryAfter = isApiError(result.error) ? result.error.retryAfterMs : null;
  return { ...item, errorCount, lastCheckedAt: now, updatedAt: now, refreshAt: nextPollAfterError(item, errorCount, retryAfter, now, random, policy) };
}

/** Only sites follow it, the API has never reported on it, and it has been "not found" for long enough. */
function givenUpAsUnknown(item: TrackedTx, notFound: boolean, now: number): boolean {
  return notFound && !isUserTracked(item) && answeredAtOf(item) === null && item.trackRetried && now - item.createdAt >= UNKNOWN_TX_GIVE_UP_MS;
}

function listFull(cap: number): ProtocolError {
  return new ProtocolError(
    'tracking-full',
    `Courier is following ${cap} transactions and none of them may make room for this site's; try again later.`,
    { reason: 'list-full', limit: cap },
  );
}

function revive(item: TrackedTx, now: number, policy: SchedulePolicy, nextPollAt: number): TrackedTx {
  return {
    ...item,
    phase: 'pending',
    outcome: outcomeOfState(item.state),
    nextPollAt,
    deadlineAt: trackingDeadline(item, now, policy),
    errorCount: 0,
    lastError: null,
    trackRetried: false,
    finishedAt: null,
    updatedAt: now,
  };
}

function summarise(input: RouteInput): RouteSummary | null {
  return input.route ? summariseRoute(input.route, input.assets ?? {}) : null;
}

/**
 * "Not found": the service does not know the tx (yet). gRPC code 5 is NOT_FOUND, but the same
 * code also means "chain ID not supported", which no registration will fix.
 */
export function isNotFound(error: unknown): boolean {
  if (!isApiError(error) || error.kind !== 'http') return false;
  if (/not supported/i.test(error.message)) return false;
  return error.httpStatus === 404 || error.code === 5;
}

/** Worth another attempt soon: rate limited, a server failure, or no usable answer. */
export function isTransient(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return error.kind === 'http' && error.httpStatus !== null && (error.httpStatus === 429 || error.httpStatus >= 500);
}

function describeError(error: unknown, notFound: boolean, now: number): LastError {
  if (isApiError(error)) {
    return {
      at: now,
      kind: notFound ? 'not-found' : error.kind,
      message: clip(error.message, 512),
      httpStatus: error.httpStatus,
    };
  }
  return { at: now, kind: 'internal', message: clip(error instanceof Error ? error.message : String(error), 512), httpStatus: null };
}

async function forEachLimit<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
