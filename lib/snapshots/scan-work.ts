// The migration scan of the zones from `offset`, as far as this request's budget goes: a zone starts only
// when the budget can finish it and those running, so the answer ends at a zone boundary.
import "server-only";
import { redactSecrets } from "@/lib/config";
import { CALLS_PER_ZONE, scanZoneEvidence } from "@/lib/migration/scan-zone";
import { migrationRow, type MigrationRow } from "@/lib/migration/zone-assessment";
import type { PlatformClient } from "@/lib/platform/client";
import { DeferredError } from "@/lib/platform/errors";
import type { ZoneRow } from "@/lib/platform/zones";

const ZONES_AT_ONCE = 8;

export interface ScanWork {
  rows: MigrationRow[];
  /** Set when the account rate limit stopped the work. */
  retryAfterMs: number;
}

/** Scans `zones` in order; `rows` are those of the first zones, every one finished (never half a zone). */
export async function scanZones(platform: PlatformClient, zones: readonly ZoneRow[]): Promise<ScanWork> {
  const rows: Array<MigrationRow | undefined> = new Array(zones.length);
  let next = 0;
  let stoppedAt = zones.length;
  let active = 0;
  let retryAfterMs = 0;
  const worker = async () => {
    while (next < stoppedAt) {
      const index = next++;
      if (platform.scheduler.remainingBudget < (active + 1) * CALLS_PER_ZONE) {
        stoppedAt = Math.min(stoppedAt, index);
        return;
      }
      active++;
      try {
        rows[index] = await scanOne(platform, zones[index]!);
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
  const done = rows.slice(0, stoppedAt);
  const firstGap = done.findIndex((row) => row === undefined);
  return { rows: (firstGap === -1 ? done : done.slice(0, firstGap)) as MigrationRow[], retryAfterMs };
}

/** A zone whose calls fail is kept as failed with the reason, as the live scan does. */
async function scanOne(platform: PlatformClient, zone: ZoneRow): Promise<MigrationRow> {
  const fetchedAt = new Date().toISOString();
  try {
    return migrationRow({ zone, evidence: await scanZoneEvidence(platform, zone.id), fetchedAt });
  } catch (error) {
    if (error instanceof DeferredError) throw error;
    return migrationRow({ zone, error: redactSecrets(error instanceof Error ? error.message : String(error)), fetchedAt });
  }
}
