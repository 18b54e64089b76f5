// An executed review sets the zone's baseline; drift seen against the previous one is over (accepted, or
// replaced by a migration step), so the zone's flag is lifted and the changes store says which review did it.
import { recordChanges } from "@/lib/changes/store";
import type { ChangeRecord } from "@/lib/changes/schema";
import { writeBaseline, type Baseline } from "@/lib/drift/baseline";
import { clearWatch, readWatch, saveWatch } from "@/lib/drift/watch";
import type { Bucket } from "@/lib/storage/bucket";

export async function setBaseline(bucket: Bucket, baseline: Baseline): Promise<void> {
  await writeBaseline(bucket, baseline);
  const stored = await readWatch(bucket, baseline.zoneId);
  if (!stored) return;
  const { value: watch, etag } = stored;
  // Of a refresh and this execution lifting the flag at once, the one whose conditional write lands records it.
  if (!(await saveWatch(bucket, { ...watch, changes: [], failure: undefined, checkedAt: baseline.at }, etag))) return;
  await clearWatch(bucket, baseline.zoneId);
  if (watch.changes.length === 0) return;
  const accepted = baseline.reviewKind === "accept_baseline";
  const words = accepted
    ? `Drift accepted as the new baseline by review ${baseline.reviewId.slice(0, 8)} (${watch.changes.length} change${watch.changes.length === 1 ? "" : "s"})`
    : `A new baseline was set by review ${baseline.reviewId.slice(0, 8)} (${baseline.reviewKind}); the drift from the previous one is closed`;
  const record: ChangeRecord = {
    version: 1,
    id: `drift_resolved-${baseline.zoneId}-${baseline.reviewId}`,
    kind: "drift_resolved",
    zoneId: baseline.zoneId,
    zoneName: baseline.zoneName,
    ...(baseline.account ? { account: baseline.account } : {}),
    subject: {
      kind: "entry_point",
      id: baseline.entrypoint?.id ?? watch.live?.id ?? "none",
      name: "http_request_firewall_managed entry point",
    },
    words,
    firstSeen: baseline.at,
    recordedAt: baseline.at,
    snapshotId: `review-${baseline.reviewId}`,
    links: { reviewId: baseline.reviewId },
    details: { resolved: watch.changes, previousReviewId: watch.reviewId },
  };
  await recordChanges(bucket, [record]);
}
