/** Every failure is an ApiError with the right kind, over a real socket. */
import { describe, expect, it } from 'vitest';
import { eventually } from '../../support/eventually';
import {
  ApiError,
  createApiClient,
  fromSerialized,
  isApiError,
  isSerializedApiError,
  serializeApiError,
  type ApiClient,
} from '../../../src/api';
import { fetchUntilAborted } from '../../support/abortable-fetch';
import { closedPort, useTestServer } from '../../support/http-server';
import { apiErrorOf as failure } from '../../support/api-error';

const server = useTestServer();
const SUBMIT = { tx: 'AAAA', chain_id: 'osmosis-1' };
const TX = { tx_hash: 'ABCDEF', chain_id: 'osmosis-1' };

function client(extra: Partial<Parameters<typeof createApiClient>[0]> = {}): ApiClient {
  return createApiClient({ baseUrl: server.url, retry: { retries: 0 }, ...extra });
}

describe('kind http', () => {
  it('takes code, message and details from a spec error body', async () => {
    const body = {
      code: 3,
      message: 'difference in usd value of route input and output is too large',
      details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'BAD_PRICE_ERROR', domain: 'skip.build', metadata: {} }],
    };
    server.reply('POST', '/v2/fungible/route', { status: 400, body });
    const error = await failure(client().route({} as never));
    expect(error).toMatchObject({
      name: 'ApiError',
      kind: 'http',
      httpStatus: 400,
      code: 3,
      message: body.message,
      details: body.details,
      endpoint: '/v2/fungible/route',
      method: 'POST',
      attempts: 1,
      retryAfterMs: null,
    });
  });

  it('with a non-JSON body: code null, no details, message from the status and body', async () => {
    server.reply('POST', '/v2/tx/submit', { status: 502, body: '<html><h1>502 Bad Gateway</h1>\n</html>' });
    const error = await failure(client().submit(SUBMIT));
    expect(error).toMatchObject({ kind: 'http', httpStatus: 502, code: null, details: [] });
    expect(error.message).toContain('502');
    expect(error.message).toContain('Bad Gateway');
  });

  it('with JSON that is not the error shape: still http, code null', async () => {
    server.reply('GET', '/v2/tx/status', { status: 404, body: { error: 'nope' } });
    const error = await failure(client().status(TX));
    expect(error).toMatchObject({ kind: 'http', httpStatus: 404, code: null, details: [] });
    expect(error.message).toContain('404');
  });

  it('carries Retry-After even when it does not retry', async () => {
    server.reply('POST', '/v2/tx/submit', {
      status: 429,
      headers: { 'retry-after': '7' },
      body: { code: 8, message: 'rate limited', details: [] },
    });
    const error = await failure(client().submit(SUBMIT));
    expect(error).toMatchObject({ kind: 'http', httpStatus: 429, code: 8, retryAfterMs: 7000, attempts: 1 });
  });
});

describe('kind invalid-response', () => {
  it('a 2xx body that fails the response schema, with the issues and the status', async () => {
    server.reply('POST', '/v2/tx/submit', { status: 200, body: { tx_hash: 42 } });
    const error = await failure(client().submit(SUBMIT));
    expect(error).toMatchObject({ kind: 'invalid-response', httpStatus: 200, endpoint: '/v2/tx/submit' });
    expect(error.issues.length).toBeGreaterThan(0);
    expect(error.issues.some((issue) => issue.path[0] === 'tx_hash')).toBe(true);
  });

  it('a route missing an essential field: the message names it; one missing only its duration is read', async () => {
    const route = {
      amount_in: '1000000',
      amount_out: '990000',
      source_asset_denom: 'uusdc',
      source_asset_chain_id: 'noble-1',
      dest_asset_denom: 'uusdc',
      dest_asset_chain_id: 'osmosis-1',
      operations: [{ transfer: { from_chain_id: 'noble-1', to_chain_id: 'osmosis-1' }, tx_index: 0 }],
      estimated_fees: [{ amount: '', usd_amount: '', origin_asset: null }],
    };
    server.reply('POST', '/v2/fungible/route', { status: 200, body: route });
    const error = await failure(client().route({}));
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toMatch(/required_chain_addresses/);
    server.reply('POST', '/v2/fungible/route', { status: 200, body: { ...route, required_chain_addresses: ['noble-1', 'osmosis-1'] } });
    const read = await client().route({});
    expect(read.estimated_route_duration_seconds).toBeUndefined();
    expect(read.estimated_fees).toEqual([{}]);
  });

  it('a 2xx body that is not JSON', async () => {
    server.reply('POST', '/v2/tx/track', { status: 200, body: 'OK' });
    const error = await failure(client().track(TX));
    expect(error).toMatchObject({ kind: 'invalid-response', httpStatus: 200 });
    expect(error.issues[0]?.code).toBe('invalid_json');
  });

  it('is not retried, even for reads', async () => {
    server.reply('GET', '/v2/info/chains', { body: { chains: 'all of them' } });
    const error = await failure(client({ retry: { retries: 3, baseDelayMs: 1 } }).chains());
    expect(error.kind).toBe('invalid-response');
    expect(server.requests()).toHaveLength(1);
  });
});

describe('kind timeout', () => {
  it('when an attempt outlasts timeoutMs', async () => {
    // An answer far later than any load can delay the 100 ms timeout, so only a cut-off ends it early.
    server.reply('POST', '/v2/tx/submit', { delayMs: 20_000, body: { tx_hash: 'x', explorer_link: 'y' } });
    const started = performance.now();
    const error = await failure(client({ timeoutMs: 100 }).submit(SUBMIT));
    expect(error).toMatchObject({ kind: 'timeout', httpStatus: null, attempts: 1 });
    expect(performance.now() - started).toBeLessThan(4_000);
  });

  it('also when a custom fetch ignores the signal and never settles', async () => {
    const api = createApiClient({
      baseUrl: server.url,
      retry: { retries: 0 },
      timeoutMs: 100,
      fetch: () => new Promise<Response>(() => {}),
    });
    const error = await failure(api.chains());
    expect(error).toMatchObject({ kind: 'timeout', attempts: 1 });
  });

  it('covers reading the body too', async () => {
    // Real status and headers, then a body that stalls after a few bytes and ignores the
    // abort signal (as a custom fetch may): the timer must still end the read.
    server.reply('POST', '/v2/tx/track', { body: { tx_hash: 'x' } });
    const stalled = createApiClient({
      baseUrl: server.url,
      retry: { retries: 0 },
      timeoutMs: 100,
      fetch: async (input, init) => {
        const real = await fetch(input, init);
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"tx_'));
          },
        });
        return new Response(stream, { status: real.status, headers: real.headers });
      },
    });
    const error = await failure(stalled.track(TX));
    expect(error.kind).toBe('timeout');
  });
});

describe('kind network', () => {
  it('connection refused', async () => {
    const api = createApiClient({ baseUrl: `http://127.0.0.1:${await closedPort()}`, retry: { retries: 0 } });
    const error = await failure(api.submit(SUBMIT));
    expect(error).toMatchObject({ kind: 'network', httpStatus: null, attempts: 1, endpoint: '/v2/tx/submit' });
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('the server drops the connection before answering', async () => {
    server.reply('POST', '/v2/tx/submit', { fault: 'reset' });
    const error = await failure(client().submit(SUBMIT));
    expect(error.kind).toBe('network');
  });

  it('the body is cut while reading', async () => {
    server.reply('GET', '/v2/info/chains', { fault: 'cut-body', body: { chains: [{ chain_id: 'osmosis-1' }] } });
    const error = await failure(client().chains());
    expect(error.kind).toBe('network');
  });

  it('a fetch that throws', async () => {
    const api = createApiClient({
      baseUrl: 'https://api.example.invalid',
      retry: { retries: 0 },
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const error = await failure(api.chains());
    expect(error).toMatchObject({ kind: 'network', message: expect.stringContaining('Failed to fetch') });
  });
});

describe('kind aborted', () => {
  it('a signal already aborted: nothing is sent', async () => {
    const error = await failure(client().status(TX, { signal: AbortSignal.abort() }));
    expect(error).toMatchObject({ kind: 'aborted', attempts: 0 });
    expect(server.requests()).toHaveLength(0);
  });

  it('an abort while the request is in flight ends it at once and is not retried', async () => {
    server.reply('GET', '/v2/tx/status', { delayMs: 20_000, body: {} });
    const controller = new AbortController();
    const api = client({ retry: { retries: 3, baseDelayMs: 1 } });
    const started = performance.now();
    const pending = api.status(TX, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await failure(pending);
    expect(error).toMatchObject({ kind: 'aborted', attempts: 1 });
    expect(performance.now() - started).toBeLessThan(4_000); // not the 20 s answer
    expect(server.requests()).toHaveLength(1);
  });

  it('the abort reaches the fetch itself (one that only ends when aborted) and no retry follows', async () => {
    const { fetch, signals } = fetchUntilAborted();
    const sleeps: number[] = [];
    const api = client({
      retry: { retries: 3, baseDelayMs: 1 },
      timeoutMs: 60_000,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      fetch,
    });
    const controller = new AbortController();
    const pending = api.route({ amount_in: '1' } as never, { signal: controller.signal });
    await eventually(() => expect(signals).toHaveLength(1));
    expect(signals[0]!.aborted).toBe(false);
    controller.abort();
    const error = await failure(pending);
    expect(error).toMatchObject({ kind: 'aborted', attempts: 1 });
    expect(signals[0]!.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(signals).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
});

describe('kind invalid-request', () => {
  it('a body that cannot be JSON: nothing is sent', async () => {
    const cyclic: Record<string, unknown> = { tx: 'AAAA' };
    cyclic.self = cyclic;
    const error = await failure(client().submit(cyclic as never));
    expect(error).toMatchObject({ kind: 'invalid-request', attempts: 0, endpoint: '/v2/tx/submit' });
    expect(server.requests()).toHaveLength(0);
  });
});

describe('crossing a runtime-message boundary', () => {
  const original = new ApiError({
    kind: 'http',
    message: 'difference in usd value',
    endpoint: '/v2/fungible/route',
    method: 'POST',
    attempts: 2,
    httpStatus: 400,
    code: 3,
    details: [{ reason: 'BAD_PRICE_ERROR', metadata: {} }],
    issues: [{ code: 'invalid_type', path: ['route', 0], message: 'expected string' }],
    retryAfterMs: 1500,
    cause: new Error('not carried'),
  });

  it('survives JSON and structured cloning, and comes back as an ApiError', () => {
    const overJson: unknown = JSON.parse(JSON.stringify(original));
    const overClone: unknown = structuredClone(serializeApiError(original));
    for (const plain of [overJson, overClone]) {
      expect(isSerializedApiError(plain)).toBe(true);
      const back = fromSerialized(plain);
      expect(back).toBeInstanceOf(ApiError);
      expect(isApiError(back)).toBe(true);
      expect(serializeApiError(back)).toEqual(serializeApiError(original));
    }
  });

  it('the plain form has every key, absent values as null', () => {
    const bare = new ApiError({ kind: 'network', message: 'down', endpoint: '/v2/info/chains', method: 'GET' });
    expect(bare.toJSON()).toEqual({
      name: 'ApiError',
      kind: 'network',
      message: 'down',
      endpoint: '/v2/info/chains',
      method: 'GET',
      attempts: 0,
      httpStatus: null,
      code: null,
      details: [],
      issues: [],
      retryAfterMs: null,
    });
  });

  it('refuses what is not a serialized ApiError', () => {
    expect(isSerializedApiError({ name: 'ApiError', kind: 'nope' })).toBe(false);
    expect(() => fromSerialized({ message: 'x' })).toThrow(TypeError);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError(serializeApiError(original))).toBe(false);
  });
});
