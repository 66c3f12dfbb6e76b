/**
 * The real extension built for an end-to-end run (Chromium or Firefox), its API base URL set to
 * the run's local service (spawn-service.ts starts that); and for Chromium a second, production-mode
 * build whose API is https://api.skip.build (production-build.ts).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './paths';

/** Builds the extension for `browser` into `outputDir`, its API base URL set to `serviceUrl` (a local service's, or the production URL). */
export function buildExtension(options: { browser: 'chrome' | 'firefox'; outputDir: string; serviceUrl: string }): void {
  execFileSync(path.join(repoRoot, 'node_modules/.bin/wxt'), ['build', '-b', options.browser], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    // Alarms unclamped, so tracking polls within seconds of simulated time.
    env: { ...process.env, COURIER_API_URL: options.serviceUrl, COURIER_OUTPUT_DIR: options.outputDir, WXT_COURIER_ALARM_FLOOR_MS: '0' },
  });
}
