// Published reports for other tools, after the platform document's example handler: PUT and DELETE
// need the pre-shared key (compared in constant time), GET serves only the published-reports prefix
// with the stored HTTP metadata and etag. Archive keys live under their own bucket prefix, so this
// route can never read or overwrite reviews or the audit log. Each report names its account: kept in
// the object's custom metadata when it is written, answered in headers when it is read.
import { timingSafeEqual } from "node:crypto";
import type { RowAccount } from "@/lib/accounts/row-account";
import { hasBody, type Bucket, type StoreHTTPMetadata } from "@/lib/storage/bucket";
import { putLarge } from "@/lib/storage/multipart";

export const ARCHIVE_PREFIX = "archive/";
export const PUBLISHED_REPORTS_PREFIX = "reports/";
export const AUTH_HEADER = "X-Custom-Auth-Key";
/** The report's account on GET and HEAD; the name percent-encoded (UTF-8), as a header holds only Latin-1. */
export const ACCOUNT_ID_HEADER = "X-Preflight-Account-Id";
export const ACCOUNT_NAME_HEADER = "X-Preflight-Account-Name";
const ALLOW = "PUT, GET, DELETE";
const KEY = /^[A-Za-z0-9][A-Za-z0-9._\-/]{0,511}$/;

export interface ArchiveSettings {
  bucket: Bucket;
  authKeySecret?: string;
  maxBytes: number;
  /** The account a report being written is of (the request's `account`); throws a 400 naming `account` when unclear. */
  reportAccount: () => Promise<RowAccount>;
}

export async function handleArchive(request: Request, key: string, settings: ArchiveSettings): Promise<Response> {
  const method = request.method;
  if (method !== "GET" && method !== "HEAD" && method !== "PUT" && method !== "DELETE") {
    return text(405, "Method Not Allowed", { Allow: ALLOW });
  }
  if (!KEY.test(key) || key.split("/").some((part) => part === ".." || part === "."))
    return text(400, "The key must be letters, digits and ._-/ (no . or .. segments)");
  if (method === "GET" || method === "HEAD") {
    if (!key.startsWith(PUBLISHED_REPORTS_PREFIX)) return text(403, "Forbidden");
    const object = await settings.bucket.get(ARCHIVE_PREFIX + key);
    if (!hasBody(object)) return text(404, "Object Not Found");
    const headers = httpMetadataHeaders(object.httpMetadata ?? {});
    headers.set("etag", object.httpEtag);
    // A report archived before reports named their account has none to answer.
    const { accountId, accountName } = object.customMetadata ?? {};
    if (accountId !== undefined) headers.set(ACCOUNT_ID_HEADER, accountId);
    if (accountName !== undefined) headers.set(ACCOUNT_NAME_HEADER, encodeURIComponent(accountName));
    return new Response(method === "HEAD" ? null : object.body, { headers });
  }
  if (!authorized(request.headers.get(AUTH_HEADER), settings.authKeySecret)) return text(403, "Forbidden");
  if (method === "DELETE") {
    await settings.bucket.delete(ARCHIVE_PREFIX + key);
    return text(200, `Deleted ${key}`);
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > settings.maxBytes) return text(413, `The body is larger than ${settings.maxBytes} bytes`);
  // Before the body is read: a report whose account is unclear is refused without taking it in.
  const account = await settings.reportAccount();
  const body = await readLimited(request, settings.maxBytes);
  if (!body) return text(413, `The body is larger than ${settings.maxBytes} bytes`);
  const contentType = request.headers.get("content-type") ?? "application/octet-stream";
  await putLarge(settings.bucket, ARCHIVE_PREFIX + key, body, {
    httpMetadata: { contentType },
    customMetadata: { accountId: account.id, accountName: account.name },
  });
  return text(200, `Put ${key} successfully`);
}

/** Constant-time: the comparison takes as long whatever prefix of the key an attacker guessed. */
function authorized(given: string | null, secret: string | undefined): boolean {
  if (!secret || given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The body, or null past the limit (a missing or lying Content-Length cannot get more in). */
async function readLimited(request: Request, maxBytes: number): Promise<Uint8Array | null> {
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** writeHttpMetadata's work, done here: Miniflare's proxy cannot take a Headers object across. */
function httpMetadataHeaders(meta: StoreHTTPMetadata): Headers {
  const headers = new Headers();
  if (meta.contentType) headers.set("content-type", meta.contentType);
  if (meta.contentLanguage) headers.set("content-language", meta.contentLanguage);
  if (meta.contentDisposition) headers.set("content-disposition", meta.contentDisposition);
  if (meta.contentEncoding) headers.set("content-encoding", meta.contentEncoding);
  if (meta.cacheControl) headers.set("cache-control", meta.cacheControl);
  if (meta.cacheExpiry) headers.set("expires", new Date(meta.cacheExpiry).toUTCString());
  return headers;
}

function text(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}
