// A zone's drift as last seen, `drift/{zoneId}.json`: which changes from its baseline the live entry point
// shows and since when each was first seen, or why the last check could not tell. The object exists only
// while the zone is flagged (drifted, or its check failed), so the Zones page lists flags with one bucket
// list and its custom metadata, reading no object. The history of changes lives in the changes store.
import { z } from "zod";
import type { Bucket } from "@/lib/storage/bucket";
import { readJson, writeJson, type Stored } from "@/lib/storage/json-objects";
import { forgetRead } from "@/lib/storage/remembered-read";

export const WATCH_PREFIX = "drift/";
export const watchKey = (zoneId: string) => `${WATCH_PREFIX}${zoneId}.json`;
/** The remembered listing of the flags (lib/drift/open-flags.ts): every write of a watch forgets it. */
export const DRIFT_FLAGS_READ = "drift-flags";

export const watchedChangeSchema = z.object({ kind: z.string(), words: z.string(), firstSeen: z.string() });
export type WatchedChange = z.infer<typeof watchedChangeSchema>;

export const driftWatchSchema = z.object({
  format: z.literal(1),
  zoneId: z.string().regex(/^[0-9a-f]{32}$/),
  zoneName: z.string(),
  /** The zone's account, from the baseline's review (absent on watches of baselines from before reviews named it). */
  account: z.object({ id: z.string(), name: z.string() }).optional(),
  /** The review whose approved configuration (the baseline) the live entry point is compared with. */
  reviewId: z.uuid(),
  baselineAt: z.string(),
  /** When the earliest change still there was first seen; absent while only the check failed. */
  since: z.string().optional(),
  checkedAt: z.string(),
  /** The live entry point the changes were read from (null: it was deleted). */
  live: z.object({ id: z.string(), version: z.string(), lastUpdated: z.string() }).nullable().optional(),
  changes: z.array(watchedChangeSchema),
  /** The last check could not read the live entry point: the changes above are as of the check before it. */
  failure: z.object({ at: z.string(), reason: z.string() }).optional(),
});
export type DriftWatch = z.infer<typeof driftWatchSchema>;

export function readWatch(bucket: Bucket, zoneId: string): Promise<Stored<DriftWatch> | null> {
  return readJson(bucket, watchKey(zoneId), driftWatchSchema);
}

/**
 * Writes the zone's watch only if nobody wrote it since `etag` was read (null: it did not exist), so of
 * two runners checking the zone at once one records the change; false for the other.
 */
export async function saveWatch(bucket: Bucket, watch: DriftWatch, etag: string | null): Promise<boolean> {
  const value = driftWatchSchema.parse(watch);
  const stored = await writeJson(bucket, watchKey(value.zoneId), value, {
    onlyIf: etag ? { etagMatches: etag } : { etagDoesNotMatch: "*" },
    customMetadata: watchMetadata(value),
  });
  forgetRead(DRIFT_FLAGS_READ); // even a refused save: another writer changed it
  return stored !== null;
}

/** The zone is no longer flagged (after a conditional save of the resolved watch decided who records it). */
export async function clearWatch(bucket: Bucket, zoneId: string): Promise<void> {
  await bucket.delete(watchKey(zoneId));
  forgetRead(DRIFT_FLAGS_READ);
}

/** What a listing needs to flag the zone, within the bucket's custom metadata limit (2,048 bytes of UTF-8). */
export function watchMetadata(watch: DriftWatch): Record<string, string> {
  return {
    zoneName: fitBytes(watch.zoneName, 253),
    reviewId: watch.reviewId,
    checkedAt: watch.checkedAt,
    changeCount: String(watch.changes.length),
    summary: fitBytes(watch.changes.map((c) => c.words).join("; "), 1000),
    ...(watch.since ? { since: watch.since } : {}),
    ...(watch.failure ? { failure: fitBytes(watch.failure.reason, 300) } : {}),
    // The configuration caps a configured name at 100 characters; the platform's own names are cut like the zone's.
    ...(watch.account ? { accountId: watch.account.id, accountName: fitBytes(watch.account.name, 200) } : {}),
  };
}

/** `text` cut to at most `max` bytes of UTF-8, ending with "…" when cut (never inside a character). */
export function fitBytes(text: string, max: number): string {
  const encoder = new TextEncoder();
  if (encoder.encode(text).length <= max) return text;
  let out = "";
  let used = 3; // the ellipsis
  for (const char of text) {
    used += encoder.encode(char).length;
    if (used > max) break;
    out += char;
  }
  return `${out}…`;
}
