// The drift phase of a snapshot refresh step: every zone with a baseline, in key order, a page of the
// baselines listing at a time, as far as this request's budget goes. Each zone: its baseline and watch
// read, its live entry point read (the only upstream call), its watch written; the step's drift and
// resolutions go to the changes store in one write. The run state keeps where it stopped.
import "server-only";
import { recordChanges } from "@/lib/changes/store";
import type { ChangeRecord } from "@/lib/changes/schema";
import { redactSecrets } from "@/lib/config";
import { BASELINE_PREFIX, readBaseline, zoneIdOfBaselineKey } from "@/lib/drift/baseline";
import { checkDrift, driftChanges, failedCheck } from "@/lib/drift/detect";
import { type DriftProgress } from "@/lib/drift/progress";
import { clearWatch, readWatch, saveWatch, type DriftWatch } from "@/lib/drift/watch";
import { readManagedEntrypoint } from "@/lib/migration/entrypoint";
import { finishedResults, runWithinBudget } from "@/lib/platform/budget-pool";
import type { PlatformClient } from "@/lib/platform/client";
import { DeferredError } from "@/lib/errors/platform-errors";
import type { Bucket } from "@/lib/storage/bucket";
import { CorruptObjectError } from "@/lib/errors/internal-errors";
import type { Stored } from "@/lib/storage/json-objects";

/** Subrequests one zone may take: baseline and watch reads, the entry point GET, the watch write, and its delete when drift ends. */
export const DRIFT_CALLS_PER_ZONE = 5;
/** The listing of a page and the one write of the step's records. */
const STEP_OVERHEAD = 2;
const ZONES_AT_ONCE = 4;
const KEYS_PER_LIST = 100;

export interface DriftWork {
  progress: DriftProgress;
  /** Set when the account rate limit stopped the work. */
  retryAfterMs: number;
}

/** Room for the listing, the records' write and at least one zone. */
export const DRIFT_MIN_BUDGET = STEP_OVERHEAD + DRIFT_CALLS_PER_ZONE;

/**
 * Whether `entry` (PREFLIGHT_ACCOUNTS' key) checks a baseline set with `baselineEntry`: only the entry the review was
 * executed with reads its zone. A baseline that names none is the first configured entry's (`firstEntry`), as its review
 * was (lib/accounts/review-entry.ts); without a configuration to say which is first, the checking entry's.
 */
export function checksBaseline(entry: string, baselineEntry: string | undefined, firstEntry: string | undefined): boolean {
  return (baselineEntry ?? firstEntry ?? entry) === entry;
}

/** Each account's refresh run checks its own entry's baselines (`firstEntry`: see checksBaseline). */
export async function watchDriftFrom(
  work: PlatformClient,
  bucket: Bucket,
  start: DriftProgress,
  snapshotId: string,
  now: () => Date,
  firstEntry?: string,
): Promise<DriftWork> {
  const progress = { ...start };
  if (progress.done || work.scheduler.remainingBudget < DRIFT_MIN_BUDGET) return { progress, retryAfterMs: 0 };
  const page = await bucket.list({ prefix: BASELINE_PREFIX, cursor: progress.cursor, limit: KEYS_PER_LIST, include: ["customMetadata"] });
  // Another entry's zone is not read with these credentials: its own account's run checks it.
  const own = page.objects.filter((o) => checksBaseline(work.entryKey, o.customMetadata?.entry, firstEntry));
  const keys = own.map((o) => o.key).filter((key) => zoneIdOfBaselineKey(key) && key > (progress.after ?? ""));
  const pool = await runWithinBudget(
    work.scheduler,
    keys,
    // Room for each zone on top of those under way, and for the records' write after them.
    { concurrency: ZONES_AT_ONCE, calls: DRIFT_CALLS_PER_ZONE, keep: 1 },
    (key) => checkZone(work, bucket, zoneIdOfBaselineKey(key)!, snapshotId, now().toISOString()),
  );
  const stoppedAt = pool.end;
  const done = finishedResults(pool);
  for (const outcome of done) {
    progress.checked++;
    if (outcome.state === "drifted") progress.drifted++;
    if (outcome.state === "failed") progress.failed++;
  }
  if (stoppedAt === keys.length) {
    if (page.truncated) Object.assign(progress, { cursor: page.cursor, after: undefined });
    else progress.done = true;
  } else if (stoppedAt > 0) {
    progress.after = keys[stoppedAt - 1];
  }
  await recordChanges(
    bucket,
    done.flatMap((o) => o.records),
    { now: now() },
  );
  return { progress: JSON.parse(JSON.stringify(progress)) as DriftProgress, retryAfterMs: pool.retryAfterMs };
}

interface ZoneOutcome {
  state: "clean" | "drifted" | "failed" | "skipped";
  records: ChangeRecord[];
}

async function checkZone(work: PlatformClient, bucket: Bucket, zoneId: string, snapshotId: string, at: string): Promise<ZoneOutcome> {
  const corrupt = (error: unknown) => {
    if (error instanceof CorruptObjectError) return undefined;
    throw error;
  };
  // A watch that is not valid is replaced by this check's; a baseline that is not valid is a failed check.
  const [stored, watch] = await Promise.all([
    readBaseline(bucket, zoneId).catch(corrupt),
    readWatch(bucket, zoneId).catch((e: unknown) => corrupt(e) ?? null),
  ]);
  // Gone since the listing, or not valid: nothing to compare with (a corrupt baseline counts as failed).
  if (!stored) return { state: stored === null ? "skipped" : "failed", records: [] };
  const baseline = stored.value;
  let changes;
  let live = null;
  try {
    live = await readManagedEntrypoint(work, zoneId);
    changes = driftChanges(baseline, live);
  } catch (error) {
    if (error instanceof DeferredError) throw error;
    changes = { unreadable: redactSecrets(error instanceof Error ? error.message : String(error)) };
  }
  if ("unreadable" in changes) {
    // Flagged with the reason, never shown as fine; the drift last seen is kept.
    await saveWatch(bucket, failedCheck(baseline, watch?.value ?? null, changes.unreadable, at), watch?.etag ?? null);
    return { state: "failed", records: [] };
  }
  const outcome = checkDrift({ baseline, previous: watch?.value ?? null, live, changes, at, snapshotId });
  if (outcome.watch) {
    const saved = await saveWatch(bucket, outcome.watch, watch?.etag ?? null);
    return { state: "drifted", records: saved ? outcome.records : [] };
  }
  if (watch && !(await lift(bucket, watch))) return { state: "clean", records: [] };
  return { state: "clean", records: outcome.records };
}

/** Lifts the flag: the conditional write decides which of two runners records the resolution. */
async function lift(bucket: Bucket, watch: Stored<DriftWatch>): Promise<boolean> {
  if (!(await saveWatch(bucket, { ...watch.value, changes: [], failure: undefined }, watch.etag))) return false;
  await clearWatch(bucket, watch.value.zoneId);
  return true;
}
