// Every Zones and Certificates answer first asks where snapshots stand: two bucket reads, which were most
// of a cached answer's cost (and two subrequests of its budget). The objects read are remembered a few
// seconds per bucket and account, concurrent answers share one read, and this process's own writes
// (a refresh step, a discard) forget them at once; another process or isolate sees a change within the TTL.
import type { Bucket } from "@/lib/storage/bucket";
import { readSnapshotObjects, type SnapshotObjects } from "@/lib/snapshots/read";

export const STATUS_REMEMBERED_MS = 5_000;

interface Remembered {
  at: number;
  objects: Promise<SnapshotObjects>;
}

const remembered = new WeakMap<Bucket, Map<string, Remembered>>();

/** The snapshot objects of `account`, read through `reader` (the request's metered view of `bucket`) unless remembered. */
export function rememberedSnapshotObjects(bucket: Bucket, account: string, reader: Bucket = bucket, now = Date.now()): Promise<SnapshotObjects> {
  let accounts = remembered.get(bucket);
  if (!accounts) remembered.set(bucket, (accounts = new Map()));
  const hit = accounts.get(account);
  // Another request's read failed (its client went away, say): this one reads for itself.
  if (hit && now - hit.at < STATUS_REMEMBERED_MS) return hit.objects.catch(() => readSnapshotObjects(reader, account));
  const objects = readSnapshotObjects(reader, account);
  const entry = { at: now, objects };
  accounts.set(account, entry);
  // A failed read is not remembered: the next answer tries again.
  objects.catch(() => accounts.get(account) === entry && accounts.delete(account));
  return objects;
}

/** After this process wrote the manifest or the run state. */
export function forgetSnapshotObjects(bucket: Bucket, account: string): void {
  remembered.get(bucket)?.delete(account);
}
