// A bucket read that every answer of a busy operation needs (where snapshots stand, which zones drift watch
// flags), remembered a few seconds per bucket and key: it was most of a cached Zones answer's cost, a
// workerd round trip and a subrequest each time. This process's own writes forget it at once (even a read
// already under way is then not kept); another process or isolate sees a change within the TTL (two TTLs
// when the read that renews it is slow). When it expires, one request reads again and the others answer
// from the last read until it is back: under load, every request in flight used to read at once. Only
// settled values are kept, never a pending read: on workerd a promise settled by one request must not
// resume another. A failed read throws and leaves nothing remembered.
import type { Bucket } from "@/lib/storage/bucket";
import { processState } from "@/lib/process-state";

export const REMEMBERED_MS = 5_000;

interface Entry {
  /** The key's generation when this entry last read: a forget since then makes the entry stale. */
  generation: number;
  read?: { at: number; value: unknown };
  /** The read under way to renew an expired one; another request may start one after a TTL. */
  renewing?: { since: number };
}

const entries = processState("remembered-read.entries", () => new WeakMap<Bucket, Map<string, Entry>>());
/** Bumped by every forget of a key, for every bucket: a writer holds a request's metered view, not the bucket itself. */
const generations = processState("remembered-read.generations", () => new Map<string, number>());

function entryOf(bucket: Bucket, key: string): Entry {
  let keys = entries.get(bucket);
  if (!keys) entries.set(bucket, (keys = new Map()));
  const generation = generations.get(key) ?? 0;
  let entry = keys.get(key);
  if (!entry || entry.generation !== generation) keys.set(key, (entry = { generation }));
  return entry;
}

/** `read()`'s value for `key` of `bucket`, unless one read less than REMEMBERED_MS ago is remembered. */
export async function rememberedRead<T>(bucket: Bucket, key: string, read: () => Promise<T>, now = Date.now()): Promise<T> {
  const entry = entryOf(bucket, key);
  const { read: last, renewing } = entry;
  if (last && now - last.at < REMEMBERED_MS) return last.value as T;
  if (last && renewing && now - renewing.since < REMEMBERED_MS) return last.value as T;
  const mine = { since: now };
  entry.renewing = mine;
  try {
    const value = await read();
    if ((generations.get(key) ?? 0) === entry.generation) entry.read = { at: now, value };
    return value;
  } finally {
    if (entry.renewing === mine) entry.renewing = undefined;
  }
}

/** After this process wrote what `key` reads. */
export function forgetRead(key: string): void {
  generations.set(key, (generations.get(key) ?? 0) + 1);
}
