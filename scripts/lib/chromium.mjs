// Finds Debian's Chromium, installing it with apt when it is missing and we are root.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const chromiumPath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Returns the Chromium path, or throws with the exact command a person must run. */
export function ensureChromium({ log = console.log } = {}) {
  const path = chromiumPath();
  if (existsSync(path)) return path;
  if (process.env.CHROMIUM_PATH) {
    throw new Error(`CHROMIUM_PATH is set to ${path}, which does not exist.`);
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    throw new Error(
      'Chromium is missing. Install it with: sudo apt-get update && sudo apt-get install -y chromium ' +
        '(or set CHROMIUM_PATH to a Chromium/Chrome binary).',
    );
  }
  log('Chromium is missing: installing Debian\'s "chromium" package with apt-get…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'chromium']]) {
    const run = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (run.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${run.status}).`);
  }
  if (!existsSync(path)) throw new Error(`apt-get installed chromium but ${path} is still missing.`);
  return path;
}
