// The one road to the platform: every upstream call of a server request goes through its Scheduler,
// which keeps at most 6 in flight, spends the per-request subrequest budget, waits for the account's
// rate limit (kept by the process, or by every isolate together on the edge), times each call out, and retries what is worth retrying.
import { setMaxListeners } from "node:events";
import { onEdgeRuntime } from "@/lib/edge/runtime";
import { callDeadline } from "@/lib/platform/call-deadline";
import { systemClock, type Clock } from "@/lib/platform/clock";
import { BudgetExhaustedError, PlatformError, RateLimitDeferredError, type RateLimitName } from "@/lib/errors/platform-errors";
import type { RateLimitKeeper } from "@/lib/platform/rate-limit-keeper";
import {
  backoffDelay,
  DEFAULT_RETRY_POLICY,
  inOutage,
  isRetryableStatus,
  parseRetryAfter,
  type RetryPolicy,
} from "@/lib/platform/retry-policy";
import { nodeFetch } from "@/lib/platform/node-fetch";
import { Semaphore } from "@/lib/platform/semaphore";

/** Simultaneous outgoing connections per invocation on the edge runtime. */
export const MAX_IN_FLIGHT = 6;

/** The abort listeners a request's signal may have: the budgets of the Schedulers on it, and Node's 10. */
const listenerRoom = new WeakMap<AbortSignal, number>();

export interface UpstreamRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  /** "GET /zones": how the call is named in errors and logs (never the host or the query). */
  operation: string;
  headers: Record<string, string>;
  body?: string;
  /** Safe to send twice: only then are 5xx and network errors retried (a 429 was never processed). */
  idempotent: boolean;
  /** A limit of its own this call also counts against (GraphQL analytics), on top of the account's. */
  limiter?: RateLimitKeeper;
  /**
   * The service answering, where one origin serves several (GraphQL analytics beside the v4 API): failed attempts in
   * a row are counted per origin and service, so one of them failing does not end the other's retries.
   */
  service?: string;
  /** Whether a 429 is that limit's refusal (told by its body) rather than the account's: then only it pauses. */
  ownRefusal?: (response: UpstreamResponse) => OwnLimitRefusal | undefined;
}

export interface OwnLimitRefusal {
  name: RateLimitName;
  /** How long it asks to wait when the answer has no Retry-After (its message says so). */
  waitMs: number;
}

export interface UpstreamResponse<B = string> {
  status: number;
  headers: Headers;
  body: B;
}

/**
 * Reads a response's body as it arrives (instead of as one string), inside the call's slot: it must read
 * the body to its end or cancel it. A throw is a failed read, like a connection reset half-way.
 */
export type BodyReader<B> = (body: ReadableStream<Uint8Array> | null, status: number) => Promise<B>;

export interface SchedulerOptions {
  limiter: RateLimitKeeper;
  subrequestBudget: number;
  timeoutMs: number;
  maxInFlight?: number;
  retry?: RetryPolicy;
  fetch?: typeof fetch;
  clock?: Clock;
  random?: () => number;
  /** The incoming request's signal: when the browser goes away, queued work is dropped. */
  signal?: AbortSignal;
  /** Longest wait for the account rate limit inside one request; longer waits defer the work. */
  maxRateLimitWaitMs?: number;
  /** Another upstream of the same server request (the gateway beside the v4 API): share its 6 slots and budget. */
  shareWith?: Scheduler;
  /** Sent as `X-Preflight-Request` on every call, so an upstream log can group calls by server request. */
  requestId?: string;
  /** Who the calls are for ("Zones scan"): the rate limiter shares its tokens fairly between consumers. */
  consumer?: string;
}

/** The header naming the server request an upstream call belongs to (an opaque random id). */
export const REQUEST_ID_HEADER = "X-Preflight-Request";

export interface SchedulerStats {
  subrequests: number;
  budget: number;
  peakInFlight: number;
  retries: number;
}

export class Scheduler {
  private readonly slots: Semaphore;
  private readonly retry: RetryPolicy;
  private readonly clock: Clock;
  private readonly fetchImpl: typeof fetch;
  private readonly random: () => number;
  /**
   * Shared by the Schedulers made with `shareWith`: one server request's calls to one account and the gateway. The
   * limits are the request's, not each upstream's. Failed attempts in a row are counted per upstream (origin and
   * service): the gateway failing says nothing of the v4 API.
   */
  private readonly usage: { subrequests: number; retries: number; failuresInARow: Map<string, number> };

  constructor(private readonly options: SchedulerOptions) {
    this.slots = options.shareWith?.slots ?? new Semaphore(options.maxInFlight ?? MAX_IN_FLIGHT);
    this.usage = options.shareWith?.usage ?? { subrequests: 0, retries: 0, failuresInARow: new Map() };
    this.retry = options.retry ?? DEFAULT_RETRY_POLICY;
    this.clock = options.clock ?? systemClock;
    // On Node, node:http rather than the global fetch, whose every call's state outlives the young generation.
    this.fetchImpl = options.fetch ?? (onEdgeRuntime() ? fetch : nodeFetch);
    this.random = options.random ?? Math.random;
    // Every call waiting for a slot, the rate limit or a retry listens for the request's abort: as many as the budget
    // allows, by design, not the leak Node warns of past 10. A request reading several accounts has a Scheduler for
    // each, on one signal, each with its share of the budget; one sharing another's slots and budget adds none.
    if (options.signal && !options.shareWith) {
      const room = (listenerRoom.get(options.signal) ?? 10) + options.subrequestBudget;
      listenerRoom.set(options.signal, room);
      setMaxListeners(room, options.signal);
    }
  }

  get stats(): SchedulerStats {
    return {
      subrequests: this.usage.subrequests,
      budget: this.options.subrequestBudget,
      peakInFlight: this.slots.peak,
      retries: this.usage.retries,
    };
  }

  /** A Scheduler for the same request that leaves `reserve` subrequests unspent (for the bucket writes after). */
  reserving(reserve: number): Scheduler {
    return new Scheduler({ ...this.options, shareWith: this, subrequestBudget: Math.max(0, this.options.subrequestBudget - reserve) });
  }

  /** The server request's id, sent upstream with every call. */
  get requestId(): string | undefined {
    return this.options.requestId;
  }

  /** Subrequests still available to this server request. */
  get remainingBudget(): number {
    return this.options.subrequestBudget - this.usage.subrequests;
  }

  /**
   * A subrequest that is not a fetch (a bucket call): it takes one of the 6 connections and one unit of
   * the budget like a fetch does on the edge runtime; `work` must finish reading what it opened.
   */
  async subrequest<T>(work: () => Promise<T>): Promise<T> {
    await this.slots.acquire(this.options.signal);
    try {
      if (this.usage.subrequests >= this.options.subrequestBudget) throw new BudgetExhaustedError(this.options.subrequestBudget);
      this.usage.subrequests++;
      return await work();
    } finally {
      this.slots.release();
    }
  }

  /** Sends one request, retrying as the policy allows; the body is always read in full or cancelled. */
  async send(request: UpstreamRequest): Promise<UpstreamResponse>;
  /** The same, its body read by `read` as it arrives (every attempt's, retried ones too). */
  async send<B>(request: UpstreamRequest, read: BodyReader<B>): Promise<UpstreamResponse<B>>;
  async send<B>(request: UpstreamRequest, read?: BodyReader<B>): Promise<UpstreamResponse<B | string>> {
    const upstream = `${new URL(request.url).origin} ${request.service ?? ""}`;
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.attempt(request, read);
      const failed = !("response" in outcome) || isRetryableStatus(outcome.response.status);
      const failures = failed ? (this.usage.failuresInARow.get(upstream) ?? 0) + 1 : 0;
      this.usage.failuresInARow.set(upstream, failures);
      // Once the upstream looks down, a failed call is reported at once, until it answers anything but a 5xx or 408.
      const last = attempt >= this.retry.maxAttempts || (failed && inOutage(this.retry, failures));
      if ("response" in outcome) {
        const { response } = outcome;
        if (response.status === 429) {
          // GraphQL analytics' own limit answers 429 too: it pauses that limit's queries, not every call of the account.
          const own = request.limiter && request.ownRefusal?.(response as UpstreamResponse);
          const retryAfter = parseRetryAfter(response.headers.get("retry-after"), this.clock.now());
          const waitMs = retryAfter ?? own?.waitMs ?? backoffDelay(this.retry, attempt, this.random);
          (own ? request.limiter! : this.options.limiter).pauseUntil(this.clock.now() + waitMs);
          if (own && (last || waitMs > this.retry.maxRetryAfterMs)) throw new RateLimitDeferredError(waitMs, own.name);
          if (last || waitMs > this.retry.maxRetryAfterMs) throw rateLimited(request, waitMs);
        } else if (!(isRetryableStatus(response.status) && request.idempotent && !last)) {
          return response;
        } else {
          await this.clock.sleep(backoffDelay(this.retry, attempt, this.random), this.options.signal);
        }
      } else {
        if (!request.idempotent || last) throw outcome.error;
        await this.clock.sleep(backoffDelay(this.retry, attempt, this.random), this.options.signal);
      }
      this.usage.retries++;
    }
  }

  private async attempt<B>(
    request: UpstreamRequest,
    read?: BodyReader<B>,
  ): Promise<{ response: UpstreamResponse<B | string> } | { error: PlatformError }> {
    const { signal } = this.options;
    await this.slots.acquire(signal);
    try {
      if (this.usage.subrequests >= this.options.subrequestBudget) {
        throw new BudgetExhaustedError(this.options.subrequestBudget);
      }
      this.usage.subrequests++;
      try {
        await request.limiter?.acquire(signal, this.options.maxRateLimitWaitMs, this.options.consumer);
        await this.options.limiter.acquire(signal, this.options.maxRateLimitWaitMs, this.options.consumer);
      } catch (error) {
        this.usage.subrequests--; // never sent
        throw error;
      }
      const deadline = callDeadline(signal, this.options.timeoutMs);
      const headers = this.options.requestId ? { ...request.headers, [REQUEST_ID_HEADER]: this.options.requestId } : request.headers;
      let response: Response | undefined;
      try {
        response = await this.fetchImpl(request.url, {
          method: request.method,
          headers,
          body: request.body,
          signal: deadline.signal,
          redirect: "manual",
        });
        // Reading the body inside the slot releases the connection before the next call takes it.
        const body = read ? await read(response.body, response.status) : await response.text();
        return { response: { status: response.status, headers: response.headers, body } };
      } catch (error) {
        // A read that failed half-way (abort, timeout, reset) still lets go of the connection.
        if (response?.body && !response.bodyUsed) await response.body.cancel().catch(() => undefined);
        signal?.throwIfAborted();
        return { error: transportError(request, error, deadline.timedOut(), this.options.timeoutMs) };
      } finally {
        deadline.clear();
      }
    } finally {
      this.slots.release();
    }
  }
}

function transportError(request: UpstreamRequest, error: unknown, timedOut: boolean, timeoutMs: number) {
  if (timedOut) {
    return new PlatformError({
      kind: "timeout",
      operation: request.operation,
      message: `${request.operation} did not answer within ${Math.round(timeoutMs / 1000)} s`,
    });
  }
  // The cause's text may name the host; say only what kind of failure it was.
  const code = (error as { cause?: { code?: string } })?.cause?.code;
  return new PlatformError({
    kind: "network",
    operation: request.operation,
    message: `${request.operation} could not reach the platform${code ? ` (${code})` : ""}`,
  });
}

function rateLimited(request: UpstreamRequest, waitMs: number) {
  const seconds = Math.ceil(waitMs / 1000);
  return new PlatformError({
    kind: "rate_limited",
    operation: request.operation,
    status: 429,
    retryAfterSeconds: seconds,
    message: `${request.operation} was refused by the account rate limit; try again in ${seconds} s`,
  });
}
