// GraphQL analytics answers `{data, errors}`, not the v4 envelope: parsed here so that query errors
// become a typed GraphqlError (with the platform's messages) and a bad body a typed PlatformError.
import { z } from "zod";
import { parseEnvelope } from "@/lib/platform/envelope";
import { PlatformError } from "@/lib/errors/platform-errors";

const answerSchema = z.object({
  data: z.unknown().optional(),
  errors: z
    .array(
      z.object({
        message: z.string(),
        path: z.array(z.union([z.string(), z.number()])).optional(),
        extensions: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .nullish(),
});

export interface GraphqlMessage {
  message: string;
  path?: Array<string | number>;
  code?: string;
}

/** The query ran and the platform refused part of it: its messages, each with the path it concerns. */
export class GraphqlError extends PlatformError {
  constructor(
    operation: string,
    readonly graphqlErrors: GraphqlMessage[],
  ) {
    const first = graphqlErrors[0];
    const where = first?.path ? ` at ${first.path.join(".")}` : "";
    super({
      kind: "api",
      operation,
      status: 200,
      message:
        `${operation} refused the query: ${first?.message ?? "unknown error"}${where}` +
        `${graphqlErrors.length > 1 ? ` (and ${graphqlErrors.length - 1} more)` : ""}`,
    });
    this.name = "GraphqlError";
  }
}

export function parseGraphqlAnswer<T>(operation: string, status: number, body: string, dataSchema: z.ZodType<T>): T {
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
  const answer = answerSchema.safeParse(json);
  // Auth and rate-limit refusals come before GraphQL runs, as a v4 envelope: parse them as such.
  if (!answer.success || (answer.data.data === undefined && !answer.data.errors)) {
    parseEnvelope(operation, status, body, z.unknown());
    throw new PlatformError({
      kind: "malformed",
      operation,
      status,
      message: `${operation} answered HTTP ${status} without data or errors`,
    });
  }
  const { data, errors } = answer.data;
  if (errors && errors.length > 0) {
    throw new GraphqlError(
      operation,
      errors.map((error) => ({
        message: error.message,
        path: error.path,
        code: typeof error.extensions?.code === "string" ? error.extensions.code : undefined,
      })),
    );
  }
  if (status >= 400) throw new PlatformError({ kind: "api", operation, status, message: `${operation} failed (HTTP ${status})` });
  const parsed = dataSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new PlatformError({
      kind: "malformed",
      operation,
      status,
      message: `${operation} returned data of an unexpected shape (${issue ? `${issue.path.join(".") || "data"}: ${issue.message}` : "invalid"})`,
    });
  }
  return parsed.data;
}
