// Whose limit a call counts against: the platform counts per user or account token, so by default each
// credential has its own Durable Object, named by a hash of the credential (never the credential itself).
import { createHash } from "node:crypto";
import type { Credentials } from "@/lib/config-schema";
import type { RateLimitName } from "@/lib/errors/platform-errors";

/** "token:<sha-256 hex>", "key:<sha-256 hex>" or "group:<name>"; with the limit's name, the object's name. */
export function limitOwner(credentials: Credentials, group?: string): string {
  if (group) return `group:${group}`;
  const secret = credentials.kind === "token" ? credentials.token : `${credentials.email}\n${credentials.key}`;
  return `${credentials.kind}:${createHash("sha256").update(`preflight rate limit\n${secret}`).digest("hex")}`;
}

export function limitObjectName(owner: string, limit: RateLimitName): string {
  return `${owner}/${limit}`;
}
