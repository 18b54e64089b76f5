// The account rate limit, kept by the whole process: a token bucket of `requests` tokens in which each
// spent token comes back exactly one window later. Unlike a bucket refilled at a constant rate, it can
// never let more than `requests` calls into any window-long interval, which is what the platform counts.
import { systemClock, type Clock } from "@/lib/platform/clock";
import { RateLimitDeferredError, type RateLimitName } from "@/lib/platform/errors";

export interface RateLimit {
  requests: number;
  windowSeconds: number;
}

export class RateLimiter {
  private readonly spent: number[] = [];
  private pausedUntil = 0;
  private readonly windowMs: number;

  constructor(
    readonly limit: RateLimit,
    private readonly clock: Clock = systemClock,
    /** Which platform limit this bucket keeps, so a deferral says which one to wait for. */
    readonly name: RateLimitName = "account",
  ) {
    // The platform counts arrivals, we count departures: a margin absorbs the difference in latency.
    this.windowMs = limit.windowSeconds * 1000 + Math.max(250, limit.windowSeconds * 10);
  }

  /**
   * Waits until a call may be sent, then spends a token for it. A wait longer than `maxWaitMs` is not
   * waited: it throws RateLimitDeferredError, so the request can answer and resume later.
   */
  async acquire(signal?: AbortSignal, maxWaitMs = Infinity): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const now = this.clock.now();
      while (this.spent.length && this.spent[0]! <= now - this.windowMs) this.spent.shift();
      let waitMs: number;
      if (now < this.pausedUntil) {
        waitMs = this.pausedUntil - now;
      } else if (this.spent.length < this.limit.requests) {
        this.spent.push(now);
        return;
      } else {
        waitMs = this.spent[0]! + this.windowMs - now;
      }
      if (waitMs > maxWaitMs) throw new RateLimitDeferredError(waitMs, this.name);
      await this.clock.sleep(waitMs, signal);
    }
  }

  /** The limiter's clock, so a pause is set in the time it waits in. */
  now(): number {
    return this.clock.now();
  }

  /** After a 429 the platform blocks every call: nobody in this process sends until then. */
  pauseUntil(time: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, time);
  }

  /** Tokens available right now (for the Settings panel and tests). */
  available(): number {
    const now = this.clock.now();
    return this.limit.requests - this.spent.filter((t) => t > now - this.windowMs).length;
  }
}
