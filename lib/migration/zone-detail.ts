// The zone detail operation: from the cache when fresh, otherwise read now (also how a failed zone is retried).
// A scan read for the account's rows may lack what only the detail shows: that is read now, once.
import "server-only";
import { scanOneZone } from "@/lib/migration/scan-account";
import { scanCache } from "@/lib/migration/scan-cache";
import { readDeferredParts } from "@/lib/migration/scan-zone";
import { migrationDetail, type ZoneScan } from "@/lib/migration/zone-assessment";
import type { PlatformClient } from "@/lib/platform/client";
import { checkIdentifier } from "@/lib/platform/paths";
import { getZone } from "@/lib/platform/zones";

export async function zoneMigrationDetail(platform: PlatformClient, zoneId: string, refresh: boolean) {
  checkIdentifier("id", zoneId);
  const cached = refresh ? undefined : scanCache.get(zoneId);
  if (cached) return migrationDetail(cached.deferred ? await completed(platform, cached) : cached);
  const zone = scanCache.zoneList()?.zones.find((z) => z.id === zoneId) ?? (await getZone(platform, zoneId));
  return migrationDetail(await scanOneZone(platform, zone));
}

/** The cached scan with the parts the account scan left out, kept so the next view reads nothing. */
async function completed(platform: PlatformClient, scan: ZoneScan): Promise<ZoneScan> {
  const evidence = await readDeferredParts(platform, scan.zone.id, { evidence: scan.evidence!, deferred: scan.deferred! });
  const { deferred: _, ...rest } = scan;
  const whole = { ...rest, evidence };
  scanCache.put(whole);
  return whole;
}
