// The snapshot status every Zones and Certificates answer needs: read once per few seconds, by one request
// at a time once expired (the others answer from the last read meanwhile), forgotten at once after this
// process writes (even by a read already under way), never remembered when it failed.
import { describe, expect, it } from "vitest";
import { forgetSnapshotObjects, rememberedSnapshotObjects, STATUS_REMEMBERED_MS } from "@/lib/snapshots/remembered-status";
import { readSnapshotObjects } from "@/lib/snapshots/read";
import { SNAPSHOT_FORMAT, snapshotKeys, type Manifest } from "@/lib/snapshots/schema";
import type { Bucket } from "@/lib/storage/bucket";

// The memo only calls get(); a map stands in for the bucket (Miniflare's is tested where bytes matter).
const objects = new Map<string, string>();
const bucket = {
  get: async (key: string) => (objects.has(key) ? { key, etag: "e", uploaded: new Date(), text: async () => objects.get(key)! } : null),
  put: async (key: string, value: string) => void objects.set(key, value),
  delete: async (key: string) => void objects.delete(key),
} as unknown as Bucket;

/** A view of the bucket that counts its reads (and can fail them, or hold them until `release`), as a request's metered bucket would. */
function counting(failing = false, held?: Promise<void>) {
  const view = Object.create(bucket) as Bucket & { gets: number };
  view.gets = 0;
  view.get = (async (key: string) => {
    view.gets++;
    await held;
    if (failing) throw new Error("client went away");
    return bucket.get(key);
  }) as Bucket["get"];
  return view;
}

function held() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

const manifest = (runId: string): Manifest => ({
  runId,
  format: SNAPSHOT_FORMAT,
  startedAt: "2026-11-23T00:00:00.000Z",
  completedAt: "2026-11-23T00:01:00.000Z",
  zoneCount: 3,
  zoneParts: [],
  certificateParts: [],
});

describe("the remembered snapshot status", () => {
  it("reads the two objects once while remembered, and again after the TTL", async () => {
    const account = "acct-ttl";
    await bucket.put(snapshotKeys(account).latest, JSON.stringify(manifest("run-1")));
    const reader = counting();
    const now = 1_000_000;
    const a = await rememberedSnapshotObjects(bucket, account, reader, now);
    const b = await rememberedSnapshotObjects(bucket, account, reader, now + 10);
    expect(reader.gets).toBe(2); // manifest and run state, once
    expect(a.manifest?.runId).toBe("run-1");
    expect(b).toBe(a);
    await rememberedSnapshotObjects(bucket, account, reader, now + STATUS_REMEMBERED_MS - 1);
    expect(reader.gets).toBe(2);
    await bucket.put(snapshotKeys(account).latest, JSON.stringify(manifest("run-2")));
    const later = await rememberedSnapshotObjects(bucket, account, reader, now + STATUS_REMEMBERED_MS);
    expect(reader.gets).toBe(4);
    expect(later.manifest?.runId).toBe("run-2");
  });

  it("is forgotten at once when this process writes", async () => {
    const account = "acct-forget";
    await bucket.put(snapshotKeys(account).latest, JSON.stringify(manifest("run-1")));
    const now = 2_000_000;
    expect((await rememberedSnapshotObjects(bucket, account, bucket, now)).manifest?.runId).toBe("run-1");
    await bucket.delete(snapshotKeys(account).latest);
    expect((await rememberedSnapshotObjects(bucket, account, bucket, now + 1)).manifest?.runId).toBe("run-1");
    forgetSnapshotObjects(account);
    expect((await rememberedSnapshotObjects(bucket, account, bucket, now + 2)).manifest).toBeNull();
  });

  it("does not remember a failed read, nor a read that a forget overtook", async () => {
    const account = "acct-failed";
    await bucket.put(snapshotKeys(account).latest, JSON.stringify(manifest("run-1")));
    const now = 3_000_000;
    await expect(rememberedSnapshotObjects(bucket, account, counting(true), now)).rejects.toThrow("client went away");
    const reader = counting();
    expect((await rememberedSnapshotObjects(bucket, account, reader, now + 1)).manifest?.runId).toBe("run-1");
    expect(reader.gets).toBe(2);

    forgetSnapshotObjects(account);
    const overtaken = rememberedSnapshotObjects(bucket, account, bucket, now + 2); // under way when…
    forgetSnapshotObjects(account); // …this process writes
    await overtaken;
    const after = counting();
    await rememberedSnapshotObjects(bucket, account, after, now + 3);
    expect(after.gets).toBe(2); // read again, not the overtaken read's value
  });
});

describe("renewing an expired status", () => {
  it("is one request's read: the others answer from the last read until it is back", async () => {
    const account = "acct-renew";
    await bucket.put(snapshotKeys(account).latest, JSON.stringify(manifest("run-1")));
    const now = 4_000_000;
    await rememberedSnapshotObjects(bucket, account, counting(), now);
    await bucket.put(snapshotKeys(account).latest, JSON.stringify(manifest("run-2")));
    const gate = held();
    const renewer = counting(false, gate.promise);
    const renewed = rememberedSnapshotObjects(bucket, account, renewer, now + STATUS_REMEMBERED_MS);
    const others = counting();
    for (const at of [now + STATUS_REMEMBERED_MS + 1, now + 2 * STATUS_REMEMBERED_MS - 1]) {
      expect((await rememberedSnapshotObjects(bucket, account, others, at)).manifest?.runId).toBe("run-1");
    }
    expect(others.gets).toBe(0);
    gate.release();
    expect((await renewed).manifest?.runId).toBe("run-2");
    expect((await rememberedSnapshotObjects(bucket, account, others, now + STATUS_REMEMBERED_MS + 2)).manifest?.runId).toBe("run-2");
    expect([renewer.gets, others.gets]).toEqual([2, 0]);
  });

  it("lets another request read when the renewing read takes a TTL, or failed", async () => {
    const account = "acct-slow";
    await bucket.put(snapshotKeys(account).latest, JSON.stringify(manifest("run-1")));
    const now = 5_000_000;
    await rememberedSnapshotObjects(bucket, account, counting(), now);
    const stuck = held();
    void rememberedSnapshotObjects(bucket, account, counting(false, stuck.promise), now + STATUS_REMEMBERED_MS);
    const next = counting();
    await rememberedSnapshotObjects(bucket, account, next, now + 2 * STATUS_REMEMBERED_MS);
    expect(next.gets).toBe(2);

    const later = now + 10 * STATUS_REMEMBERED_MS;
    await expect(rememberedSnapshotObjects(bucket, account, counting(true), later)).rejects.toThrow("client went away");
    const after = counting();
    await rememberedSnapshotObjects(bucket, account, after, later + 1);
    expect(after.gets).toBe(2);
    stuck.release();
  });

  it("never answers from a read this process's write made stale, even while a renewal is under way", async () => {
    const account = "acct-renew-forget";
    await bucket.put(snapshotKeys(account).latest, JSON.stringify(manifest("run-1")));
    const now = 6_000_000;
    await rememberedSnapshotObjects(bucket, account, counting(), now);
    const gate = held();
    const renewing = rememberedSnapshotObjects(bucket, account, counting(false, gate.promise), now + STATUS_REMEMBERED_MS);
    await bucket.put(snapshotKeys(account).latest, JSON.stringify(manifest("run-2")));
    forgetSnapshotObjects(account);
    const reader = counting();
    expect((await rememberedSnapshotObjects(bucket, account, reader, now + STATUS_REMEMBERED_MS + 1)).manifest?.runId).toBe("run-2");
    expect(reader.gets).toBe(2);
    gate.release();
    await renewing;
  });
});

describe("a snapshot of another format", () => {
  it("is not served: its rows lack fields the pages read (written before formats were named)", async () => {
    const keys = snapshotKeys("format-account");
    const { format: _, ...older } = manifest("run-old");
    objects.set(keys.latest, JSON.stringify(older));
    expect((await readSnapshotObjects(bucket, "format-account")).manifest).toBeNull();
    objects.set(keys.latest, JSON.stringify(manifest("run-new")));
    expect((await readSnapshotObjects(bucket, "format-account")).manifest?.runId).toBe("run-new");
  });
});
