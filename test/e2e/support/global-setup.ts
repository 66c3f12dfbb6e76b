import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromiumPath, e2eOutputDir, repoRoot, servicePort, serviceUrl } from './paths';
import { spawnService } from './spawn-service';

export { E2E_SPEED } from './spawn-service';

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
  const service = await spawnService(servicePort, { stderr: 'inherit' });
  return () => service.stop();
}
