// A refresh step's migration scan of the zones from its offset, as far as this request's budget goes
// (lib/platform/budget-pool.ts: whole zones only; a zone whose calls fail is kept as failed, as the live scan does).
import "server-only";
import { readZone } from "@/lib/migration/read-zone";
import { CALLS_PER_ZONE } from "@/lib/migration/scan-zone";
import { finishedResults, runWithinBudget } from "@/lib/platform/budget-pool";
import { migrationRow, type MigrationRow } from "@/lib/migration/zone-assessment";
import type { PlatformClient } from "@/lib/platform/client";
import type { ZoneRow } from "@/lib/platform/zones";

const ZONES_AT_ONCE = 8;

export interface ScanWork {
  rows: MigrationRow[];
  /** Set when the account rate limit stopped the work. */
  retryAfterMs: number;
}

/** Scans `zones` in order; `rows` are those of the first zones, every one finished (never half a zone). */
export async function scanZones(platform: PlatformClient, zones: readonly ZoneRow[]): Promise<ScanWork> {
  const options = { concurrency: ZONES_AT_ONCE, calls: CALLS_PER_ZONE };
  const pool = await runWithinBudget(platform.scheduler, zones, options, async (zone) => migrationRow(await readZone(platform, zone)));
  return { rows: finishedResults(pool), retryAfterMs: pool.retryAfterMs };
}
