/**
 * Child process for the HTTP bench: serves the real route endpoint and, beside it, a bare
 * node:http server that answers every request with the same bytes. Prints both ports as JSON.
 */
import http from 'node:http';
import { createServiceApp } from '../../src/service/app';
import { createServiceServer, listenLocal } from '../../src/service/http/server';

const body = process.argv[2]!;
const app = createServiceApp();
const service = createServiceServer({ routes: app.routes, rateLimit: null });
const servicePort = await listenLocal(service, 0);

const probe = await fetch(`http://127.0.0.1:${servicePort}/v2/fungible/route`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
const bytes = Buffer.from(await probe.arrayBuffer());
if (probe.status !== 200) throw new Error(`route probe answered ${probe.status}: ${bytes.toString()}`);

const bare = http.createServer((req, res) => {
  req.on('data', () => undefined);
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(bytes.length) });
    res.end(bytes);
  });
});
const barePort = await listenLocal(bare, 0);
process.stdout.write(`${JSON.stringify({ servicePort, barePort, bytes: bytes.length })}\n`);
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
