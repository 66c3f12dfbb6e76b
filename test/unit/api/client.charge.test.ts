/**
 * Every attempt is paid for before it is sent (AttemptCharge), retries included, and a 429's
 * retry honours Retry-After and backs off (never an immediate retry).
 */
import { describe, expect, it } from 'vitest';
import { createApiClient, withCharge, type AttemptCharge } from '../../../src/api';

type Reply = { status: number; headers?: Record<string, string>; body: unknown };
const CHAINS = { chains: [] };
const tooMany = (retryAfter?: string): Reply => ({
  status: 429,
  ...(retryAfter !== undefined && { headers: { 'retry-after': retryAfter } }),
  body: { code: 8, message: 'rate limit exceeded', details: [] },
});

/** A client over scripted replies (the last repeats), recording requests, charges and backoff sleeps. */
function scripted(replies: Reply[], options: { random?: () => number; retries?: number } = {}) {
  const queue = [...replies];
  const log: string[] = [];
  const sleeps: number[] = [];
  const client = createApiClient({
    baseUrl: 'http://127.0.0.1:9',
    fetch: async (input) => {
      log.push(`sent ${new URL(input).pathname}`);
      const reply = (queue.length > 1 ? queue.shift() : queue[0])!;
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json', ...reply.headers } });
    },
    retry: { retries: options.retries ?? 3, baseDelayMs: 100, maxDelayMs: 1_000 },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: options.random ?? (() => 0.5),
  });
  const charge: AttemptCharge = ({ attempt, path }) => {
    log.push(`charged ${path} #${attempt}`);
  };
  return { client, log, sleeps, charge };
}

describe('charging each attempt', () => {
  it('charges before every attempt, the retries too', async () => {
    const { client, log, charge } = scripted([tooMany('1'), tooMany('1'), { status: 200, body: CHAINS }]);
    await expect(withCharge(client, charge).chains()).resolves.toEqual(CHAINS);
    expect(log).toEqual([
      'charged /v2/info/chains #1',
      'sent /v2/info/chains',
      'charged /v2/info/chains #2',
      'sent /v2/info/chains',
      'charged /v2/info/chains #3',
      'sent /v2/info/chains',
    ]);
  });

  it('a charge that refuses ends the call with its error, and nothing more is sent', async () => {
    const { client, log } = scripted([tooMany('1'), { status: 200, body: CHAINS }]);
    const refusal = new Error('over budget');
    const charge: AttemptCharge = ({ attempt }) => {
      log.push(`charged #${attempt}`);
      if (attempt > 1) throw refusal;
    };
    await expect(client.chains(undefined, { charge })).rejects.toBe(refusal);
    expect(log).toEqual(['charged #1', 'sent /v2/info/chains', 'charged #2']);
  });

  it('a call’s own charge wins over the one the client was wrapped with', async () => {
    const { client, log, charge } = scripted([{ status: 200, body: CHAINS }]);
    const own: AttemptCharge = () => {
      log.push('own');
    };
    await withCharge(client, charge).chains(undefined, { charge: own });
    expect(log).toEqual(['own', 'sent /v2/info/chains']);
  });

  it('an abort while the charge waits ends the call as aborted, before anything is sent', async () => {
    const { client, log } = scripted([{ status: 200, body: CHAINS }]);
    const controller = new AbortController();
    const charge: AttemptCharge = () => new Promise(() => controller.abort());
    await expect(client.chains(undefined, { charge, signal: controller.signal })).rejects.toMatchObject({ kind: 'aborted', attempts: 0 });
    expect(log).toEqual([]);
  });
});

describe('429: Retry-After and backoff', () => {
  it('waits at least the Retry-After', async () => {
    const { client, sleeps } = scripted([tooMany('2'), { status: 200, body: CHAINS }]);
    await client.chains();
    expect(sleeps).toEqual([2_000]);
  });

  it('never retries at once: Retry-After 0, or none, still backs off, and longer each time', async () => {
    // random() = 0: a full-jitter backoff would be 0 ms every time.
    const zero = scripted([tooMany('0'), tooMany(), tooMany(), { status: 200, body: CHAINS }], { random: () => 0 });
    await zero.client.chains();
    expect(zero.sleeps).toEqual([50, 100, 200]);
  });

  it('backs off past a short Retry-After when retries pile up', async () => {
    const { client, sleeps } = scripted([tooMany('0'), tooMany('0'), tooMany('0'), tooMany('0')], { random: () => 1 - Number.EPSILON, retries: 3 });
    await client.chains().catch(() => undefined);
    expect(sleeps).toHaveLength(3);
    expect(sleeps[0]!).toBeGreaterThanOrEqual(99);
    expect(sleeps[1]!).toBeGreaterThan(sleeps[0]!);
    expect(sleeps[2]!).toBeGreaterThan(sleeps[1]!);
  });
});
