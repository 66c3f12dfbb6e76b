/**
 * The API key's request budget. Every request Courier puts on the key is paid for, before it
 * is sent, by whoever caused it: a connected site for its own calls (each of `routes`'
 * requests, each retry, each `track` registration attempt), the user for everything else (the
 * popup and options page, and the background's own work: tracking polls, the directory).
 *
 * The key has one budget of `perSecond` requests per second (the API's documented limit; the
 * local service's default, 20), split in two:
 * - the user's reserved share (`userShare`), which no site can take. When it runs out the user
 *   borrows from the sites' pool if that has tokens, else waits its turn (at most `userMaxWaitMs`):
 *   the user's own requests are never refused for what sites do;
 * - the sites' pool, divided equally between the sites that asked within `activeMs`. Each site
 *   has its own bucket, refilled at its share, holding at least `siteBurst` (one `routes` call).
 *   A site whose bucket is short by at most `siteMaxWaitMs` of refill waits for it (two quick
 *   `routes` in a row both answer); short by more, it is refused (`KeyBudgetExceeded`: 4290 with
 *   `retry_after_ms`). The pool itself being short (other sites' bursts) makes it wait at most
 *   `poolMaxWaitMs`, else it is refused the same way. The pool never goes below 0, and the user
 *   borrows from it only down to one site's burst: a site within its share is never refused.
 *
 * On average the key sees at most `perSecond` requests a second; in any one second at most
 * `perSecond` plus what the buckets hold (with the defaults 20 + 5 + 27 after a quiet spell),
 * well inside the local service's burst of 100.
 *
 * In memory on purpose, like the bridge's per-origin rate limit: a rate budget is not worth a
 * storage write per request, and a worker restart only starts every bucket full, which is what
 * the worker's idle time before a restart would have given them anyway.
 */
import type { AttemptCharge } from '../api';
import { BRIDGE_IDS } from '../api/bridge-ids';
import type { Requester } from './tracker/model';

export interface KeyBudgetOptions {
  /** Requests per second the key may make. */
  perSecond: number;
  /** Seconds of that rate a bucket can save up (the key's burst). */
  burstSeconds: number;
  /** The user's reserved part of `perSecond`, in (0, 1). */
  userShare: number;
  /** Smallest burst of a site's bucket: a whole `routes` call must fit. */
  siteBurst: number;
  /** A site shares the pool while it asked this recently. */
  activeMs: number;
  /** Longest a site waits for its own bucket to refill; longer is refused. */
  siteMaxWaitMs: number;
  /** Longest a site waits for the pool (others' bursts); longer is refused. */
  poolMaxWaitMs: number;
  /** Longest a user request waits for its turn; longer is refused. */
  userMaxWaitMs: number;
  /** Sites remembered at most (memory bound; idle ones are forgotten first). */
  maxSites: number;
}

/**
 * What one `routes` call may cost: the bridge list (when not cached), the default, Go Fast and
 * each known bridge on its own (src/routes/compare.ts).
 */
export const ROUTES_MAX_REQUESTS = 1 + 2 + BRIDGE_IDS.length;

export const DEFAULT_KEY_BUDGET: KeyBudgetOptions = {
  perSecond: 20,
  burstSeconds: 1,
  userShare: 0.25,
  siteBurst: ROUTES_MAX_REQUESTS,
  activeMs: 10_000,
  siteMaxWaitMs: 1_000,
  poolMaxWaitMs: 250,
  userMaxWaitMs: 10_000,
  maxSites: 1_000,
};

/**
 * The build flag `WXT_COURIER_API_RATE` (requests per second the key allows, > 0; WXT exposes
 * `WXT_*` variables as import.meta.env) for a key whose limit is not the default's; anything
 * else keeps the default.
 */
export function keyRateFromBuild(value: unknown): Partial<KeyBudgetOptions> {
  if (typeof value !== 'string' || value.trim() === '') return {};
  const perSecond = Number(value);
  return Number.isFinite(perSecond) && perSecond > 0 ? { perSecond } : {};
}

/** Who pays for a request: the user, or a site (the origin the browser reported). */
export type Payer = Requester;
export const USER: Payer = { kind: 'extension' };

/** A request the budget will not send now; `retryAfterMs` says when it could. */
export class KeyBudgetExceeded extends Error {
  override name = 'KeyBudgetExceeded';
  constructor(
    readonly payer: Payer['kind'],
    readonly retryAfterMs: number,
  ) {
    super(
      payer === 'origin'
        ? 'This site has used its share of the requests Courier makes to the routing API; slow down.'
        : `Courier is holding back requests to the routing API to keep its key under its limit; try again in ${Math.ceil(retryAfterMs / 1000)} s.`,
    );
  }
}

export function isKeyBudgetExceeded(error: unknown): error is KeyBudgetExceeded {
  return error instanceof KeyBudgetExceeded;
}

type Bucket = { tokens: number; at: number };
/** Checks of the pool while a site waits for it (each after a wait of its own). */
const MAX_POOL_ROUNDS = 4;
type Site = { bucket: Bucket; lastAsked: number };

export interface KeyBudgetDeps {
  now: () => number;
  /** Ends early (resolving) when `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** A charge whose first `count` requests were paid in advance (`KeyBudget.prepay`). */
export interface Prepaid {
  charge: AttemptCharge;
  /** Gives back what was paid for and not sent. */
  settle(): void;
}

export class KeyBudget {
  readonly options: KeyBudgetOptions;
  private readonly user: Bucket;
  private readonly pool: Bucket;
  private readonly sites = new Map<string, Site>();
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(
    options: Partial<KeyBudgetOptions> = {},
    private readonly deps: KeyBudgetDeps,
  ) {
    this.options = { ...DEFAULT_KEY_BUDGET, ...options };
    const o = this.options;
    for (const [name, value] of Object.entries(o)) {
      if (!Number.isFinite(value) || value < 0) throw new RangeError(`key budget ${name} must be a finite number >= 0, got ${value}`);
    }
    if (o.perSecond <= 0 || o.burstSeconds <= 0) throw new RangeError('key budget perSecond and burstSeconds must be > 0');
    if (o.userShare <= 0 || o.userShare >= 1) throw new RangeError('key budget userShare must be in (0, 1)');
    const now = deps.now();
    this.user = { tokens: this.userCapacity, at: now };
    this.pool = { tokens: this.poolCapacity, at: now };
    this.sleep = deps.sleep ?? abortableSleep;
  }

  private get userRate(): number {
    return this.options.perSecond * this.options.userShare;
  }
  private get userCapacity(): number {
    return Math.max(1, this.userRate * this.options.burstSeconds);
  }
  private get poolRate(): number {
    return this.options.perSecond - this.userRate;
  }
  /**
   * The pool holds one site's burst more than its rate: a site that had the pool to itself
   * cannot leave it too empty for the next site's `routes`.
   */
  private get poolCapacity(): number {
    return Math.max(1, this.poolRate * this.options.burstSeconds) + this.options.siteBurst;
  }

  /** A transport charge for one payer: each attempt costs one request. */
  chargeFor(payer: Payer): AttemptCharge {
    return ({ signal }) => this.charge(payer, 1, signal);
  }

  /**
   * Pays for `count` requests at once, or refuses them all (a site's `routes`: a comparison
   * missing half its candidates would mislead). The charge spends what was paid first, then
   * charges each further attempt (the retries) as usual.
   */
  async prepay(payer: Payer, count: number, signal?: AbortSignal): Promise<Prepaid> {
    await this.charge(payer, count, signal);
    let left = count;
    return {
      charge: (attempt) => {
        if (left > 0) {
          left--;
          return;
        }
        return this.charge(payer, 1, attempt.signal);
      },
      settle: () => {
        if (left > 0) this.refund(payer, left);
        left = 0;
      },
    };
  }

  /** Takes `count` requests from `payer`'s budget, waiting if it must; throws KeyBudgetExceeded. */
  charge(payer: Payer, count = 1, signal?: AbortSignal): Promise<void> | void {
    return payer.kind === 'origin' ? this.chargeSite(payer.origin, count, signal) : this.chargeUser(count, signal);
  }

  /** Sites remembered (for tests and diagnostics). */
  get siteCount(): number {
    return this.sites.size;
  }

  /** The share each site that asked lately gets, per second (for tests and diagnostics). */
  siteShare(): number {
    return this.poolRate / Math.max(1, this.activeSites(this.deps.now()));
  }

  private chargeUser(count: number, signal: AbortSignal | undefined): Promise<void> | void {
    const now = this.deps.now();
    this.refillShared(now);
    if (this.user.tokens >= count) {
      this.user.tokens -= count;
      return;
    }
    // Spare capacity of the sites' pool is the user's to borrow, leaving a site's burst in it;
    // the reserve is never the sites'.
    if (this.pool.tokens - count >= this.options.siteBurst) {
      this.pool.tokens -= count;
      return;
    }
    const waitMs = Math.ceil(((count - this.user.tokens) / this.userRate) * 1000);
    if (waitMs > this.options.userMaxWaitMs) throw new KeyBudgetExceeded('extension', waitMs);
    // Queued behind earlier waiters: the debt makes the next one wait longer.
    this.user.tokens -= count;
    return this.wait(waitMs, signal, () => {
      this.user.tokens += count;
    });
  }

  private chargeSite(origin: string, count: number, signal: AbortSignal | undefined): Promise<void> | void {
    const now = this.deps.now();
    this.refillShared(now);
    let site = this.sites.get(origin);
    if (!site) {
      site = { bucket: { tokens: Number.POSITIVE_INFINITY, at: now }, lastAsked: now };
      this.sites.set(origin, site);
    }
    site.lastAsked = now;
    const share = this.poolRate / Math.max(1, this.activeSites(now));
    const capacity = Math.max(this.options.siteBurst, share * this.options.burstSeconds);
    refill(site.bucket, now, share, capacity);
    // More than a bucket holds (never, with the defaults): allowed from a full bucket, into debt.
    const need = Math.min(count, capacity);
    const ownWaitMs = site.bucket.tokens >= need ? 0 : Math.ceil(((need - site.bucket.tokens) / share) * 1000);
    if (ownWaitMs > this.options.siteMaxWaitMs) throw new KeyBudgetExceeded('origin', ownWaitMs);
    // Taken now, so the site's next request queues behind this one; the pool is charged only when
    // the request is about to go, so a site's queue never holds the pool others need.
    site.bucket.tokens -= count;
    const held = site;
    if (ownWaitMs === 0) return this.takePool(held, count, signal);
    const refundOwn = () => {
      held.bucket.tokens += count;
    };
    return this.wait(ownWaitMs, signal, refundOwn).then(() => this.takePool(held, count, signal));
  }

  /**
   * The pool's part of a site's request, as it is about to be sent: taken only whole (the pool
   * never goes below 0, so one site's burst cannot leave another waiting long), waiting for it
   * at most `poolMaxWaitMs` in all, checking again after each wait.
   */
  private takePool(site: Site, count: number, signal: AbortSignal | undefined, until?: number, round = 0): Promise<void> | void {
    const now = this.deps.now();
    this.refillShared(now);
    const need = Math.min(count, this.poolCapacity);
    if (this.pool.tokens >= need) {
      this.pool.tokens -= count;
      return;
    }
    const waitMs = Math.ceil(((need - this.pool.tokens) / this.poolRate) * 1000);
    const deadline = until ?? now + this.options.poolMaxWaitMs;
    const refundOwn = () => {
      site.bucket.tokens += count;
    };
    if (now + waitMs > deadline || round >= MAX_POOL_ROUNDS) {
      // Many sites burst at once. Refused with the same answer as an empty own bucket, so a site
      // cannot tell the others' use from its own.
      refundOwn();
      throw new KeyBudgetExceeded('origin', waitMs);
    }
    return this.wait(waitMs, signal, refundOwn).then(() => this.takePool(site, count, signal, deadline, round + 1));
  }

  private refund(payer: Payer, count: number): void {
    if (payer.kind === 'extension') {
      this.user.tokens = Math.min(this.userCapacity, this.user.tokens + count);
      return;
    }
    const site = this.sites.get(payer.origin);
    if (site) site.bucket.tokens += count; // capped again at its next refill
    this.pool.tokens = Math.min(this.poolCapacity, this.pool.tokens + count);
  }

  private refillShared(now: number): void {
    refill(this.user, now, this.userRate, this.userCapacity);
    refill(this.pool, now, this.poolRate, this.poolCapacity);
  }

  /**
   * Sites that asked within `activeMs`. Also forgets sites that have been quiet long enough for
   * a full bucket (as a new one starts), and the quietest when over `maxSites`.
   */
  private activeSites(now: number): number {
    let active = 0;
    const since = now - this.options.activeMs;
    // Slowest possible refill: the pool shared by every remembered site.
    const slowest = this.poolRate / Math.max(1, this.sites.size);
    for (const [origin, site] of this.sites) {
      if (site.lastAsked >= since) {
        active++;
        continue;
      }
      const full = site.bucket.tokens + (Math.max(0, now - site.bucket.at) / 1000) * slowest >= this.options.siteBurst;
      if (full || this.sites.size > this.options.maxSites) this.sites.delete(origin);
    }
    return active;
  }

  private async wait(ms: number, signal: AbortSignal | undefined, refundIfAborted: () => void): Promise<void> {
    await this.sleep(ms, signal);
    if (signal?.aborted) {
      refundIfAborted();
      throw signal.reason;
    }
  }
}

function refill(bucket: Bucket, now: number, perSecond: number, capacity: number): void {
  // A clock that moved back (the system's time was set) refills nothing rather than draining.
  const elapsed = Math.max(0, now - bucket.at);
  bucket.tokens = Math.min(capacity, bucket.tokens + (elapsed / 1000) * perSecond);
  bucket.at = now;
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
