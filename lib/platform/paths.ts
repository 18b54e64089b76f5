// Upstream paths are built only here, from fixed segments and validated identifiers, so nothing a
// caller sends (`../`, encoded slashes, a query) can reach a path of the platform's it did not name.
import { InvalidIdentifierError } from "@/lib/platform/errors";

/** Zone, account and most v4 identifiers: 32 lowercase hexadecimal characters. */
export const IDENTIFIER = /^[0-9a-f]{32}$/;

export function checkIdentifier(field: string, value: string): string {
  if (!IDENTIFIER.test(value)) throw new InvalidIdentifierError(field, "32 lowercase hexadecimal characters");
  return value;
}

/** `/zones/{zone_id}/…` with the zone id checked; the rest are constant segments of the caller's code. */
export function zonePath(zoneId: string, ...segments: string[]): string {
  return ["/zones", checkIdentifier("zoneId", zoneId), ...segments].join("/");
}
