// One zone's impact read in chunks of MAX_HOSTS hosts (one query names at most that many) put back together:
// the same answer as one read of all its hosts, its window coverage summed over the chunks. Pure.
import type { ZoneImpact } from "@/lib/certificates/impact/read-impact";

export function mergeZoneImpacts(zoneId: string, parts: readonly ZoneImpact[]): ZoneImpact | undefined {
  const [first] = parts;
  if (!first) return undefined;
  const retry = Math.max(0, ...parts.map((p) => p.retryAfterSeconds ?? 0));
  return {
    zoneId,
    since: first.since,
    until: first.until,
    hosts: parts.flatMap((p) => p.hosts),
    notRead: parts.flatMap((p) => p.notRead),
    ranges: { read: sum(parts.map((p) => p.ranges.read)), total: sum(parts.map((p) => p.ranges.total)) },
    complete: parts.every((p) => p.complete),
    truncatedRanges: sum(parts.map((p) => p.truncatedRanges)),
    omitted: first.omitted,
    assumed: [...new Set(parts.flatMap((p) => p.assumed))],
    ...(retry > 0 ? { retryAfterSeconds: retry } : {}),
  };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
