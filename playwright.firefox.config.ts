import { defineConfig } from '@playwright/test';

// The Firefox suite: Playwright Test runs it, puppeteer-core drives Debian's firefox-esr over
// WebDriver BiDi (Playwright cannot drive a stock Firefox). See test/e2e-firefox/support/.
export default defineConfig({
  testDir: 'test/e2e-firefox',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/e2e-firefox/support/global-setup.ts',
  fullyParallel: false,
  // One Firefox at a time: each test starts its own browser, and 2 CPUs are shared with the service.
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  outputDir: 'test-results/e2e-firefox',
  reporter: process.env.COURIER_PW_JSON ? [['list'], ['json', { outputFile: process.env.COURIER_PW_JSON }]] : [['list']],
});
