/**
 * The local routing service as a child process, for the run (global-setup.ts) and for tests
 * that inject faults (own-service.ts). Started with a deadline, and always stopped: a service
 * left behind would hold its port and answer the next run with stale state.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { withDeadline } from './deadline';
import { repoRoot } from './paths';

/** Simulated time runs this much faster in e2e runs, so transfers land in seconds. */
export const E2E_SPEED = 60;

export type SpawnedService = { url: string; stop(): Promise<void> };

/** Starts `src/service/cli.ts` on 127.0.0.1:`port` (0: a free one) and resolves once it listens. */
export async function spawnService(port: number, options: { stderr: 'inherit' | 'ignore'; rateLimit?: number }): Promise<SpawnedService> {
  const child = spawn(
    process.execPath,
    // `rateLimit`: the service's --rate-limit (requests per second without a valid key); 0, off, by default.
    ['--import', 'tsx', path.join(repoRoot, 'src/service/cli.ts'), '--port', String(port), '--speed', String(E2E_SPEED), '--rate-limit', String(options.rateLimit ?? 0), '--quiet'],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', options.stderr] },
  );
  const stop = () => stopChild(child);
  const listening = new Promise<string>((resolve, reject) => {
    child.once('exit', (code, signal) => reject(new Error(`the local service exited (${code ?? signal}) before listening; is port ${port} free? (COURIER_E2E_PORT)`)));
    child.once('error', reject);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('listening on ')) resolve(line.slice('listening on '.length).trim());
    });
  });
  try {
    // A cold `tsx` start and the World's build take a few seconds on a loaded machine.
    const url = await withDeadline(listening, 60_000, 'the local service did not start');
    child.removeAllListeners('exit');
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** SIGTERM, then SIGKILL if it has not exited within 5 s; resolves once it is gone. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  try {
    await withDeadline(exited, 5_000, 'the local service did not exit');
  } catch {
    child.kill('SIGKILL');
    await exited;
  }
}
