/**
 * Driving the real Firefox build in Debian's firefox-esr with puppeteer-core over WebDriver BiDi
 * (recipe and traps: FIREFOX-TESTING.md in the team workspace). Each test gets a fresh profile
 * with Courier installed as a temporary add-on; extension pages are opened as tabs.
 */
import { test as base } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { localServiceAt, type LocalService } from '../../e2e/support/local-service';
import { recordedInPage, recordEventsInPage, requestInPage, type Answer } from '../../e2e/support/page-calls';
import { startPageServer, type PageServer } from '../../e2e/support/page-server';
import { firefoxExtensionDir, firefoxPath, firefoxServiceUrl, GECKO_ID } from './paths';

export type { Answer };

/** Polls `check` until it returns something other than undefined/false, or fails after `timeoutMs`. */
export async function until<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export class FirefoxSession {
  private readonly known = new WeakSet<Page>();

  constructor(
    readonly browser: Browser,
    /** The add-on's internal UUID, seeded before launch: moz-extension://<uuid>/… */
    readonly uuid: string,
  ) {}

  extensionUrl(page: string): string {
    return `moz-extension://${this.uuid}/${page.replace(/^\//, '')}`;
  }

  /**
   * Opens an extension page in a new tab. `page.goto` never resolves for moz-extension:// (BiDi
   * drops those navigation events), so the BiDi navigate command is sent directly and waited on.
   */
  async openExtensionPage(page: string): Promise<Page> {
    const tab = await this.newPage();
    await (tab.mainFrame() as unknown as { browsingContext: { navigate(url: string, wait: string): Promise<unknown> } }).browsingContext.navigate(
      this.extensionUrl(page),
      'complete',
    );
    await until(`${page} to load`, () => tab.evaluate(() => document.readyState === 'complete' && typeof (globalThis as any).browser?.runtime?.id === 'string'));
    return tab;
  }

  async newPage(): Promise<Page> {
    const page = await this.browser.newPage();
    this.known.add(page);
    return page;
  }

  /** A dApp page at `url` whose provider is in place. */
  async openDapp(url: string): Promise<Page> {
    const page = await this.newPage();
    await page.goto(url);
    await page.waitForFunction(() => 'courier' in window);
    return page;
  }

  /**
   * The next window that is not one of ours (the approval window): its page reports about:blank
   * to puppeteer, so each unknown page is asked for its own location.
   */
  async nextApproval(timeoutMs = 20_000): Promise<Page> {
    return until(
      'the approval window',
      async () => {
        for (const page of await this.browser.pages()) {
          if (this.known.has(page)) continue;
          const href = await page.evaluate(() => location.href).catch(() => '');
          if (href.includes('/approve.html')) {
            this.known.add(page);
            return page;
          }
        }
        return undefined;
      },
      timeoutMs,
    );
  }

  /** Waits for Approve/Reject to be enabled (they are held for a moment) and clicks one. */
  async decide(approval: Page, button: 'Approve' | 'Reject'): Promise<void> {
    await until(`${button} to be enabled`, () =>
      approval.evaluate((name) => {
        const found = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
        if (!found || found.disabled) return false;
        found.click();
        return true;
      }, button),
    );
  }

  /** Runs `fn` in Courier's extension context (a background-privileged page), where `browser.*` is available. */
  async inExtension<T, A>(fn: (arg: A) => T | Promise<T>, arg: A): Promise<Awaited<T>> {
    const tab = await this.extensionPage();
    return (await tab.evaluate(fn as any, arg as any)) as Awaited<T>;
  }

  /** The extension tab `inExtension` uses (the options page: it marks nothing as seen). */
  extensionPage(): Promise<Page> {
    this.extensionTab ??= this.openExtensionPage('options.html');
    return this.extensionTab;
  }
  private extensionTab: Promise<Page> | undefined;

  /**
   * Restarts the add-on's background the hard way (`runtime.reload()`): its event page and every
   * extension page end, storage stays. Resolves once the old pages are gone.
   */
  async reloadAddon(): Promise<void> {
    const before = await this.extensionPage();
    await before.evaluate(() => void setTimeout(() => (globalThis as any).browser.runtime.reload(), 0));
    await until('the old extension page to be gone with its background', async () =>
      before.evaluate(() => document.readyState).then(() => false, () => true),
    );
    this.extensionTab = undefined;
  }

  /** One of Courier's own protocol messages, sent from an extension page. */
  protocol(method: string, params: unknown = {}): Promise<any> {
    return this.inExtension(
      ([m, p]) => (globalThis as any).browser.runtime.sendMessage({ courier: 1, method: m, params: p }),
      [method, params] as const,
    );
  }
}

export function call(page: Page, method: string, params?: unknown): Promise<Answer> {
  return page.evaluate(requestInPage, [method, params, params !== undefined] as const);
}

export async function recordEvents(page: Page): Promise<void> {
  await page.evaluate(recordEventsInPage);
}

export function recordedEvents(page: Page): Promise<any[]> {
  return page.evaluate(recordedInPage);
}

/** Launches firefox-esr on a new profile and installs the Firefox build as a temporary add-on. */
export async function launchFirefox(profileDir: string): Promise<FirefoxSession> {
  const uuid = randomUUID();
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath,
    headless: true,
    userDataDir: profileDir,
    // Without it, navigation to moz-extension:// pages is refused.
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: uuid }),
      // Headless Firefox closes system notifications at once; Firefox's own alerts stay listed.
      'alerts.useSystemBackend': false,
    },
    env: { ...process.env, XDG_CACHE_HOME: path.join(profileDir, 'cache') },
  });
  try {
    const id = await browser.installExtension(firefoxExtensionDir);
    if (id !== GECKO_ID) throw new Error(`installed add-on id ${id}, expected ${GECKO_ID}`);
  } catch (error) {
    await closeFirefox(browser);
    throw error;
  }
  return new FirefoxSession(browser, uuid);
}

/** Closes Firefox; if it hangs, kills its process group (it does not die with the test runner's). */
export async function closeFirefox(browser: Browser): Promise<void> {
  const pid = browser.process()?.pid;
  const closed = browser.close().then(() => true, () => false);
  const inTime = await Promise.race([closed, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000))]);
  if (!inTime && pid) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
}

export type FirefoxFixtures = {
  firefox: FirefoxSession;
  service: LocalService;
  pageServer: PageServer;
};

export const test = base.extend<FirefoxFixtures>({
  firefox: async ({}, use) => {
    const profileDir = mkdtempSync(path.join(os.tmpdir(), 'courier-firefox-'));
    const session = await launchFirefox(profileDir);
    try {
      await use(session);
    } finally {
      await closeFirefox(session.browser);
      rmSync(profileDir, { recursive: true, force: true });
    }
  },
  service: async ({}, use) => {
    await use(localServiceAt(firefoxServiceUrl));
  },
  pageServer: async ({}, use) => {
    const server = await startPageServer();
    await use(server);
    await server.close();
  },
});

export const expect = test.expect;
