/**
 * What every end-to-end run needs before its first test, for Chromium and Firefox alike: the
 * real extension built against the run's local service, and that service started on 127.0.0.1.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from './paths';

/** Simulated time runs this much faster in e2e runs, so transfers land in seconds. */
export const E2E_SPEED = 60;

/** Builds the extension for `browser` into `outputDir`, its API base URL set to `serviceUrl`. */
export function buildExtension(options: { browser: 'chrome' | 'firefox'; outputDir: string; serviceUrl: string }): void {
  execFileSync(path.join(repoRoot, 'node_modules/.bin/wxt'), ['build', '-b', options.browser], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    // Alarms unclamped, so tracking polls within seconds of simulated time.
    env: { ...process.env, COURIER_API_URL: options.serviceUrl, COURIER_OUTPUT_DIR: options.outputDir, WXT_COURIER_ALARM_FLOOR_MS: '0' },
  });
}

/** Starts the local service on `port`; resolves once it listens. Stop it with `stopService`. */
export function startService(port: number, envName: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'src/service/cli.ts'), '--port', String(port), '--speed', String(E2E_SPEED), '--rate-limit', '0', '--quiet'],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the local service did not start within 30 s')), 30_000);
    child.once('exit', (code) => reject(new Error(`the local service exited (${code}); is port ${port} free? (${envName})`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('listening on ')) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve(child);
      }
    });
  });
}

export async function stopService(service: ChildProcess): Promise<void> {
  service.kill('SIGTERM');
  await new Promise((resolve) => {
    service.once('exit', resolve);
    setTimeout(resolve, 3_000).unref();
  });
}
