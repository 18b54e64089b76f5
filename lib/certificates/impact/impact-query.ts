// What GET /api/certificates/impact accepts: `zone` (its id), `host` (one or more, repeated or comma-separated:
// the hostnames an affected certificate covers) and `window` (7d by default), each a filter: without `host` the
// zone's affected hosts, without `zone` the account's affected zones (`cursor` continues). A 400 names the field.
import { z } from "zod";
import { InputError } from "@/lib/errors/input-error";
import { MAX_HOSTS } from "@/lib/certificates/impact/affected-hosts";
import { parseWindowParam } from "@/lib/certificates/impact/impact-window";

export { MAX_HOSTS };

const zoneSchema = z.string().regex(/^[0-9a-f]{32}$/);
const hostSchema = z
  .string()
  .max(253)
  .regex(/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*$/i);

export interface ImpactQuery {
  /** Absent: every zone with affected certificates. */
  zoneId?: string;
  /** Empty: every affected host (of the zone, or of the account). */
  hosts: string[];
  windowSeconds: number;
  cursor?: string;
}

export function parseImpactQuery(url: URL): ImpactQuery {
  const zoneParam = url.searchParams.get("zone");
  const zone = zoneParam === null ? undefined : zoneSchema.safeParse(zoneParam);
  if (zone && !zone.success) throw new InputError("zone", "zone must be the zone's id (32 hexadecimal characters)");
  const hosts = url.searchParams
    .getAll("host")
    .flatMap((h) => h.split(","))
    .map((h) => h.trim())
    .filter(Boolean);
  const named = url.searchParams.has("host");
  if ((named && hosts.length === 0) || hosts.length > MAX_HOSTS) {
    throw new InputError("host", `host must name between 1 and ${MAX_HOSTS} hostnames`);
  }
  const bad = hosts.find((h) => !hostSchema.safeParse(h).success);
  if (bad !== undefined) throw new InputError("host", `host must be hostnames; "${bad.slice(0, 80)}" is not one`);
  const cursor = url.searchParams.get("cursor") || undefined;
  if (cursor !== undefined && cursor.length > 2048) throw new InputError("cursor", "cursor must be at most 2048 characters");
  return {
    ...(zone ? { zoneId: zone.data } : {}),
    hosts,
    windowSeconds: parseWindowParam(url.searchParams.get("window")),
    ...(cursor ? { cursor } : {}),
  };
}
