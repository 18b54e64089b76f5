// The Zones and Certificates operations answered from the latest snapshot: the same JSON as a live scan,
// a slice of parts per request with a cursor, plus `snapshot` (time, age, refresh progress).
import "server-only";
import type { CertificatesPage } from "@/lib/certificates/types";
import type { AccountScan } from "@/lib/migration/scan-account";
import type { MigrationRow } from "@/lib/migration/zone-assessment";
import type { PlatformClient } from "@/lib/platform/client";
import { readPart } from "@/lib/snapshots/parts";
import { readSlice, type SnapshotInfo } from "@/lib/snapshots/read";
import { certificatesPartSchema, zonesPartSchema } from "@/lib/snapshots/schema";
import { flagCertificates, isCertificateChange } from "@/lib/changes/flags";
import { snapshotChanges } from "@/lib/snapshots/snapshot-changes";
import { openSnapshots } from "@/lib/snapshots/service";

export type Source = "auto" | "live" | "snapshot";

/** Whether a cursor continues a snapshot answer (its operation name says so), without trusting the rest. */
export function isSnapshotCursor(cursor: string | undefined): boolean {
  if (!cursor) return false;
  try {
    return /^\{"op":"snapshot-/.test(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    return false;
  }
}

type WithSnapshot<T> = T & { snapshot: SnapshotInfo | null };

/** The snapshot's answer when one is fresh (or asked for), else undefined with what is known of snapshots. */
export async function zonesFromSnapshot(platform: PlatformClient, cursor: string | undefined): Promise<{ answer?: WithSnapshot<AccountScan>; snapshot: SnapshotInfo | null }> {
  const snap = await openSnapshots(platform);
  if (!snap.usable) return { snapshot: snap.info };
  const slice = await readSlice(snap.bucket, snap.usable, "zones", cursor, async (bucket, part) => (await readPart(bucket, part.key, zonesPartSchema)).zones as unknown as MigrationRow[]);
  const answer = {
    zones: slice.rows,
    fetchedAt: snap.usable.completedAt,
    complete: slice.cursor === undefined,
    ...(slice.cursor ? { cursor: slice.cursor } : {}),
    totalCount: snap.usable.zoneCount,
    snapshot: snap.info,
  };
  return { answer, snapshot: snap.info };
}

export async function certificatesFromSnapshot(platform: PlatformClient, cursor: string | undefined): Promise<{ answer?: WithSnapshot<CertificatesPage>; snapshot: SnapshotInfo | null }> {
  const snap = await openSnapshots(platform);
  if (!snap.usable) return { snapshot: snap.info };
  type Part = Pick<CertificatesPage, "certificates" | "caa" | "zones">;
  const slice = await readSlice(snap.bucket, snap.usable, "certificates", cursor, async (bucket, part) => [(await readPart(bucket, part.key, certificatesPartSchema)) as unknown as Part], (parts) => parts.reduce((sum, p) => sum + p.certificates.length + p.caa.length, 0));
  const changes = await snapshotChanges(snap.bucket, snap.usable);
  const flagged = flagCertificates(slice.rows.flatMap((p) => p.certificates), slice.rows.flatMap((p) => p.zones), changes);
  const answer = {
    certificates: flagged.rows,
    caa: slice.rows.flatMap((p) => p.caa),
    zones: flagged.zones,
    changeCount: changes.filter(isCertificateChange).length,
    fetchedAt: snap.usable.completedAt,
    complete: slice.cursor === undefined,
    ...(slice.cursor ? { cursor: slice.cursor } : {}),
    totalZones: snap.usable.zoneCount,
    snapshot: snap.info,
  };
  return { answer, snapshot: snap.info };
}
