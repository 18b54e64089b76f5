// One corrupt stored ABI does not fail the decode: that address is skipped and its frames say so.
import { describe, expect, it } from "vitest";
import { AbiStore } from "@/lib/decode/abi-store";
import { decodeFrame, UNREADABLE_ABI } from "@/lib/decode/decode-frame";
import { sourceLabel } from "@/lib/decode/types";
import type { Bucket } from "@/lib/storage/bucket";

const GOOD = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const BAD = "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512";
const ABI = [{ type: "function", name: "poke", inputs: [], outputs: [] }];

/** A bucket holding these objects' texts, read only with get. */
function bucket(objects: Record<string, string>): Bucket {
  return {
    get: async (key: string) =>
      objects[key] === undefined
        ? null
        : { key, etag: "e", uploaded: new Date(0), size: objects[key].length, text: async () => objects[key]! },
  } as unknown as Bucket;
}

describe("AbiStore.getMany", () => {
  it("skips an address whose stored ABI is corrupt, naming it, and returns the others", async () => {
    const store = new AbiStore(
      bucket({
        [`abis/${GOOD}.json`]: JSON.stringify({ address: GOOD, abi: ABI, uploadedBy: "a@example.com", uploadedAt: "2026-11-25T00:00:00Z" }),
        [`abis/${BAD}.json`]: "{ not json",
      }),
    );
    const found = await store.getMany([GOOD, BAD]);
    expect([...found.keys()]).toEqual([GOOD]);
    expect(found.unreadable).toEqual([BAD]);
  });
});

describe("a frame whose uploaded ABI could not be read", () => {
  it("decodes from the other sources and says the ABI was skipped", () => {
    const decoded = decodeFrame({ input: "0xa9059cbb" + "0".repeat(128), uploaded: [UNREADABLE_ABI], code: [] })!;
    expect(decoded.source).toBe("bundled");
    expect(sourceLabel(decoded)).toMatch(/the uploaded ABI of this address could not be read/);
  });
});
