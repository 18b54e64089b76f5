// A failure Preflight answers on purpose carries its own answer: the HTTP status, the body's `kind` (words a
// script can branch on) and a message a person can act on. lib/http/error-response.ts reads it from the
// error instead of knowing every class. Browser-safe, like every file of lib/errors (the traces form uses them).

/** What an error body says, with the status and Retry-After it is sent with. */
export interface ErrorAnswer {
  status: number;
  kind: string;
  message: string;
  /** The request field at fault, for 400s. */
  field?: string;
  /** The platform's (or the node's) error code, when it gave one. */
  code?: number;
  /** What a 409 conflicted on, e.g. the evidence's differences since approval. */
  details?: unknown;
  /** Sent as `Retry-After`. */
  retryAfterSeconds?: number;
}

export abstract class PreflightError extends Error {
  /** The HTTP status Preflight answers with (not an upstream status: PlatformError keeps that in `status`). */
  abstract readonly httpStatus: number;
  abstract readonly kind: string;
  /** An upstream's refusal, already described by its message: not a fault of Preflight's to log. */
  readonly upstreamFailure: boolean = false;

  answer(): ErrorAnswer {
    return { status: this.httpStatus, kind: this.kind, message: this.message };
  }
}
