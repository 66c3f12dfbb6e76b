/**
 * `npx tsx test/demo/serve.ts [--port 5174] [--api http://127.0.0.1:8787]`: serves the demo dApp
 * on http://127.0.0.1:<port>/ (Courier's content scripts run on 127.0.0.1 and localhost pages).
 * Start the local service (`npm start` or `npm run service`) and load the extension first.
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import { buildDemoHtml } from './build';

const { values } = parseArgs({ options: { port: { type: 'string' }, api: { type: 'string' } } });
const port = Number(values.port ?? 5174);
const apiUrl = values.api ?? 'http://127.0.0.1:8787';
const html = await buildDemoHtml({ apiUrl });

http
  .createServer((req, res) => {
    if ((req.url ?? '/').split('?')[0] !== '/') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
  })
  .listen(port, '127.0.0.1', () => console.log(`Courier demo dApp on http://127.0.0.1:${port}/ (chain data from ${apiUrl})`));
