// Change records in the bucket: one object per recording (a refresh's records together), under a key that
// sorts newest first, so a listing reads the newest objects first and stops at `since` without reading
// older ones. An answer lists one bucket page and reads at most a few objects: a bounded number of
// subrequests whatever the history's length; the rest continues with a cursor.
import { z } from "zod";
import { InvalidCursorError } from "@/lib/errors/input-error";
import { CorruptObjectError } from "@/lib/errors/internal-errors";
import { decodeCursor, encodeCursor } from "@/lib/platform/cursor";
import type { Bucket } from "@/lib/storage/bucket";
import { readJson, writeJson } from "@/lib/storage/json-objects";
import { CHANGES_FORMAT, changeBatchSchema, type ChangeBatch, type ChangeKind, type ChangeRecord } from "@/lib/changes/schema";

export const CHANGES_PREFIX = "changes/";
/** Keys hold this minus the time in ms (13 digits until the year 2286): ascending keys, newest first. */
const LATEST_MS = 9_999_999_999_999;
/** Objects one answer reads at most (each a subrequest), and the keys one bucket list asks for. */
export const OBJECTS_PER_ANSWER = 10;
const KEYS_PER_LIST = 100;
export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 500;
const OPERATION = "changes";

export const changeKey = (at: Date, tag: string) => `${CHANGES_PREFIX}${String(LATEST_MS - at.getTime()).padStart(13, "0")}-${tag}.json`;

/** The time a key was written at (its records are no newer), or undefined for a key that is not a change object. */
export function keyTime(key: string): number | undefined {
  const match = /^changes\/(\d{13})-[\w-]+\.json$/.exec(key);
  return match ? LATEST_MS - Number(match[1]) : undefined;
}

export interface RecordOptions {
  now?: Date;
  /** Names the object (letters, digits, dashes): with the same records and time, the key is known before the write. */
  tag?: string;
}

const latestTime = (records: readonly ChangeRecord[], now = new Date()) =>
  Math.max(now.getTime(), ...records.map((r) => Date.parse(r.recordedAt)));

/** The key recordChanges writes these records under with this tag: a manifest can name it before they are written. */
export const changeObjectKey = (records: readonly ChangeRecord[], tag: string, now?: Date) =>
  changeKey(new Date(latestTime(records, now)), tag);

/** The records of one object named by its key (a snapshot's manifest names its own); none when it is missing. */
export async function readChangeObject(bucket: Bucket, key: string): Promise<ChangeRecord[]> {
  return readBatch(bucket, key);
}

/**
 * Writes the records as one object (one subrequest); nothing when there are none. The key's time is the
 * latest of `now` and the records' recordedAt, so a listing that stops at `since` never misses one.
 */
export async function recordChanges(
  bucket: Bucket,
  records: readonly ChangeRecord[],
  options: RecordOptions = {},
): Promise<string | undefined> {
  if (records.length === 0) return undefined;
  const latest = latestTime(records, options.now);
  const batch: ChangeBatch = changeBatchSchema.parse({ format: CHANGES_FORMAT, recordedAt: new Date(latest).toISOString(), records });
  const key = changeKey(new Date(latest), options.tag ?? crypto.randomUUID().slice(0, 8));
  const stored = await writeJson(bucket, key, batch, { onlyIf: { etagDoesNotMatch: "*" } });
  if (stored) return key;
  // A tag names the records once (a snapshot's): written before, they are not written twice.
  if (options.tag) return key;
  throw new Error(`The change object ${key} already exists`); // random tag: should never happen
}

export interface ListChangesOptions {
  /** Only records written at or after this time. */
  since?: Date;
  kinds?: readonly ChangeKind[];
  zoneId?: string;
  /** Only records of this account (the request's `account`); a record that names none is of no account asked for. */
  accountId?: string;
  cursor?: string;
  limit?: number;
}

export interface ChangesPage {
  changes: ChangeRecord[];
  /** Present while older records may remain: pass it back for the next page. */
  cursor?: string;
}

const cursorShape = { f: z.string(), page: z.string().optional(), key: z.string(), skip: z.number().int().min(0) };

/** Records newest first, filtered, up to `limit`, reading at most OBJECTS_PER_ANSWER objects. */
export async function listChanges(bucket: Bucket, options: ListChangesOptions = {}): Promise<ChangesPage> {
  const limit = Math.min(Math.max(1, options.limit ?? DEFAULT_LIMIT), MAX_LIMIT);
  const filter = filterKey(options);
  const start = options.cursor ? decodeCursor(OPERATION, cursorShape, options.cursor) : undefined;
  // A cursor counts records of its own filter: under another one it would skip the wrong ones.
  if (start && start.f !== filter) throw new InvalidCursorError();
  const since = options.since?.getTime();
  const changes: ChangeRecord[] = [];
  let listCursor = start?.page;
  let read = 0;
  for (;;) {
    const page = await bucket.list({ prefix: CHANGES_PREFIX, limit: KEYS_PER_LIST, cursor: listCursor });
    for (const object of page.objects) {
      const time = keyTime(object.key);
      if (time === undefined || (start && object.key < start.key)) continue;
      if (since !== undefined && time < since) return { changes };
      const skip = start && object.key === start.key ? start.skip : 0;
      if (changes.length >= limit || read >= OBJECTS_PER_ANSWER) return { changes, cursor: next(listCursor, object.key, skip) };
      read++;
      const records = selected(await readBatch(bucket, object.key), options);
      for (let i = skip; i < records.length; i++) {
        if (changes.length >= limit) return { changes, cursor: next(listCursor, object.key, i) };
        changes.push(records[i]!);
      }
    }
    if (!page.truncated) return { changes };
    listCursor = page.cursor;
  }
  function next(page: string | undefined, key: string, skip: number) {
    return encodeCursor(OPERATION, { f: filter, ...(page ? { page } : {}), key, skip });
  }
}

/** An object of another format is skipped (written by another version); one of this format must be valid. */
async function readBatch(bucket: Bucket, key: string): Promise<ChangeRecord[]> {
  const stored = await readJson(bucket, key, z.object({ format: z.number() }).loose());
  if (!stored || stored.value.format !== CHANGES_FORMAT) return [];
  const parsed = changeBatchSchema.safeParse(stored.value);
  if (!parsed.success) throw new CorruptObjectError(key, parsed.error.issues[0]?.message ?? "invalid");
  return parsed.data.records;
}

function selected(records: readonly ChangeRecord[], options: ListChangesOptions): ChangeRecord[] {
  const since = options.since?.getTime();
  return records
    .filter(
      (r) =>
        (since === undefined || Date.parse(r.recordedAt) >= since) &&
        (!options.kinds?.length || options.kinds.includes(r.kind)) &&
        (!options.zoneId || r.zoneId === options.zoneId) &&
        (!options.accountId || r.account?.id === options.accountId),
    )
    .sort((a, b) => b.recordedAt.localeCompare(a.recordedAt) || a.id.localeCompare(b.id));
}

function filterKey(options: ListChangesOptions): string {
  const key = [options.since?.toISOString() ?? "", [...(options.kinds ?? [])].sort(), options.zoneId ?? ""];
  // Appended only when filtering: a cursor of a listing of every account stays valid.
  return JSON.stringify(options.accountId ? [...key, options.accountId] : key);
}
