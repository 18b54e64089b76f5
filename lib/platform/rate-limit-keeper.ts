// What the scheduler needs of a rate limit, whoever keeps it: the process (Node), one isolate (sharing off)
// or the Durable Object every isolate asks (the edge). The pages read `use()` while they wait.
import type { RateLimitName } from "@/lib/errors/platform-errors";
import type { ConsumerUse } from "@/lib/platform/fair-share";

export interface RateLimit {
  requests: number;
  windowSeconds: number;
}

/** What the limit is doing now, for the pages that wait on it. */
export interface RateLimitUse {
  limit: RateLimitName;
  requests: number;
  windowSeconds: number;
  available: number;
  /** After a 429 the platform blocks every call until then (ISO time), or null. */
  pausedUntil: string | null;
  /** Calls each consumer made in the current window, most first; consumers waiting for room show 0. */
  consumers: ConsumerUse[];
  /** Who counts these calls: every isolate together (a Durable Object), one isolate, or this process. */
  keeping?: LimitKeeping;
  /** The shared limit's object could not be reached at the last try: every call waits for it. */
  unreachable?: boolean;
}

/** Who counts the calls of one limit: every isolate together, or each isolate (or process) on its own. */
export type LimitKeeping = "shared" | "per isolate" | "per process";

export interface RateLimitKeeper {
  readonly limit: RateLimit;
  readonly name: RateLimitName;
  /** Waits until a call may be sent; over `maxWaitMs` it throws RateLimitDeferredError instead. */
  acquire(signal?: AbortSignal, maxWaitMs?: number, consumer?: string): Promise<void>;
  /** The keeper's clock, so a pause is set in the time it waits in. */
  now(): number;
  /** After a 429 the platform blocks every call of the token until then. */
  pauseUntil(time: number): void;
  use(): RateLimitUse;
  /** Asks the keeper how the limit stands now, when it is kept elsewhere (the shared object); `use()` then says it. */
  refresh?(): Promise<void>;
}
