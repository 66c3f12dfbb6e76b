import { vi } from 'vitest';

/**
 * `vi.waitFor` with a deadline a loaded machine cannot eat: its default (1 s) is shorter than a
 * forked test file may sit unscheduled. Passes as soon as `check` does.
 */
export function eventually<T>(check: () => T | Promise<T>, timeoutMs = 10_000): Promise<T> {
  return vi.waitFor(check, { timeout: timeoutMs, interval: 10 });
}
