/**
 * `npm run bench`: every benchmark Courier has, printed figures and ratios measured side by side
 * in one run. Speed targets live here, never in timed unit tests.
 */
type Bench = { label: string; load: () => Promise<() => Promise<{ name: string; lines: string[] }>> };

const benches: Bench[] = [
  { label: 'world', load: async () => (await import('./world.bench')).benchWorld },
  { label: 'planner', load: async () => (await import('./planner.bench')).benchPlanner },
  { label: 'http', load: async () => (await import('./http.bench')).benchHttp },
  { label: 'transfers', load: async () => (await import('./transfers.bench')).benchTransfers },
  { label: 'bridge', load: async () => (await import('./bridge.bench')).benchBridge },
  { label: 'tracker', load: async () => (await import('./tracker.bench')).benchTracker },
  { label: 'popup', load: async () => (await import('./popup.bench')).benchPopup },
  { label: 'verify', load: async () => (await import('./verify.bench')).benchVerify },
];

const only = process.argv.slice(2);
let failed = false;
console.log(`Courier benchmarks — node ${process.version}, ${new Date().toISOString()}`);
for (const bench of benches) {
  if (only.length && !only.includes(bench.label)) continue;
  try {
    const run = await bench.load();
    const result = await run();
    console.log(`\n## ${result.name}`);
    for (const line of result.lines) console.log(`  ${line}`);
  } catch (error) {
    failed = true;
    console.log(`\n## ${bench.label}: FAILED\n  ${(error as Error).stack ?? error}`);
  }
}
process.exit(failed ? 1 : 0);
