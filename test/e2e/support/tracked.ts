/**
 * What the background tracks, read the way the popup reads it (Courier's own protocol from an
 * extension page), and the popup's Activity view of one transaction.
 */
import type { Locator, Page, Worker } from '@playwright/test';
import { expect } from './fixtures';

export type TrackedView = { id: string; txHash: string; chainId: string; state: string | null; outcome: string; notified: boolean };

/** Courier's own protocol from an extension page; throws on an error answer. */
export async function background<T>(page: Page, method: string, params: unknown = {}): Promise<T> {
  const answer = await page.evaluate(
    ([m, p]) => (globalThis as any).chrome.runtime.sendMessage({ courier: 1, method: m, params: p }),
    [method, params] as const,
  );
  if (!answer?.ok) throw new Error(`${method}: ${JSON.stringify(answer?.error)}`);
  return answer.result as T;
}

/** The tracked item of a hash on a chain (hashes compared without case: an EVM hash is hex). */
export async function trackedItem(page: Page, chainId: string, txHash: string): Promise<TrackedView> {
  let found: TrackedView | undefined;
  await expect
    .poll(async () => {
      const { items } = await background<{ items: TrackedView[] }>(page, 'courier:tx:list');
      found = items.find((i) => i.chainId === chainId && i.txHash.toLowerCase() === txHash.toLowerCase());
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

/**
 * The notifier stores `notified` in a write of its own, after the one that stored the terminal
 * state and after creating the notification: once it is set, that notification exists.
 */
export async function waitUntilNotified(page: Page, id: string, timeoutMs = 20_000): Promise<void> {
  await expect.poll(async () => (await background<TrackedView>(page, 'courier:tx:get', { id })).notified, { timeout: timeoutMs, intervals: [250] }).toBe(true);
}

export const badge = (worker: Worker): Promise<string> => worker.evaluate(() => (globalThis as any).chrome.action.getBadgeText({}));

/** Opens `#/activity/<id>` in `page` (an extension page) and returns its detail view once shown. */
export async function activityDetail(page: Page, extensionUrl: (p: string) => string, id: string): Promise<{ view: Locator }> {
  await page.goto(extensionUrl(`popup.html#/activity/${encodeURIComponent(id)}`));
  const view = page.getByTestId('view-activity-detail');
  await expect(view).toHaveAttribute('data-outcome', /.+/);
  return { view };
}
