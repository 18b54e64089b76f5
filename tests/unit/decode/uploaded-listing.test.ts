// The bucket's list of uploaded ABIs is read once per LISTING_TTL_MS, not on every decoded read; an
// upload through this process (forget) is seen at once, a failed listing is not kept, and a listing still
// being read is never handed to another caller (on the edge, a cancelled request's read never settles).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { forgetUploadedAddresses, LISTING_TTL_MS, uploadedAddresses } from "@/lib/decode/uploaded-listing";

// Before as well: the unit project's files share modules, and another file may have left a listing behind.
beforeEach(forgetUploadedAddresses);
afterEach(forgetUploadedAddresses);

describe("uploadedAddresses", () => {
  it("lists once within the TTL, again after it or after an upload", async () => {
    let lists = 0;
    const list = async () => new Set([`0x${String(++lists).padStart(40, "0")}`]);
    const first = await uploadedAddresses(list, 1_000);
    expect(await uploadedAddresses(list, 1_000 + LISTING_TTL_MS - 1)).toBe(first);
    expect(lists).toBe(1);
    expect(await uploadedAddresses(list, 1_000 + LISTING_TTL_MS)).not.toBe(first);
    forgetUploadedAddresses();
    await uploadedAddresses(list, 1_000 + LISTING_TTL_MS);
    expect(lists).toBe(3);
  });

  it("does not keep a failed listing", async () => {
    await expect(uploadedAddresses(async () => Promise.reject(new Error("bucket down")), 0)).rejects.toThrow("bucket down");
    expect(await uploadedAddresses(async () => new Set(["0xabc"]), 1)).toEqual(new Set(["0xabc"]));
  });

  it("never makes a caller wait on another's unfinished listing", async () => {
    // The first caller's read never settles, as a cancelled edge request's does not.
    void uploadedAddresses(() => new Promise<Set<string>>(() => undefined), 0);
    expect(await uploadedAddresses(async () => new Set(["0xdef"]), 1)).toEqual(new Set(["0xdef"]));
  });

  it("does not keep a listing that started before an upload", async () => {
    let finish: (found: Set<string>) => void = () => undefined;
    const stale = uploadedAddresses(() => new Promise<Set<string>>((resolve) => (finish = resolve)), 0);
    forgetUploadedAddresses();
    finish(new Set());
    expect(await stale).toEqual(new Set());
    expect(await uploadedAddresses(async () => new Set(["0xabc"]), 1)).toEqual(new Set(["0xabc"]));
  });
});
