import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type PageServer = {
  /** e.g. http://127.0.0.1:43121 */
  origin: string;
  port: number;
  /** Serves `html` at `pathname` from now on. */
  route(pathname: string, html: string): void;
  close(): Promise<void>;
};

/** A tiny page server on 127.0.0.1 for dApp pages in e2e tests (content scripts match it). */
export async function startPageServer(): Promise<PageServer> {
  const pages = new Map<string, string>([['/', '<!doctype html><title>blank</title><p>blank</p>']]);
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const html = pages.get(pathname);
    if (html === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    route: (pathname, html) => void pages.set(pathname, html),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
