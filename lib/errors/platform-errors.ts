// Typed failures of upstream calls: each carries what a person needs to act on it, and how Preflight answers it.
import { PreflightError } from "@/lib/errors/preflight-error";

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

export class PlatformError extends PreflightError {
  readonly kind: PlatformErrorKind;
  override readonly upstreamFailure = true;
  /** "GET /zones": the operation, never the full URL (which names the host). */
  readonly operation: string;
  /** The platform's HTTP status (Preflight answers with `httpStatus`). */
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

  /** 503 rate limited (with Retry-After), 504 timed out, 404 for what the platform says does not exist, else 502. */
  get httpStatus(): number {
    if (this.kind === "rate_limited") return 503;
    if (this.kind === "timeout") return 504;
    return this.kind === "api" && this.status === 404 && !this.refusedCredentials ? 404 : 502;
  }

  override answer() {
    const answer = { ...super.answer(), code: this.code };
    if (this.kind === "rate_limited") return { ...answer, retryAfterSeconds: this.retryAfterSeconds ?? 60 };
    if (this.refusedCredentials)
      return { ...answer, message: `${this.message}. Check the API token (or e-mail and key) Preflight is configured with.` };
    return answer;
  }

  /** The platform refused Preflight's credentials: the fix is in its configuration, not the request. */
  private get refusedCredentials(): boolean {
    return this.kind === "api" && (this.status === 401 || this.status === 403 || this.code === 9106 || this.code === 10000);
  }
}

/** This request can make no more calls now; the work continues in a later request, from a cursor. */
export class DeferredError extends PreflightError {
  readonly httpStatus = 503;
  readonly kind = "deferred";

  constructor(
    message: string,
    /** How long the next request should wait before continuing (0: at once). */
    readonly retryAfterMs: number,
  ) {
    super(message);
    this.name = "DeferredError";
  }

  override answer() {
    return {
      ...super.answer(),
      message: `This operation could not finish within one request: ${this.message}. Try again.`,
      retryAfterSeconds: Math.max(1, Math.ceil(this.retryAfterMs / 1000)),
    };
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
    super(
      `the ${limit === "graphql" ? "GraphQL analytics" : "account"} rate limit has no room for ${Math.ceil(retryAfterMs / 1000)} s`,
      retryAfterMs,
    );
    this.name = "RateLimitDeferredError";
  }
}
