// A request's JSON body checked with zod: a mistake is a 400 naming the field at fault (`hostnameIds[2]`).
import type { z } from "zod";
import { InputError } from "@/lib/http/input-error";

export async function readJsonBody<T>(request: Request, schema: z.ZodType<T>, { optional = false } = {}): Promise<T> {
  const text = await request.text();
  let raw: unknown = optional && text.trim() === "" ? {} : undefined;
  if (raw === undefined) {
    try {
      raw = JSON.parse(text);
    } catch {
      throw new InputError("body", "the body must be JSON");
    }
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.reduce<string>((out, part) => (typeof part === "number" ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part)), "");
  throw new InputError(field || "body", `${field || "body"}: ${issue.message}`);
}
