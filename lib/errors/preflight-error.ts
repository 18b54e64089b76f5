// A failure Preflight answers on purpose carries its own answer: the HTTP status, the body's `kind` (words a
// script can branch on) and a message a person can act on. lib/http/error-response.ts reads it from the
// error instead of knowing every class. Browser-safe, like every file of lib/errors (the traces form uses them).
import type { ErrorKind } from "@/lib/errors/error-kinds";

/** What an error body says, with the status and Retry-After it is sent with. */
export interface ErrorAnswer {
  status: number;
  kind: ErrorKind;
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

/** `K`: the kinds the class carries; every class but GatewayError answers its own kind (an ErrorKind, typo-checked). */
export abstract class PreflightError<K extends string = ErrorKind> extends Error {
  /** The HTTP status Preflight answers with (not an upstream status: PlatformError keeps that in `status`). */
  abstract readonly httpStatus: number;
  abstract readonly kind: K;
  /** An upstream's refusal, already described by its message: not a fault of Preflight's to log. */
  readonly upstreamFailure: boolean = false;

  answer(): ErrorAnswer {
    // A class with kinds of its own (GatewayError) overrides this answer with the ErrorKind it answers.
    return { status: this.httpStatus, kind: this.kind as string as ErrorKind, message: this.message };
  }
}
