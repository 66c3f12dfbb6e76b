/**
 * One token bucket shared by every caller without a valid key (the spec's "one restrictive
 * global rate limit"). Time is injected so tests need not sleep.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    readonly capacity: number,
    readonly refillPerSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = capacity;
    this.last = now();
  }

  /** Takes a token; when none is left, answers how many ms until one is. */
  take(): { ok: true } | { ok: false; retryAfterMs: number } {
    const now = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) / 1000) * this.refillPerSecond);
    this.last = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterMs: Math.ceil(((1 - this.tokens) / this.refillPerSecond) * 1000) };
  }
}
