// Scans kept by the server so repeated views are instant; a refresh or the time-to-live replaces them.
// One per process (lib/process-state.ts: the pages read them too); the edge runtime keeps them in the bucket instead.
import "server-only";
import type { ZoneScan } from "@/lib/migration/zone-assessment";
import { sharedZoneList } from "@/lib/platform/zone-list-share";
import type { ZoneRow } from "@/lib/platform/zones";
import { processState } from "@/lib/process-state";

/** Long enough to page through a review, short enough that the data is from this working session. */
export const ZONE_SCAN_TTL_MS = 15 * 60_000;

// The expiry is kept as a number: a cached answer looks up 200 scans, and parsing each one's timestamp
// every time stood out in its CPU profile.
const scans = processState("scan-cache.scans", () => new Map<string, { scan: ZoneScan; expiresAt: number }>());
type ZoneList = {
  zones: ZoneRow[];
  complete: boolean;
  cursor?: string;
  totalCount?: number;
  fetchedAt: number;
  unreadableEntries?: number;
};
/** Per account entry and filter (zoneListKey): each configured account's list is its own. */
const zoneLists = processState("scan-cache.zone-lists", () => new Map<string, ZoneList>());

/** Bumped by every change to the scans: rows read from them at one version are still what they hold (scan-account.ts). */
const changes = processState("scan-cache.changes", () => ({ version: 0 }));

function fresh(fetchedAt: number): boolean {
  return Date.now() - fetchedAt < ZONE_SCAN_TTL_MS;
}

export const scanCache = {
  /** `now` once per answer, not per zone: Date.now goes through Next's request tracking in a route. */
  get(zoneId: string, now = Date.now()): ZoneScan | undefined {
    return scanCache.entry(zoneId, now)?.scan;
  },
  /** The zone's scan and when it expires (ms), while fresh at `now`. */
  entry(zoneId: string, now = Date.now()): { readonly scan: ZoneScan; readonly expiresAt: number } | undefined {
    const entry = scans.get(zoneId);
    return entry && now < entry.expiresAt ? entry : undefined;
  },
  /** Changes with every scan put or cleared. */
  get version(): number {
    return changes.version;
  },
  put(scan: ZoneScan): void {
    scans.set(scan.zone.id, { scan, expiresAt: Date.parse(scan.fetchedAt) + ZONE_SCAN_TTL_MS });
    changes.version++;
  },
  zoneList(key: string): ZoneList | undefined {
    const list = zoneLists.get(key);
    return list && fresh(list.fetchedAt) ? list : undefined;
  },
  /** A zone as the account lists kept here list it (whichever account it is in). */
  listedZone(zoneId: string): ZoneRow | undefined {
    for (const list of zoneLists.values()) {
      const zone = fresh(list.fetchedAt) ? list.zones.find((z) => z.id === zoneId) : undefined;
      if (zone) return zone;
    }
    return undefined;
  },
  putZoneList(key: string, list: ZoneList): void {
    zoneLists.set(key, list);
  },
  /** What a refresh forgets: the scans and the zone list (a list another operation just made may still serve it). */
  clearForRefresh(): void {
    scans.clear();
    zoneLists.clear();
    changes.version++;
  },
  /** Everything, the shared zone list too. */
  clear(): void {
    scanCache.clearForRefresh();
    sharedZoneList.clear();
  },
};
