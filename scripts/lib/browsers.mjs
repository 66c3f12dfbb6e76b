// Finds Debian's Chromium and Firefox ESR for the tests and `npm start`, installing them with
// apt-get when they are missing and we are root; otherwise says exactly what to install.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const BROWSERS = {
  chromium: { envVar: 'CHROMIUM_PATH', path: '/usr/bin/chromium', pkg: 'chromium', what: 'a Chromium/Chrome binary' },
  firefox: { envVar: 'FIREFOX_PATH', path: '/usr/bin/firefox-esr', pkg: 'firefox-esr', what: 'a Firefox 140+ binary', noRecommends: true },
};

const pathOf = (browser) => process.env[browser.envVar] || browser.path;
export const chromiumPath = () => pathOf(BROWSERS.chromium);
export const firefoxPath = () => pathOf(BROWSERS.firefox);

/** Returns the browser's path, or throws with the exact command a person must run. */
function ensureBrowser(browser, log) {
  const path = pathOf(browser);
  if (existsSync(path)) return path;
  if (process.env[browser.envVar]) throw new Error(`${browser.envVar} is set to ${path}, which does not exist.`);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    throw new Error(
      `${browser.pkg} is missing. Install it with: sudo apt-get update && sudo apt-get install -y ${browser.pkg} ` +
        `(or set ${browser.envVar} to ${browser.what}).`,
    );
  }
  log(`${browser.pkg} is missing: installing Debian's "${browser.pkg}" package with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = ['install', '-y', '-qq', ...(browser.noRecommends ? ['--no-install-recommends'] : []), browser.pkg];
  for (const args of [['update', '-qq'], install]) {
    const run = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (run.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${run.status}).`);
  }
  if (!existsSync(path)) throw new Error(`apt-get installed ${browser.pkg} but ${path} is still missing.`);
  return path;
}

export const ensureChromium = ({ log = console.log } = {}) => ensureBrowser(BROWSERS.chromium, log);
export const ensureFirefox = ({ log = console.log } = {}) => ensureBrowser(BROWSERS.firefox, log);
