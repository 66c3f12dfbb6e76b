/**
 * Cold start-up of the World: each run is a fresh `node --import tsx` process, so the
 * chain-registry require, the data files and every SHA-256 are paid again, as at service
 * start. Reports the median of a few runs against the 2 s budget.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const RUNS = 5;
const BUDGET_MS = 2000;

interface RunResult {
  importMs: number;
  buildMs: number;
  rebuildMs: number;
  wallMs: number;
  chains: number;
  assets: number;
  pairs: number;
  pools: number;
  quirks: number;
}

const WORLD_URL = new URL('../../src/service/world/index.ts', import.meta.url).href;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

// Runs inside the child: times the import and two builds, prints one JSON line.
const CHILD = `
const t0 = performance.now();
const { buildWorld } = await import(${JSON.stringify(WORLD_URL)});
const t1 = performance.now();
const w = buildWorld({ log: () => {} });
const t2 = performance.now();
buildWorld({ log: () => {} });
const t3 = performance.now();
process.stdout.write(JSON.stringify({
  importMs: t1 - t0, buildMs: t2 - t1, rebuildMs: t3 - t2,
  chains: w.chains.length, assets: w.assets.length, pairs: w.stats.channels.pairs,
  pools: w.pools.length, quirks: w.stats.assets.quirks.length,
}) + '\\n');
`;

function runOnce(): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = performance.now() - started;
      if (code !== 0) return reject(new Error(`world bench child exited ${code}: ${err.trim()}`));
      try {
        resolve({ ...(JSON.parse(out.trim().split('\n').at(-1) ?? '') as Omit<RunResult, 'wallMs'>), wallMs });
      } catch {
        reject(new Error(`world bench child printed no result: ${out} ${err}`));
      }
    });
  });
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const ms = (n: number): string => `${n.toFixed(0)} ms`;

export async function benchWorld(): Promise<{ name: string; lines: string[] }> {
  const runs: RunResult[] = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await runOnce());
  const cold = runs.map((r) => r.importMs + r.buildMs);
  const last = runs[runs.length - 1]!;
  const verdict = median(cold) < BUDGET_MS ? 'within' : 'OVER';
  return {
    name: 'world start-up',
    lines: [
      `cold start (import + first buildWorld, fresh process, ${RUNS} runs): median ${ms(median(cold))}, ` +
        `min ${ms(Math.min(...cold))}, max ${ms(Math.max(...cold))} — ${verdict} the ${BUDGET_MS} ms budget`,
      `  of which first buildWorld (chain-registry require included): median ${ms(median(runs.map((r) => r.buildMs)))}`,
      `  warm rebuild in the same process: median ${ms(median(runs.map((r) => r.rebuildMs)))}`,
      `  whole child process (node + tsx boot): median ${ms(median(runs.map((r) => r.wallMs)))}`,
      `world: ${last.chains} chains, ${last.assets} assets, ${last.pairs} channel pairs, ${last.pools} pools, ${last.quirks} registry quirks`,
    ],
  };
}

// `tsx test/bench/world.bench.ts` runs it alone
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  benchWorld().then(
    (r) => console.log([r.name, ...r.lines.map((l) => `  ${l}`)].join('\n')),
    (e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
