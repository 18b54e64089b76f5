// Scans every zone of the account for the migration, within one request's subrequest budget: zones
// come from the cache when fresh, the rest are read a few at a time (the scheduler keeps 6 calls in
// flight), and when the budget runs low the answer stops at a zone boundary with a cursor to resume.
import "server-only";
import { z } from "zod";
import { redactSecrets } from "@/lib/config";
import { scanCache } from "@/lib/migration/scan-cache";
import { CALLS_PER_ZONE, scanZoneEvidence } from "@/lib/migration/scan-zone";
import { migrationRow, type MigrationRow, type ZoneScan } from "@/lib/migration/zone-assessment";
import type { PlatformClient } from "@/lib/platform/client";
import { decodeCursor, encodeCursor } from "@/lib/platform/cursor";
import { DeferredError } from "@/lib/platform/errors";
import { listZones, type ZoneRow } from "@/lib/platform/zones";

/** Zones read at once: enough that their calls keep all 6 connections busy between their phases. */
const ZONES_AT_ONCE = 12;
/** Zones per answer: a 5,000-zone account is 4.6 MB of JSON, too much to send on every view; the page follows the cursor. */
export const ZONES_PER_ANSWER = 100;

export interface AccountScan {
  zones: MigrationRow[];
  fetchedAt: string;
  complete: boolean;
  cursor?: string;
  /** Zones in the account, once listed. */
  totalCount?: number;
  /** Set when the account rate limit stopped this part of the scan: wait this long before continuing. */
  retryAfterSeconds?: number;
}

export async function scanAccount(
  platform: PlatformClient,
  options: { cursor?: string; refresh?: boolean; accountId?: string; limit?: number },
): Promise<AccountScan> {
  const offset = options.cursor ? decodeCursor("migration-scan", { offset: z.number().int().min(0) }, options.cursor).offset : 0;
  if (options.refresh && offset === 0) scanCache.clear();
  const list = await accountZones(platform, options.accountId);
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
  const { end, retryAfterMs } = await scanFrom(platform, list.zones, offset, until);
  const zones = list.zones.slice(offset, end).map((zone) => rowOf(scanCache.get(zone.id) ?? failedScan(zone)));
  const complete = end >= list.zones.length;
  return {
    zones,
    fetchedAt,
    complete,
    cursor: complete ? undefined : encodeCursor("migration-scan", { offset: end }),
    totalCount: list.zones.length,
    retryAfterSeconds: retryAfterMs ? Math.ceil(retryAfterMs / 1000) : undefined,
  };
}

/**
 * The first answer of GET /api/zones when the cache holds all of it, without a single upstream call (so
 * the page can render with its first rows); undefined when any of it would need reading.
 */
export function cachedFirstAnswer(): AccountScan | undefined {
  const list = scanCache.zoneList();
  if (!list?.complete) return undefined;
  const end = Math.min(list.zones.length, ZONES_PER_ANSWER);
  const scans = list.zones.slice(0, end).map((zone) => scanCache.get(zone.id));
  if (scans.some((scan) => scan === undefined)) return undefined;
  const complete = end >= list.zones.length;
  return {
    zones: scans.map((scan) => rowOf(scan!)),
    fetchedAt: new Date().toISOString(),
    complete,
    cursor: complete ? undefined : encodeCursor("migration-scan", { offset: end }),
    totalCount: list.zones.length,
  };
}

/** Reads one zone now (the zone detail, or a retry of a failed zone), replacing its cached scan. */
export async function scanOneZone(platform: PlatformClient, zone: ZoneRow): Promise<ZoneScan> {
  const scan = await readZone(platform, zone);
  scanCache.put(scan);
  return scan;
}

/** The zone list, continued across requests when it alone needs more than one budget. */
async function accountZones(platform: PlatformClient, accountId?: string) {
  const cached = scanCache.zoneList();
  if (cached?.complete) return { ...cached, retryAfterSeconds: undefined };
  const page = await listZones(platform, { accountId, cursor: cached?.cursor });
  const list = {
    zones: [...(cached?.zones ?? []), ...page.zones],
    complete: page.complete,
    cursor: page.cursor,
    totalCount: page.totalCount,
    fetchedAt: cached?.fetchedAt ?? Date.now(),
  };
  scanCache.putZoneList(list);
  return { ...list, retryAfterSeconds: page.retryAfterSeconds };
}

/** Scans zones from `offset` up to `until` while the request may; returns the index of the first zone not scanned. */
async function scanFrom(platform: PlatformClient, zones: ZoneRow[], offset: number, until: number) {
  let next = offset;
  let stoppedAt = until;
  let active = 0;
  let retryAfterMs = 0;
  const worker = async () => {
    while (next < stoppedAt) {
      const index = next++;
      const zone = zones[index]!;
      if (scanCache.get(zone.id)) continue;
      // Room for this zone on top of those being read: a zone is never started only to be cut short.
      if (platform.scheduler.remainingBudget < (active + 1) * CALLS_PER_ZONE) {
        stoppedAt = Math.min(stoppedAt, index);
        return;
      }
      active++;
      try {
        scanCache.put(await readZone(platform, zone));
      } catch (error) {
        if (!(error instanceof DeferredError)) throw error;
        stoppedAt = Math.min(stoppedAt, index);
        retryAfterMs = Math.max(retryAfterMs, error.retryAfterMs);
      } finally {
        active--;
      }
    }
  };
  await Promise.all(Array.from({ length: ZONES_AT_ONCE }, worker));
  return { end: stoppedAt, retryAfterMs };
}

/** A zone whose calls fail is kept as failed, with the reason: never dropped, never shown as fine. */
async function readZone(platform: PlatformClient, zone: ZoneRow): Promise<ZoneScan> {
  try {
    const evidence = await scanZoneEvidence(platform, zone.id);
    return { zone, evidence, fetchedAt: new Date().toISOString() };
  } catch (error) {
    if (error instanceof DeferredError) throw error;
    const message = redactSecrets(error instanceof Error ? error.message : String(error));
    return { zone, error: message, fetchedAt: new Date().toISOString() };
  }
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
