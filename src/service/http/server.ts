import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { z } from 'zod';
import { GrpcCode, ServiceError, invalidArgument, type ErrorDetail } from './errors';
import type { KeyRing } from './keys';
import { TokenBucket } from './rate-limit';

export const MAX_BODY_BYTES = 1024 * 1024;

export type ServiceRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Parsed JSON body (undefined for GET). */
  body: unknown;
  /** Values of `:name` segments in the route pattern. */
  params: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  /** The caller sent a valid API key. */
  authenticated: boolean;
};

export type ServiceResponse = { status?: number; body: unknown; headers?: Record<string, string> };

export type RouteDefinition = {
  method: 'GET' | 'POST';
  /** e.g. `/v2/fungible/route` or `/local/chains/:chain_id/accounts/:address`. */
  path: string;
  handler: (req: ServiceRequest) => ServiceResponse | Promise<ServiceResponse>;
  /** The spec's response schema: checked before sending when the server validates responses. */
  response?: z.ZodType;
  /** Counted against the unauthenticated rate limit (the API's own endpoints). */
  rateLimited?: boolean;
};

/** A change to a JSON answer (the `rewrite` HTTP fault): set `key` wherever it is, or merge into it. */
export type RewriteRule = { key: string; value: unknown } | { key: string; merge: Record<string, unknown> };

/** Decides, per request, whether to answer with an injected failure instead (HTTP faults). */
export type Interceptor = (req: { method: string; path: string; authorization?: string | undefined }) =>
  | undefined
  | { kind: 'status'; status: number; code: number; message: string; details?: ErrorDetail[]; retryAfterSeconds?: number }
  | { kind: 'delay'; ms: number }
  | { kind: 'cut' }
  | { kind: 'rewrite'; rules: RewriteRule[] }
  /** Answer normally, then send `reshape(body)` instead of a successful body (production_shape). */
  | { kind: 'reshape'; reshape: (body: unknown) => unknown };

export type ServerOptions = {
  routes: RouteDefinition[];
  keys?: KeyRing;
  /** Unauthenticated callers' shared bucket; null turns the limit off. */
  rateLimit?: { burst: number; perSecond: number } | null;
  validateResponses?: boolean;
  log?: (line: string) => void;
  interceptor?: Interceptor;
  /**
   * Web origins, beyond this machine's pages (http(s)://127.0.0.1 and localhost, any port), whose
   * browser requests may use /local/* (the CLI's --allow-origin).
   */
  allowOrigins?: readonly string[];
};

type CompiledRoute = RouteDefinition & { segments: string[] };

export function createServiceServer(options: ServerOptions): http.Server {
  const routes: CompiledRoute[] = options.routes.map((r) => ({ ...r, segments: r.path.split('/') }));
  const bucket = options.rateLimit === null ? null : new TokenBucket(options.rateLimit?.burst ?? 100, options.rateLimit?.perSecond ?? 20);
  const log = options.log;
  const validate = options.validateResponses ?? true;

  const server = http.createServer((req, res) => {
    const started = performance.now();
    res.on('finish', () => log?.(`${req.method} ${req.url} ${res.statusCode} ${(performance.now() - started).toFixed(1)}ms`));
    handle(req, res).catch((error: unknown) => {
      // Last resort: nothing below should throw past `handle`, but a client must still get an answer.
      console.error('[service] unhandled', error);
      if (!res.headersSent) send(res, 500, { code: GrpcCode.unknown, message: 'internal server error', details: [] });
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5_000;

  const allowOrigins = new Set(options.allowOrigins ?? []);

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const refusal = callerRefusal(req, url.pathname, allowOrigins);
    if (refusal) {
      // No CORS headers: a refused preflight stops the browser from sending the request at all.
      send(res, 403, { code: GrpcCode.permissionDenied, message: refusal, details: [] }, {}, false);
      return;
    }
    if (method === 'OPTIONS') {
      res.writeHead(204, corsHeaders({ 'access-control-max-age': '600' })).end();
      return;
    }
    try {
      const fault = options.interceptor?.({ method, path: url.pathname, authorization: headerValue(req.headers.authorization) });
      if (fault?.kind === 'cut') {
        // Promise a long body, send half, hang up: the client sees a broken read.
        res.writeHead(200, corsHeaders({ 'content-type': 'application/json', 'content-length': '4096' }));
        res.write('{"partial":');
        res.destroy();
        return;
      }
      if (fault?.kind === 'status') {
        const headers: Record<string, string> =
          fault.retryAfterSeconds !== undefined ? { 'retry-after': String(fault.retryAfterSeconds) } : {};
        throw new ServiceError(fault.status, fault.code, fault.message, fault.details ?? [], headers);
      }
      if (fault?.kind === 'delay') await new Promise((r) => setTimeout(r, fault.ms));

      const match = matchRoute(routes, method, url.pathname);
      if (match === 'wrong-method') {
        throw new ServiceError(405, GrpcCode.unimplemented, `method ${method} not allowed on ${url.pathname}`);
      }
      if (!match) throw new ServiceError(404, GrpcCode.notFound, `no endpoint at ${url.pathname}`);

      const key = headerValue(req.headers.authorization);
      const authenticated = options.keys?.isValid(key) ?? false;
      if (match.route.rateLimited && !authenticated && bucket) {
        const taken = bucket.take();
        if (!taken.ok) {
          throw new ServiceError(429, GrpcCode.resourceExhausted, 'rate limit exceeded for unauthenticated callers; use an API key', [], {
            'retry-after': String(Math.max(1, Math.ceil(taken.retryAfterMs / 1000))),
          });
        }
      }

      const body = method === 'POST' ? await readJsonBody(req) : undefined;
      const result = await match.route.handler({
        method,
        path: url.pathname,
        query: url.searchParams,
        body,
        params: match.params,
        headers: req.headers,
        authenticated,
      });
      if (validate && match.route.response) {
        const checked = match.route.response.safeParse(result.body);
        if (!checked.success) {
          console.error(`[service] response of ${url.pathname} breaks its schema`, checked.error.issues.slice(0, 3));
          throw new ServiceError(500, GrpcCode.unknown, 'internal server error');
        }
      }
      const status = result.status ?? 200;
      // Reshaped after the schema check: the service's own answer stays complete and checked.
      const answer =
        fault?.kind === 'reshape' && status < 300 ? fault.reshape(result.body) : fault?.kind === 'rewrite' ? rewrite(result.body, fault.rules) : result.body;
      send(res, status, answer, result.headers);
    } catch (error) {
      if (error instanceof ServiceError) {
        send(res, error.httpStatus, error.toBody(), error.headers);
        return;
      }
      console.error(`[service] ${method} ${url.pathname} failed`, error);
      send(res, 500, { code: GrpcCode.unknown, message: 'internal server error', details: [] });
    }
  }

  return server;
}

function corsHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': 'authorization, content-type',
    'access-control-expose-headers': 'retry-after',
    ...extra,
  };
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}, cors = true): void {
  const payload = JSON.stringify(body);
  const all = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)), ...headers };
  res.writeHead(status, cors ? corsHeaders(all) : all);
  res.end(payload);
}

/**
 * Why this caller is refused, or undefined. The service is for this machine only:
 * - every request must name it in `Host` as 127.0.0.1:<port> or localhost:<port> (the port it
 *   was reached on), so a page whose domain was re-pointed at 127.0.0.1 (DNS rebinding) gets
 *   nothing;
 * - /local/* (faucet, reset, clock, faults) answers browsers only for pages of this machine
 *   (http(s)://127.0.0.1 or localhost, any port) and the origins given with --allow-origin: an
 *   `Origin` header must be one of those, and without one a `Sec-Fetch-Site: cross-site`
 *   request (an image, a form, a navigation from a web site) is refused. Tools that send no
 *   Origin (curl, Node) are served. /v2/* stays open to every page (dApps call it directly).
 */
export function callerRefusal(req: Pick<http.IncomingMessage, 'headers' | 'socket'>, pathname: string, allowOrigins: ReadonlySet<string>): string | undefined {
  const port = req.socket.localPort;
  const host = (headerValue(req.headers.host) ?? '').toLowerCase();
  if (port === undefined || (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`)) {
    return `this service answers only requests addressed to 127.0.0.1:${port ?? '<port>'} or localhost:${port ?? '<port>'}, not "${host.slice(0, 200)}"`;
  }
  if (!pathname.startsWith('/local/')) return undefined;
  const origin = headerValue(req.headers.origin);
  if (origin !== undefined) {
    if (isLocalPageOrigin(origin) || allowOrigins.has(origin)) return undefined;
    return `/local/ endpoints answer only pages of this machine (127.0.0.1, localhost), not ${origin.slice(0, 200)}; start the service with --allow-origin ${origin.slice(0, 200)} to allow it`;
  }
  if (headerValue(req.headers['sec-fetch-site']) === 'cross-site') return '/local/ endpoints refuse cross-site browser requests';
  return undefined;
}

/** http(s)://127.0.0.1 or localhost, on any port. */
function isLocalPageOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && (url.hostname === '127.0.0.1' || url.hostname === 'localhost') && url.origin === origin;
}

/** A copy of a JSON body with the rules applied at every depth (the `rewrite` HTTP fault). */
function rewrite(body: unknown, rules: readonly RewriteRule[]): unknown {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      let next = walk(value);
      for (const rule of rules) {
        if (rule.key !== key) continue;
        if ('value' in rule) next = rule.value;
        else if (next !== null && typeof next === 'object' && !Array.isArray(next)) next = { ...next, ...rule.merge };
      }
      out[key] = next;
    }
    return out;
  };
  return walk(body);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function matchRoute(
  routes: CompiledRoute[],
  method: string,
  pathname: string,
): { route: CompiledRoute; params: Record<string, string> } | 'wrong-method' | undefined {
  const segments = pathname.split('/');
  let pathMatched = false;
  for (const route of routes) {
    if (route.segments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < segments.length && ok; i++) {
      const pattern = route.segments[i]!;
      const actual = segments[i]!;
      if (pattern.startsWith(':')) {
        try {
          params[pattern.slice(1)] = decodeURIComponent(actual);
        } catch {
          ok = false;
        }
      } else ok = pattern === actual;
    }
    if (!ok) continue;
    if (route.method === method) return { route, params };
    pathMatched = true;
  }
  return pathMatched ? 'wrong-method' : undefined;
}

async function readJsonBody(req: http.IncomingMessage): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) {
    req.resume();
    throw new ServiceError(413, GrpcCode.invalidArgument, `request body exceeds ${MAX_BODY_BYTES} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) {
      req.resume();
      throw new ServiceError(413, GrpcCode.invalidArgument, `request body exceeds ${MAX_BODY_BYTES} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) throw invalidArgument('request body must be a JSON object');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw invalidArgument(`request body is not valid JSON: ${(error as Error).message}`);
  }
  // Every endpoint of the API takes an object; refuse anything else before a handler sees it.
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw invalidArgument('request body must be a JSON object');
  }
  return parsed;
}

/** Listens on 127.0.0.1 only; resolves with the bound port. */
export function listenLocal(server: http.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 1_000).unref();
  });
}
