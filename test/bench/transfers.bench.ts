import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

type Figures = {
  n: number;
  completed: number;
  failed: number;
  signMs: number;
  submitMs: number;
  runMs: number;
  retainedBytes: number;
  invariants: number;
};

/**
 * Simulated chains under load: how many transfers finish per second of wall time with the clock
 * at its maximum speed, and how much heap 10,000 finished transfers keep.
 */
export async function benchTransfers(): Promise<{ name: string; lines: string[] }> {
  const n = Number(process.env.COURIER_BENCH_TRANSFERS || 10_000);
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(here, 'transfers-child.ts'), String(n)], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const line = out.trim().split('\n').at(-1) ?? '';
  if (code !== 0 || !line.startsWith('{')) throw new Error(`transfers bench child exited ${code}: ${out.slice(-500)}`);
  const f = JSON.parse(line) as Figures;
  const perTenThousand = (f.retainedBytes / f.n) * 10_000;
  return {
    name: `simulated chains: ${f.n} one-hop transfers (osmosis-1 → cosmoshub-4), 10 dev accounts`,
    lines: [
      `completed ${f.completed}, failed ${f.failed}; supply invariant violations: ${f.invariants}`,
      `at maximum clock speed: ${(f.completed / (f.runMs / 1000)).toFixed(0)} transfers/s of wall time (${(f.runMs / 1000).toFixed(2)} s for all)`,
      `submit over HTTP (CheckTx, signature, ledger): ${(f.n / (f.submitMs / 1000)).toFixed(0)} tx/s`,
      `heap kept per 10,000 finished transfers: ${(perTenThousand / 1024 / 1024).toFixed(1)} MiB (${(f.retainedBytes / f.n).toFixed(0)} bytes each, after GC)`,
      `(signing, the wallet's part, took ${(f.signMs / 1000).toFixed(1)} s and is not counted)`,
    ],
  };
}
