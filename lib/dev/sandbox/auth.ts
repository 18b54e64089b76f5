// v4 authentication: a Bearer token, or the legacy X-Auth-Email + X-Auth-Key pair. Answers never echo what was sent.
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { fail, type ApiResponse } from "./envelope";
import { ERROR_CODES } from "./errors";

export interface SandboxCredentials {
  apiToken: string;
  apiEmail?: string;
  apiKey?: string;
}

/** Which credential a call used: the rate limiter counts per credential, without holding the secret. The first
 * account's token is `token`, another account's `token:<key>`, the group token `token:group`. */
export type Principal = "token" | "legacy-key" | `token:${string}`;

/** A bearer token the sandbox accepts, and the name it is known by. */
export interface AcceptedToken {
  principal: Principal;
  token: string;
}

export type AuthResult = { ok: true; principal: Principal } | { ok: false; response: ApiResponse };

const MISSING = "Missing X-Auth-Key, X-Auth-Email or Authorization headers";

/** `tokens` (default: SANDBOX_API_TOKEN alone, as `token`) are the bearer tokens accepted besides the legacy pair. */
export function authenticate(
  headers: IncomingHttpHeaders,
  credentials: SandboxCredentials,
  tokens: readonly AcceptedToken[] = [{ principal: "token", token: credentials.apiToken }],
): AuthResult {
  const authorization = single(headers.authorization);
  const email = single(headers["x-auth-email"]);
  const key = single(headers["x-auth-key"]);
  if (authorization !== undefined) {
    const presented = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization)?.[1];
    if (presented === undefined) return denied();
    // Every token compared, so the answer's timing does not tell which one (if any) came close.
    const matches = tokens.filter((accepted) => sameSecret(presented, accepted.token));
    return matches[0] ? { ok: true, principal: matches[0].principal } : denied();
  }
  if (email === undefined || key === undefined) {
    return { ok: false, response: fail(400, ERROR_CODES.missingCredentials, MISSING) };
  }
  const expectedEmail = credentials.apiEmail;
  const expectedKey = credentials.apiKey;
  if (expectedEmail === undefined || expectedKey === undefined) return denied();
  // Both compared every time, so the answer's timing does not tell which half was wrong.
  const emailOk = sameSecret(email.toLowerCase(), expectedEmail.toLowerCase());
  const keyOk = sameSecret(key, expectedKey);
  return emailOk && keyOk ? { ok: true, principal: "legacy-key" } : denied();
}

function denied(): AuthResult {
  return { ok: false, response: fail(403, ERROR_CODES.authentication, "Authentication error") };
}

/** A repeated header is not a credential the sandbox can trust: treated as one wrong value. */
function single(value: string | string[] | undefined): string | undefined {
  if (Array.isArray(value)) return value.length === 1 ? value[0] : "";
  return value;
}

/** Constant-time comparison over digests, so lengths do not leak either. */
function sameSecret(presented: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();
  return timingSafeEqual(digest(presented), digest(expected));
}
