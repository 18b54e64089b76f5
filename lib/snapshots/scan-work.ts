// A refresh step's migration scan of the zones from its offset, as far as this request's budget goes
// (scan-within-budget.ts: whole zones only; a zone whose calls fail is kept as failed, as the live scan does).
import "server-only";
import { scanWithinBudget } from "@/lib/migration/scan-within-budget";
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
  const rows: Array<MigrationRow | undefined> = new Array(zones.length);
  const range = { from: 0, until: zones.length, concurrency: ZONES_AT_ONCE };
  const { end, retryAfterMs } = await scanWithinBudget(platform, zones, range, (scan, index) => (rows[index] = migrationRow(scan)));
  // Every zone before `end` is finished: the pool waits for all it started.
  return { rows: rows.slice(0, end) as MigrationRow[], retryAfterMs };
}
