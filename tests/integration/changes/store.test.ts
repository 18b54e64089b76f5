// The change store on Miniflare's bucket: one object per recording, newest first, `since` and filters,
// cursor paging that neither skips nor repeats, bounded subrequests per answer, and validation on read.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CHANGES_PREFIX, listChanges, OBJECTS_PER_ANSWER, recordChanges } from "@/lib/changes/store";
import { InvalidCursorError } from "@/lib/errors/input-error";
import { CorruptObjectError } from "@/lib/errors/internal-errors";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";
import type { Bucket } from "@/lib/storage/bucket";
import { listAll } from "@/lib/storage/json-objects";
import { closeLocalBucket, openLocalBucket } from "@/lib/storage/local-bucket";
import { meteredBucket } from "@/lib/storage/metered-bucket";
import { changeRecord } from "../../unit/changes/change-record";

let dir: string;
let bucket: Bucket;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "preflight-changes-"));
  bucket = await openLocalBucket(dir);
});
afterAll(async () => {
  await closeLocalBucket();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  const keys: string[] = [];
  for await (const object of listAll(bucket, { prefix: CHANGES_PREFIX })) keys.push(object.key);
  if (keys.length > 0) await bucket.delete(keys);
});

const at = (day: number) => `2025-03-${String(day).padStart(2, "0")}T12:00:00.000Z`;

/** One recording per day, `perDay` records each, recorded at that day's noon. */
async function seed(days: number, perDay: number) {
  for (let day = 1; day <= days; day++) {
    const records = Array.from({ length: perDay }, (_, i) =>
      changeRecord({ id: `d${day}-r${i}`, recordedAt: at(day), snapshotId: `run-${day}` }),
    );
    await recordChanges(bucket, records, { now: new Date(at(day)) });
  }
}

async function everything(options: Parameters<typeof listChanges>[1]) {
  const ids: string[] = [];
  let cursor: string | undefined;
  let answers = 0;
  do {
    const page = await listChanges(bucket, { ...options, cursor });
    ids.push(...page.changes.map((c) => c.id));
    cursor = page.cursor;
    answers++;
  } while (cursor && answers < 100);
  return { ids, answers };
}

describe("change store", () => {
  it("filters to one account's records, with a cursor of its own", async () => {
    const acquired = { id: "ac0a1ec0ac0a1ec0ac0a1ec0ac0a1ec0", name: "Acquired Co" };
    const records = Array.from({ length: 6 }, (_, i) =>
      changeRecord({ id: `r${i}`, recordedAt: at(1), ...(i % 2 === 0 ? { account: acquired } : {}) }),
    );
    await recordChanges(bucket, records, { now: new Date(at(1)) });
    const first = await listChanges(bucket, { accountId: acquired.id, limit: 2 });
    expect(first.changes.map((c) => c.id)).toEqual(["r0", "r2"]);
    expect((await everything({ accountId: acquired.id, limit: 2 })).ids).toEqual(["r0", "r2", "r4"]);
    // A cursor of one account's listing is not one of every account's.
    await expect(listChanges(bucket, { cursor: first.cursor, limit: 2 })).rejects.toBeInstanceOf(InvalidCursorError);
    expect((await everything({})).ids).toHaveLength(6);
  });

  it("writes all of a recording's records as one object, and nothing for none", async () => {
    expect(await recordChanges(bucket, [])).toBeUndefined();
    await recordChanges(bucket, [changeRecord({ id: "a" }), changeRecord({ id: "b" })], { now: new Date(at(2)) });
    const keys: string[] = [];
    for await (const object of listAll(bucket, { prefix: CHANGES_PREFIX })) keys.push(object.key);
    expect(keys).toHaveLength(1);
    expect((await listChanges(bucket)).changes.map((c) => c.id).sort()).toEqual(["a", "b"]);
  });

  it("lists newest first and stops at since", async () => {
    await seed(5, 2);
    const all = await listChanges(bucket);
    expect(all.changes.map((c) => c.recordedAt)).toEqual([5, 5, 4, 4, 3, 3, 2, 2, 1, 1].map(at));
    expect(all.cursor).toBeUndefined();
    const recent = await listChanges(bucket, { since: new Date(at(4)) });
    expect(recent.changes.map((c) => c.snapshotId)).toEqual(["run-5", "run-5", "run-4", "run-4"]);
  });

  it("pages with a cursor through records and objects without skipping or repeating one", async () => {
    await seed(14, 3);
    const { ids, answers } = await everything({ limit: 4 });
    expect(ids).toHaveLength(42);
    expect(new Set(ids).size).toBe(42);
    expect(answers).toBe(11);
    // More objects than one answer reads: the answer stops at OBJECTS_PER_ANSWER and continues.
    const first = await listChanges(bucket, { limit: 500 });
    expect(first.changes).toHaveLength(OBJECTS_PER_ANSWER * 3);
    expect(first.cursor).toBeDefined();
  });

  it("continues across the bucket's list pages (more objects than one list returns)", async () => {
    for (let i = 0; i < 105; i++)
      await recordChanges(bucket, [changeRecord({ id: `o${i}` })], { now: new Date(Date.parse(at(1)) + i * 1000) });
    const { ids } = await everything({ limit: 500 });
    expect(ids).toEqual(Array.from({ length: 105 }, (_, i) => `o${104 - i}`));
  });

  it("filters by kind and zone, and refuses a cursor given under another filter", async () => {
    await recordChanges(bucket, [
      changeRecord({ id: "drift", kind: "drift", subject: { kind: "entry_point", id: "ep" } }),
      changeRecord({ id: "back", kind: "hostname_switched_back" }),
      changeRecord({ id: "other-zone", kind: "drift", zoneId: "f".repeat(32), subject: { kind: "entry_point", id: "ep" } }),
    ]);
    expect((await listChanges(bucket, { kinds: ["drift"] })).changes.map((c) => c.id).sort()).toEqual(["drift", "other-zone"]);
    expect((await listChanges(bucket, { kinds: ["drift"], zoneId: "0123456789abcdef0123456789abcdef" })).changes.map((c) => c.id)).toEqual([
      "drift",
    ]);
    const paged = await listChanges(bucket, { kinds: ["drift"], limit: 1 });
    await expect(listChanges(bucket, { cursor: paged.cursor, limit: 1 })).rejects.toBeInstanceOf(InvalidCursorError);
  });

  it("spends one list and at most OBJECTS_PER_ANSWER reads per answer", async () => {
    await seed(12, 1);
    const scheduler = new Scheduler({
      limiter: new RateLimiter({ requests: 1000, windowSeconds: 60 }),
      subrequestBudget: 1000,
      timeoutMs: 5_000,
    });
    await listChanges(meteredBucket(bucket, scheduler), { limit: 500 });
    expect(scheduler.stats.subrequests).toBe(1 + OBJECTS_PER_ANSWER);
  });

  it("skips an object of another format and refuses one of this format that does not validate", async () => {
    await recordChanges(bucket, [changeRecord({ id: "ok" })], { now: new Date(at(1)) });
    await bucket.put(`${CHANGES_PREFIX}8259000000000-future00.json`, JSON.stringify({ format: 2, records: "elsewhere" }));
    expect((await listChanges(bucket)).changes.map((c) => c.id)).toEqual(["ok"]);
    await bucket.put(
      `${CHANGES_PREFIX}8258000000000-broken00.json`,
      JSON.stringify({ format: 1, recordedAt: at(1), records: [{ id: "no kind" }] }),
    );
    await expect(listChanges(bucket)).rejects.toBeInstanceOf(CorruptObjectError);
  });
});
