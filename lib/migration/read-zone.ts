// One zone's migration scan as the account's rows, the zone detail and the snapshot refresh keep it: its
// evidence, or the reason its calls failed. A limit (DeferredError) is not the zone's failure: it goes to
// the caller, whose budget pool (lib/platform/budget-pool.ts) redoes the zone in the next request.
import "server-only";
import { redactSecrets } from "@/lib/config";
import { readZoneEvidence, type EvidenceScope } from "@/lib/migration/scan-zone";
import type { ZoneScan } from "@/lib/migration/zone-assessment";
import type { PlatformClient } from "@/lib/platform/client";
import { DeferredError } from "@/lib/errors/platform-errors";
import type { ZoneRow } from "@/lib/platform/zones";

/**
 * A zone whose calls fail is kept as failed, with the reason: never dropped, never shown as fine. The account
 * scan reads what its rows show (`row`); the zone detail reads everything (`all`).
 */
export async function readZone(platform: PlatformClient, zone: ZoneRow, scope: EvidenceScope = "row"): Promise<ZoneScan> {
  // A zone whose listing entry did not parse is marked, not read on a guessed plan: its row says what did not parse.
  if (zone.unreadable) {
    const error = `The zone listing's entry for this zone did not parse (${zone.unreadable}): its plan and settings are unknown, so it was not assessed.`;
    return { zone, error, fetchedAt: new Date().toISOString() };
  }
  try {
    const { evidence, deferred } = await readZoneEvidence(platform, zone.id, scope);
    return { zone, evidence, fetchedAt: new Date().toISOString(), ...(deferred.length > 0 ? { deferred } : {}) };
  } catch (error) {
    if (error instanceof DeferredError) throw error;
    const message = redactSecrets(error instanceof Error ? error.message : String(error));
    return { zone, error: message, fetchedAt: new Date().toISOString() };
  }
}
