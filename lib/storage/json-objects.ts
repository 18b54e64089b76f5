// JSON objects in the bucket: validated with zod when read, written with conditions on the etag, and
// listed by following `truncated` and `cursor` (never by comparing the count with the limit).
import type { z } from "zod";
import { CorruptObjectError } from "@/lib/errors/internal-errors";
import { hasBody, type Bucket, type StoreConditional, type StoreListOptions, type StoreObject } from "@/lib/storage/bucket";

export interface Stored<T> {
  value: T;
  etag: string;
  uploaded: Date;
}

export async function readJson<T>(bucket: Bucket, key: string, schema: z.ZodType<T>): Promise<Stored<T> | null> {
  const object = await bucket.get(key);
  if (!hasBody(object)) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(await object.text());
  } catch {
    throw new CorruptObjectError(key, "not JSON");
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CorruptObjectError(key, issue ? `${issue.path.length ? `${issue.path.join(".")}: ` : ""}${issue.message}` : "invalid");
  }
  return { value: parsed.data, etag: object.etag, uploaded: object.uploaded };
}

/** Writes only if `onlyIf` holds; null when it did not (someone else wrote first). */
export async function writeJson(
  bucket: Bucket,
  key: string,
  value: unknown,
  options: { onlyIf?: StoreConditional; customMetadata?: Record<string, string> } = {},
): Promise<StoreObject | null> {
  const text = JSON.stringify(value);
  return bucket.put(key, text, {
    onlyIf: options.onlyIf,
    // The bucket checks what it received against this digest: a truncated write is refused, not stored.
    sha256: await sha256Hex(text),
    customMetadata: options.customMetadata,
    httpMetadata: { contentType: "application/json" },
  });
}

/** Every object under a prefix, page after page while the bucket says `truncated`. */
export async function* listAll(bucket: Bucket, options: Omit<StoreListOptions, "cursor"> = {}): AsyncGenerator<StoreObject> {
  let cursor: string | undefined;
  for (;;) {
    const page = await bucket.list({ ...options, cursor });
    yield* page.objects;
    if (!page.truncated) return;
    cursor = page.cursor;
  }
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
