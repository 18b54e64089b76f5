// Upstream paths are built only here, from fixed segments and validated identifiers, so nothing a
// caller sends (`../`, encoded slashes, a query) can reach a path of the platform's it did not name.
import { InvalidIdentifierError } from "@/lib/errors/input-error";

/** Zone, account, invite, override and most v4 identifiers: 32 lowercase hexadecimal characters. */
export const IDENTIFIER = /^[0-9a-f]{32}$/;

/**
 * Custom hostname and certificate pack ids are UUIDs (the schema's custom_hostnames `id` is 36 characters,
 * example 0d89c70d-ad9f-4843-b99f-6cc0252067e9); 32 hex is accepted too, as some models still document it.
 * Either form is hex and dashes only: nothing in it can change a path.
 */
export const UUID_SOURCE = "(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32})";
export const UUID_IDENTIFIER = new RegExp(`^${UUID_SOURCE}$`);
export const UUID_EXPECTED = "a lowercase UUID (36 characters with dashes) or 32 lowercase hexadecimal characters";

export function checkIdentifier(field: string, value: string): string {
  if (!IDENTIFIER.test(value)) throw new InvalidIdentifierError(field, "32 lowercase hexadecimal characters");
  return value;
}

/** A custom hostname or certificate pack id. */
export function checkUuidIdentifier(field: string, value: string): string {
  if (!UUID_IDENTIFIER.test(value)) throw new InvalidIdentifierError(field, UUID_EXPECTED);
  return value;
}

/** `/zones/{zone_id}/…` with the zone id checked; the rest are constant segments of the caller's code. */
export function zonePath(zoneId: string, ...segments: string[]): string {
  return ["/zones", checkIdentifier("zoneId", zoneId), ...segments].join("/");
}
