// GET /api/changes's query, checked: a bad value is a 400 naming its parameter (`since`, `kind`, `zone`, `limit`).
import { InputError } from "@/lib/errors/input-error";
import { CHANGE_KINDS, type ChangeKind } from "@/lib/changes/schema";
import { MAX_LIMIT, type ListChangesOptions } from "@/lib/changes/store";

/** A day (2026-11-01, midnight UTC) or a moment with its offset (2026-11-01T12:00:00Z, …+02:00). */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Date.parse rolls 2026-02-31 over to March: a day that does not round-trip is not a day. */
function isCalendarDay(day: string): boolean {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10) === day;
}

export function parseSince(raw: string | null): Date | undefined {
  if (raw === null || raw === "") return undefined;
  const ms = ISO_DAY.test(raw) ? Date.parse(`${raw}T00:00:00Z`) : ISO_MOMENT.test(raw) ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(ms) || !isCalendarDay(raw.slice(0, 10))) {
    throw new InputError("since", "since must be an ISO 8601 date (2026-11-01) or time with its offset (2026-11-01T12:00:00Z)");
  }
  return new Date(ms);
}

/** `kind` repeated or comma-separated. */
export function parseKinds(values: readonly string[]): ChangeKind[] {
  const kinds = values
    .flatMap((v) => v.split(","))
    .map((k) => k.trim())
    .filter(Boolean);
  const unknown = kinds.find((k) => !(CHANGE_KINDS as readonly string[]).includes(k));
  if (unknown !== undefined) throw new InputError("kind", `kind must be one of ${CHANGE_KINDS.join(", ")}`);
  return [...new Set(kinds)] as ChangeKind[];
}

export function changesQuery(url: URL): ListChangesOptions {
  const zone = url.searchParams.get("zone") || undefined;
  if (zone !== undefined && !/^[0-9a-f]{32}$/.test(zone))
    throw new InputError("zone", "zone must be a zone id: 32 lowercase hexadecimal characters");
  const rawLimit = url.searchParams.get("limit");
  const limit = rawLimit === null || rawLimit === "" ? undefined : Number(rawLimit);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT))
    throw new InputError("limit", `limit must be a whole number from 1 to ${MAX_LIMIT}`);
  const cursor = url.searchParams.get("cursor") || undefined;
  const kinds = parseKinds(url.searchParams.getAll("kind"));
  return {
    since: parseSince(url.searchParams.get("since")),
    ...(kinds.length ? { kinds } : {}),
    ...(zone ? { zoneId: zone } : {}),
    ...(limit ? { limit } : {}),
    ...(cursor ? { cursor } : {}),
  };
}
