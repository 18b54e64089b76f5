// A request's JSON body checked with zod: a mistake is a 400 naming the field at fault (`hostnameIds[2]`).
// A body over the limit is a 413, decided from Content-Length before reading and enforced while reading.
import type { z } from "zod";
import { InputError } from "@/lib/errors/input-error";
import { PayloadTooLargeError } from "@/lib/errors/payload-too-large-error";
import { JSON_BODY_MAX_BYTES } from "@/lib/platform/runtime-limits";

export async function readJsonBody<T>(
  request: Request,
  schema: z.ZodType<T>,
  { optional = false, maxBytes = JSON_BODY_MAX_BYTES } = {},
): Promise<T> {
  const text = await readBodyText(request, maxBytes);
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
  const field = issue.path.reduce<string>(
    (out, part) => (typeof part === "number" ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part)),
    "",
  );
  throw new InputError(field || "body", `${field || "body"}: ${issue.message}`);
}

/** The body as text, or PayloadTooLargeError past `maxBytes` (a missing or lying Content-Length gets no further). */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  if (declaredLength(request) > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    throw new PayloadTooLargeError(maxBytes);
  }
  if (!request.body) return "";
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let total = 0;
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new PayloadTooLargeError(maxBytes);
    }
    text += decoder.decode(value, { stream: true });
  }
}

export function declaredLength(request: Request): number {
  const header = request.headers.get("content-length");
  return header !== null && /^\d+$/.test(header) ? Number(header) : 0;
}
