/**
 * A tiny scripted HTTP server on 127.0.0.1 for tests that must go through a real socket.
 * Each `METHOD path` has a queue of scripted responses; every request takes the next one and
 * the last one repeats. Unscripted requests get a 404 in the API's error shape. Every request
 * is logged (bounded) with its arrival time.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export interface ScriptedResponse {
  /** Default 200. */
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as is; anything else is sent as JSON. */
  body?: unknown;
  /** Wait this long before answering (capped at MAX_DELAY_MS). */
  delayMs?: number;
  /**
   * `reset`: destroy the socket before sending a byte.
   * `cut-body`: send the headers and half of the body, then destroy the socket.
   */
  fault?: 'reset' | 'cut-body';
}

export interface LoggedRequest {
  method: string;
  /** Path without the query. */
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** performance.now() when the whole request had arrived. */
  at: number;
}

export interface TestServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  readonly url: string;
  readonly log: readonly LoggedRequest[];
  /** Replaces the queue for `method path`. */
  reply(method: string, path: string, ...responses: ScriptedResponse[]): void;
  /** Logged requests, optionally only those for `method path`. */
  requests(method?: string, path?: string): LoggedRequest[];
  /** Forgets every script and the log. */
  reset(): void;
  close(): Promise<void>;
}

const MAX_LOG = 1_000;
const MAX_BODY_BYTES = 1 << 20;
const MAX_DELAY_MS = 30_000;

export async function startTestServer(): Promise<TestServer> {
  const scripts = new Map<string, ScriptedResponse[]>();
  const log: LoggedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    req.on('data', (chunk: Buffer) => {
      if (tooBig) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        tooBig = true;
        res.writeHead(413, { connection: 'close' }).end();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooBig) return;
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const method = req.method ?? 'GET';
      const entry: LoggedRequest = {
        method,
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
      };
      if (log.length < MAX_LOG) log.push(entry);

      const queue = scripts.get(`${method} ${url.pathname}`);
      const scripted: ScriptedResponse = queue?.length
        ? queue.length > 1
          ? (queue.shift() as ScriptedResponse)
          : (queue[0] as ScriptedResponse)
        : {
            status: 404,
            body: { code: 5, message: `no scripted response for ${method} ${url.pathname}`, details: [] },
          };

      const delay = Math.min(scripted.delayMs ?? 0, MAX_DELAY_MS);
      if (delay > 0) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          respond(res, scripted);
        }, delay);
        timers.add(timer);
      } else {
        respond(res, scripted);
      }
    });
  });
  // Nothing in a unit test should keep a socket open for long.
  server.requestTimeout = 10_000;
  server.headersTimeout = 10_000;
  server.keepAliveTimeout = 1_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  let closed = false;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    reply(method, path, ...responses) {
      if (responses.length === 0) throw new Error('reply() needs at least one response');
      scripts.set(`${method.toUpperCase()} ${path}`, [...responses]);
    },
    requests(method, path) {
      return log.filter(
        (entry) => (method === undefined || entry.method === method.toUpperCase()) && (path === undefined || entry.path === path),
      );
    },
    reset() {
      scripts.clear();
      log.length = 0;
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const done = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await done;
    },
  };
}

/** Starts a server before the file's tests, resets it before each, closes it after all. */
export function useTestServer(): TestServer {
  let current: TestServer | undefined;
  beforeAll(async () => {
    current = await startTestServer();
  });
  beforeEach(() => current?.reset());
  afterAll(async () => {
    await current?.close();
  });
  const get = (): TestServer => {
    if (!current) throw new Error('the test server is only available inside tests');
    return current;
  };
  return {
    get url() {
      return get().url;
    },
    get log() {
      return get().log;
    },
    reply: (...args) => get().reply(...args),
    requests: (...args) => get().requests(...args),
    reset: () => get().reset(),
    close: () => get().close(),
  };
}

/** A port on 127.0.0.1 that nothing listens on (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

function respond(res: http.ServerResponse, scripted: ScriptedResponse): void {
  if (res.destroyed) return;
  if (scripted.fault === 'reset') {
    res.socket?.destroy();
    return;
  }
  const isText = typeof scripted.body === 'string';
  const payload =
    scripted.body === undefined ? '' : isText ? (scripted.body as string) : JSON.stringify(scripted.body);
  const headers: Record<string, string> = {
    'content-type': isText ? 'text/plain; charset=utf-8' : 'application/json',
    ...scripted.headers,
  };
  const bytes = Buffer.from(payload, 'utf8');
  headers['content-length'] = String(bytes.length);
  res.writeHead(scripted.status ?? 200, headers);
  if (scripted.fault === 'cut-body') {
    // Flush part of the body, then drop the connection under the client's feet.
    res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => res.socket?.destroy());
    return;
  }
  res.end(bytes);
}
