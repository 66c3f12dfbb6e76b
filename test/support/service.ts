import type http from 'node:http';
import { createServiceApp, type ServiceApp, type ServiceAppOptions } from '../../src/service/app';
import { closeServer, createServiceServer, listenLocal, type ServerOptions } from '../../src/service/http/server';

export type RunningService = {
  app: ServiceApp;
  base: string;
  post(path: string, body: unknown): Promise<{ status: number; body: any; headers: Headers }>;
  get(path: string): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
};

/** The real local service, in process, on 127.0.0.1 and a free port. */
export async function startService(
  options: ServiceAppOptions = {},
  server: Partial<Omit<ServerOptions, 'routes'>> = {},
): Promise<RunningService> {
  const app = createServiceApp(options);
  const httpServer: http.Server = createServiceServer({ routes: app.routes, rateLimit: null, interceptor: app.interceptor, ...server });
  const port = await listenLocal(httpServer, 0);
  const base = `http://127.0.0.1:${port}`;
  const read = async (res: Response) => {
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: the caller sees the text
    }
    return { status: res.status, body, headers: res.headers };
  };
  return {
    app,
    base,
    post: async (path, body) =>
      read(await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) })),
    get: async (path) => read(await fetch(`${base}${path}`)),
    close: async () => {
      app.stop();
      await closeServer(httpServer);
    },
  };
}
