// The account's zones one certificate audit walks, listed in full before any zone is audited: custom
// hostnames' CAA may live in any zone of the account, so every zone's audit needs the whole list. A list the
// migration scan has just made serves instead of a second listing (lib/platform/zone-list-share.ts); a
// listing too big for one request's budget continues in the next one (the shared walk, lib/platform/zones.ts).
import "server-only";
import type { PlatformClient } from "@/lib/platform/client";
import { DeferredError } from "@/lib/errors/platform-errors";
import { sharedZoneList, zoneListKey, type ListedZones } from "@/lib/platform/zone-list-share";
import { listZones, type ZoneRow } from "@/lib/platform/zones";

/** The part of an audit scan that holds its zone list (lib/certificates/audit-cache.ts). */
export interface ZoneListHolder {
  zones?: ListedZones;
  listing?: { zones: ZoneRow[]; cursor?: string; listedAt: number; unreadableEntries?: number };
  listMaxAgeMs: number;
}

export interface ZoneListStep {
  /** The whole list; absent when listing it needs another request. */
  zones?: ListedZones;
  /** Calls were made for the list in this request. */
  listedNow: boolean;
  /** Set when the account rate limit stopped the listing. */
  retryAfterMs?: number;
}

/** The scan's zone list, listing (or continuing to list) what this request may. */
export async function scanZoneList(client: PlatformClient, scan: ZoneListHolder, accountId?: string): Promise<ZoneListStep> {
  if (scan.zones) return { zones: scan.zones, listedNow: false };
  const key = zoneListKey(client, accountId);
  const shared = scan.listing ? undefined : sharedZoneList.take(key, scan.listMaxAgeMs);
  if (shared) return { zones: (scan.zones = shared), listedNow: false };
  // Taken before the call: a request listing at the same time must not have its pages appended twice.
  const before = scan.listing;
  const listedAt = before?.listedAt ?? Date.now();
  const page = await listZones(client, { accountId, cursor: before?.cursor });
  const zones = [...(before?.zones ?? []), ...page.zones];
  // Entries without a readable id, page after page: the list shared with the Zones page must still count them.
  const unreadable = (before?.unreadableEntries ?? 0) + (page.unreadableEntries ?? 0);
  const unreadableEntries = unreadable > 0 ? { unreadableEntries: unreadable } : {};
  if (!page.complete) {
    scan.listing = { zones, cursor: page.cursor, listedAt, ...unreadableEntries };
    return { listedNow: true, retryAfterMs: page.retryAfterSeconds ? page.retryAfterSeconds * 1000 : undefined };
  }
  scan.listing = undefined;
  scan.zones = { zones, totalCount: page.totalCount, listedAt, ...unreadableEntries };
  sharedZoneList.offer(key, scan.zones);
  return { zones: scan.zones, listedNow: true };
}

/** For work that needs the list now (a retried zone's custom hostnames): a list not complete yet defers the work, never fails it. */
export async function wholeZoneList(client: PlatformClient, scan: ZoneListHolder, accountId?: string): Promise<ListedZones> {
  const step = await scanZoneList(client, scan, accountId);
  if (!step.zones) throw new DeferredError("the account's zone list needs another request", step.retryAfterMs ?? 0);
  return step.zones;
}
