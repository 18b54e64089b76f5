// The browser's way to call Preflight's own operations: an error comes back as the message the server wrote,
// with its `kind` (lib/errors/error-kinds.ts), the field at fault, the conflict's `details` and Retry-After.
import type { ErrorKind } from "@/lib/errors/error-kinds";

export class OperationError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly field?: string,
    /** Absent when the answer was not Preflight's error body (the server unreachable, a proxy's page). */
    readonly kind?: ErrorKind,
    /** What a 409 conflicted on, e.g. the evidence's differences since approval. */
    readonly details?: unknown,
    /** From Retry-After: when the operation may be tried again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "OperationError";
  }
}

interface ErrorBody {
  error?: { message?: string; field?: string; kind?: string; details?: unknown };
}

export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { Accept: "application/json", ...init?.headers } });
  } catch {
    throw new OperationError("Preflight's server could not be reached. Is it still running?", 0);
  }
  const body = (await response.json().catch(() => undefined)) as unknown;
  if (!response.ok) throw errorFromAnswer(response.status, body, response.headers.get("retry-after"));
  return body as T;
}

/** The OperationError an error answer (or an NDJSON error line) describes, keeping its kind, field and details. */
export function errorFromAnswer(status: number, body: unknown, retryAfterHeader?: string | null): OperationError {
  const error = (body as ErrorBody | undefined)?.error;
  const retryAfter = Number(retryAfterHeader ?? Number.NaN);
  return new OperationError(
    error?.message ?? `Preflight answered HTTP ${status}`,
    status,
    error?.field,
    typeof error?.kind === "string" ? (error.kind as ErrorKind) : undefined,
    error?.details,
    Number.isFinite(retryAfter) ? retryAfter : undefined,
  );
}
