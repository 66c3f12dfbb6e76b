import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The e2e build: the real extension, with its API base URL set to the test run's local service. */
export const servicePort = Number(process.env.COURIER_E2E_PORT || 18787);
// Per port, so two runs side by side (COURIER_E2E_PORT) never overwrite each other's build.
export const e2eOutputDir = path.join(repoRoot, `.output/e2e-${servicePort}`);
export const chromeExtensionDir = path.join(e2eOutputDir, 'chrome-mv3');
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** One local routing service serves the whole run (global-setup.ts starts it). */
export const serviceUrl = `http://127.0.0.1:${servicePort}`;

/** Debian Chromium's flags for loading the unpacked extension headless (the benches use them too). */
export function launchArgs(extensionDir = chromeExtensionDir): string[] {
  return [
    `--disable-extensions-except=${extensionDir}`,
    `--load-extension=${extensionDir}`,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];
}
