// Snapshots for this deployment: the account's key in the bucket, the step the cron, the timer and the
// Refresh button all run, and the status the pages show. Bucket calls go through the request's Scheduler.
import "server-only";
import { getConfig } from "@/lib/config";
import type { AccountLabel, PlatformClient } from "@/lib/platform/client";
import { getBucket } from "@/lib/storage/bucket-provider";
import { meteredBucket } from "@/lib/storage/metered-bucket";
import { describeSnapshots, isFresh } from "@/lib/snapshots/read";
import { forgetSnapshotObjects, rememberedSnapshotObjects } from "@/lib/snapshots/remembered-status";
import { refreshStep, type StepOutcome } from "@/lib/snapshots/refresh";
import { snapshotKeys } from "@/lib/snapshots/schema";

/** A refresh run starts again this long after the last one published, unless SNAPSHOT_REFRESH_MINUTES says otherwise. */
const DEFAULT_REFRESH_AFTER_MINUTES = 60;

/**
 * Whose snapshot a platform reads: each configured account has its own. The single-account names are kept (an existing
 * deployment's snapshots stay readable): its id, or "all-accounts" for credentials without one.
 */
export function snapshotAccount(entry: AccountLabel = { key: "default", id: getConfig().accountId }): string {
  if (entry.key === "default") return entry.id ?? "all-accounts";
  return entry.id ?? `entry-${entry.key}`;
}

export async function runRefreshStep(platform: PlatformClient, restart: boolean): Promise<StepOutcome> {
  const config = getConfig();
  const bucket = await getBucket();
  const account = snapshotAccount(platform.entry);
  try {
    return await refreshStep(platform, bucket, {
      account,
      accountId: platform.entry.id,
      firstEntry: config.accounts[0]?.key,
      restart,
      refreshAfterMinutes: config.snapshots.refreshMinutes || DEFAULT_REFRESH_AFTER_MINUTES,
    });
  } finally {
    forgetSnapshotObjects(account); // the step wrote the run state, maybe the manifest
  }
}

export async function openSnapshots(platform: PlatformClient) {
  const shared = await getBucket();
  const bucket = meteredBucket(shared, platform.scheduler);
  const status = describeSnapshots(await rememberedSnapshotObjects(shared, snapshotAccount(platform.entry), bucket));
  const usable = isFresh(status.info, getConfig().snapshots.maxAgeMinutes) ? status.manifest : null;
  return { bucket, ...status, usable };
}

/** Forgets the published snapshot and any run under way: the pages go back to live scans. Parts are left to expire. */
export async function discardSnapshots(platform: PlatformClient): Promise<void> {
  const shared = await getBucket();
  const keys = snapshotKeys(snapshotAccount(platform.entry));
  try {
    await meteredBucket(shared, platform.scheduler).delete([keys.latest, keys.state]);
  } finally {
    forgetSnapshotObjects(snapshotAccount(platform.entry));
  }
}
