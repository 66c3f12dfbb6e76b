// `npm start`: build the extension against the local routing service, start the service, and
// open Chromium with Courier loaded when there is a display. Without one, print where the build
// is and keep serving. One Ctrl-C stops everything.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './lib/browsers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const extensionDir = path.join(root, '.output/chrome-mv3');
const port = Number(process.env.COURIER_PORT || 8787);
const speed = process.env.COURIER_SPEED || '1';
const apiUrl = process.env.COURIER_API_URL || `http://127.0.0.1:${port}`;

const children = new Set();
let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  // Give the service a moment to close its sockets, then leave whatever happens.
  setTimeout(() => process.exit(code), 1500).unref();
  if (children.size === 0) process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

console.log(`Building Courier with its API at ${apiUrl} …`);
const build = spawnSync(path.join(root, 'node_modules/.bin/wxt'), ['build'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, COURIER_API_URL: apiUrl },
});
if (build.status !== 0) {
  console.error('The extension did not build; see the errors above.');
  process.exit(build.status ?? 1);
}

const service = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/service/cli.ts'), '--port', String(port), '--speed', speed], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
});
children.add(service);
service.on('exit', (code) => {
  children.delete(service);
  if (!stopping) {
    console.error(`The local routing service stopped (exit ${code}).`);
    stop(code || 1);
  } else if (children.size === 0) process.exit(0);
});

const lines = createInterface({ input: service.stdout });
lines.on('line', (line) => {
  console.log(`[service] ${line}`);
  if (line.startsWith('listening on ')) onServiceReady(line.slice('listening on '.length));
});

let ready = false;
function onServiceReady(url) {
  if (ready) return;
  ready = true;
  const hasDisplay = Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
  if (!hasDisplay) {
    console.log(`
Courier is built in ${extensionDir}
The local routing service is at ${url} (Ctrl-C stops it).

No display here, so no browser was opened. To load Courier by hand in Chrome or Chromium:
  1. open chrome://extensions and switch on "Developer mode";
  2. click "Load unpacked" and choose ${extensionDir}
  3. pin Courier from the puzzle-piece menu and click its icon.`);
    return;
  }
  let chromium;
  try {
    chromium = ensureChromium();
  } catch (error) {
    console.error(error.message);
    return;
  }
  const profile = path.join(root, '.tmp/chromium-profile');
  mkdirSync(profile, { recursive: true });
  console.log(`Opening Chromium with Courier loaded (profile ${profile}). Ctrl-C stops the service and the browser.`);
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
  children.add(browser);
  browser.on('exit', () => {
    children.delete(browser);
    if (!stopping) console.log('Chromium closed; the service keeps running until Ctrl-C.');
  });
}
