/**
 * One build of the real extension, ready for an attack: the house rule tests every safety rule
 * against two builds (DESIGN.md), and this is the one place that knows how to start each.
 *
 * - local: the e2e build (its API on this machine), pointed at a service of its own through
 *   Settings;
 * - production: the build whose default API is https://api.skip.build (production-build.ts),
 *   talking https to "api.skip.build" (and "api.dev.skip.build") at a front (https-front.ts)
 *   that forwards to a service of its own. Courier keeps its build default: nothing in Settings
 *   changes, so it runs exactly as against production.
 *
 * `pointAt(url)` moves the build's API calls to another local service (or a hostile proxy in
 * front of one): the front's target in production, Settings in local.
 *
 * `withRig` suits worker-scoped fixtures (one rig shared by many tests); `rigTest` gives each test
 * a fresh rig of the build its describe block chose (`test.use({ build })`).
 */
import { test as base, type BrowserContext, type Worker } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, extensionWorker, launchExtensionContext } from './fixtures';
import { startHttpsFront, type HttpsFront } from './https-front';
import type { LocalService } from './local-service';
import { startOwnService } from './own-service';
import { startPageServer, type PageServer } from './page-server';
import { launchProductionContext, PRODUCTION_API_URL } from './production-build';

export type Build = 'local' | 'production';
export const BUILDS: readonly Build[] = ['local', 'production'];

/** The rig's own service (own-service.ts options). */
export interface RigOptions {
  speed?: number;
  rateLimit?: number;
}

export interface Rig {
  build: Build;
  /** A fresh Chromium profile with this build loaded. */
  context: BrowserContext;
  /** The extension's service worker as the rig found it. */
  serviceWorker: Worker;
  extensionUrl: (page: string) => string;
  /** dApp pages (content scripts match 127.0.0.1 and localhost). */
  pageServer: PageServer;
  /** The service that answers this build's API calls (faults go here). */
  service: LocalService;
  serviceUrl: string;
  /** The production build's https front (null for the local build). */
  front: HttpsFront | null;
  /** The base URL Courier uses: the rig's service for local, https://api.skip.build for production. */
  apiBaseUrl: string;
  /** Sends the build's API calls to the local service (or proxy) at `url` from now on; resolves to Courier's base URL then. */
  pointAt(url: string): Promise<string>;
}

/** Runs the cleanups in reverse order, each whatever the others did. */
async function unwind(cleanups: (() => Promise<unknown>)[]): Promise<void> {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
}

/** Courier's Settings, from a short-lived options page (no popup: it would fetch the lists). */
async function useCustomApi(context: BrowserContext, extensionUrl: (page: string) => string, url: string): Promise<void> {
  const page = await context.newPage();
  try {
    await page.goto(extensionUrl('options.html'));
    const updated = await page.evaluate(
      (apiUrl) => (globalThis as any).chrome.runtime.sendMessage({ courier: 1, method: 'courier:settings:update', params: { api: { environment: 'custom', url: apiUrl } } }),
      url,
    );
    expect(updated?.ok, JSON.stringify(updated)).toBe(true);
  } finally {
    await page.close();
  }
}

/** Starts `build`'s rig, hands it to `use`, and takes it down whatever happened. */
export async function withRig(build: Build, options: RigOptions, use: (rig: Rig) => Promise<void>): Promise<void> {
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    const own = await startOwnService(options);
    cleanups.push(() => own.stop());
    const front = build === 'production' ? await startHttpsFront(own.url) : null;
    if (front) cleanups.push(() => front.close());
    const pageServer = await startPageServer();
    cleanups.push(() => pageServer.close());
    const userDataDir = mkdtempSync(path.join(os.tmpdir(), `courier-e2e-${build}-`));
    cleanups.push(async () => rmSync(userDataDir, { recursive: true, force: true }));
    const context = front ? await launchProductionContext(userDataDir, front.port) : await launchExtensionContext(userDataDir);
    cleanups.push(() => context.close());

    const serviceWorker = await extensionWorker(context);
    const extensionId = new URL(serviceWorker.url()).host;
    const extensionUrl = (page: string) => `chrome-extension://${extensionId}/${page.replace(/^\//, '')}`;
    const pointAt = async (url: string): Promise<string> => {
      if (front) {
        front.setTarget(url);
        return PRODUCTION_API_URL;
      }
      await useCustomApi(context, extensionUrl, url);
      return url;
    };
    const apiBaseUrl = await pointAt(own.url);
    await use({ build, context, serviceWorker, extensionUrl, pageServer, service: own.service, serviceUrl: own.url, front, apiBaseUrl, pointAt });
  } finally {
    await unwind(cleanups);
  }
}

/**
 * A fresh rig per test, of the build the describe block chose:
 *
 *   for (const build of BUILDS) test.describe(`${build} build`, () => { test.use({ build }); test(…, ({ rig }) => …) });
 */
export const rigTest = base.extend<{ build: Build; rigOptions: RigOptions; rig: Rig }>({
  build: ['local', { option: true }],
  rigOptions: [{}, { option: true }],
  // Its own timeout: a cold service start and a browser launch on a loaded machine.
  rig: [async ({ build, rigOptions }, use) => withRig(build, rigOptions, use), { timeout: 90_000 }],
});
