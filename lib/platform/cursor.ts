// Continuation cursors: work cut short by the subrequest budget resumes from one in the next request.
// Opaque to the browser (base64url JSON), bound to the operation that made it, validated when read.
import { z } from "zod";
import { InvalidCursorError } from "@/lib/errors/input-error";

export function encodeCursor(operation: string, state: object): string {
  return Buffer.from(JSON.stringify({ op: operation, ...state })).toString("base64url");
}

/** The operation a cursor continues, read without trusting the rest (decodeCursor validates it); undefined if unreadable. */
export function cursorOperation(cursor: string): string | undefined {
  try {
    if (cursor.length > 2048 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
    const op: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"))?.op;
    return typeof op === "string" ? op : undefined;
  } catch {
    return undefined;
  }
}

export function decodeCursor<T extends z.ZodRawShape>(operation: string, shape: T, cursor: string) {
  const schema = z.object({ op: z.literal(operation), ...shape });
  try {
    if (cursor.length > 2048 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw new InvalidCursorError();
    const parsed = schema.safeParse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
    if (!parsed.success) throw new InvalidCursorError();
    return parsed.data;
  } catch {
    throw new InvalidCursorError();
  }
}
