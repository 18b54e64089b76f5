// Retrying a zone the audit marked failed: it is audited again on its own and its outcome replaces the
// failed one inside the cached scan, in place, so the account's listing comes back whole and in order.
import "server-only";
import { auditZones, latestScan, scanReads, type Chunk } from "@/lib/certificates/audit";
import { scanZoneList } from "@/lib/certificates/audit-zones";
import type { CaaFinding, CertificateRow, ZoneOutcome } from "@/lib/certificates/types";
import type { PlatformClient } from "@/lib/platform/client";
import { DeferredError } from "@/lib/errors/platform-errors";
import { checkIdentifier } from "@/lib/platform/paths";
import { getZone } from "@/lib/platform/zones";

export interface ZoneReaudit {
  zone: ZoneOutcome;
  certificates: CertificateRow[];
  caa: CaaFinding[];
  fetchedAt: string;
}

export async function reauditZone(client: PlatformClient, zoneId: string, accountId?: string): Promise<ZoneReaudit> {
  checkIdentifier("id", zoneId);
  const zone = await getZone(client, zoneId);
  // The latest scan's zone list and CAA reads, so a retry lists and reads nothing twice. The list comes first:
  // the zone is judged alone (failed when even a whole budget is too small) only on a budget the listing did not spend.
  const scan = latestScan(client, accountId);
  const listed = await scanZoneList(client, scan, accountId);
  if (!listed.zones) throw new DeferredError("the account's zone list needs another request", listed.retryAfterMs ?? 0);
  const pool = await auditZones(client, [zone], {
    alone: !listed.listedNow,
    reads: scanReads(client, scan, accountId),
    caaCache: scan.caa,
  });
  const result = pool.results[0];
  // The rate limit (or what the listing left of the budget) had no room: the zone is neither fine nor failed yet.
  if (!result)
    throw new DeferredError(
      "the account rate limit or this request's subrequests left no room to audit this zone now",
      Math.max(pool.retryAfterMs, 1000),
    );
  const outcome: ZoneOutcome = {
    zoneId: zone.id,
    zoneName: zone.name,
    account: zone.account,
    status: result.outcome,
    ...(result.reason ? { reason: result.reason } : {}),
  };
  const audited = {
    zone: outcome,
    certificates: result.rows?.rows ?? [],
    caa: result.rows?.caa ?? [],
    fetchedAt: new Date().toISOString(),
  };
  for (const chunk of scan.chunks.values()) if (patchChunk(chunk, audited)) break;
  return audited;
}

/** Replaces the zone's outcome and rows in the chunk that holds it, keeping the zones' order. */
function patchChunk(chunk: Chunk, audited: ZoneReaudit): boolean {
  const { page } = chunk;
  const at = page.zones.findIndex((z) => z.zoneId === audited.zone.zoneId);
  if (at === -1) return false;
  const zones = page.zones.map((z, i) => (i === at ? audited.zone : z));
  const byZone = <T extends { zoneId: string }>(rows: T[], fresh: T[]) =>
    zones.flatMap((z) => (z.zoneId === audited.zone.zoneId ? fresh : rows.filter((r) => r.zoneId === z.zoneId)));
  chunk.page = { ...page, zones, certificates: byZone(page.certificates, audited.certificates), caa: byZone(page.caa, audited.caa) };
  return true;
}
