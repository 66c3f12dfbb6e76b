import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { runLoad, type LoadResult } from './load';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROUTE_BODY = JSON.stringify({
  source_asset_denom: 'uatom',
  source_asset_chain_id: 'cosmoshub-4',
  dest_asset_denom: 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2',
  dest_asset_chain_id: 'osmosis-1',
  amount_in: '1000000',
});

/**
 * Route-endpoint throughput against a bare node:http server returning the same bytes. Both run
 * in one child process (so they share the same CPU budget) while this process drives the load;
 * the two are measured alternately, twice each, and the best round of each is compared.
 */
export async function benchHttp(): Promise<{ name: string; lines: string[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'http-servers.ts'), ROUTE_BODY], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  try {
    const first = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`bench servers exited with ${code}`)));
    });
    const { servicePort, barePort, bytes } = JSON.parse(first) as { servicePort: number; barePort: number; bytes: number };
    const url = (port: number, p = '/v2/fungible/route') => `http://127.0.0.1:${port}${p}`;

    await runLoad(url(servicePort), ROUTE_BODY, { seconds: 0.5 }); // warm-up: JIT, caches
    await runLoad(url(barePort), ROUTE_BODY, { seconds: 0.5 });
    const rounds: { service: LoadResult; bare: LoadResult }[] = [];
    for (let i = 0; i < 2; i++) {
      const service = await runLoad(url(servicePort), ROUTE_BODY);
      const bare = await runLoad(url(barePort), ROUTE_BODY);
      rounds.push({ service, bare });
    }
    const best = (pick: (r: (typeof rounds)[number]) => LoadResult) =>
      rounds.map(pick).reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
    const service = best((r) => r.service);
    const bare = best((r) => r.bare);
    const fmt = (r: LoadResult) => `${r.perSecond.toFixed(0)} req/s (p50 ${r.p50Ms.toFixed(2)} ms, p99 ${r.p99Ms.toFixed(2)} ms, ${r.errors} errors)`;
    const ratio = service.perSecond / bare.perSecond;
    return {
      name: 'route endpoint throughput (16 keep-alive connections, 2 s rounds, best of 2)',
      lines: [
        `response size           ${bytes} bytes`,
        `local service /route    ${fmt(service)}`,
        `bare node:http (same)   ${fmt(bare)}`,
        `ratio service / bare    ${ratio.toFixed(2)}  (goal >= 0.5: ${ratio >= 0.5 ? 'met' : 'NOT met'})`,
      ],
    };
  } finally {
    child.stdin?.end();
    child.kill();
  }
}
