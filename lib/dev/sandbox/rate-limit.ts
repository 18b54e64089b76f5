// The account rate limit: N calls per window per credential; going over blocks every call for one window.
import type { Principal } from "./auth";

export interface RateLimitConfig {
  requests: number;
  windowSeconds: number;
}

export type RateDecision =
  { allowed: true; headers: Record<string, string> } | { allowed: false; retryAfterSeconds: number; headers: Record<string, string> };

interface Bucket {
  /** Times (ms) of the accepted calls still inside the window. */
  calls: number[];
  /** End (ms) of the current block, 0 when not blocked. */
  blockedUntil: number;
}

export class RateLimiter {
  private readonly buckets = new Map<Principal, Bucket>();

  /** `config` null (or 0 requests) disables the limit; `now` is injectable so tests need not sleep. */
  constructor(
    private readonly config: RateLimitConfig | null,
    private readonly now: () => number,
  ) {}

  get enabled(): boolean {
    return this.config !== null && this.config.requests > 0 && this.config.windowSeconds > 0;
  }

  reset(): void {
    this.buckets.clear();
  }

  check(principal: Principal): RateDecision {
    if (!this.enabled || this.config === null) return { allowed: true, headers: {} };
    const { requests, windowSeconds } = this.config;
    const windowMs = windowSeconds * 1000;
    const now = this.now();
    const bucket = this.buckets.get(principal) ?? { calls: [], blockedUntil: 0 };
    this.buckets.set(principal, bucket);
    if (now < bucket.blockedUntil) return this.refuse(bucket.blockedUntil - now);
    bucket.blockedUntil = 0;
    while (bucket.calls.length > 0 && (bucket.calls[0] ?? 0) <= now - windowMs) bucket.calls.shift();
    if (bucket.calls.length >= requests) {
      // The block starts when the limit is exceeded and lasts one whole window, like the real API.
      bucket.blockedUntil = now + windowMs;
      bucket.calls = [];
      return this.refuse(windowMs);
    }
    bucket.calls.push(now);
    const oldest = bucket.calls[0] ?? now;
    const resetSeconds = Math.max(0, Math.ceil((oldest + windowMs - now) / 1000));
    return { allowed: true, headers: this.headers(requests - bucket.calls.length, resetSeconds) };
  }

  private refuse(remainingMs: number): RateDecision {
    const retryAfterSeconds = Math.max(1, Math.ceil(remainingMs / 1000));
    return {
      allowed: false,
      retryAfterSeconds,
      headers: { ...this.headers(0, retryAfterSeconds), "Retry-After": String(retryAfterSeconds) },
    };
  }

  private headers(remaining: number, resetSeconds: number): Record<string, string> {
    const { requests, windowSeconds } = this.config ?? { requests: 0, windowSeconds: 0 };
    return {
      Ratelimit: `"default";r=${remaining};t=${resetSeconds}`,
      "Ratelimit-Policy": `"default";q=${requests};w=${windowSeconds}`,
    };
  }
}
