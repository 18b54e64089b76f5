import { describe, expect, it } from "vitest";
import { baselineOwner } from "@/lib/drift/baseline-owner";
import { watchMetadata, type DriftWatch } from "@/lib/drift/watch";

const entries = [{ key: "default" }, { key: "group" }];

describe("whose drift watch checks a zone", () => {
  it("is the entry that executed the zone's review, and no other", () => {
    expect(baselineOwner("group", entries)("group")).toBe(true);
    expect(baselineOwner("default", entries)("group")).toBe(false);
  });

  it("is the first entry for a baseline from before baselines named one", () => {
    expect(baselineOwner("default", entries)(undefined)).toBe(true);
    expect(baselineOwner("group", entries)(undefined)).toBe(false);
  });

  it("is nobody's for an entry no longer configured: its flag stays as last seen", () => {
    expect(entries.some((entry) => baselineOwner(entry.key, entries)("gone"))).toBe(false);
  });
});

describe("a watch's listing metadata", () => {
  const watch: DriftWatch = {
    format: 1,
    zoneId: "a".repeat(32),
    zoneName: "example.com",
    reviewId: "0b4f8a6e-2c1d-4e5f-9a7b-3c2d1e0f4a5b",
    baselineAt: "2026-11-28T10:00:00.000Z",
    checkedAt: "2026-11-28T11:00:00.000Z",
    changes: [{ kind: "rule_added", words: "A skip rule was added", firstSeen: "2026-11-28T11:00:00.000Z" }],
  };

  it("names the zone's account, so a flag says whose zone drifted without reading the watch", () => {
    const meta = watchMetadata({ ...watch, account: { id: "b".repeat(32), name: "Acquired Co" } });
    expect([meta.accountId, meta.accountName]).toEqual(["b".repeat(32), "Acquired Co"]);
  });

  it("names none when the baseline named none", () => {
    expect(watchMetadata(watch)).not.toHaveProperty("accountId");
  });
});
