// A pre-shared secret in a header, compared in constant time: the time taken says nothing about how much
// of the secret a guess got right. No configured secret means no caller is ever accepted.
import { timingSafeEqual } from "node:crypto";

export function secretMatches(given: string | null, secret: string | undefined): boolean {
  if (!secret || given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}
