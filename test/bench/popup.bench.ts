/**
 * The popup's weight and speed, measured on the built extension (.output/chrome-mv3):
 * - weight: gzip (level 9) of everything the popup loads before its first paint: popup.html and
 *   the static import graph of its entry (script, modulepreloads, their static imports,
 *   stylesheets). Dynamic imports (views, schemas) and catalog.json load after the paint and
 *   are listed separately. Goal ≤ 60 KB.
 * - time to interactive in Chromium: popup.html opened RUNS times in fresh tabs; navigation start
 *   → the `courier:interactive` mark the shell sets once the frame with the restored view is on
 *   screen (src/ui/popup/Shell.tsx: committed, then one frame), or the first contentful paint
 *   when that is later. Goal: median ≤ 150 ms. The first (cold) open is reported apart.
 * - time to the first route shown (first-route.ts), on a build pointed at a local service it
 *   starts (`COURIER_BENCH_PORT`, else a free port): no goal of its own, compared with the
 *   popup before route comparison.
 *
 * `COURIER_BENCH_NO_BUILD=1` measures the existing build instead of running `wxt build` first.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildExtension, launchExtension } from './extension';
import { firstRouteLines } from './first-route';
import { median, percentile } from './stats';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = path.join(root, '.output/chrome-mv3');
const RUNS = 25;
const WEIGHT_GOAL_KB = 60;
const TTI_GOAL_MS = 150;

const gz = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** Static imports of a built ES module chunk (`import … from "./x.js"`, `import "./x.js"`), not `import()`. */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  const re = /\bimport\s*(?:[\w*${}\s,]+?\s*from\s*)?["']([^"']+)["']/g;
  for (let m = re.exec(code); m; m = re.exec(code)) {
    // `import(` is dynamic: the regex needs a quote right after `import` or a `from`, so `import("…")` never matches.
    found.add(m[1]!);
  }
  return [...found];
}

/** Files loaded before first paint, by path relative to the build folder. */
export function firstPaintFiles(dir: string): string[] {
  const html = readFileSync(path.join(dir, 'popup.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script|link)\b[^>]*?\s(?:src|href)="([^"]+)"[^>]*>/g)]
    .filter((m) => !/rel="icon"/.test(m[0]))
    .map((m) => m[1]!.replace(/^\//, ''));
  const files = new Set<string>(['popup.html']);
  const queue = [...refs];
  while (queue.length) {
    const file = queue.shift()!;
    if (files.has(file)) continue;
    files.add(file);
    if (file.endsWith('.js')) {
      const code = readFileSync(path.join(dir, file), 'utf8');
      for (const spec of staticImports(code)) queue.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)));
    }
  }
  return [...files];
}

function weightLines(dir: string): { lines: string[]; total: number } {
  const files = firstPaintFiles(dir);
  const rows = files.map((f) => {
    const bytes = readFileSync(path.join(dir, f));
    return { f, raw: bytes.length, gzip: gz(bytes) };
  });
  const total = rows.reduce((s, r) => s + r.gzip, 0);
  const lines = [`first paint: ${kb(total)} gzip in ${rows.length} files (goal ≤ ${WEIGHT_GOAL_KB} KB) ${total <= WEIGHT_GOAL_KB * 1024 ? 'OK' : 'OVER'}`];
  for (const r of rows.sort((a, b) => b.gzip - a.gzip)) lines.push(`  ${r.f}: ${kb(r.raw)} raw, ${kb(r.gzip)} gzip`);
  // After first paint, for context: every other chunk and the catalog.
  const chunks = readdirSync(path.join(dir, 'chunks')).map((c) => `chunks/${c}`);
  const later = chunks.filter((c) => !files.includes(c));
  const laterGzip = later.reduce((s, c) => s + gz(readFileSync(path.join(dir, c))), 0);
  lines.push(`after first paint (lazy chunks of every page): ${kb(laterGzip)} gzip in ${later.length} files`);
  const catalog = path.join(dir, 'catalog.json');
  if (existsSync(catalog)) lines.push(`catalog.json (fetched when idle): ${kb(statSync(catalog).size)} raw, ${kb(gz(readFileSync(catalog)))} gzip`);
  return { lines, total };
}

async function ttiLines(dir: string): Promise<string[]> {
  const extension = await launchExtension(dir, { viewport: { width: 380, height: 600 } });
  const { context } = extension;
  try {
    const url = extension.url('popup.html');
    const tti: number[] = [];
    const fcp: number[] = [];
    const afterPaint: number[] = [];
    let cold: { tti: number; fcp: number | null } | null = null;
    for (let i = 0; i <= RUNS; i++) {
      const page = await context.newPage();
      await page.goto(url);
      // Plain arrow expressions only: tsx would wrap named functions in a helper the page lacks.
      await page.waitForFunction(() => performance.getEntriesByName('courier:interactive').length > 0, undefined, { polling: 5 });
      const marks = await page.evaluate(() => ({
        tti: performance.getEntriesByName('courier:interactive')[0]!.startTime,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        stages: performance
          .getEntriesByType('mark')
          .map((m) => `${m.name.replace('courier:', '')} ${m.startTime.toFixed(0)}`)
          .concat(`domInteractive ${(performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domInteractive.toFixed(0)}`)
          .join(', '),
      }));
      if (process.env.COURIER_BENCH_VERBOSE) console.log(marks.stages);
      await page.close();
      // The first open also starts the extension's renderer: reported apart, not in the median.
      // Strict: the later of the shell's mark (the interactive frame has been produced) and the
      // browser's first contentful paint (that frame presented), which can trail it by a few ms.
      const strict = { tti: Math.max(marks.tti, marks.fcp ?? marks.tti), fcp: marks.fcp };
      if (i === 0) cold = strict;
      else {
        tti.push(strict.tti);
        if (marks.fcp !== null) {
          fcp.push(marks.fcp);
          afterPaint.push(marks.tti - marks.fcp);
        }
      }
    }
    const warm = tti;
    const warmFcp = fcp;
    const med = median(warm);
    return [
      `time to interactive: median ${med.toFixed(0)} ms, p90 ${percentile(warm, 90).toFixed(0)} ms, min ${Math.min(...warm).toFixed(0)} ms over ${warm.length} opens (goal median ≤ ${TTI_GOAL_MS} ms) ${med <= TTI_GOAL_MS ? 'OK' : 'OVER'}`,
      `first contentful paint: median ${warmFcp.length ? median(warmFcp).toFixed(0) : '?'} ms; the shell's interactive mark minus it: median ${afterPaint.length ? median(afterPaint).toFixed(0) : '?'} ms`,
      `(headless Chromium, software rendering; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs)`,
      `cold first open: interactive at ${cold!.tti.toFixed(0)} ms, first paint ${cold!.fcp?.toFixed(0) ?? '?'} ms`,
    ];
  } finally {
    await extension.close();
  }
}

export async function benchPopup(): Promise<{ name: string; lines: string[] }> {
  if (process.env.COURIER_BENCH_NO_BUILD !== '1') {
    buildExtension();
  }
  if (!existsSync(path.join(outDir, 'popup.html'))) throw new Error(`no build at ${outDir}: run npm run build`);
  const weight = weightLines(outDir);
  const tti = await ttiLines(outDir);
  const firstRoute = await firstRouteLines({ build: process.env.COURIER_BENCH_NO_BUILD !== '1' });
  return {
    name: 'popup: first-paint weight, time to interactive and time to the first route shown (Chromium, production build; the last against the local service)',
    lines: [...weight.lines, ...tti, ...firstRoute],
  };
}

// `npx tsx test/bench/popup.bench.ts` runs it alone.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchPopup().then(
    (r) => console.log([`## ${r.name}`, ...r.lines.map((l) => `  ${l}`)].join('\n')),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
