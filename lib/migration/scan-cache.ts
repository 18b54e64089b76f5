// Scans kept by the server so repeated views are instant; a refresh or the time-to-live replaces them.
// Per process for now: the edge runtime keeps them in the bucket instead.
import "server-only";
import type { ZoneScan } from "@/lib/migration/zone-assessment";
import { sharedZoneList } from "@/lib/platform/zone-list-share";
import type { ZoneRow } from "@/lib/platform/zones";

/** Long enough to page through a review, short enough that the data is from this working session. */
export const ZONE_SCAN_TTL_MS = 15 * 60_000;

// The expiry is kept as a number: a cached answer looks up 200 scans, and parsing each one's timestamp
// every time stood out in its CPU profile.
const scans = new Map<string, { scan: ZoneScan; expiresAt: number }>();
let zoneList:
  { zones: ZoneRow[]; complete: boolean; cursor?: string; totalCount?: number; fetchedAt: number; unreadableEntries?: number } | undefined;

function fresh(fetchedAt: number): boolean {
  return Date.now() - fetchedAt < ZONE_SCAN_TTL_MS;
}

export const scanCache = {
  /** `now` once per answer, not per zone: Date.now goes through Next's request tracking in a route. */
  get(zoneId: string, now = Date.now()): ZoneScan | undefined {
    const entry = scans.get(zoneId);
    return entry && now < entry.expiresAt ? entry.scan : undefined;
  },
  put(scan: ZoneScan): void {
    scans.set(scan.zone.id, { scan, expiresAt: Date.parse(scan.fetchedAt) + ZONE_SCAN_TTL_MS });
  },
  zoneList() {
    return zoneList && fresh(zoneList.fetchedAt) ? zoneList : undefined;
  },
  putZoneList(list: NonNullable<typeof zoneList>): void {
    zoneList = list;
  },
  /** What a refresh forgets: the scans and the zone list (a list another operation just made may still serve it). */
  clearForRefresh(): void {
    scans.clear();
    zoneList = undefined;
  },
  /** Everything, the shared zone list too. */
  clear(): void {
    scanCache.clearForRefresh();
    sharedZoneList.clear();
  },
};
