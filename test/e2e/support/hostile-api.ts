/**
 * A routing API that turns hostile on cue: a plain http server on 127.0.0.1 (a free port) that
 * forwards every request to a local service of the test's own, except the paths the test has
 * given answers of its own (e.g. `GET /v2/fungible/assets` with a quota-sized list).
 *
 * Forwarded requests go on as they came but for `Host`, rewritten to the service's (the service
 * refuses any other); answers come back as they were. Hop-by-hop headers are not passed.
 */
import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { listenOnFreePort } from '../../support/listen';

export interface HostileApi {
  /** `http://127.0.0.1:<port>`: what Courier is pointed at. */
  url: string;
  /** Path (no query) → how many times it was asked, forwarded or not. */
  readonly asked: ReadonlyMap<string, number>;
  /** From the next request on, answers GET `path` with `body` (200, JSON); null forwards it again. */
  answer(path: string, body: unknown | null): void;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

function endToEnd(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  }
  return out;
}

export async function startHostileApi(target: string): Promise<HostileApi> {
  const upstream = new URL(target);
  if (upstream.protocol !== 'http:' || upstream.hostname !== '127.0.0.1') throw new Error(`forwards only to a local service, not ${target}`);
  // Serialised once: a 10 MB answer is not rebuilt per request.
  const answers = new Map<string, Buffer>();
  const asked = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    asked.set(path, (asked.get(path) ?? 0) + 1);
    const own = req.method === 'GET' ? answers.get(path) : undefined;
    if (own) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': own.length, 'access-control-allow-origin': '*' });
      res.end(own);
      return;
    }
    const forward = http.request(
      { hostname: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...endToEnd(req.headers), host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    forward.on('error', (error) => {
      if (res.headersSent) return void res.destroy();
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 14, message: `the hostile API could not reach its service: ${error.message}`, details: [] }));
    });
    req.pipe(forward);
    req.on('error', () => forward.destroy());
  });
  const port = await listenOnFreePort(server);
  return {
    url: `http://127.0.0.1:${port}`,
    asked,
    answer(path, body) {
      if (body === null) answers.delete(path);
      else answers.set(path, Buffer.from(JSON.stringify(body)));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
