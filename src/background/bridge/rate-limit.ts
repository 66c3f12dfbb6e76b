/**
 * A token bucket per origin: `capacity` requests at once, refilled at `perSecond`; and at most
 * `maxInFlight` unanswered requests per origin. In memory on purpose: a worker restart refills
 * every bucket, which errs on the side of answering.
 */
export type RateLimitOptions = { capacity: number; perSecond: number; maxInFlight: number; maxOrigins?: number };

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { capacity: 40, perSecond: 20, maxInFlight: 32 };

export type Admission = { ok: true; release: () => void } | { ok: false; retryAfterMs: number; reason: 'rate' | 'in-flight' };

export class OriginRateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number; inFlight: number }>();

  constructor(
    private readonly options: RateLimitOptions = DEFAULT_RATE_LIMIT,
    private readonly now: () => number = Date.now,
  ) {}

  admit(origin: string): Admission {
    const now = this.now();
    let bucket = this.buckets.get(origin);
    if (!bucket) {
      bucket = { tokens: this.options.capacity, at: now, inFlight: 0 };
      this.buckets.set(origin, bucket);
      this.evict();
    } else {
      const refill = ((now - bucket.at) / 1000) * this.options.perSecond;
      bucket.tokens = Math.min(this.options.capacity, bucket.tokens + refill);
      bucket.at = now;
    }
    if (bucket.inFlight >= this.options.maxInFlight) return { ok: false, retryAfterMs: 250, reason: 'in-flight' };
    if (bucket.tokens < 1) {
      return { ok: false, retryAfterMs: Math.ceil(((1 - bucket.tokens) / this.options.perSecond) * 1000), reason: 'rate' };
    }
    bucket.tokens -= 1;
    bucket.inFlight += 1;
    let released = false;
    const held = bucket;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        held.inFlight = Math.max(0, held.inFlight - 1);
      },
    };
  }

  /** Bounded memory: forget the least recently seen full, idle buckets. */
  private evict(): void {
    const max = this.options.maxOrigins ?? 1000;
    if (this.buckets.size <= max) return;
    for (const [origin, bucket] of this.buckets) {
      if (this.buckets.size <= max) break;
      if (bucket.inFlight === 0) this.buckets.delete(origin);
    }
  }
}
