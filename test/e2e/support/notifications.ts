/**
 * Every notification the background creates, with its title and message, read in the worker.
 * `chrome.notifications.getAll` alone cannot count them: Chrome dismisses older notifications
 * by itself, and it says nothing of the words. The recorder wraps `create` in the running worker,
 * so a worker that restarts forgets it (the tests that use it keep the worker busy throughout).
 */
import type { Worker } from '@playwright/test';

export type CreatedNotification = { id: string; title: string; message: string };

export async function recordNotifications(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    const g = globalThis as any;
    if (g.__courierCreated) return;
    g.__courierCreated = [];
    const api = g.chrome.notifications;
    const create = api.create.bind(api);
    api.create = (id: string, options: { title: string; message: string }, ...rest: unknown[]) => {
      g.__courierCreated.push({ id, title: options.title, message: options.message });
      return create(id, options, ...rest);
    };
  });
}

/** The notifications created since `recordNotifications`, oldest first. */
export function createdNotifications(worker: Worker): Promise<CreatedNotification[]> {
  return worker.evaluate(() => [...(((globalThis as any).__courierCreated ?? []) as CreatedNotification[])]);
}

/** The ids Chrome currently shows. */
export function shownNotificationIds(worker: Worker): Promise<string[]> {
  return worker.evaluate(() => new Promise<string[]>((resolve) => (globalThis as any).chrome.notifications.getAll((all: object) => resolve(Object.keys(all)))));
}
