// `npm start`: build the extension, then open Chromium with it when there is a display, or
// say exactly how to load it when there is none.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './lib/chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const extensionDir = path.join(root, '.output/chrome-mv3');

const build = spawnSync(path.join(root, 'node_modules/.bin/wxt'), ['build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) {
  console.error('The extension did not build; see the errors above.');
  process.exit(build.status ?? 1);
}

const apiUrl = process.env.COURIER_API_URL || 'https://api.skip.build (production, the default)';
console.log(`\nCourier is built in ${extensionDir}\nIts API base URL: ${apiUrl}`);

const hasDisplay = Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
if (!hasDisplay) {
  console.log(`
No display here, so no browser was opened. To load Courier by hand:
  1. open chrome://extensions in Chrome or Chromium and switch on "Developer mode";
  2. click "Load unpacked" and choose ${extensionDir}
  3. pin Courier from the puzzle-piece menu and click its icon.`);
  process.exit(0);
}

const chromium = ensureChromium();
const profile = path.join(root, '.tmp/chromium-profile');
mkdirSync(profile, { recursive: true });
console.log(`Opening Chromium with Courier loaded (profile ${profile}); close it or press Ctrl-C to stop.`);
const browser = spawn(
  chromium,
  [
    `--user-data-dir=${profile}`,
    `--disable-extensions-except=${extensionDir}`,
    `--load-extension=${extensionDir}`,
    '--no-first-run',
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    'chrome://extensions',
  ],
  { stdio: 'ignore' },
);
const stop = () => browser.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
browser.on('exit', (code) => process.exit(code ?? 0));
