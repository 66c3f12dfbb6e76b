/**
 * Stopping the extension's service worker the way Chrome does when it idles (MV3-TESTING.md).
 *
 * Polling `Target.getTargets` for "no service worker left" is not enough: an open extension
 * page or a content script's reconnect wakes the worker again a few milliseconds after it
 * stops, under the same target id, so a poll on a loaded machine can miss the gap entirely.
 * The DevTools `ServiceWorker` domain reports every running-status change as an event instead;
 * seeing the extension's worker reach `stopped` proves its in-memory state is gone, whether or
 * not something has already started it again.
 */
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { withDeadline } from './deadline';

type WorkerVersion = { versionId: string; scriptURL: string; status: string; runningStatus: string };

export async function stopServiceWorker(context: BrowserContext, anyPage: Page, timeoutMs = 15_000): Promise<void> {
  const cdp: CDPSession = await context.newCDPSession(anyPage);
  try {
    let onStopped!: () => void;
    const stopped = new Promise<void>((resolve) => (onStopped = resolve));
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }: { versions: WorkerVersion[] }) => {
      const ours = versions.filter((v) => v.scriptURL.startsWith('chrome-extension://') && v.status !== 'redundant');
      // Also when it was already stopped (idle) as the domain was enabled: nothing in memory either.
      if (ours.some((v) => v.runningStatus === 'stopped')) onStopped();
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await withDeadline(stopped, timeoutMs, 'the service worker did not report "stopped"');
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}
