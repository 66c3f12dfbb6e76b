import { test as base, chromium, type BrowserContext, type Worker } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumPath, launchArgs, serviceUrl } from './paths';
import { localServiceAt, type LocalService } from './local-service';
import { startPageServer, type PageServer } from './page-server';

export type ExtensionFixtures = {
  /** A fresh Chromium profile with the built extension loaded. */
  context: BrowserContext;
  extensionId: string;
  serviceWorker: Worker;
  /** Opens an extension page, e.g. `extensionUrl('popup.html')`. */
  extensionUrl: (page: string) => string;
  pageServer: PageServer;
  userDataDir: string;
  /** The local routing service this run's extension talks to. */
  service: LocalService;
};

export type { LocalService };

const localService: LocalService = localServiceAt(serviceUrl);

/** Launches Chromium on `userDataDir`; relaunching on the same folder is a browser restart. */
export function launchExtensionContext(userDataDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    viewport: null,
    args: launchArgs(),
  });
}

/** The extension's service worker; listening starts before looking, so a worker that registers in between is not missed. */
export async function extensionWorker(context: BrowserContext, timeoutMs = 30_000): Promise<Worker> {
  const isExtension = (w: Worker) => w.url().startsWith('chrome-extension://');
  const next = context.waitForEvent('serviceworker', { predicate: isExtension, timeout: timeoutMs });
  const existing = context.serviceWorkers().find(isExtension);
  if (!existing) return next;
  next.catch(() => undefined);
  return existing;
}

export const test = base.extend<ExtensionFixtures>({
  userDataDir: async ({}, use) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'courier-e2e-'));
    await use(dir);
    rmSync(dir, { recursive: true, force: true });
  },
  context: async ({ userDataDir }, use) => {
    const context = await launchExtensionContext(userDataDir);
    await use(context);
    await context.close();
  },
  serviceWorker: async ({ context }, use) => {
    await use(await extensionWorker(context));
  },
  extensionId: async ({ serviceWorker }, use) => {
    await use(new URL(serviceWorker.url()).host);
  },
  extensionUrl: async ({ extensionId }, use) => {
    await use((page: string) => `chrome-extension://${extensionId}/${page.replace(/^\//, '')}`);
  },
  service: async ({}, use) => {
    await use(localService);
  },
  pageServer: async ({}, use) => {
    const server = await startPageServer();
    await use(server);
    await server.close();
  },
});

export const expect = test.expect;
