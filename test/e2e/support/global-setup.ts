import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromeExtensionDir, chromiumPath, repoRoot } from './paths';

/**
 * Builds the Chrome extension once for the whole run (npm test has usually just built it and
 * sets COURIER_E2E_PREBUILT). Fails early with a clear message when Chromium is missing.
 */
export default function globalSetup(): void {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}. Install it with "apt-get install -y chromium" or set CHROMIUM_PATH.`,
    );
  }
  const prebuilt = process.env.COURIER_E2E_PREBUILT === '1' && existsSync(path.join(chromeExtensionDir, 'manifest.json'));
  if (!prebuilt) {
    execFileSync(path.join(repoRoot, 'node_modules/.bin/wxt'), ['build'], { cwd: repoRoot, stdio: 'inherit' });
  }
}
