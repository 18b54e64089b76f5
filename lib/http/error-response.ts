// Maps every failure to an HTTP status and a message a person can act on. Upstream bodies are never
// passed through; the messages we build are scrubbed of every configured secret all the same.
import "server-only";
import { redactSecrets } from "@/lib/config";
import { ConfigError, UndeclaredUpstreamError } from "@/lib/errors/internal-errors";
import { DeferredError, PlatformError } from "@/lib/errors/platform-errors";
import { InputError, InvalidCursorError, InvalidIdentifierError } from "@/lib/errors/input-error";
import { GatewayError } from "@/lib/errors/gateway-errors";
import { ConflictError } from "@/lib/errors/conflict-error";
import { NotFoundError } from "@/lib/errors/not-found-error";
import { PayloadTooLargeError } from "@/lib/errors/payload-too-large-error";
import { ForbiddenError, UnauthenticatedError } from "@/lib/errors/identity-errors";

export interface ErrorBody {
  error: {
    message: string;
    /** The request field at fault, for 400s. */
    field?: string;
    /** The platform's error code, when it gave one. */
    code?: number;
    kind?: string;
    /** What a 409 conflicted on, e.g. the evidence's differences since approval. */
    details?: unknown;
  };
}

export function errorResponse(error: unknown): Response {
  const { status, body, headers } = describe(error);
  body.error.message = safeRedact(body.error.message);
  if (status >= 500 && !(error instanceof PlatformError || error instanceof GatewayError)) console.error(`[preflight] ${safeRedact(String(error))}`);
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

function describe(error: unknown): { status: number; body: ErrorBody; headers?: Record<string, string> } {
  if (error instanceof InputError || error instanceof InvalidIdentifierError || error instanceof InvalidCursorError) {
    return { status: 400, body: { error: { message: error.message, field: error.field } } };
  }
  if (error instanceof PayloadTooLargeError) return { status: 413, body: { error: { message: error.message, field: "body", kind: "too_large" } } };
  if (error instanceof UnauthenticatedError) return { status: 401, body: { error: { message: error.message, kind: "unauthenticated" } } };
  if (error instanceof ForbiddenError) return { status: 403, body: { error: { message: error.message, kind: "forbidden" } } };
  if (error instanceof NotFoundError) return { status: 404, body: { error: { message: error.message, kind: "not_found" } } };
  if (error instanceof ConflictError) return { status: 409, body: { error: { message: error.message, kind: error.kind, details: error.details } } };
  if (error instanceof PlatformError) return describePlatformError(error);
  if (error instanceof GatewayError) {
    // The node's own code and message, shown for what they are (scrubbed like every message).
    return { status: 502, body: { error: { message: error.message, code: error.code, kind: `gateway_${error.kind}` } } };
  }
  if (error instanceof DeferredError) {
    const seconds = Math.max(1, Math.ceil(error.retryAfterMs / 1000));
    return {
      status: 503,
      body: { error: { message: `This operation could not finish within one request: ${error.message}. Try again.`, kind: "deferred" } },
      headers: { "Retry-After": String(seconds) },
    };
  }
  if (error instanceof UndeclaredUpstreamError) return { status: 500, body: { error: { message: error.message, kind: "undeclared_upstream" } } };
  if (error instanceof ConfigError) {
    return { status: 500, body: { error: { message: `Preflight is misconfigured: ${error.message}`, kind: "config" } } };
  }
  return { status: 500, body: { error: { message: "Preflight failed unexpectedly; the server log has the details." } } };
}

function describePlatformError(error: PlatformError) {
  const base = { message: error.message, code: error.code, kind: error.kind };
  switch (error.kind) {
    case "rate_limited":
      return {
        status: 503,
        body: { error: base },
        headers: { "Retry-After": String(error.retryAfterSeconds ?? 60) },
      };
    case "timeout":
      return { status: 504, body: { error: base } };
    case "api":
      if (error.status === 401 || error.status === 403 || error.code === 9106 || error.code === 10000) {
        return {
          status: 502,
          body: { error: { ...base, message: `${error.message}. Check the API token (or e-mail and key) Preflight is configured with.` } },
        };
      }
      return { status: error.status === 404 ? 404 : 502, body: { error: base } };
    default:
      return { status: 502, body: { error: base } };
  }
}

function safeRedact(text: string): string {
  try {
    return redactSecrets(text);
  } catch {
    return text; // configuration itself is broken: it holds no parsed secret to leak
  }
}
