// Scans every zone of the account for the migration, within one request's subrequest budget: zones
// come from the cache when fresh, the rest are read a few at a time (the scheduler keeps 6 calls in
// flight), and when the budget runs low the answer stops at a zone boundary with a cursor to resume.
import "server-only";
import { z } from "zod";
import { scanCache, ZONE_SCAN_TTL_MS } from "@/lib/migration/scan-cache";
import { readZone } from "@/lib/migration/read-zone";
import { CALLS_PER_ZONE } from "@/lib/migration/scan-zone";
import { migrationRow, type MigrationRow, type ZoneScan } from "@/lib/migration/zone-assessment";
import { runWithinBudget } from "@/lib/platform/budget-pool";
import type { PlatformClient } from "@/lib/platform/client";
import { decodeCursor, encodeCursor } from "@/lib/platform/cursor";
import { JUST_LISTED_MS, sharedZoneList, zoneListKey } from "@/lib/platform/zone-list-share";
import { listZones, type ZoneRow } from "@/lib/platform/zones";
import type { AccountCoverage } from "@/lib/accounts/account-answers";

/** Zones read at once: enough that their calls keep all 6 connections busy between their phases. */
const ZONES_AT_ONCE = 12;
/** Zones per answer: a 5,000-zone account is 4.6 MB of JSON, too much to send on every view; the page follows the cursor. */
export const ZONES_PER_ANSWER = 100;

export interface AccountScan {
  zones: readonly MigrationRow[];
  fetchedAt: string;
  complete: boolean;
  cursor?: string;
  /** Zones in the account, once listed. */
  totalCount?: number;
  /** Set when the account rate limit stopped this part of the scan: wait this long before continuing. */
  retryAfterSeconds?: number;
  /** Entries of the zone listing without a readable zone id: not zones Preflight can show, so counted (absent: none). */
  unreadableZones?: number;
  /** What the answer covers of each account read (lib/accounts/account-answers.ts). */
  accounts?: AccountCoverage[];
}

export async function scanAccount(
  platform: PlatformClient,
  options: { cursor?: string; refresh?: boolean; accountId?: string; limit?: number },
): Promise<AccountScan> {
  const offset = options.cursor ? decodeCursor("migration-scan", { offset: z.number().int().min(0) }, options.cursor).offset : 0;
  const refresh = options.refresh === true && offset === 0;
  if (refresh) scanCache.clearForRefresh();
  const list = await accountZones(platform, options.accountId, refresh ? JUST_LISTED_MS : ZONE_SCAN_TTL_MS);
  const fetchedAt = new Date().toISOString();
  if (!list.complete) {
    return {
      zones: [],
      fetchedAt,
      complete: false,
      cursor: encodeCursor("migration-scan", { offset }),
      totalCount: list.totalCount,
      retryAfterSeconds: list.retryAfterSeconds,
    };
  }
  const until = Math.min(list.zones.length, offset + (options.limit ?? ZONES_PER_ANSWER));
  // The cached answer (the common one) needs no scan at all: its rows straight from the cache.
  const cached = cachedRows(list.zones, offset, until);
  const { end, retryAfterMs } = cached ? { end: until, retryAfterMs: 0 } : await scanFrom(platform, list.zones, offset, until);
  const zones = cached ?? list.zones.slice(offset, end).map((zone) => rowOf(scanCache.get(zone.id) ?? failedScan(zone)));
  const complete = end >= list.zones.length;
  return {
    zones,
    fetchedAt,
    complete,
    cursor: complete ? undefined : encodeCursor("migration-scan", { offset: end }),
    totalCount: list.zones.length,
    retryAfterSeconds: retryAfterMs ? Math.ceil(retryAfterMs / 1000) : undefined,
    ...(list.unreadableEntries ? { unreadableZones: list.unreadableEntries } : {}),
  };
}

/**
 * The first answer of GET /api/zones when the cache holds all of it, without a single upstream call (so
 * the page can render with its first rows); undefined when any of it would need reading.
 */
export function cachedFirstAnswer(key: string): AccountScan | undefined {
  const list = scanCache.zoneList(key);
  if (!list?.complete) return undefined;
  const end = Math.min(list.zones.length, ZONES_PER_ANSWER);
  const zones = cachedRows(list.zones, 0, end);
  if (!zones) return undefined;
  const complete = end >= list.zones.length;
  return {
    zones,
    fetchedAt: new Date().toISOString(),
    complete,
    cursor: complete ? undefined : encodeCursor("migration-scan", { offset: end }),
    totalCount: list.zones.length,
    ...(list.unreadableEntries ? { unreadableZones: list.unreadableEntries } : {}),
  };
}

/** Reads one zone now (the zone detail, or a retry of a failed zone), replacing its cached scan. */
export async function scanOneZone(platform: PlatformClient, zone: ZoneRow): Promise<ZoneScan> {
  const scan = await readZone(platform, zone, "all");
  scanCache.put(scan);
  return scan;
}

/**
 * The zone list, continued across requests when it alone needs more than one budget (the Terraform export walks it too); a list the certificate
 * audit completed less than `maxAgeMs` ago serves instead of a second listing.
 */
export async function accountZones(platform: PlatformClient, accountId: string | undefined, maxAgeMs = ZONE_SCAN_TTL_MS) {
  const key = zoneListKey(platform, accountId);
  const cached = scanCache.zoneList(key);
  if (cached?.complete) return { ...cached, retryAfterSeconds: undefined };
  const shared = cached ? undefined : sharedZoneList.take(key, maxAgeMs);
  if (shared) {
    const list = {
      zones: shared.zones,
      complete: true,
      totalCount: shared.totalCount,
      fetchedAt: shared.listedAt,
      unreadableEntries: shared.unreadableEntries,
    };
    scanCache.putZoneList(key, list);
    return { ...list, retryAfterSeconds: undefined };
  }
  const page = await listZones(platform, { accountId, cursor: cached?.cursor });
  const list = {
    zones: [...(cached?.zones ?? []), ...page.zones],
    complete: page.complete,
    cursor: page.cursor,
    totalCount: page.totalCount,
    fetchedAt: cached?.fetchedAt ?? Date.now(),
    unreadableEntries: (cached?.unreadableEntries ?? 0) + (page.unreadableEntries ?? 0),
  };
  scanCache.putZoneList(key, list);
  if (list.complete) {
    sharedZoneList.offer(key, {
      zones: list.zones,
      totalCount: list.totalCount,
      listedAt: list.fetchedAt,
      unreadableEntries: list.unreadableEntries,
    });
  }
  return { ...list, retryAfterSeconds: page.retryAfterSeconds };
}

/**
 * Scans zones from `offset` up to `until` while the request may; returns the index of the first zone not scanned.
 * Every zone finished goes to the cache, even one past a zone a limit stopped: the next request skips it.
 */
async function scanFrom(platform: PlatformClient, zones: ZoneRow[], offset: number, until: number) {
  const options = {
    concurrency: ZONES_AT_ONCE,
    calls: CALLS_PER_ZONE,
    skip: (zone: ZoneRow) => scanCache.get(zone.id) !== undefined,
    onFinished: (scan: ZoneScan) => scanCache.put(scan),
  };
  const pool = await runWithinBudget(platform.scheduler, zones.slice(offset, until), options, (zone) => readZone(platform, zone));
  return { end: offset + pool.end, retryAfterMs: pool.retryAfterMs };
}

interface CachedPage {
  until: number;
  /** The scan cache's version the rows were read at, and when the first of their scans expires. */
  version: number;
  expiresAt: number;
  rows: readonly MigrationRow[];
}
/**
 * The rows last read from the cache for a zone list, by first index. While the cache holds the same scans and none
 * has expired, the page is the same rows (frozen): a cached answer is then one lookup, not 100 scans looked up and
 * their rows found, and jsonWithRows knows its kept bytes by the list's identity.
 */
const cachedPages = new WeakMap<readonly ZoneRow[], Map<number, CachedPage>>();

/** The rows of zones[from..until) when the cache holds every one of them, else undefined. */
function cachedRows(zones: readonly ZoneRow[], from: number, until: number): readonly MigrationRow[] | undefined {
  const now = Date.now();
  const version = scanCache.version;
  const known = cachedPages.get(zones)?.get(from);
  if (known && known.until === until && known.version === version && now < known.expiresAt) return known.rows;
  const rows: MigrationRow[] = [];
  let expiresAt = Number.POSITIVE_INFINITY;
  for (let index = from; index < until; index++) {
    const entry = scanCache.entry(zones[index]!.id, now);
    if (!entry) return undefined;
    rows.push(rowOf(entry.scan));
    expiresAt = Math.min(expiresAt, entry.expiresAt);
  }
  let pages = cachedPages.get(zones);
  if (!pages) cachedPages.set(zones, (pages = new Map()));
  pages.set(from, { until, version, expiresAt, rows: Object.freeze(rows) });
  return rows;
}

/** A cached scan's row is assessed once, not on every view of the account. */
const rows = new WeakMap<ZoneScan, MigrationRow>();
function rowOf(scan: ZoneScan): MigrationRow {
  let row = rows.get(scan);
  if (!row) rows.set(scan, (row = migrationRow(scan)));
  return row;
}

function failedScan(zone: ZoneRow): ZoneScan {
  return { zone, error: "The zone's scan was lost before it could be reported; retry it.", fetchedAt: new Date().toISOString() };
}
