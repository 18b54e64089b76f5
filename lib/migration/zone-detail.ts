// The zone detail operation: from the cache when fresh, otherwise read now (also how a failed zone is retried).
import "server-only";
import { scanOneZone } from "@/lib/migration/scan-account";
import { scanCache } from "@/lib/migration/scan-cache";
import { migrationDetail, type ZoneScan } from "@/lib/migration/zone-assessment";
import type { PlatformClient } from "@/lib/platform/client";
import { checkIdentifier } from "@/lib/platform/paths";
import { getZone } from "@/lib/platform/zones";

export async function zoneMigrationDetail(platform: PlatformClient, zoneId: string, refresh: boolean) {
  return migrationDetail(await zoneScan(platform, zoneId, refresh));
}

/** One zone's scan as the detail reads it: the cached one when fresh, else read now (the Terraform export reads the same). */
export async function zoneScan(platform: PlatformClient, zoneId: string, refresh: boolean): Promise<ZoneScan> {
  checkIdentifier("id", zoneId);
  const cached = refresh ? undefined : scanCache.get(zoneId);
  if (cached) return cached;
  const zone = scanCache.zoneList()?.zones.find((z) => z.id === zoneId) ?? (await getZone(platform, zoneId));
  return scanOneZone(platform, zone);
}
