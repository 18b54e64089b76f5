// Typed failures of upstream calls: each carries what a person needs to act on it.

export type PlatformErrorKind =
  | "api" // the platform answered success:false or an error status
  | "malformed" // the body was not the envelope or result we expect
  | "network" // no answer: connection refused, reset, DNS
  | "timeout" // no answer within the per-call timeout
  | "rate_limited"; // 429 that could not be waited out

/** An entry of the envelope's `errors`: `code` is absent in some rulesets answers, which name the field in `source.pointer`. */
export interface UpstreamMessage {
  code?: number;
  message: string;
  source?: { pointer?: string };
}

/** "code 1023: message", or "message at /rules/3/expression" when the platform names the field. */
export function describeUpstreamMessage(entry: UpstreamMessage): string {
  const code = entry.code === undefined ? "" : `code ${entry.code}: `;
  const pointer = entry.source?.pointer ? ` (at ${entry.source.pointer})` : "";
  return `${code}${entry.message || "no message"}${pointer}`;
}

export class PlatformError extends Error {
  readonly kind: PlatformErrorKind;
  /** "GET /zones": the operation, never the full URL (which names the host). */
  readonly operation: string;
  readonly status?: number;
  readonly errors: UpstreamMessage[];
  readonly retryAfterSeconds?: number;

  constructor(init: {
    kind: PlatformErrorKind;
    operation: string;
    message: string;
    status?: number;
    errors?: UpstreamMessage[];
    retryAfterSeconds?: number;
  }) {
    super(init.message);
    this.name = "PlatformError";
    this.kind = init.kind;
    this.operation = init.operation;
    this.status = init.status;
    this.errors = init.errors ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  /** The first upstream error code, e.g. 10000 for an authentication error (the rulesets API may give none). */
  get code(): number | undefined {
    return this.errors.find((entry) => entry.code !== undefined)?.code;
  }
}

/** This request can make no more calls now; the work continues in a later request, from a cursor. */
export class DeferredError extends Error {
  constructor(
    message: string,
    /** How long the next request should wait before continuing (0: at once). */
    readonly retryAfterMs: number,
  ) {
    super(message);
    this.name = "DeferredError";
  }
}

/** The per-request subrequest budget ran out before this call could be made. */
export class BudgetExhaustedError extends DeferredError {
  constructor(readonly budget: number) {
    super(`the per-request budget of ${budget} subrequests is used up`, 0);
    this.name = "BudgetExhaustedError";
  }
}

/** Which of the platform's limits a wait is for: the v4 account limit, or GraphQL analytics' own query limit. */
export type RateLimitName = "account" | "graphql";

/** A rate limit has no room for a while: better to answer now than to hold the request open. */
export class RateLimitDeferredError extends DeferredError {
  constructor(
    retryAfterMs: number,
    readonly limit: RateLimitName = "account",
  ) {
    super(`the ${limit === "graphql" ? "GraphQL analytics" : "account"} rate limit has no room for ${Math.ceil(retryAfterMs / 1000)} s`, retryAfterMs);
    this.name = "RateLimitDeferredError";
  }
}
