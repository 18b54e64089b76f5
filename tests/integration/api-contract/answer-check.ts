// One answer of an operation checked against lib/api/operations.ts: a JSON answer against its status's schema
// (an error against the error body, its kind answered with the ErrorKind table's status), NDJSON line by line,
// any other content type only where the operation declares it. Pure: the problems, empty when it matches.
import type { z } from "zod";
import { errorBodySchema } from "@/lib/api/error-body";
import { findOperation, type ApiOperation } from "@/lib/api/operations";
import { kindStatuses } from "@/lib/errors/error-kinds";

export interface CheckedAnswer {
  /** "GET /api/zones/{id}/migration" */
  operation: string;
  status: number;
  contentType: string;
  problems: string[];
}

export async function checkAnswer(operation: string, response: Response): Promise<CheckedAnswer> {
  const status = response.status;
  const contentType = (response.headers.get("content-type") ?? "").split(";")[0]!.trim();
  const answer = (problems: string[]): CheckedAnswer => ({ operation, status, contentType, problems });
  const spec = findOperation(operation);
  if (!spec) return answer([`${operation} is not registered in lib/api/operations.ts`]);
  const text = await response.text();
  // An operation that serves stored objects of any type (the archive) answers a stored JSON object as it is.
  const anyType = spec.files !== undefined && "*/*" in spec.files && status < 400 && !(status in spec.responses);
  if (contentType === "application/json" && !anyType) return answer(jsonProblems(spec, status, parse(text)));
  if (contentType === "application/x-ndjson") return answer(ndjsonProblems(spec, text));
  if (spec.files && (contentType in spec.files || "*/*" in spec.files)) return answer([]);
  return answer([`answered ${status} as ${contentType || "no content type"}, which it does not declare`]);
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return Symbol("not JSON");
  }
}

function jsonProblems(spec: ApiOperation, status: number, body: unknown): string[] {
  if (status >= 400) return errorProblems(status, body);
  const schema = spec.responses[status];
  if (!schema) return [`answered JSON with status ${status}, which it does not declare`];
  return schemaProblems(`${status}`, schema, body);
}

function errorProblems(status: number, body: unknown): string[] {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return describe(`error ${status}`, parsed.error, body);
  const { kind } = parsed.data.error;
  return kindStatuses(kind).includes(status)
    ? []
    : [`error kind ${kind} answered with ${status}; the ErrorKind table says ${kindStatuses(kind).join(" or ")}`];
}

function ndjsonProblems(spec: ApiOperation, text: string): string[] {
  if (!spec.progress) return ["answered NDJSON, which it does not declare"];
  const lines = text.split("\n").filter((line) => line !== "");
  return lines.flatMap((line, i): string[] => {
    const value = parse(line) as { progress?: unknown; result?: unknown; error?: unknown; status?: unknown };
    const last = i === lines.length - 1;
    if (typeof value === "object" && value !== null && "progress" in value && !last)
      return schemaProblems("progress line", spec.progress!, value.progress);
    if (typeof value === "object" && value !== null && "result" in value && last) return jsonProblems(spec, 200, value.result);
    if (typeof value === "object" && value !== null && "error" in value && last && typeof value.status === "number") {
      const { status, ...body } = value;
      return errorProblems(status, body);
    }
    return [`NDJSON line ${i + 1} is neither a progress line nor a last result or error line: ${line.slice(0, 200)}`];
  });
}

function schemaProblems(what: string, schema: z.ZodType, body: unknown): string[] {
  const parsed = schema.safeParse(body);
  return parsed.success ? [] : describe(what, parsed.error, body);
}

function describe(what: string, error: z.ZodError, body: unknown): string[] {
  return error.issues.slice(0, 5).map((issue) => {
    const path = issue.path.map(String).join(".");
    const keys = issue.code === "unrecognized_keys" ? ` (${issue.keys.join(", ")})` : "";
    return `${what} answer at ${path || "(root)"}: ${issue.message}${keys} — ${JSON.stringify(body).slice(0, 160)}`;
  });
}
