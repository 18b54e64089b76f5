// Reads zones' migration evidence a few at a time within one request's subrequest budget: a zone starts
// only when the budget can finish it and those already running, so the work always ends at a zone
// boundary. The live scan (scan-account.ts) and the snapshot refresh (snapshots/scan-work.ts) share it.
import "server-only";
import { redactSecrets } from "@/lib/config";
import { CALLS_PER_ZONE, scanZoneEvidence } from "@/lib/migration/scan-zone";
import type { ZoneScan } from "@/lib/migration/zone-assessment";
import type { PlatformClient } from "@/lib/platform/client";
import { DeferredError } from "@/lib/errors/platform-errors";
import type { ZoneRow } from "@/lib/platform/zones";

export interface ScanRange {
  from: number;
  until: number;
  /** Zones read at once. */
  concurrency: number;
  /** Zones not to read (already known); they count as scanned. */
  skip?: (zone: ZoneRow) => boolean;
}

/**
 * Reads zones[from..until) and hands each scan to `done` (with its index). Returns the index of the first
 * zone not scanned, and how long to wait when the account rate limit was what stopped it.
 */
export async function scanWithinBudget(
  platform: PlatformClient,
  zones: readonly ZoneRow[],
  range: ScanRange,
  done: (scan: ZoneScan, index: number) => void,
): Promise<{ end: number; retryAfterMs: number }> {
  let next = range.from;
  let stoppedAt = range.until;
  let active = 0;
  let retryAfterMs = 0;
  const worker = async () => {
    while (next < stoppedAt) {
      const index = next++;
      const zone = zones[index]!;
      if (range.skip?.(zone)) continue;
      // Room for this zone on top of those being read: a zone is never started only to be cut short.
      if (platform.scheduler.remainingBudget < (active + 1) * CALLS_PER_ZONE) {
        stoppedAt = Math.min(stoppedAt, index);
        return;
      }
      active++;
      try {
        done(await readZone(platform, zone), index);
      } catch (error) {
        if (!(error instanceof DeferredError)) throw error;
        stoppedAt = Math.min(stoppedAt, index);
        retryAfterMs = Math.max(retryAfterMs, error.retryAfterMs);
      } finally {
        active--;
      }
    }
  };
  await Promise.all(Array.from({ length: range.concurrency }, worker));
  return { end: stoppedAt, retryAfterMs };
}

/** A zone whose calls fail is kept as failed, with the reason: never dropped, never shown as fine. */
export async function readZone(platform: PlatformClient, zone: ZoneRow): Promise<ZoneScan> {
  try {
    const evidence = await scanZoneEvidence(platform, zone.id);
    return { zone, evidence, fetchedAt: new Date().toISOString() };
  } catch (error) {
    if (error instanceof DeferredError) throw error;
    const message = redactSecrets(error instanceof Error ? error.message : String(error));
    return { zone, error: message, fetchedAt: new Date().toISOString() };
  }
}
