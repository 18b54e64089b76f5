// The Zones and Certificates operations answered from the latest snapshot: the same JSON as a live scan,
// a slice of parts per request with a cursor, plus `snapshot` (time, age, refresh progress).
import "server-only";
import type { CertificatesPage } from "@/lib/certificates/types";
import type { AccountScan } from "@/lib/migration/scan-account";
import { NotFoundError } from "@/lib/errors/not-found-error";
import type { PlatformClient } from "@/lib/platform/client";
import { cursorOperation } from "@/lib/platform/cursor";
import { readPart } from "@/lib/snapshots/parts";
import { readSlice, type SnapshotInfo } from "@/lib/snapshots/read";
import { certificatesPartSchema, zonesPartSchema } from "@/lib/snapshots/schema";
import { flagCertificates, isCertificateChange } from "@/lib/changes/flags";
import { snapshotChanges } from "@/lib/snapshots/snapshot-changes";
import { openSnapshots } from "@/lib/snapshots/service";

export const LIST_SOURCES = ["auto", "live", "snapshot"] as const;

/** What a listing's query says about where its answer may come from (lib/http/list-query.ts reads it). */
export interface SourceQuery {
  /** `auto`: a fresh snapshot if there is one, else live; `live` and `snapshot` insist. */
  source: (typeof LIST_SOURCES)[number];
  cursor?: string;
  /** Read the account again instead of answering from the cache or a snapshot. */
  refresh: boolean;
}

/** Whether a cursor continues a snapshot answer (its operation's name says so). */
export function isSnapshotCursor(cursor: string | undefined): boolean {
  return cursor !== undefined && (cursorOperation(cursor)?.startsWith("snapshot-") ?? false);
}

type WithSnapshot<T> = T & { snapshot: SnapshotInfo | null };
/** An answer that may say which snapshot it came from (or which exists beside a live one). */
export type MaybeSnapshot<T> = T & { snapshot?: SnapshotInfo | null };
type FromSnapshot<T> = (
  platform: PlatformClient,
  cursor: string | undefined,
) => Promise<{ answer?: WithSnapshot<T>; snapshot: SnapshotInfo | null }>;

/**
 * A listing's answer: the published snapshot's when the query allows one and it is fresh, else the live
 * read (`activity` names it in the error: "scan", "audit"). A snapshot cursor without a snapshot is a 404.
 */
export async function snapshotOrLive<T extends object>(
  platform: PlatformClient,
  query: SourceQuery,
  fromSnapshot: FromSnapshot<T>,
  live: () => Promise<T>,
  activity: string,
): Promise<T | WithSnapshot<T>> {
  if (query.source === "live" || query.refresh || (query.cursor && !isSnapshotCursor(query.cursor))) return live();
  const snapshot = await fromSnapshot(platform, query.cursor);
  if (snapshot.answer) return snapshot.answer;
  if (query.source === "snapshot" || query.cursor)
    throw new NotFoundError(`There is no fresh snapshot of this account; ${activity} live or refresh the snapshot`);
  return { ...(await live()), snapshot: snapshot.snapshot };
}

/** The snapshot's answer when one is fresh (or asked for), else undefined with what is known of snapshots. */
export async function zonesFromSnapshot(
  platform: PlatformClient,
  cursor: string | undefined,
): Promise<{ answer?: WithSnapshot<AccountScan>; snapshot: SnapshotInfo | null }> {
  const snap = await openSnapshots(platform);
  if (!snap.usable) return { snapshot: snap.info };
  const slice = await readSlice(
    snap.bucket,
    snap.usable,
    "zones",
    cursor,
    async (bucket, part) => (await readPart(bucket, part.key, zonesPartSchema)).zones,
  );
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

export async function certificatesFromSnapshot(
  platform: PlatformClient,
  cursor: string | undefined,
): Promise<{ answer?: WithSnapshot<CertificatesPage>; snapshot: SnapshotInfo | null }> {
  const snap = await openSnapshots(platform);
  if (!snap.usable) return { snapshot: snap.info };
  type Part = Pick<CertificatesPage, "certificates" | "caa" | "zones">;
  const slice = await readSlice(
    snap.bucket,
    snap.usable,
    "certificates",
    cursor,
    async (bucket, part) => [(await readPart(bucket, part.key, certificatesPartSchema)) satisfies Part],
    (parts) => parts.reduce((sum, p) => sum + p.certificates.length + p.caa.length, 0),
  );
  const changes = await snapshotChanges(snap.bucket, snap.usable);
  const flagged = flagCertificates(
    slice.rows.flatMap((p) => p.certificates),
    slice.rows.flatMap((p) => p.zones),
    changes,
  );
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
