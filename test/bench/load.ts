import http from 'node:http';

export type LoadResult = { requests: number; errors: number; seconds: number; perSecond: number; p50Ms: number; p99Ms: number };

/**
 * A small closed-loop load generator: `connections` keep-alive clients send `body` to `url`
 * back to back for `seconds`. Bounded in time and only ever aimed at 127.0.0.1.
 */
export async function runLoad(url: string, body: string, { connections = 16, seconds = 2 } = {}): Promise<LoadResult> {
  const target = new URL(url);
  if (target.hostname !== '127.0.0.1') throw new Error('load is only sent to 127.0.0.1');
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const deadline = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  let errors = 0;

  const one = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = http.request(
        { host: target.hostname, port: target.port, path: target.pathname, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.on('data', () => undefined);
          res.on('end', () => {
            if (res.statusCode === 200) latencies.push(performance.now() - started);
            else errors++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(body);
    });

  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) await one();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { requests: latencies.length, errors, seconds: elapsed, perSecond: latencies.length / elapsed, p50Ms: pick(0.5), p99Ms: pick(0.99) };
}
