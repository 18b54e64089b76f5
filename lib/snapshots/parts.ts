// Reading and writing a run's parts: each part is one JSON object under the run's prefix, named with a
// random tag so a runner that loses the race for the state leaves only an orphan, never a clobbered part.
import type { z } from "zod";
import { CorruptObjectError } from "@/lib/errors/internal-errors";
import { readJson, writeJson } from "@/lib/storage/json-objects";
import type { Bucket } from "@/lib/storage/bucket";
import { SNAPSHOT_FORMAT, snapshotKeys, zoneListPartSchema, type PartRef } from "@/lib/snapshots/schema";
import type { ZoneRow } from "@/lib/platform/zones";

export async function writePart(
  bucket: Bucket,
  account: string,
  runId: string,
  kind: string,
  seq: number,
  value: object,
  count: number,
): Promise<PartRef> {
  const key = snapshotKeys(account).part(runId, kind, seq, crypto.randomUUID().slice(0, 8));
  const stored = await writeJson(bucket, key, { format: SNAPSHOT_FORMAT, ...value }, { onlyIf: { etagDoesNotMatch: "*" } });
  if (!stored) throw new Error(`The snapshot part ${key} already exists`);
  return { key, count };
}

export async function readPart<T>(bucket: Bucket, key: string, schema: z.ZodType<T>): Promise<T> {
  const stored = await readJson(bucket, key, schema);
  if (!stored) throw new CorruptObjectError(key, "the part is missing");
  return stored.value;
}

/** The zone-list part holding zone `index`, the index of its first zone and its own index; undefined past the end. */
export async function zonesAt(
  bucket: Bucket,
  parts: readonly PartRef[],
  index: number,
): Promise<{ zones: ZoneRow[]; from: number; part: number } | undefined> {
  let from = 0;
  for (const [i, part] of parts.entries()) {
    if (index < from + part.count) {
      const { zones } = await readPart(bucket, part.key, zoneListPartSchema);
      return { zones, from, part: i };
    }
    from += part.count;
  }
  return undefined;
}
