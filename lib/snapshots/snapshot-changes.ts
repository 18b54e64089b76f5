// The change records a published snapshot names (what changed since the previous one): one bucket read,
// remembered for the process since a change object is written once and never changed.
import { readChangeObject } from "@/lib/changes/store";
import type { ChangeRecord } from "@/lib/changes/schema";
import type { Bucket } from "@/lib/storage/bucket";
import type { Manifest } from "@/lib/snapshots/schema";

const REMEMBERED = 8;
const remembered = new Map<string, ChangeRecord[]>();

export async function snapshotChanges(bucket: Bucket, manifest: Manifest): Promise<ChangeRecord[]> {
  if (!manifest.changes) return [];
  const key = manifest.changes.key;
  const known = remembered.get(key);
  if (known) return known;
  const records = await readChangeObject(bucket, key);
  remembered.set(key, records);
  // The oldest first out: a few snapshots' records at most.
  if (remembered.size > REMEMBERED) remembered.delete(remembered.keys().next().value!);
  return records;
}
