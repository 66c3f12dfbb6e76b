// `npm test`: every check Courier has, in order, then one closing line that CI reads:
// "N passed, N failed, N skipped", summed over vitest and both Playwright suites (Chromium, Firefox). A check step that fails
// (typecheck, a build, the Firefox lint) counts as one failure, so the line never reads green
// while the run is red. Every step runs even after a failure, so one run shows everything.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium, ensureFirefox } from './lib/browsers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const vitestJson = path.join(tmp, 'vitest.json');
const summaryFile = path.join(tmp, 'test-summary.txt');

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function step(name, command, args, options = {}) {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...options.env } });
  const ok = run.status === 0;
  console.log(`━━ ${name}: ${ok ? 'ok' : `FAILED (exit ${run.status ?? run.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (!ok) failedSteps.push(name);
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function findBrowser(name, ensure) {
  try {
    return ensure();
  } catch (error) {
    console.error(`\n${error.message}`);
    failedSteps.push(name);
    return undefined;
  }
}
const chromium = findBrowser('chromium', ensureChromium);
const firefox = findBrowser('firefox', ensureFirefox);

/** One Playwright suite; its JSON report's counts go into the totals. */
function playwrightSuite(name, config, env) {
  const json = path.join(tmp, `playwright-${config.replace(/\W+/g, '-')}.json`);
  rmSync(json, { force: true });
  const ok = step(name, bin('playwright'), ['test', '-c', config], { env: { ...env, COURIER_PW_JSON: json } });
  const stats = readJson(json)?.stats;
  if (stats) {
    totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    totals.failed += stats.unexpected ?? 0;
    totals.skipped += stats.skipped ?? 0;
    if (!ok && !stats.unexpected) totals.failed += 1;
  } else if (!ok) {
    totals.failed += 1;
  }
  if (!ok) failedSteps.pop(); // counted through the test totals above
}

step('typecheck', bin('tsc'), ['--noEmit', '-p', '.']);

rmSync(vitestJson, { force: true });
const vitestOk = step('unit tests (vitest)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const vitest = readJson(vitestJson);
if (vitest) {
  totals.passed += vitest.numPassedTests ?? 0;
  totals.failed += vitest.numFailedTests ?? 0;
  totals.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  // A crashed suite file fails no test but must still fail the run.
  if (!vitestOk && !vitest.numFailedTests) totals.failed += 1;
} else if (!vitestOk) {
  totals.failed += 1;
}
if (vitestOk === false) failedSteps.pop(); // counted through the test totals above

const chromeBuilt = step('build (Chrome MV3)', bin('wxt'), ['build']);

if (chromium && chromeBuilt) {
  playwrightSuite('end-to-end tests (Playwright, Chromium)', 'playwright.config.ts', { CHROMIUM_PATH: chromium });
} else {
  console.log('\n━━ end-to-end tests (Chromium): not run (no Chromium or no Chrome build)');
  failedSteps.push('end-to-end tests (Chromium)');
}

if (step('build (Firefox MV3)', bin('wxt'), ['build', '-b', 'firefox'])) {
  step('web-ext lint (Firefox build)', process.execPath, [path.join(root, 'scripts/lint-firefox.mjs')]);
  if (firefox) {
    playwrightSuite('end-to-end tests (puppeteer over BiDi, Firefox)', 'playwright.firefox.config.ts', { FIREFOX_PATH: firefox });
  } else {
    console.log('\n━━ end-to-end tests (Firefox): not run (no Firefox)');
    failedSteps.push('end-to-end tests (Firefox)');
  }
}

totals.failed += failedSteps.length;
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
const line = `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`;
writeFileSync(summaryFile, `${line}\n`);
console.log(`\n${line}`);
process.exit(totals.failed > 0 ? 1 : 0);
