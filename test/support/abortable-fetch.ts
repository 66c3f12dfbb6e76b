import type { FetchLike } from '../../src/api';

/**
 * A fetch that never answers: only an abort of the signal it was given ends it (rejecting with an
 * AbortError, as a real fetch does). `signals` has the signal of every attempt, in order.
 */
export function fetchUntilAborted(): { fetch: FetchLike; signals: AbortSignal[] } {
  const signals: AbortSignal[] = [];
  const fetch: FetchLike = (_url, init) =>
    new Promise<Response>((_resolve, reject) => {
      const signal = init.signal as AbortSignal;
      signals.push(signal);
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
    });
  return { fetch, signals };
}
