// The remembered bucket read behind the snapshot status and the drift flags: one read per key and bucket
// while remembered, every key apart, and a forget of a key (by a writer holding any view of the bucket) makes
// the next read go to the bucket, even when it comes while a read is under way.
import { describe, expect, it } from "vitest";
import { forgetRead, rememberedRead, REMEMBERED_MS } from "@/lib/storage/remembered-read";
import type { Bucket } from "@/lib/storage/bucket";

const bucketA = {} as Bucket;
const bucketB = {} as Bucket;

function counter(values: string[]) {
  let reads = 0;
  return {
    read: async () => values[Math.min(reads++, values.length - 1)]!,
    get reads() {
      return reads;
    },
  };
}

describe("rememberedRead", () => {
  it("reads once while remembered, again after the TTL, and keeps keys and buckets apart", async () => {
    const flags = counter(["one", "two"]);
    const other = counter(["x"]);
    const t = 1_000_000;
    expect(await rememberedRead(bucketA, "t-flags", flags.read, t)).toBe("one");
    expect(await rememberedRead(bucketA, "t-flags", flags.read, t + REMEMBERED_MS - 1)).toBe("one");
    expect(await rememberedRead(bucketA, "t-other", other.read, t)).toBe("x");
    expect(await rememberedRead(bucketB, "t-flags", flags.read, t)).toBe("two"); // another bucket reads for itself
    expect(flags.reads).toBe(2);
    expect(await rememberedRead(bucketA, "t-flags", flags.read, t + REMEMBERED_MS)).toBe("two");
    expect(flags.reads).toBe(3);
  });

  it("forgets a key for every bucket, and keeps nothing a read under way brought back from before the forget", async () => {
    const t = 2_000_000;
    await rememberedRead(bucketA, "t-forget", async () => "old", t);
    await rememberedRead(bucketB, "t-forget", async () => "old", t);
    let release!: () => void;
    const slow = rememberedRead(bucketA, "t-forget", () => new Promise<string>((r) => (release = () => r("stale"))), t + REMEMBERED_MS);
    forgetRead("t-forget"); // this process wrote meanwhile
    release();
    expect(await slow).toBe("stale");
    expect(await rememberedRead(bucketA, "t-forget", async () => "new", t + REMEMBERED_MS + 1)).toBe("new");
    expect(await rememberedRead(bucketB, "t-forget", async () => "new b", t + 1)).toBe("new b");
  });

  it("remembers nothing when the read fails", async () => {
    await expect(rememberedRead(bucketA, "t-fail", () => Promise.reject(new Error("client went away")), 3_000_000)).rejects.toThrow();
    expect(await rememberedRead(bucketA, "t-fail", async () => "read", 3_000_001)).toBe("read");
  });
});
