// The account rate limit, kept by the whole process: a token bucket of `requests` tokens in which each
// spent token comes back exactly one window later. Unlike a bucket refilled at a constant rate, it can
// never let more than `requests` calls into any window-long interval, which is what the platform counts.
// Tokens are shared fairly between the consumers (pages, the snapshot refresh) active in the window.
import { systemClock, type Clock } from "@/lib/platform/clock";
import { RateLimitDeferredError, type RateLimitName } from "@/lib/errors/platform-errors";
import { reservedForOthers, type ConsumerUse } from "@/lib/platform/fair-share";
import type { LimitKeeping, RateLimit, RateLimitKeeper, RateLimitUse } from "@/lib/platform/rate-limit-keeper";

// The limit's vocabulary lives with the keeper's interface; its importers find it here too.
export type { RateLimit, RateLimitUse };

/** The name of calls that say nothing of who makes them (tests, the sandbox's own limiter). */
export const ANONYMOUS_CONSUMER = "other";

/** A consumer stays owed its share this long after its last call, or after the time it was told to come back. */
const IDLE_MS = 30_000;

export class RateLimiter implements RateLimitKeeper {
  private readonly spent: Array<{ at: number; consumer: string }> = [];
  /**
   * Tokens each consumer holds in the window, kept as tokens come and go: counting them in `spent` at every call
   * while two consumers shared the bucket made each call cost as much as the window held (a refresh beside a page).
   */
  private readonly held = new Map<string, number>();
  /** Until when each consumer counts as sharing the bucket: a page that went away stops holding its share. */
  private readonly activeUntil = new Map<string, number>();
  private pausedUntil = 0;
  private readonly windowMs: number;

  constructor(
    readonly limit: RateLimit,
    private readonly clock: Clock = systemClock,
    /** Which platform limit this bucket keeps, so a deferral says which one to wait for. */
    readonly name: RateLimitName = "account",
    /** "per isolate" on the edge with sharing off: the page then says so. */
    readonly keeping: LimitKeeping = "per process",
  ) {
    // The platform counts arrivals, we count departures: a margin absorbs the difference in latency.
    this.windowMs = limit.windowSeconds * 1000 + Math.max(250, limit.windowSeconds * 10);
  }

  /**
   * Waits until a call may be sent, then spends a token for it. A wait longer than `maxWaitMs` is not
   * waited: it throws RateLimitDeferredError, so the request can answer and resume later. A consumer past
   * its fair share waits while another active consumer has not had its own.
   */
  async acquire(signal?: AbortSignal, maxWaitMs = Infinity, consumer = ANONYMOUS_CONSUMER): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const now = this.clock.now();
      this.expire(now);
      this.keepActive(consumer, now + IDLE_MS);
      let waitMs: number;
      if (now < this.pausedUntil) {
        waitMs = this.pausedUntil - now;
      } else if (this.spent.length < this.limit.requests - this.reserved(consumer)) {
        this.spent.push({ at: now, consumer });
        this.held.set(consumer, (this.held.get(consumer) ?? 0) + 1);
        return;
      } else {
        // Room comes back as the oldest token does (and with it this consumer's share, if that held it back).
        waitMs = this.spent[0]!.at + this.windowMs - now;
      }
      // A consumer told to come back later is owed its share until then (and a little after).
      this.keepActive(consumer, now + waitMs + IDLE_MS);
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
    this.expire(this.clock.now());
    return this.limit.requests - this.spent.length;
  }

  /** Who uses the limit now: the pages show it while they wait. */
  use(): RateLimitUse {
    const now = this.clock.now();
    this.expire(now);
    return {
      limit: this.name,
      requests: this.limit.requests,
      windowSeconds: this.limit.windowSeconds,
      available: this.limit.requests - this.spent.length,
      pausedUntil: now < this.pausedUntil ? new Date(this.pausedUntil).toISOString() : null,
      consumers: this.uses()
        .map(({ consumer, calls }) => ({ consumer, calls }))
        .sort((a, b) => b.calls - a.calls || a.consumer.localeCompare(b.consumer)),
      keeping: this.keeping,
    };
  }

  private expire(now: number): void {
    while (this.spent.length && this.spent[0]!.at <= now - this.windowMs) {
      const { consumer } = this.spent.shift()!;
      const left = this.held.get(consumer)! - 1;
      if (left === 0) this.held.delete(consumer);
      else this.held.set(consumer, left);
    }
    for (const [consumer, until] of this.activeUntil) if (until <= now) this.activeUntil.delete(consumer);
  }

  /** Tokens held for the other active consumers; none (and no count of the window) while one consumer is alone. */
  private reserved(consumer: string): number {
    if (this.activeUntil.size < 2) return 0;
    return reservedForOthers(
      consumer,
      this.uses().filter((u) => u.active),
      this.limit.requests,
    );
  }

  private keepActive(consumer: string, until: number): void {
    this.activeUntil.set(consumer, Math.max(this.activeUntil.get(consumer) ?? 0, until));
  }

  /** Every consumer with calls in the window, and whether it still shares the bucket (only those are owed a share). */
  private uses(): Array<ConsumerUse & { active: boolean }> {
    const calls = new Map<string, number>([...this.activeUntil.keys()].map((consumer) => [consumer, 0]));
    for (const [consumer, count] of this.held) calls.set(consumer, count);
    return [...calls].map(([consumer, count]) => ({ consumer, calls: count, active: this.activeUntil.has(consumer) }));
  }
}
