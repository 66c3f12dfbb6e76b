import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { chromiumPath, e2eOutputDir, repoRoot, servicePort, serviceUrl } from './paths';

/** Simulated time runs this much faster in e2e runs, so transfers land in seconds. */
export const E2E_SPEED = 60;

/**
 * Once per Playwright run: build the extension against the local service (alarms unclamped, so
 * tracking polls within seconds), start that service on 127.0.0.1, and stop it at the end.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}. Install it with "apt-get install -y chromium" or set CHROMIUM_PATH.`);
  }
  execFileSync(path.join(repoRoot, 'node_modules/.bin/wxt'), ['build'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, COURIER_API_URL: serviceUrl, COURIER_OUTPUT_DIR: e2eOutputDir, WXT_COURIER_ALARM_FLOOR_MS: '0' },
  });
  const service = await startService();
  return async () => {
    service.kill('SIGTERM');
    await new Promise((resolve) => {
      service.once('exit', resolve);
      setTimeout(resolve, 3_000).unref();
    });
  };
}

function startService(): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'src/service/cli.ts'), '--port', String(servicePort), '--speed', String(E2E_SPEED), '--rate-limit', '0', '--quiet'],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the local service did not start within 30 s')), 30_000);
    child.once('exit', (code) => reject(new Error(`the local service exited (${code}); is port ${servicePort} free? (COURIER_E2E_PORT)`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('listening on ')) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve(child);
      }
    });
  });
}
