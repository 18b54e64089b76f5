// Every Zones and Certificates answer first asks where snapshots stand: two bucket reads, which were most
// of a cached answer's cost (and two subrequests of its budget). What was read is remembered a few seconds
// per bucket and account, and this process's own writes (a refresh step, a discard) forget it at once;
// another process or isolate sees a change within the TTL. Only settled values are kept, never a pending
// read: on workerd a promise settled by one request must not resume another.
import type { Bucket } from "@/lib/storage/bucket";
import { readSnapshotObjects, type SnapshotObjects } from "@/lib/snapshots/read";

export const STATUS_REMEMBERED_MS = 5_000;

interface Account {
  /** Bumped by every forget: a read that started before it must not be remembered after it. */
  generation: number;
  read?: { at: number; objects: SnapshotObjects };
}

const remembered = new WeakMap<Bucket, Map<string, Account>>();

function accountOf(bucket: Bucket, account: string): Account {
  let accounts = remembered.get(bucket);
  if (!accounts) remembered.set(bucket, (accounts = new Map()));
  let entry = accounts.get(account);
  if (!entry) accounts.set(account, (entry = { generation: 0 }));
  return entry;
}

/** The snapshot objects of `account`, read through `reader` (the request's metered view of `bucket`) unless remembered. */
export async function rememberedSnapshotObjects(bucket: Bucket, account: string, reader: Bucket = bucket, now = Date.now()): Promise<SnapshotObjects> {
  const entry = accountOf(bucket, account);
  if (entry.read && now - entry.read.at < STATUS_REMEMBERED_MS) return entry.read.objects;
  const generation = entry.generation;
  const objects = await readSnapshotObjects(reader, account); // a failed read throws: nothing remembered
  if (entry.generation === generation) entry.read = { at: now, objects };
  return objects;
}

/** After this process wrote the manifest or the run state. */
export function forgetSnapshotObjects(bucket: Bucket, account: string): void {
  const entry = accountOf(bucket, account);
  entry.generation++;
  entry.read = undefined;
}
