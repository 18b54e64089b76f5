// The zones drift watch flags, for the Zones page: one bucket listing of `drift/` with its custom metadata
// (a subrequest per 1,000 flagged zones), no object read. A zone is flagged while its live entry point
// differs from its baseline, or while its last check failed.
import type { Bucket } from "@/lib/storage/bucket";
import { listAll } from "@/lib/storage/json-objects";
import { WATCH_PREFIX } from "@/lib/drift/watch";

export interface DriftFlag {
  zoneId: string;
  zoneName: string;
  /** `drifted`: changes seen (the last check may also have failed: `failure`); `check_failed`: none seen, the check failed. */
  status: "drifted" | "check_failed";
  /** When the earliest change still there was first seen. */
  since?: string;
  checkedAt: string;
  /** The review whose approved configuration the zone is compared with. */
  reviewId: string;
  changeCount: number;
  /** The changes in words, joined (shortened past 600 characters). */
  summary: string;
  failure?: string;
}

export async function listDriftFlags(bucket: Bucket): Promise<DriftFlag[]> {
  const flags: DriftFlag[] = [];
  for await (const object of listAll(bucket, { prefix: WATCH_PREFIX, include: ["customMetadata"] })) {
    const zoneId = /^drift\/([0-9a-f]{32})\.json$/.exec(object.key)?.[1];
    const meta = object.customMetadata ?? {};
    if (!zoneId || !meta.reviewId || !meta.checkedAt) continue;
    const changeCount = Number(meta.changeCount ?? 0);
    // A watch left resolved by a runner that stopped before deleting it flags nothing.
    if (changeCount === 0 && !meta.failure) continue;
    flags.push({
      zoneId,
      zoneName: meta.zoneName ?? zoneId,
      status: changeCount > 0 ? "drifted" : "check_failed",
      ...(meta.since ? { since: meta.since } : {}),
      checkedAt: meta.checkedAt,
      reviewId: meta.reviewId,
      changeCount,
      summary: meta.summary ?? "",
      ...(meta.failure ? { failure: meta.failure } : {}),
    });
  }
  return flags.sort((a, b) => a.zoneName.localeCompare(b.zoneName));
}
