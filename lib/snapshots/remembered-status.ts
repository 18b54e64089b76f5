// Every Zones and Certificates answer first asks where snapshots stand: two bucket reads, which were most
// of a cached answer's cost (and two subrequests of its budget). What was read is remembered a few seconds
// per bucket and account, and this process's own writes (a refresh step, a discard) forget it at once;
// another process or isolate sees a change within the TTL (two TTLs when the read that renews it is slow).
// When it expires, one request reads again and the others answer from the last read until it is back:
// under load, every request in flight used to read at once (50 connections: 100 bucket reads), and those
// requests were the p99 of a cached GET /api/zones. Only settled values are kept, never a pending read:
// on workerd a promise settled by one request must not resume another.
import type { Bucket } from "@/lib/storage/bucket";
import { readSnapshotObjects, type SnapshotObjects } from "@/lib/snapshots/read";

export const STATUS_REMEMBERED_MS = 5_000;

interface Account {
  /** Bumped by every forget: a read that started before it must not be remembered after it. */
  generation: number;
  read?: { at: number; objects: SnapshotObjects };
  /** The read under way to renew an expired one; another request may start one after a TTL. */
  renewing?: { since: number };
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
export async function rememberedSnapshotObjects(
  bucket: Bucket,
  account: string,
  reader: Bucket = bucket,
  now = Date.now(),
): Promise<SnapshotObjects> {
  const entry = accountOf(bucket, account);
  const { read, renewing } = entry;
  if (read && now - read.at < STATUS_REMEMBERED_MS) return read.objects;
  if (read && renewing && now - renewing.since < STATUS_REMEMBERED_MS) return read.objects;
  const generation = entry.generation;
  const mine = { since: now };
  entry.renewing = mine;
  try {
    const objects = await readSnapshotObjects(reader, account); // a failed read throws: nothing remembered
    if (entry.generation === generation) entry.read = { at: now, objects };
    return objects;
  } finally {
    if (entry.renewing === mine) entry.renewing = undefined;
  }
}

/** After this process wrote the manifest or the run state. */
export function forgetSnapshotObjects(bucket: Bucket, account: string): void {
  const entry = accountOf(bucket, account);
  entry.generation++;
  entry.read = undefined;
  entry.renewing = undefined;
}
