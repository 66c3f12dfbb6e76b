/**
 * The real extension for the Chromium benchmarks: built with `wxt build` (optionally pointed at a
 * local service) and loaded unpacked into headless Debian Chromium, as the end-to-end tests do.
 */
import { chromium, type BrowserContext, type Worker } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumPath, launchArgs, repoRoot } from '../e2e/support/paths';

/** Builds the Chrome extension into `outDir`; returns its folder and the build's wall time. */
export function buildExtension(options: { outDir?: string; env?: Record<string, string> } = {}): { dir: string; seconds: number } {
  const started = performance.now();
  execFileSync(path.join(repoRoot, 'node_modules/.bin/wxt'), ['build'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...(options.outDir ? { COURIER_OUTPUT_DIR: options.outDir } : {}), ...options.env },
  });
  const outDir = options.outDir ?? path.join(repoRoot, '.output');
  return { dir: path.join(outDir, 'chrome-mv3'), seconds: (performance.now() - started) / 1000 };
}

export interface LaunchedExtension {
  context: BrowserContext;
  /** The extension's service worker as first seen (it may be replaced after a restart). */
  worker: Worker;
  extensionId: string;
  url(page: string): string;
  close(): Promise<void>;
}

/** A fresh profile with the unpacked extension loaded; `close` also deletes the profile. */
export async function launchExtension(extensionDir: string, options: { viewport?: { width: number; height: number } | null } = {}): Promise<LaunchedExtension> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'courier-bench-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    viewport: options.viewport ?? null,
    args: launchArgs(extensionDir),
  });
  try {
    const worker =
      context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://')) ??
      (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
    const extensionId = new URL(worker.url()).host;
    return {
      context,
      worker,
      extensionId,
      url: (page) => `chrome-extension://${extensionId}/${page}`,
      close: async () => {
        await context.close().catch(() => undefined);
        rmSync(userDataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await context.close().catch(() => undefined);
    rmSync(userDataDir, { recursive: true, force: true });
    throw error;
  }
}
