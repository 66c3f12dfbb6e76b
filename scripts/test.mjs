// `npm test`: every check Courier has, in order, then one closing line that CI reads:
// "N passed, N failed, N skipped", summed over vitest and Playwright. A check step that fails
// (typecheck, a build, the Firefox lint) counts as one failure, so the line never reads green
// while the run is red. Every step runs even after a failure, so one run shows everything.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './lib/chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const vitestJson = path.join(tmp, 'vitest.json');
const playwrightJson = path.join(tmp, 'playwright.json');
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

let chromium;
try {
  chromium = ensureChromium();
} catch (error) {
  console.error(`\n${error.message}`);
  failedSteps.push('chromium');
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
  rmSync(playwrightJson, { force: true });
  const pwOk = step('end-to-end tests (Playwright, Chromium)', bin('playwright'), ['test'], {
    env: { COURIER_PW_JSON: playwrightJson, CHROMIUM_PATH: chromium },
  });
  const stats = readJson(playwrightJson)?.stats;
  if (stats) {
    totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    totals.failed += stats.unexpected ?? 0;
    totals.skipped += stats.skipped ?? 0;
    if (!pwOk && !stats.unexpected) totals.failed += 1;
  } else if (!pwOk) {
    totals.failed += 1;
  }
  if (!pwOk) failedSteps.pop();
} else {
  console.log('\n━━ end-to-end tests: not run (no Chromium or no Chrome build)');
  failedSteps.push('end-to-end tests');
}

if (step('build (Firefox)', bin('wxt'), ['build', '-b', 'firefox'])) {
  step('web-ext lint (Firefox build)', process.execPath, [path.join(root, 'scripts/lint-firefox.mjs')]);
}

totals.failed += failedSteps.length;
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
const line = `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`;
writeFileSync(summaryFile, `${line}\n`);
console.log(`\n${line}`);
process.exit(totals.failed > 0 ? 1 : 0);
