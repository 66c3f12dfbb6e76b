/** Retry policy over a real socket: who retries, on what, how long it waits, when it stops. */
import { describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient, type RetryOptions } from '../../../src/api';
import { parseRetryAfter } from '../../../src/api/transport';
import { closedPort, useTestServer, type ScriptedResponse } from '../../support/http-server';
import { apiErrorOf as failure } from '../../support/api-error';

const server = useTestServer();

const TX = { tx_hash: 'ABCDEF', chain_id: 'osmosis-1' };
const SUBMIT = { tx: 'AAAA', chain_id: 'osmosis-1' };
const SUBMITTED = { tx_hash: 'ABCDEF', explorer_link: 'https://explorer.example/tx/ABCDEF' };
const CHAINS = { chains: [] };
const STATUS = {
  state: 'STATE_COMPLETED_SUCCESS',
  transfers: [
    {
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_sequence: [],
      next_blocking_transfer: null,
      transfer_asset_release: { chain_id: 'osmosis-1', denom: 'uosmo', released: true },
      error: null,
    },
  ],
};
const unavailable = (extra: ScriptedResponse = {}): ScriptedResponse => ({
  status: 503,
  body: { code: 14, message: 'unavailable', details: [] },
  ...extra,
});

/** A client whose backoff sleeps are recorded and skipped. */
function recording(retry: RetryOptions = {}, extra: Partial<Parameters<typeof createApiClient>[0]> = {}) {
  const sleeps: number[] = [];
  const api: ApiClient = createApiClient({
    baseUrl: server.url,
    retry: { retries: 3, baseDelayMs: 100, maxDelayMs: 1_000, ...retry },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    ...extra,
  });
  return { api, sleeps };
}

describe('Retry-After', () => {
  it('429 with Retry-After: 1 — the server sees the retry a second later', async () => {
    server.reply(
      'GET',
      '/v2/tx/status',
      { status: 429, headers: { 'retry-after': '1' }, body: { code: 8, message: 'slow down', details: [] } },
      { body: STATUS },
    );
    // The default (real) sleep, so the wait is measured where it matters: at the server.
    const api = createApiClient({ baseUrl: server.url, retry: { retries: 3, baseDelayMs: 1, maxDelayMs: 1 } });
    await api.status(TX);
    const [first, second] = server.requests();
    expect(server.requests()).toHaveLength(2);
    const gap = (second?.at ?? 0) - (first?.at ?? 0);
    expect(gap).toBeGreaterThanOrEqual(990);
    // Seconds, not a longer backoff; the exact 1 000 ms is pinned by the recorded-sleep test below.
    expect(gap).toBeLessThan(2_900);
  });

  it('the sleep receives the Retry-After in milliseconds, not the jittered backoff', async () => {
    server.reply('GET', '/v2/info/chains', unavailable({ headers: { 'retry-after': '1' } }), { body: CHAINS });
    const { api, sleeps } = recording();
    await api.chains();
    expect(sleeps).toEqual([1_000]);
  });

  it('an HTTP-date Retry-After is honoured', async () => {
    // 30 s ahead (the sleep is recorded, not waited), so a stalled machine cannot eat the margin.
    const at = new Date(Date.now() + 30_000).toUTCString();
    server.reply('GET', '/v2/info/chains', unavailable({ status: 429, headers: { 'retry-after': at } }), { body: CHAINS });
    const { api, sleeps } = recording({ maxRetryAfterMs: 60_000 });
    await api.chains();
    expect(sleeps).toHaveLength(1);
    // Second resolution of the date, minus the time to get here: well within (20 s, 30 s].
    expect(sleeps[0]).toBeGreaterThan(20_000);
    expect(sleeps[0]).toBeLessThanOrEqual(30_000);
  });

  it('longer than maxRetryAfterMs: no retry, the wait is handed to the caller', async () => {
    server.reply('GET', '/v2/info/chains', unavailable({ status: 429, headers: { 'retry-after': '120' } }));
    const { api, sleeps } = recording({ maxRetryAfterMs: 10_000 });
    const error = await failure(api.chains());
    expect(error).toMatchObject({ kind: 'http', httpStatus: 429, retryAfterMs: 120_000, attempts: 1 });
    expect(sleeps).toEqual([]);
    expect(server.requests()).toHaveLength(1);
  });

  it('parses delta-seconds and HTTP-dates, and ignores junk', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter(' 2 ', now)).toBe(2_000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:05 GMT', now)).toBe(5_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:59:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('1.5', now)).toBeNull();
    expect(parseRetryAfter('-1', now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

describe('backoff', () => {
  it('503, 503, then 200: succeeds on the third attempt', async () => {
    server.reply('GET', '/v2/info/chains', unavailable(), unavailable(), { body: CHAINS });
    const { api, sleeps } = recording();
    await expect(api.chains()).resolves.toEqual(CHAINS);
    expect(server.requests()).toHaveLength(3);
    // Full jitter with random() = 0.5 over 100 * 2^n.
    expect(sleeps).toEqual([50, 100]);
  });

  it('is exponential, capped at maxDelayMs, and stops after `retries` retries', async () => {
    server.reply('GET', '/v2/info/chains', unavailable());
    const { api, sleeps } = recording(
      { retries: 4, baseDelayMs: 10, maxDelayMs: 35 },
      { random: () => 0.999_999 },
    );
    const error = await failure(api.chains());
    expect(error).toMatchObject({ kind: 'http', httpStatus: 503, code: 14, attempts: 5 });
    expect(server.requests()).toHaveLength(5);
    expect(sleeps).toEqual([9, 19, 34, 34]);
  });

  it('the default policy makes at most 4 attempts', async () => {
    server.reply('GET', '/v2/tx/status', unavailable({ status: 502 }));
    const { api } = recording({ retries: undefined });
    const error = await failure(api.status(TX));
    expect(error.attempts).toBe(4);
    expect(server.requests()).toHaveLength(4);
  });

  it('retries: 0 makes exactly one attempt', async () => {
    server.reply('GET', '/v2/info/chains', unavailable({ status: 504 }));
    const { api, sleeps } = recording({ retries: 0 });
    await failure(api.chains());
    expect(server.requests()).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
});

describe('what is retried', () => {
  it.each([400, 404, 500, 501])('a read is not retried on %i', async (status) => {
    server.reply('GET', '/v2/tx/status', { status, body: { code: 3, message: 'no', details: [] } });
    const { api, sleeps } = recording();
    const error = await failure(api.status(TX));
    expect(error).toMatchObject({ kind: 'http', httpStatus: status, attempts: 1 });
    expect(server.requests()).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it.each([
    ['submit', '/v2/tx/submit', (api: ApiClient) => api.submit(SUBMIT)],
    ['track', '/v2/tx/track', (api: ApiClient) => api.track(TX)],
  ] as const)('%s is never retried: 503 reaches the server once', async (_name, path, call) => {
    server.reply('POST', path, unavailable(), { body: SUBMITTED });
    const { api, sleeps } = recording();
    const error = await failure(call(api));
    expect(error).toMatchObject({ kind: 'http', httpStatus: 503, attempts: 1 });
    expect(server.requests('POST', path)).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('submit is not retried on 429 or a dropped connection either', async () => {
    server.reply('POST', '/v2/tx/submit', { status: 429, headers: { 'retry-after': '1' }, body: {} }, { fault: 'reset' });
    const { api } = recording();
    expect((await failure(api.submit(SUBMIT))).kind).toBe('http');
    expect((await failure(api.submit(SUBMIT))).kind).toBe('network');
    expect(server.requests('POST', '/v2/tx/submit')).toHaveLength(2);
  });

  it('a read is retried after a network error', async () => {
    server.reply('POST', '/v2/info/balances', { fault: 'reset' }, { body: { chains: {} } });
    const { api, sleeps } = recording();
    await expect(api.balances({ chains: {} })).resolves.toEqual({ chains: {} });
    expect(server.requests()).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
  });

  it('a read is retried after a timeout', async () => {
    server.reply('GET', '/v2/info/chains', { delayMs: 1_000, body: CHAINS }, { body: CHAINS });
    const { api } = recording({}, { timeoutMs: 150 });
    await expect(api.chains()).resolves.toEqual(CHAINS);
    expect(server.requests()).toHaveLength(2);
  });

  it('a quote (route) is retried on 503 but not after a timeout', async () => {
    server.reply('POST', '/v2/fungible/route', unavailable(), { delayMs: 1_000, body: {} });
    const { api } = recording({}, { timeoutMs: 150 });
    const error = await failure(api.route({} as never));
    expect(error).toMatchObject({ kind: 'timeout', attempts: 2 });
    expect(server.requests()).toHaveLength(2);
  });

  it('retries stay bounded when nothing is listening', async () => {
    const sleeps: number[] = [];
    const api = createApiClient({
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
      retry: { retries: 2, baseDelayMs: 1 },
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });
    const error = await failure(api.chains());
    expect(error).toMatchObject({ kind: 'network', attempts: 3 });
    expect(sleeps).toHaveLength(2);
  });
});

describe('abort during backoff', () => {
  it('stops at once, even if the injected sleep ignores the signal', async () => {
    server.reply('GET', '/v2/info/chains', unavailable());
    const controller = new AbortController();
    const api = createApiClient({
      baseUrl: server.url,
      retry: { retries: 3 },
      // Never resolves on its own: only the abort can end the wait.
      sleep: () => {
        setTimeout(() => controller.abort(), 10);
        return new Promise(() => {});
      },
    });
    const error = await failure(api.chains(undefined, { signal: controller.signal }));
    expect(error).toMatchObject({ kind: 'aborted', attempts: 1 });
    expect(server.requests()).toHaveLength(1);
  });

  it('with the default sleep: a 5 s backoff ends as soon as the signal fires', async () => {
    server.reply('GET', '/v2/tx/status', unavailable({ headers: { 'retry-after': '5' } }));
    const controller = new AbortController();
    const api = createApiClient({ baseUrl: server.url });
    const started = performance.now();
    const pending = api.status(TX, { signal: controller.signal });
    // Abort once the first attempt has been answered and the client is waiting.
    const poll = setInterval(() => {
      if (server.requests().length === 1) {
        clearInterval(poll);
        setTimeout(() => controller.abort(), 50);
      }
    }, 5);
    const error = await failure(pending);
    clearInterval(poll);
    expect(error).toMatchObject({ kind: 'aborted', attempts: 1 });
    // Well before the 5 s backoff would have ended, with room for a loaded machine.
    expect(performance.now() - started).toBeLessThan(4_000);
    expect(server.requests()).toHaveLength(1);
  });
});
