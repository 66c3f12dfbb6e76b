/**
 * An https front for a local routing service: a Node https server on 127.0.0.1 with the test-only
 * certificate for api.skip.build (tls/), forwarding every request to the service. The browser of
 * the production-mode build resolves api.skip.build to it (production-build.ts), so the extension
 * really speaks https to "api.skip.build" while a local service answers.
 *
 * Each request goes on as it came (method, path, headers, body) except for `Host`, rewritten to
 * the service's own (the service refuses any other); the answer comes back as it was (status,
 * headers, CORS included, body). Hop-by-hop headers belong to each connection and are not passed.
 */
import { readFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { listenOnFreePort } from '../../support/listen';
import https from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TLS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'tls');

/** What the front saw of one request: enough to prove the extension came through it. */
export interface FrontRequest {
  method: string;
  /** Path and query, as sent. */
  path: string;
  /** The Host the browser sent (api.skip.build when it came through the resolver rule). */
  host: string;
  /** The service's status, once it answered; 502 when it could not be reached. */
  status?: number;
}

export interface HttpsFront {
  port: number;
  /** Every request so far, oldest first. */
  readonly requests: readonly FrontRequest[];
  /** Forwards to another local service from the next request on (the browser keeps its resolver rule). */
  setTarget(target: string): void;
  close(): Promise<void>;
}

/** Headers of one connection, not of the message (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

function endToEnd(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  }
  return out;
}

function localTarget(target: string): URL {
  const url = new URL(target);
  if (url.protocol !== 'http:' || (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost')) {
    throw new Error(`the https front forwards only to a local service over http, not ${target}`);
  }
  return url;
}

/** Starts the front on 127.0.0.1 (a free port), forwarding to `target` (e.g. http://127.0.0.1:40123). */
export async function startHttpsFront(target: string): Promise<HttpsFront> {
  let upstream = localTarget(target);
  const requests: FrontRequest[] = [];
  const server = https.createServer(
    { key: readFileSync(path.join(TLS_DIR, 'api.skip.build.key')), cert: readFileSync(path.join(TLS_DIR, 'api.skip.build.crt')) },
    (req, res) => {
      const seen: FrontRequest = { method: req.method ?? 'GET', path: req.url ?? '/', host: req.headers.host ?? '' };
      requests.push(seen);
      const to = upstream;
      const forward = http.request(
        {
          hostname: to.hostname,
          port: to.port,
          method: seen.method,
          path: seen.path,
          headers: { ...endToEnd(req.headers), host: to.host },
        },
        (answer) => {
          seen.status = answer.statusCode ?? 502;
          res.writeHead(seen.status, answer.statusMessage, endToEnd(answer.headers));
          answer.pipe(res);
          answer.on('error', () => res.destroy());
        },
      );
      forward.on('error', (error) => {
        seen.status = 502;
        if (res.headersSent) return void res.destroy();
        res.writeHead(502, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
        res.end(JSON.stringify({ code: 14, message: `the https front could not reach ${to.origin}: ${error.message}`, details: [] }));
      });
      req.pipe(forward);
      req.on('error', () => forward.destroy());
    },
  );
  const port = await listenOnFreePort(server);
  return {
    port,
    requests,
    setTarget: (next) => {
      upstream = localTarget(next);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
