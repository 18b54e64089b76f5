// Answers every failure with its status and a body `{"error":{"message","kind",…}}`. A PreflightError
// carries its own answer (lib/errors); anything else is Preflight's bug: a 500 `internal` whose message
// says nothing of it (never an upstream body). Messages are scrubbed of every configured secret all the same.
import "server-only";
import { redactSecrets } from "@/lib/config";
import { PreflightError, type ErrorAnswer } from "@/lib/errors/preflight-error";

export interface ErrorBody {
  error: Omit<ErrorAnswer, "status" | "retryAfterSeconds">;
}

const INTERNAL: ErrorAnswer = { status: 500, kind: "internal", message: "Preflight failed unexpectedly; the server log has the details." };

export function errorResponse(error: unknown): Response {
  const { status, retryAfterSeconds, ...body } = error instanceof PreflightError ? error.answer() : INTERNAL;
  if (status >= 500 && !(error instanceof PreflightError && error.upstreamFailure))
    console.error(`[preflight] ${safeRedact(String(error))}`);
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (retryAfterSeconds !== undefined) headers["Retry-After"] = String(retryAfterSeconds);
  return Response.json({ error: { ...body, message: safeRedact(body.message) } } satisfies ErrorBody, { status, headers });
}

/** What failed, in words that name no secret (a kind or a class name, never a message): for logs. */
export function errorKind(error: unknown): string {
  if (error instanceof PreflightError) return error.kind;
  return error instanceof Error ? error.name : "error";
}

function safeRedact(text: string): string {
  try {
    return redactSecrets(text);
  } catch {
    return text; // configuration itself is broken: it holds no parsed secret to leak
  }
}
