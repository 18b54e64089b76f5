// An isolate's side of the shared account limit: it takes permits from the limit's Durable Object in batches
// (one call per batch, sized to the calls waiting), spends them locally, and gives back what it did not send
// within the lease. When the object cannot be reached it waits and says so; it never counts on its own.
import { systemClock, type Clock } from "@/lib/platform/clock";
import { RateLimitDeferredError, type RateLimitName } from "@/lib/errors/platform-errors";
import { CALL_TIMEOUT_MS, PERMIT_LEASE_MS } from "@/lib/platform/limit-ledger";
import type { LimitAnswer, LimitRequest } from "@/lib/platform/shared-limit-protocol";
import { ANONYMOUS_CONSUMER, type RateLimit, type RateLimitUse } from "@/lib/platform/rate-limiter";
import type { RateLimitKeeper } from "@/lib/platform/rate-limit-keeper";

/** One call to the limit's object (a Durable Object stub's fetch on the edge; a fake in tests). */
export type LimitObjectCall = (request: LimitRequest) => Promise<LimitAnswer>;

/** At most this many permits in one batch: a server request has at most 6 calls in flight. */
export const MAX_BATCH = 12;
/** How long to wait before asking an unreachable object again. */
export const UNREACHABLE_RETRY_MS = 1_000;
export { CALL_TIMEOUT_MS };

interface HeldBatch {
  consumer: string;
  at: number;
  count: number;
  /** Local time after which the permits may no longer be sent. */
  usableUntil: number;
}

export class SharedRateLimiter implements RateLimitKeeper {
  private held: HeldBatch[] = [];
  /**
   * Batches and waiting callers per server request (its signal) and consumer: on the edge a call left running
   * when its request ended is cancelled and never settles, so another request must never wait on it.
   */
  private readonly pending = new WeakMap<object, Map<string, Promise<LimitAnswer | "unreachable">>>();
  private readonly waiting = new WeakMap<object, Map<string, number>>();
  private toGiveBack: NonNullable<LimitRequest["giveBack"]> = [];
  private pausedUntil = 0;
  private pauseToSend: number | undefined;
  private last: LimitAnswer | undefined;
  private unreachable = false;

  constructor(
    readonly limit: RateLimit,
    private readonly call: LimitObjectCall,
    private readonly clock: Clock = systemClock,
    readonly name: RateLimitName = "account",
    /** Runs `work` after `ms` (a timer; tests pass their own). */
    private readonly after: (ms: number, work: () => void) => void = (ms, work) => void setTimeout(work, ms),
  ) {}

  now(): number {
    return this.clock.now();
  }

  async acquire(signal?: AbortSignal, maxWaitMs = Infinity, consumer = ANONYMOUS_CONSUMER): Promise<void> {
    const started = this.clock.now();
    const waiting = perRequest(this.waiting, signal);
    waiting.set(consumer, (waiting.get(consumer) ?? 0) + 1);
    try {
      for (;;) {
        signal?.throwIfAborted();
        const now = this.clock.now();
        if (this.spendHeld(consumer, now)) return;
        let waitMs: number;
        if (now < this.pausedUntil) waitMs = this.pausedUntil - now;
        else {
          const answer = await this.batch(consumer, signal);
          if (answer === "unreachable") {
            waitMs = UNREACHABLE_RETRY_MS;
            // Waiting on an unreachable object adds up: past the request's patience, the work is deferred.
            if (this.clock.now() - started + waitMs > maxWaitMs) throw new RateLimitDeferredError(waitMs, this.name);
          } else if (answer.granted > 0) continue;
          else waitMs = answer.waitMs;
        }
        if (waitMs > maxWaitMs) throw new RateLimitDeferredError(waitMs, this.name);
        await this.clock.sleep(waitMs, signal);
      }
    } finally {
      waiting.set(consumer, waiting.get(consumer)! - 1);
    }
  }

  pauseUntil(time: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, time);
    this.pauseToSend = Math.max(this.pauseToSend ?? 0, time);
    // Every other isolate must hold back too: tell the object now rather than with the next batch.
    void this.send({ limit: this.limit, consumer: ANONYMOUS_CONSUMER, wanted: 0 }).catch(() => undefined);
  }

  use(): RateLimitUse {
    const now = this.clock.now();
    const pausedUntil = Math.max(this.pausedUntil, this.last?.pausedUntil ?? 0);
    return {
      limit: this.name,
      requests: this.limit.requests,
      windowSeconds: this.limit.windowSeconds,
      available: this.last?.available ?? this.limit.requests,
      pausedUntil: now < pausedUntil ? new Date(pausedUntil).toISOString() : null,
      consumers: this.last?.consumers ?? [],
      keeping: "shared",
      unreachable: this.unreachable,
    };
  }

  /** One call that takes nothing: what the object says of the limit now, or that it cannot be reached. */
  async refresh(): Promise<void> {
    await this.send({ limit: this.limit, consumer: ANONYMOUS_CONSUMER, wanted: 0 }).catch(() => {
      this.unreachable = true;
    });
  }

  /** Permits held locally and not yet sent (tests). */
  heldPermits(): number {
    return this.held.reduce((sum, b) => sum + b.count, 0);
  }

  private spendHeld(consumer: string, now: number): boolean {
    this.returnExpired(now);
    const batch = this.held.find((b) => b.consumer === consumer && b.count > 0);
    if (!batch) return false;
    batch.count--;
    this.held = this.held.filter((b) => b.count > 0);
    return true;
  }

  /** Permits past their lease go back with the next call. */
  private returnExpired(now: number): void {
    for (const b of this.held) if (b.usableUntil <= now) this.toGiveBack.push({ consumer: b.consumer, at: b.at, count: b.count });
    this.held = this.held.filter((b) => b.usableUntil > now);
  }

  /** One call for every caller of `consumer` waiting now; those who come while it runs share its answer. */
  private batch(consumer: string, signal?: AbortSignal): Promise<LimitAnswer | "unreachable"> {
    const pending = perRequest(this.pending, signal);
    const waiting = perRequest(this.waiting, signal);
    const running = pending.get(consumer);
    if (running) return running;
    let sentAt = this.clock.now();
    // One turn of the event loop first, so the calls a request starts together are one batch.
    const answer = new Promise<void>((resolve) => setTimeout(resolve, 0))
      .then(() => {
        sentAt = this.clock.now();
        const wanted = Math.min(MAX_BATCH, Math.max(1, waiting.get(consumer) ?? 1));
        return this.send({ limit: this.limit, consumer, wanted });
      })
      .then(
        (a) => {
          if (a.granted > 0) {
            // The lease runs from the answer (capped by the timeout): the object counts each permit for that too.
            const receivedAt = Math.min(this.clock.now(), sentAt + CALL_TIMEOUT_MS);
            const batch: HeldBatch = { consumer, at: a.at, count: a.granted, usableUntil: receivedAt + PERMIT_LEASE_MS };
            this.held.push(batch);
            this.after(PERMIT_LEASE_MS, () => this.giveBackIdle());
          }
          return a;
        },
        () => "unreachable" as const,
      );
    pending.set(consumer, answer);
    void answer.finally(() => pending.delete(consumer));
    return answer;
  }

  /** A lease ended: what is still unsent goes back now if no other call will carry it. */
  private giveBackIdle(): void {
    this.returnExpired(this.clock.now());
    if (this.toGiveBack.length === 0) return;
    void this.send({ limit: this.limit, consumer: ANONYMOUS_CONSUMER, wanted: 0 }).catch(() => undefined);
  }

  /** Sends `request` with what is owed back and any pause; on failure the pause waits for the next call. */
  private async send(request: LimitRequest): Promise<LimitAnswer> {
    const giveBack = this.toGiveBack;
    const pauseUntil = this.pauseToSend;
    this.toGiveBack = [];
    this.pauseToSend = undefined;
    try {
      const answer = await withTimeout(this.call({ ...request, giveBack, ...(pauseUntil === undefined ? {} : { pauseUntil }) }));
      this.last = answer;
      this.unreachable = false;
      this.pausedUntil = Math.max(this.pausedUntil, answer.pausedUntil);
      return answer;
    } catch (error) {
      // What was given back is not sent again: the object may have taken it, and twice would free permits sent.
      if (pauseUntil !== undefined) this.pauseToSend = Math.max(this.pauseToSend ?? 0, pauseUntil);
      // Only a call for permits says the object is out of reach (a give-back after its request ended may fail).
      if (request.wanted > 0) this.unreachable = true;
      throw error;
    }
  }
}

/** Calls made outside any server request (tests, the cron's own steps without a signal) share this key. */
const NO_REQUEST = {};

function perRequest<T>(maps: WeakMap<object, Map<string, T>>, signal: AbortSignal | undefined): Map<string, T> {
  const key = signal ?? NO_REQUEST;
  let map = maps.get(key);
  if (!map) maps.set(key, (map = new Map()));
  return map;
}

/** The call, or a failure after CALL_TIMEOUT_MS (permits it granted or took back are wasted for a window, never overspent). */
function withTimeout<T>(call: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the shared rate limit did not answer within ${CALL_TIMEOUT_MS / 1000} s`)), CALL_TIMEOUT_MS);
  });
  return Promise.race([call, timeout]).finally(() => clearTimeout(timer));
}
