import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type http from 'node:http';
import { request as httpRequest } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorResponse } from '../../../src/api/schemas';
import { invalidArgument, parseRequest, ServiceError } from '../../../src/service/http/errors';
import { createKey, hashKey, KeyRing, readKeyFile } from '../../../src/service/http/keys';
import { TokenBucket } from '../../../src/service/http/rate-limit';
import {
  closeServer,
  createServiceServer,
  listenLocal,
  MAX_BODY_BYTES,
  type ServerOptions,
} from '../../../src/service/http/server';

const Echo = z.object({ name: z.string(), amount: z.string().regex(/^\d+$/) });

const routes: ServerOptions['routes'] = [
  { method: 'POST', path: '/v2/echo', rateLimited: true, handler: (req) => ({ body: parseRequest(Echo, req.body) }) },
  { method: 'GET', path: '/v2/items/:id', rateLimited: true, handler: (req) => ({ body: { id: req.params.id, q: req.query.get('q') } }) },
  { method: 'GET', path: '/v2/boom', handler: () => { throw new Error('kaboom'); } },
  { method: 'GET', path: '/v2/refuse', handler: () => { throw invalidArgument('nope'); } },
  { method: 'GET', path: '/v2/bad-shape', handler: () => ({ body: { wrong: true } }), response: z.object({ right: z.boolean() }) },
];

async function start(options: Partial<ServerOptions> = {}) {
  const server = createServiceServer({ routes, rateLimit: null, ...options });
  const port = await listenLocal(server, 0);
  return { server, base: `http://127.0.0.1:${port}` };
}

async function expectError(res: Response, status: number, code: number, message?: RegExp) {
  expect(res.status).toBe(status);
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  const body = ErrorResponse.parse(await res.json());
  expect(body.code).toBe(code);
  if (message) expect(body.message).toMatch(message);
  return body;
}

describe('service HTTP layer', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => ({ server, base } = await start()));
  afterAll(() => closeServer(server));

  const post = (p: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${p}`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

  it('answers a valid request and keeps path params and the query', async () => {
    const ok = await post('/v2/echo', JSON.stringify({ name: 'a', amount: '5' }));
    expect(await ok.json()).toEqual({ name: 'a', amount: '5' });
    const item = await fetch(`${base}/v2/items/ibc%2FABC?q=1`);
    expect(await item.json()).toEqual({ id: 'ibc/ABC', q: '1' });
  });

  it('refuses malformed JSON, empty bodies, wrong types and missing fields with 400 code 3 naming the field', async () => {
    await expectError(await post('/v2/echo', '{"name":'), 400, 3, /not valid JSON/);
    await expectError(await post('/v2/echo', ''), 400, 3, /JSON object/);
    await expectError(await post('/v2/echo', JSON.stringify({ name: 'a', amount: 5 })), 400, 3, /amount/);
    await expectError(await post('/v2/echo', JSON.stringify({ amount: '5' })), 400, 3, /name/);
  });

  it('answers unknown paths with 404 code 5 and wrong methods with 405', async () => {
    await expectError(await fetch(`${base}/v2/nowhere`), 404, 5, /\/v2\/nowhere/);
    await expectError(await fetch(`${base}/v2/echo`), 405, 12, /GET/);
  });

  it('refuses bodies over 1 MiB with 413', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES), amount: '1' });
    await expectError(await post('/v2/echo', big), 413, 3, /exceeds/);
  });

  it('turns an internal failure into 500 code 2 with empty details, and a schema-breaking answer too', async () => {
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      const body = await expectError(await fetch(`${base}/v2/boom`), 500, 2, /internal server error/);
      expect(body.details).toEqual([]);
      await expectError(await fetch(`${base}/v2/bad-shape`), 500, 2);
    } finally {
      console.error = original;
    }
    expect(logged.length).toBe(2);
  });

  it('passes ServiceErrors through in the spec shape', async () => {
    await expectError(await fetch(`${base}/v2/refuse`), 400, 3, /^nope$/);
  });

  it('captures no stack for a caller\'s error (4xx), and keeps it for a 5xx and for real bugs', () => {
    const limit = Error.stackTraceLimit;
    const refused = invalidArgument('nope');
    expect(refused).toBeInstanceOf(ServiceError);
    expect(refused).toBeInstanceOf(Error);
    expect(refused.stack).not.toMatch(/\n\s+at /);
    expect(new ServiceError(404, 5, 'no routes found').stack).not.toMatch(/\n\s+at /);
    expect(new ServiceError(503, 14, 'down').stack).toMatch(/\n\s+at /);
    expect(Error.stackTraceLimit).toBe(limit);
    expect(new Error('bug').stack).toMatch(/\n\s+at /);
  });

  it('answers CORS preflights and allows the authorization header', async () => {
    const res = await fetch(`${base}/v2/echo`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('keys and the shared rate limit', () => {
  let dir: string;
  beforeAll(() => void (dir = mkdtempSync(path.join(os.tmpdir(), 'courier-keys-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let running: http.Server | undefined;
  afterEach(async () => {
    if (running) await closeServer(running);
    running = undefined;
  });

  it('create-key stores only the SHA-256 of the key', () => {
    const file = path.join(dir, 'keys.json');
    const key = createKey(file, 'laptop');
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(key);
    expect(readKeyFile(file).keys).toEqual([expect.objectContaining({ sha256: hashKey(key), label: 'laptop' })]);
    expect(KeyRing.fromFile(file).isValid(key)).toBe(true);
    expect(KeyRing.fromFile(file).isValid(`${key}x`)).toBe(false);
    expect(KeyRing.fromFile(file).isValid(undefined)).toBe(false);
  });

  it('refuses a corrupt key file with a clear message', () => {
    const file = path.join(dir, 'bad.json');
    writeFileSync(file, '{"version":1,"keys":[{"sha256":"nothex"}]}');
    expect(() => readKeyFile(file)).toThrow(/not a Courier key file/);
  });

  it('callers without a valid key share one bucket (429 code 8 with Retry-After); keyed callers are not limited', async () => {
    const key = 'courier_test_key';
    const started = await start({ keys: new KeyRing([hashKey(key)]), rateLimit: { burst: 3, perSecond: 0.01 } });
    running = started.server;
    const get = (headers: Record<string, string> = {}) => fetch(`${started.base}/v2/items/1`, { headers });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await get({ authorization: i % 2 ? 'wrong' : '' })).status);
    expect(statuses).toEqual([200, 200, 200]);
    const limited = await get();
    const body = await expectError(limited, 429, 8, /rate limit/);
    expect(body.details).toEqual([]);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 10; i++) expect((await get({ authorization: key })).status).toBe(200);
  });

  it('the token bucket refills with time', () => {
    let now = 0;
    const bucket = new TokenBucket(2, 1, () => now);
    expect(bucket.take().ok).toBe(true);
    expect(bucket.take().ok).toBe(true);
    const refused = bucket.take();
    expect(refused).toEqual({ ok: false, retryAfterMs: 1000 });
    now = 1000;
    expect(bucket.take().ok).toBe(true);
  });
});

describe('only this machine: Host and Origin', () => {
  let running: http.Server;
  let port = 0;
  const localRoutes: ServerOptions['routes'] = [
    ...routes,
    { method: 'POST', path: '/local/faucet', handler: () => ({ body: { funded: true } }) },
    { method: 'GET', path: '/local/faults', handler: () => ({ body: { faults: [] } }) },
  ];
  beforeAll(async () => {
    running = createServiceServer({ routes: localRoutes, rateLimit: null, allowOrigins: ['https://dapp.example'] });
    port = await listenLocal(running, 0);
  });
  afterAll(() => closeServer(running));

  /** node:http, so that Host can be anything. */
  function raw(method: string, pathname: string, headers: Record<string, string>): Promise<{ status: number; cors: string | undefined; body: any }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method, path: pathname, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, cors: res.headers['access-control-allow-origin'] as string | undefined, body: text ? JSON.parse(text) : null }));
      });
      req.on('error', reject);
      req.end(method === 'POST' ? '{}' : undefined);
    });
  }

  it('refuses a Host that is not 127.0.0.1:<port> or localhost:<port> (DNS rebinding), on every path', async () => {
    for (const host of ['evil.example', `evil.example:${port}`, '127.0.0.1', `127.0.0.1:${port + 1}`, `localhost.evil.example:${port}`, `[::1]:${port}`]) {
      for (const [method, pathname] of [['GET', '/v2/items/1'], ['POST', '/local/faucet'], ['OPTIONS', '/v2/echo']] as const) {
        const res = await raw(method, pathname, { host });
        expect(res.status, `${method} ${pathname} Host ${host}`).toBe(403);
        expect(res.cors).toBeUndefined();
        expect(res.body).toMatchObject({ code: 7, message: expect.stringContaining(`127.0.0.1:${port}`) });
      }
    }
    expect((await raw('GET', '/v2/items/1', { host: `127.0.0.1:${port}` })).status).toBe(200);
    expect((await raw('GET', '/v2/items/1', { host: `LOCALHOST:${port}` })).status).toBe(200);
  });

  it('/local/* answers pages of this machine, tools without Origin and --allow-origin, nobody else', async () => {
    const host = `127.0.0.1:${port}`;
    for (const origin of [`http://127.0.0.1:${port}`, 'http://127.0.0.1:5174', 'http://localhost:3000', 'https://localhost', 'https://dapp.example']) {
      expect((await raw('POST', '/local/faucet', { host, origin })).status, origin).toBe(200);
      const preflight = await raw('OPTIONS', '/local/faucet', { host, origin });
      expect(preflight.status).toBe(204);
    }
    expect((await raw('POST', '/local/faucet', { host })).status).toBe(200);
    expect((await raw('GET', '/local/faults', { host, 'sec-fetch-site': 'same-site' })).status).toBe(200);
    for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1.evil.example', 'https://dapp.example.evil', 'chrome-extension://abc', 'http://localhost:3000/path']) {
      const post = await raw('POST', '/local/faucet', { host, origin });
      expect(post.status, origin).toBe(403);
      expect(post.body.message).toContain('--allow-origin');
      const preflight = await raw('OPTIONS', '/local/faucet', { host, origin });
      expect(preflight.status, origin).toBe(403);
      expect(preflight.cors).toBeUndefined();
    }
    // An <img> or a form from a web site sends no Origin on GET, but says it is cross-site.
    expect((await raw('GET', '/local/faults', { host, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    // The API itself stays open to every page (dApps call it directly).
    const api = await raw('GET', '/v2/items/1', { host, origin: 'https://evil.example' });
    expect(api).toMatchObject({ status: 200, cors: '*' });
  });
});
