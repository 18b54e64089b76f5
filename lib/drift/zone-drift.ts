// One zone's drift as the zone page shows it (the "diff" the flags link to): the baseline and the review
// that approved it, the live entry point read now, the changes between them in words, and the watch's
// first sightings. A zone without a baseline answers baseline null: drift watch starts with a migration review.
import "server-only";
import { readBaseline } from "@/lib/drift/baseline";
import { driftChanges } from "@/lib/drift/detect";
import { readWatch, type DriftWatch } from "@/lib/drift/watch";
import { readManagedEntrypoint } from "@/lib/migration/entrypoint";
import type { PlatformClient } from "@/lib/platform/client";
import { checkIdentifier } from "@/lib/platform/paths";
import { getBucket } from "@/lib/storage/bucket-provider";
import { meteredBucket } from "@/lib/storage/metered-bucket";

export interface ZoneDrift {
  zoneId: string;
  baseline: {
    reviewId: string;
    reviewKind: string;
    /** The zone's account as the baseline's review named it (absent on baselines from before reviews named it). */
    account?: { id: string; name: string };
    at: string;
    approvedBy?: string;
    executedBy?: string;
    version: string | null;
    ruleCount: number;
  } | null;
  /** The live entry point now (null: none, or no baseline to compare it with). */
  live: { id: string; version: string; lastUpdated: string; ruleCount: number } | null;
  /** The changes from the baseline by meaning (empty: none); null without a baseline or when they cannot be read. */
  changes: Array<{ kind: string; words: string }> | null;
  unreadable?: string;
  /** What the last refresh recorded: first sightings, or the reason its check failed. */
  watch: DriftWatch | null;
  readAt: string;
}

export async function zoneDrift(platform: PlatformClient, zoneId: string): Promise<ZoneDrift> {
  checkIdentifier("id", zoneId);
  const bucket = meteredBucket(await getBucket(), platform.scheduler);
  const [stored, watch] = await Promise.all([readBaseline(bucket, zoneId), readWatch(bucket, zoneId)]);
  const readAt = new Date().toISOString();
  if (!stored) return { zoneId, baseline: null, live: null, changes: null, watch: watch?.value ?? null, readAt };
  const b = stored.value;
  const rules = b.entrypoint?.rules ?? b.configuration.rules;
  const baseline = {
    reviewId: b.reviewId,
    reviewKind: b.reviewKind,
    ...(b.account ? { account: b.account } : {}),
    at: b.at,
    ...(b.approvedBy ? { approvedBy: b.approvedBy } : {}),
    ...(b.executedBy ? { executedBy: b.executedBy } : {}),
    version: b.entrypoint?.version ?? null,
    ruleCount: rules.length,
  };
  const entrypoint = await readManagedEntrypoint(platform, zoneId);
  const live = entrypoint && {
    id: entrypoint.id,
    version: entrypoint.version,
    lastUpdated: entrypoint.lastUpdated,
    ruleCount: entrypoint.rules.length,
  };
  const changes = driftChanges(b, entrypoint);
  if ("unreadable" in changes)
    return { zoneId, baseline, live, changes: null, unreadable: changes.unreadable, watch: watch?.value ?? null, readAt };
  return { zoneId, baseline, live, changes: changes.map((c) => ({ kind: c.kind, words: c.words })), watch: watch?.value ?? null, readAt };
}
