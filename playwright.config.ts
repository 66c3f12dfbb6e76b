import { defineConfig } from '@playwright/test';

// One Chromium per worker with the real built extension; see test/e2e/support/fixtures.ts.
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results/e2e',
  reporter: process.env.COURIER_PW_JSON
    ? [['list'], ['json', { outputFile: process.env.COURIER_PW_JSON }]]
    : [['list']],
  use: { trace: 'off', screenshot: 'only-on-failure' },
});
