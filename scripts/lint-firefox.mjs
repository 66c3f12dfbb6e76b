// Runs `web-ext lint` on the Firefox build and fails on any error (warnings are printed, not fatal).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = spawnSync(
  path.join(root, 'node_modules/.bin/web-ext'),
  ['lint', '--source-dir', path.join(root, '.output/firefox-mv3'), '--output', 'json', '--no-config-discovery'],
  { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
);
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.error(run.stdout, run.stderr);
  console.error('web-ext lint did not produce a JSON report');
  process.exit(1);
}
const show = (kind, list) => {
  for (const item of list) console.log(`  ${kind} ${item.code}: ${item.message} ${item.file ?? ''}`);
};
show('error', report.errors ?? []);
show('warning', report.warnings ?? []);
console.log(`web-ext lint: ${report.count ?? 0} messages, ${report.errors?.length ?? 0} errors, ${report.warnings?.length ?? 0} warnings`);
process.exit((report.errors?.length ?? 0) === 0 ? 0 : 1);
