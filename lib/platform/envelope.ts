// The v4 response envelope: every answer is parsed here, so a bad body is a typed error, never a crash.
import { z } from "zod";
import { describeUpstreamMessage, PlatformError } from "@/lib/errors/platform-errors";

/**
 * One entry of `errors`: the common v4 shape has `code` and `message`, but the rulesets API's
 * `rulesets_Message` has only `message` required, with `source.pointer` naming the refused field (the
 * SDK's ErrorData makes all of them optional). Unknown keys are kept for the audit.
 */
const messageSchema = z
  .object({
    code: z.number().optional(),
    message: z.string().optional(),
    source: z.object({ pointer: z.string().optional() }).loose().optional(),
  })
  .loose()
  .transform(({ message, ...rest }) => ({ ...rest, message: message ?? "" }));

export const resultInfoSchema = z.object({
  page: z.number().optional(),
  per_page: z.number().optional(),
  count: z.number().optional(),
  total_count: z.number().optional(),
  total_pages: z.number().optional(),
});
export type ResultInfo = z.infer<typeof resultInfoSchema>;

const envelopeSchema = z.object({
  success: z.boolean(),
  errors: z.array(messageSchema),
  messages: z.array(z.unknown()).optional(),
  result: z.unknown(),
  result_info: resultInfoSchema.nullish(),
});

export interface Envelope<T> {
  result: T;
  resultInfo?: ResultInfo;
}

/** Parses one upstream answer; throws PlatformError for error envelopes and malformed bodies. */
export function parseEnvelope<T>(operation: string, status: number, body: string, resultSchema: z.ZodType<T>): Envelope<T> {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new PlatformError({
      kind: "malformed",
      operation,
      status,
      message: `${operation} answered HTTP ${status} with a body that is not JSON`,
    });
  }
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) {
    throw new PlatformError({
      kind: "malformed",
      operation,
      status,
      message: `${operation} answered HTTP ${status} without the v4 envelope (${describeIssue(envelope.error)})`,
    });
  }
  const { success, errors, result, result_info } = envelope.data;
  if (!success || status >= 400) {
    const first = errors[0];
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
    throw new PlatformError({
      kind: "api",
      operation,
      status,
      errors,
      message: first
        ? `${operation} failed (HTTP ${status}, ${describeUpstreamMessage(first)})${more}`
        : `${operation} failed (HTTP ${status})`,
    });
  }
  const parsed = resultSchema.safeParse(result);
  if (!parsed.success) {
    throw new PlatformError({
      kind: "malformed",
      operation,
      status,
      message: `${operation} returned a result of an unexpected shape (${describeIssue(parsed.error)})`,
    });
  }
  return { result: parsed.data, resultInfo: result_info ?? undefined };
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "invalid";
  const where = issue.path.length ? issue.path.join(".") : "body";
  return `${where}: ${issue.message}`;
}
