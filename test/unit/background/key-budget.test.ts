/**
 * The API key's shared request budget (src/background/key-budget.ts), on fake time: the user's
 * reserve, the sites' fair shares, refusals with a usable retry_after_ms, `routes` paying for
 * all its requests at once. Each request's outcome is when it would be sent (its charge
 * resolving), or its refusal.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_KEY_BUDGET, KeyBudget, KeyBudgetExceeded, keyRateFromBuild, USER, type KeyBudgetOptions, type Payer } from '../../../src/background/key-budget';

const site = (origin: string): Payer => ({ kind: 'origin', origin });
const A = site('https://a.example');
const B = site('https://b.example');
const C = site('https://c.example');
/** With the defaults: the user's reserve 5/s (holding 5), the sites' pool 15/s holding 15 + one site's burst (12). */
const POOL = 15;
const POOL_HOLDS = 15 + 12;
/** What the user can send at once: its reserve, and the pool but for one site's burst. */
const USER_AT_ONCE = 5 + POOL_HOLDS - 12;

type Sent = { at: number; waited: number };
type Outcome = Sent | { refused: number };

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(options: Partial<KeyBudgetOptions> = {}) {
  const start = Date.now();
  const budget = new KeyBudget(options, { now: () => Date.now() });
  const refusal = (error: unknown): Outcome => {
    if (error instanceof KeyBudgetExceeded) return { refused: error.retryAfterMs };
    throw error;
  };
  /** One request by `payer`: when it is sent (ms since the start) and how long it waited, or its refusal. */
  const take = (payer: Payer, signal?: AbortSignal): Promise<Outcome> => {
    const asked = Date.now();
    try {
      const pending = budget.charge(payer, 1, signal);
      if (!pending) return Promise.resolve({ at: asked - start, waited: 0 });
      return pending.then(() => ({ at: Date.now() - start, waited: Date.now() - asked }), refusal);
    } catch (error) {
      return Promise.resolve(refusal(error));
    }
  };
  return { budget, take };
}

const sends = (outcomes: Outcome[], from = 0, to = Number.POSITIVE_INFINITY) =>
  outcomes.filter((o): o is Sent => 'at' in o && o.at >= from && o.at < to);
const refusals = (outcomes: Outcome[]) => outcomes.filter((o): o is { refused: number } => 'refused' in o);

/**
 * `seconds` of fake time in steps of `stepMs`; at each step every payer of `who(t)` asks as many
 * requests as it lists, without waiting for earlier ones (a flood). Then everything held settles.
 */
async function simulate(s: ReturnType<typeof setup>, seconds: number, who: (t: number) => [Payer, number][], stepMs = 10) {
  const pending = new Map<Payer, Promise<Outcome>[]>();
  for (let t = 0; t < seconds * 1000; t += stepMs) {
    for (const [payer, count] of who(t)) {
      for (let i = 0; i < count; i++) pending.set(payer, [...(pending.get(payer) ?? []), s.take(payer)]);
    }
    await vi.advanceTimersByTimeAsync(stepMs);
  }
  await vi.advanceTimersByTimeAsync(5_000);
  const outcomes = new Map<Payer, Outcome[]>();
  for (const [payer, list] of pending) outcomes.set(payer, await Promise.all(list));
  return outcomes;
}

const every = (period: number, payer: Payer, from = 0) => (t: number): [Payer, number][] => (t >= from && (t - from) % period === 0 ? [[payer, 1]] : []);

describe('the key budget: the user and the sites', () => {
  it('caps a flooding site at the sites’ pool, and the user keeps its reserve without waiting', async () => {
    const s = setup();
    // A asks 500 requests a second; the user 5 a second (its reserve).
    const out = await simulate(s, 10, (t) => [[A, 5], ...every(200, USER)(t)]);
    const a = out.get(A)!;
    // Alone, A may use the whole pool (15/s) and its own bucket's burst (15), no more.
    expect(sends(a, 0, 10_000).length).toBeLessThanOrEqual(POOL * 10 + 15 + 1);
    expect(sends(a, 0, 10_000).length).toBeGreaterThanOrEqual(POOL * 10 - 5);
    expect(refusals(a).length).toBeGreaterThan(4_000);
    expect(refusals(a).every((r) => r.refused > 0)).toBe(true);
    // Never held longer than siteMaxWaitMs: past that it is refused.
    expect(Math.max(...sends(a).map((o) => o.waited))).toBeLessThanOrEqual(s.budget.options.siteMaxWaitMs);
    const user = out.get(USER)!;
    expect(user).toHaveLength(50);
    expect(user.every((o) => 'waited' in o && o.waited === 0)).toBe(true);
  });

  it('divides the pool equally between two flooding sites: neither takes the other’s share', async () => {
    const s = setup();
    const out = await simulate(s, 10, () => [[A, 5], [B, 5]]);
    const a = sends(out.get(A)!, 0, 10_000).length;
    const b = sends(out.get(B)!, 0, 10_000).length;
    expect(a).toBeGreaterThanOrEqual((POOL / 2) * 10 - 5);
    expect(b).toBeGreaterThanOrEqual((POOL / 2) * 10 - 5);
    expect(Math.abs(a - b)).toBeLessThanOrEqual(12);
    expect(a + b).toBeLessThanOrEqual(POOL * 10 + POOL_HOLDS + 1);
    expect(s.budget.siteShare()).toBe(POOL / 2);
  });

  it('a modest site is never refused nor held while another floods; the flooder drops to half the pool', async () => {
    const s = setup();
    // A floods from the start; B joins after 3 s with 4 requests a second.
    const out = await simulate(s, 10, (t) => [[A, 5], ...every(250, B, 3_000)(t)]);
    const b = out.get(B)!;
    expect(b).toHaveLength(28);
    expect(refusals(b)).toEqual([]);
    expect(Math.max(...sends(b).map((o) => o.waited))).toBeLessThanOrEqual(s.budget.options.poolMaxWaitMs);
    // From B's arrival A has half the pool: 7.5/s over those 7 s, plus its bucket and what it had queued.
    const a = sends(out.get(A)!, 3_000, 10_000).length;
    expect(a).toBeLessThanOrEqual((POOL / 2) * 7 + 12 + 15);
    expect(a).toBeGreaterThanOrEqual((POOL / 2) * 7 - 10);
  });

  it('a site within its share is never refused while another bursts routes (12 at once) and the user quotes', async () => {
    const s = setup();
    const bursts: Promise<unknown>[] = [];
    const modest: Promise<Outcome>[] = [];
    const user: Promise<Outcome>[] = [];
    let paid = 0;
    for (let t = 0; t < 20_000; t += 10) {
      // A asks for a whole routes call every 10 ms; B 4 requests a second; the user a quote
      // (the default, then ten alternatives) every 2 s.
      bursts.push(
        s.budget.prepay(A, 12).then(
          () => paid++,
          () => undefined,
        ),
      );
      if (t >= 1_000 && t % 250 === 0) modest.push(s.take(B));
      if (t % 2_000 === 0) for (let i = 0; i < 11; i++) user.push(s.take(USER));
      await vi.advanceTimersByTimeAsync(10);
    }
    await vi.advanceTimersByTimeAsync(15_000);
    await Promise.all(bursts);
    const b = await Promise.all(modest);
    expect(refusals(b)).toEqual([]);
    expect(Math.max(...sends(b).map((o) => o.waited))).toBeLessThanOrEqual(s.budget.options.poolMaxWaitMs);
    expect(refusals(await Promise.all(user))).toEqual([]);
    // A still gets about its half of the pool: 7.5/s over 20 s is 150 requests, 12 a call.
    expect(paid).toBeGreaterThanOrEqual(Math.floor((7.5 * 19) / 12));
  });

  it('sites can never spend the user’s reserve; the user borrows what sites leave unused', async () => {
    const s = setup();
    // Three sites flood for 5 s; the user is idle.
    const flood = simulate(s, 5, () => [[A, 5], [B, 5], [C, 5]]);
    await vi.advanceTimersByTimeAsync(5_000);
    // The user's five are there at once; the sixth waits for the reserve's refill (5/s), never refused.
    const asked = Promise.all(Array.from({ length: 6 }, () => s.take(USER)));
    await vi.advanceTimersByTimeAsync(1_000);
    const first = await asked;
    expect(first.slice(0, 5).every((o) => 'waited' in o && o.waited === 0)).toBe(true);
    expect(first[5]).toMatchObject({ waited: 200 });
    await flood;

    // With no site asking, the user may borrow from the sites' pool too, all but one site's burst.
    const idle = setup();
    const all = Array.from({ length: USER_AT_ONCE + 1 }, () => idle.take(USER));
    await vi.advanceTimersByTimeAsync(1_000);
    const outcomes = await Promise.all(all);
    expect(outcomes.slice(0, USER_AT_ONCE).every((o) => 'waited' in o && o.waited === 0)).toBe(true);
    expect(outcomes[USER_AT_ONCE]).toMatchObject({ waited: 200 });
  });

  it('holds a site short of its share up to siteMaxWaitMs, then refuses it with a retry_after_ms after which it is sent', async () => {
    const s = setup();
    const asked = Array.from({ length: 40 }, () => s.take(A));
    await vi.advanceTimersByTimeAsync(2_000);
    const outcomes = await Promise.all(asked);
    // Its bucket (15 alone) at once, one more second's refill held, the rest refused.
    expect(sends(outcomes).filter((o) => o.waited === 0)).toHaveLength(15);
    expect(sends(outcomes).filter((o) => o.waited > 0)).toHaveLength(15);
    const refused = refusals(outcomes);
    expect(refused).toHaveLength(10);
    // Asked again as told, after all of it was sent: sent at once.
    const later = setup();
    for (let i = 0; i < 30; i++) void later.take(A);
    const hint = (await later.take(A)) as { refused: number };
    expect(hint.refused).toBeGreaterThan(s.budget.options.siteMaxWaitMs);
    await vi.advanceTimersByTimeAsync(hint.refused);
    expect(await later.take(A)).toEqual({ at: expect.any(Number), waited: 0 });
  });

  const attempt = (n: number) => ({ attempt: n, method: 'POST', path: '/v2/fungible/route', signal: undefined });

  it('prepay: a routes call pays for all its requests or none; retries are charged on top', async () => {
    const s = setup();
    await s.take(B); // two sites: A's share is 7.5/s, its bucket 12
    const paid = await s.budget.prepay(A, 12);
    // The first attempts are paid for: the charge costs nothing more for them.
    for (let i = 0; i < 12; i++) expect(paid.charge(attempt(1))).toBeUndefined();
    // A second call cannot be paid for in time: refused, and nothing of it taken.
    await expect(s.budget.prepay(A, 12)).rejects.toBeInstanceOf(KeyBudgetExceeded);
    // A retry after the prepaid ones is charged like any request: it waits for one refill
    // (7.5/s), and A's next request queues behind it, two refills.
    const retry = paid.charge(attempt(2));
    expect(retry).toBeInstanceOf(Promise);
    const next = s.take(A);
    await vi.advanceTimersByTimeAsync(1_000);
    await retry;
    expect(await next).toMatchObject({ waited: Math.ceil(2_000 / 7.5) });
  });

  it('settle gives back what was paid for and not sent', async () => {
    const s = setup();
    const paid = await s.budget.prepay(A, 12);
    paid.charge(attempt(1));
    paid.settle();
    // 15 - 12 + 11 left in A's bucket.
    const outcomes = await Promise.all(Array.from({ length: 14 }, () => s.take(A)));
    expect(outcomes.every((o) => 'waited' in o && o.waited === 0)).toBe(true);
    const fifteenth = s.take(A);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await fifteenth).toMatchObject({ waited: Math.ceil(1_000 / POOL) });
  });

  it('a site that stopped asking no longer divides the pool', async () => {
    const s = setup();
    await s.take(A);
    await s.take(B);
    expect(s.budget.siteShare()).toBe(POOL / 2);
    vi.advanceTimersByTime(s.budget.options.activeMs + 1);
    await s.take(A);
    expect(s.budget.siteShare()).toBe(POOL);
  });

  it('remembers at most maxSites sites, and forgets quiet ones once their bucket would be full', async () => {
    const s = setup();
    for (let i = 0; i < 5_000; i++) {
      void s.take(site(`https://s${i}.example`));
      vi.advanceTimersByTime(20);
    }
    expect(s.budget.siteCount).toBeLessThanOrEqual(s.budget.options.maxSites);
    vi.advanceTimersByTime(120_000);
    await s.take(A);
    expect(s.budget.siteCount).toBe(1);
  });

  it('a wait the caller aborts gives the request back and ends with the abort', async () => {
    const s = setup();
    for (let i = 0; i < USER_AT_ONCE; i++) await s.take(USER);
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(s.budget.charge(USER, 1, controller.signal)).rejects.toThrow('cancelled');
    // Not spent: the next one waits one refill (200 ms), not two.
    const next = s.take(USER);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await next).toMatchObject({ waited: 200 });
  });

  it('queues the user’s requests and refuses only past userMaxWaitMs', async () => {
    const s = setup({ userMaxWaitMs: 1_000 });
    const asked = Array.from({ length: USER_AT_ONCE + 10 }, () => s.take(USER));
    await vi.advanceTimersByTimeAsync(2_000);
    const outcomes = await Promise.all(asked);
    // 20 at once (reserve and pool), 5 more queued within a second, then refused.
    expect(sends(outcomes).filter((o) => o.waited === 0)).toHaveLength(USER_AT_ONCE);
    expect(sends(outcomes).filter((o) => o.waited > 0)).toHaveLength(5);
    expect(refusals(outcomes)).toHaveLength(5);
  });
});

describe('the key’s rate', () => {
  it('is 20 a second by default (the API’s and the local service’s), or the build’s WXT_COURIER_API_RATE when it is a positive number', () => {
    expect(DEFAULT_KEY_BUDGET.perSecond).toBe(20);
    expect(keyRateFromBuild('50')).toEqual({ perSecond: 50 });
    expect(keyRateFromBuild(' 2.5 ')).toEqual({ perSecond: 2.5 });
    for (const junk of [undefined, '', '0', '-3', 'fast', 'Infinity', 20]) expect(keyRateFromBuild(junk)).toEqual({});
  });

  it('scales every share with it', async () => {
    const s = setup({ perSecond: 40 });
    await s.take(A);
    await s.take(B);
    expect(s.budget.siteShare()).toBe(15);
  });
});
