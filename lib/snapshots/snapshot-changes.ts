// The change records a published snapshot names (what changed since the previous one): a bucket read per
// change object (one per refresh step that found changes), remembered for the process since a change
// object is written once and never changed.
import { readChangeObject } from "@/lib/changes/store";
import type { ChangeRecord } from "@/lib/changes/schema";
import type { Bucket } from "@/lib/storage/bucket";
import type { Manifest } from "@/lib/snapshots/schema";

/** Objects read for one answer at most: the flags of a snapshot with more change objects cover the first ones. */
export const CHANGE_OBJECTS_READ = 8;
const REMEMBERED = 64;
const remembered = new Map<string, ChangeRecord[]>();

export async function snapshotChanges(bucket: Bucket, manifest: Manifest): Promise<ChangeRecord[]> {
  const keys = manifest.changes?.keys.slice(0, CHANGE_OBJECTS_READ) ?? [];
  const records = await Promise.all(keys.map((key) => remembered.get(key) ?? read(bucket, key)));
  return records.flat();
}

async function read(bucket: Bucket, key: string): Promise<ChangeRecord[]> {
  const records = await readChangeObject(bucket, key);
  remembered.set(key, records);
  // The oldest first out: a few snapshots' objects at most.
  if (remembered.size > REMEMBERED) remembered.delete(remembered.keys().next().value!);
  return records;
}
