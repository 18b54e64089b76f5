// The zone detail operation: from the cache when fresh, otherwise read now (also how a failed zone is retried).
// The live entry point is read for every view (one call): what the migration changes is never a cached guess.
import "server-only";
import { readManagedEntrypoint } from "@/lib/migration/entrypoint";
import { migrationChanges, type MigrationChanges, type ZoneMigrationDetail } from "@/lib/migration/migration-changes";
import { scanOneZone } from "@/lib/migration/scan-account";
import { scanCache } from "@/lib/migration/scan-cache";
import { migrationDetail, type ZoneScan } from "@/lib/migration/zone-assessment";
import type { PlatformClient } from "@/lib/platform/client";
import { DeferredError, PlatformError } from "@/lib/errors/platform-errors";
import { checkIdentifier } from "@/lib/platform/paths";
import { getZone } from "@/lib/platform/zones";

export async function zoneMigrationDetail(platform: PlatformClient, zoneId: string, refresh: boolean): Promise<ZoneMigrationDetail> {
  const scan = await zoneScan(platform, zoneId, refresh);
  return { ...migrationDetail(scan), migrationChanges: await readMigrationChanges(platform, scan) };
}

/** One zone's scan as the detail reads it: the cached one when fresh, else read now (the Terraform export reads the same). */
export async function zoneScan(platform: PlatformClient, zoneId: string, refresh: boolean): Promise<ZoneScan> {
  checkIdentifier("id", zoneId);
  const cached = refresh ? undefined : scanCache.get(zoneId);
  return cached ?? (await scanOneZone(platform, scanCache.zoneList()?.zones.find((z) => z.id === zoneId) ?? (await getZone(platform, zoneId))));
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
