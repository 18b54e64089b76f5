// Every Zones and Certificates answer first asks where snapshots stand: two bucket reads, remembered a few
// seconds per bucket and account (lib/storage/remembered-read.ts), forgotten at once by this process's own
// writes of the manifest or the run state (a refresh step, a discard).
import type { Bucket } from "@/lib/storage/bucket";
import { forgetRead, rememberedRead, REMEMBERED_MS } from "@/lib/storage/remembered-read";
import { readSnapshotObjects, type SnapshotObjects } from "@/lib/snapshots/read";

export const STATUS_REMEMBERED_MS = REMEMBERED_MS;

const statusKey = (account: string) => `snapshot-status:${account}`;

/** The snapshot objects of `account`, read through `reader` (the request's metered view of `bucket`) unless remembered. */
export function rememberedSnapshotObjects(
  bucket: Bucket,
  account: string,
  reader: Bucket = bucket,
  now = Date.now(),
): Promise<SnapshotObjects> {
  return rememberedRead(bucket, statusKey(account), () => readSnapshotObjects(reader, account), now);
}

/** After this process wrote the manifest or the run state. */
export function forgetSnapshotObjects(account: string): void {
  forgetRead(statusKey(account));
}
