/**
 * A local routing service of the test's own (speed 60, no rate limit), for tests that inject
 * faults: the shared one serves every other test of the run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { localServiceAt, type LocalService } from './local-service';
import { repoRoot } from './paths';

export async function startOwnService(): Promise<{ url: string; service: LocalService; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'src/service/cli.ts'), '--port', '0', '--speed', '60', '--rate-limit', '0', '--quiet'],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('service did not start')), 30_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('listening on ')) {
        clearTimeout(timer);
        resolve(line.slice('listening on '.length));
      }
    });
  });
  const service = localServiceAt(url);
  return {
    url,
    service,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
