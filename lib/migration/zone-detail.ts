// The zone detail operation: from the cache when fresh, otherwise read now (also how a failed zone is retried).
// The live entry point is read for every view (one call): what the migration changes is never a cached guess.
// A scan read for the account's rows may lack what only the detail shows: that is read now, once.
import "server-only";
import { readManagedEntrypoint } from "@/lib/migration/entrypoint";
import { migrationChanges, type MigrationChanges, type ZoneMigrationDetail } from "@/lib/migration/migration-changes";
import { scanOneZone } from "@/lib/migration/scan-account";
import { scanCache } from "@/lib/migration/scan-cache";
import { CALLS_PER_ZONE, readDeferredParts } from "@/lib/migration/scan-zone";
import { migrationDetail, type ZoneScan } from "@/lib/migration/zone-assessment";
import type { PlatformClient } from "@/lib/platform/client";
import { DeferredError, PlatformError } from "@/lib/errors/platform-errors";
import { checkIdentifier } from "@/lib/platform/paths";
import { getZone, type ZoneRow } from "@/lib/platform/zones";

export async function zoneMigrationDetail(platform: PlatformClient, zoneId: string, refresh: boolean): Promise<ZoneMigrationDetail> {
  const scan = await zoneScan(platform, zoneId, refresh);
  return { ...migrationDetail(scan), migrationChanges: await readMigrationChanges(platform, scan) };
}

/** One zone's scan as the detail reads it: the cached one when fresh, else read now (the zone's Terraform export reads the same). */
export async function zoneScan(platform: PlatformClient, zoneId: string, refresh: boolean): Promise<ZoneScan> {
  checkIdentifier("id", zoneId);
  const cached = refresh ? undefined : scanCache.get(zoneId);
  if (cached) return cached.deferred ? await completed(platform, cached) : cached;
  return scanOneZone(platform, scanCache.listedZone(zoneId) ?? (await getZone(platform, zoneId)));
}

/**
 * A listed zone's whole scan (the account-wide Terraform export): the cached one, with what the account's
 * rows left out read now, or a fresh read. A row's scan lacks the proposed configuration of a zone in
 * validation mode: exported as it is, that zone would have had no resource.
 */
export async function wholeZoneScan(platform: PlatformClient, zone: ZoneRow): Promise<ZoneScan> {
  const cached = scanCache.get(zone.id);
  if (cached) return cached.deferred ? await completed(platform, cached) : cached;
  return scanOneZone(platform, zone);
}

/** Calls wholeZoneScan may make: the parts a cached scan lacks, or a whole zone's read. */
export function wholeZoneScanCalls(zone: ZoneRow): number {
  const cached = scanCache.get(zone.id);
  return cached ? (cached.deferred?.length ?? 0) : CALLS_PER_ZONE;
}

async function readMigrationChanges(platform: PlatformClient, scan: ZoneScan): Promise<MigrationChanges | null> {
  const config = scan.evidence?.config;
  if (!config) return null;
  try {
    return migrationChanges(await readManagedEntrypoint(platform, scan.zone.id), config);
  } catch (error) {
    // The rest of the detail stands: only the diff waits for a readable entry point.
    if (error instanceof PlatformError || error instanceof DeferredError) return { state: "unreadable", reason: error.message };
    throw error;
  }
}

/** The cached scan with the parts the account scan left out, kept so the next view reads nothing. */
async function completed(platform: PlatformClient, scan: ZoneScan): Promise<ZoneScan> {
  const evidence = await readDeferredParts(platform, scan.zone.id, { evidence: scan.evidence!, deferred: scan.deferred! });
  const { deferred: _, ...rest } = scan;
  const whole = { ...rest, evidence };
  scanCache.put(whole);
  return whole;
}
