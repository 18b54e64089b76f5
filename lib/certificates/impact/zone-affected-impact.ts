// GET /api/certificates/impact with a zone and no host: the zone's affected hosts (those of its action-required
// and informational certificates) from its certificate audit, the one GET /api/certificates/zones/{id} runs,
// then their impact in chunks of MAX_HOSTS. A chunk the budget leaves unread is named in `notRead`.
import "server-only";
import { reauditZone } from "@/lib/certificates/reaudit";
import { affectedHostRequests } from "@/lib/certificates/impact/affected-hosts";
import { mergeZoneImpacts } from "@/lib/certificates/impact/merge-impact";
import { readZoneImpact, type ZoneImpact } from "@/lib/certificates/impact/read-impact";
import type { CertificateRow, ZoneOutcome } from "@/lib/certificates/types";
import { DeferredError } from "@/lib/errors/platform-errors";
import type { PlatformClient } from "@/lib/platform/client";

export type AffectedZoneImpact = ZoneImpact & {
  /** Where the hosts came from: the zone's audit, its outcome (a failed audit reads no host). */
  audit: ZoneOutcome;
};

export const UNREAD_CHUNK = "not read: this request's subrequests ran out before it; ask again";

/** The impact of the given chunks of one zone's hosts, read in order until the budget stops one. */
export async function readHostChunks(
  platform: PlatformClient,
  zoneId: string,
  chunks: readonly string[][],
  windowSeconds: number,
): Promise<ZoneImpact> {
  const parts: ZoneImpact[] = [];
  const unread: string[] = [];
  for (const hosts of chunks) {
    if (unread.length > 0) {
      unread.push(...hosts);
      continue;
    }
    try {
      parts.push(await readZoneImpact(platform, zoneId, hosts, windowSeconds));
    } catch (error) {
      // The first chunk's limit is the request's (as with named hosts); a later one keeps what was read.
      if (!(error instanceof DeferredError) || parts.length === 0) throw error;
      unread.push(...hosts);
    }
  }
  const merged = mergeZoneImpacts(zoneId, parts) ?? (await readZoneImpact(platform, zoneId, [], windowSeconds));
  if (unread.length === 0) return merged;
  return { ...merged, complete: false, notRead: [...merged.notRead, ...unread.map((host) => ({ host, reason: UNREAD_CHUNK }))] };
}

/** The hosts of one zone's affected certificates, in chunks a request may name. */
export function zoneHostChunks(zoneId: string, rows: readonly CertificateRow[]): string[][] {
  return affectedHostRequests(rows.filter((row) => row.zoneId === zoneId)).map((r) => r.hosts);
}

export async function readAffectedZoneImpact(
  platform: PlatformClient,
  zoneId: string,
  windowSeconds: number,
  accountId?: string,
): Promise<AffectedZoneImpact> {
  const audited = await reauditZone(platform, zoneId, accountId);
  const impact = await readHostChunks(platform, zoneId, zoneHostChunks(zoneId, audited.certificates), windowSeconds);
  return { ...impact, ...(audited.zone.status === "failed" ? { complete: false } : {}), audit: audited.zone };
}
