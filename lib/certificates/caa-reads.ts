// The reads custom hostnames' CAA needs beyond their own zone: the account's zones (to find the zone a
// hostname lies in) and those zones' CAA records. Nothing is read for a zone without custom hostnames,
// and each zone's records are read once per scan (its own audit reuses them).
import "server-only";
import type { CaaRecord } from "@/lib/certificates/caa";
import { zonesOnClimb, type AccountZone, type HostnameCaaContext } from "@/lib/certificates/hostname-caa";
import type { CustomHostname } from "@/lib/certificates/upstream";

export interface CaaReads {
  /** Every zone of the account, as the audit lists them. */
  zones(): Promise<readonly AccountZone[]>;
  records(zoneId: string): Promise<CaaRecord[]>;
}

/** The context for one zone's custom hostnames; undefined (no call made) when it has none. */
export async function hostnameCaaContext(
  reads: CaaReads,
  zone: AccountZone,
  ownRecords: readonly CaaRecord[],
  hostnames: readonly CustomHostname[],
): Promise<HostnameCaaContext | undefined> {
  if (hostnames.length === 0) return undefined;
  const listed = await reads.zones();
  const zones = listed.some((z) => z.id === zone.id) ? listed : [...listed, zone];
  const needed = new Set<string>();
  for (const h of hostnames) for (const z of zonesOnClimb(h.hostname, zones)) if (z.id !== zone.id) needed.add(z.id);
  const records = new Map<string, readonly CaaRecord[]>([[zone.id, ownRecords]]);
  // A failed read fails the zone's audit (shown as failed, retryable), never reads as "outside the account".
  const read = await Promise.all([...needed].map(async (id) => [id, await reads.records(id)] as const));
  for (const [id, list] of read) records.set(id, list);
  return { zones, records };
}
