/**
 * How full Courier's storage is, asked once per popup after the first interactive frame: the
 * footer says so when it is near its limit (cached lists give way to settings and transfers, but
 * those have a limit too).
 */
import type { StorageUsage } from '../../background/storage/budget';
import { createStore } from '../shared/store';
import { callBackground } from './api';

/** null until the background has answered (or when it could not: nothing to say then). */
export const storageUsage = createStore<StorageUsage | null>(null);

export function loadStorageUsage(): void {
  callBackground('courier:storage:usage', {}).then(
    (usage) => storageUsage.set(usage),
    () => storageUsage.set(null), // an older background, or none: the footer says nothing
  );
}

/** `9.1 MB` (MiB, one decimal): budget.ts's formatMegabytes, which the popup cannot import without zod. */
export function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}
