// Which account a call is about, and the real API's refusal of a zone the credential does not reach.
//
// A zone id that exists but sits in an account the token was not granted answers 403 with code 9109
// "Unauthorized to access requested resource", the refusal Cloudflare gives a token without access to the
// resource (community.cloudflare.com/t/442549 shows the body; octodns/octodns-cloudflare#60 the message for a
// token missing a zone's permission). An id that is no zone anywhere keeps the zone routes' own 404 (1001).
import type { ServedAccount } from "./accounts";
import { fail, type ApiResponse } from "./envelope";
import { ERROR_CODES } from "./errors";

export const UNAUTHORIZED_RESOURCE_MESSAGE = "Unauthorized to access requested resource";

/** The zone id a `/zones/{zone_id}/...` path names, undefined for any other path. */
export function zoneIdOf(path: string): string | undefined {
  const segments = path.split("/").filter((segment) => segment !== "");
  if (segments[0] !== "zones" || segments[1] === undefined) return undefined;
  try {
    return decodeURIComponent(segments[1]);
  } catch {
    return segments[1];
  }
}

/** What a call may read: the account it is about (the zone's, else the first reached) and whether a zone chose it. */
export type CallScope = { account: ServedAccount; byZone: boolean } | { response: ApiResponse };

/** The account the call reads, or the refusal for a zone outside `reach`. */
export function scopeCall(served: readonly ServedAccount[], reach: readonly ServedAccount[], path: string): CallScope {
  const zoneId = zoneIdOf(path);
  const owner = zoneId === undefined ? undefined : served.find((account) => account.state.zones.some((zone) => zone.id === zoneId));
  if (owner && !reach.includes(owner)) return { response: fail(403, ERROR_CODES.unauthorizedResource, UNAUTHORIZED_RESOURCE_MESSAGE) };
  return { account: owner ?? reach[0]!, byZone: owner !== undefined };
}
