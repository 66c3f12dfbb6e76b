/**
 * The production-mode build for end-to-end tests: the real extension built with its default API
 * `https://api.skip.build` (as a release is), so that it runs as against production: verify
 * judges timeouts by the wall clock and does not assume it knows every contract
 * (src/verify/clock.ts). The test browser reaches "api.skip.build" at an https front on
 * 127.0.0.1 (https-front.ts) through Chromium's host resolver rules, and accepts the front's
 * self-signed certificate; only this test browser is launched that way.
 */
import { chromium, type BrowserContext } from '@playwright/test';
import path from 'node:path';
import { chromiumPath, launchArgs, repoRoot, servicePort } from './paths';

/** The production base URL, baked into the build as its default (DESIGN.md, "Names"). */
export const PRODUCTION_API_URL = 'https://api.skip.build';
export const PRODUCTION_API_HOST = new URL(PRODUCTION_API_URL).hostname;
/** The build's other named https API (Settings → Development), fronted the same way. */
export const DEVELOPMENT_API_URL = 'https://api.dev.skip.build';
export const DEVELOPMENT_API_HOST = new URL(DEVELOPMENT_API_URL).hostname;

/** Per port like the local build, so two runs side by side never overwrite each other's. */
export const productionOutputDir = path.join(repoRoot, `.output/e2e-prod-${servicePort}`);
export const productionExtensionDir = path.join(productionOutputDir, 'chrome-mv3');

/**
 * The launch args of the production-mode build: api.skip.build resolves to the front at
 * `frontPort`, whose certificate is accepted; so does api.dev.skip.build, so that switching the
 * API to Development (a host the manifest holds) reaches a service too rather than the internet.
 */
export function productionLaunchArgs(frontPort: number): string[] {
  const rules = [PRODUCTION_API_HOST, DEVELOPMENT_API_HOST].map((host) => `MAP ${host} 127.0.0.1:${frontPort}`).join(', ');
  return [...launchArgs(productionExtensionDir), `--host-resolver-rules=${rules}`, '--ignore-certificate-errors'];
}

/** Chromium with the production-mode build on `userDataDir`, talking https to the front at `frontPort` as "api.skip.build". */
export function launchProductionContext(userDataDir: string, frontPort: number): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    viewport: null,
    args: productionLaunchArgs(frontPort),
  });
}
