import { describe, expect, it } from "vitest";
import { changeRecordSchema } from "@/lib/changes/schema";
import { changeKey, keyTime } from "@/lib/changes/store";
import { changeRecord } from "./change-record";

describe("change record schema", () => {
  it("accepts a record with links and details", () => {
    const record = changeRecord({
      kind: "drift",
      subject: { kind: "entry_point", id: "r1" },
      links: { reviewId: "2f1e7d4c-3b5a-4e6f-9a8b-7c6d5e4f3a2b" },
      details: { changes: ["rule 'Block SQLi' action block → log"] },
    });
    expect(changeRecordSchema.parse(record)).toEqual(record);
  });

  it("refuses an unknown kind, a zone id that is not 32 hex, a date that is not ISO and another version", () => {
    expect(changeRecordSchema.safeParse({ ...changeRecord(), kind: "renamed" }).success).toBe(false);
    expect(changeRecordSchema.safeParse(changeRecord({ zoneId: "example.com" })).success).toBe(false);
    expect(changeRecordSchema.safeParse(changeRecord({ recordedAt: "yesterday" })).success).toBe(false);
    expect(changeRecordSchema.safeParse({ ...changeRecord(), version: 2 }).success).toBe(false);
  });
});

describe("change keys", () => {
  it("sort newest first and give back the time they were written at", () => {
    const older = changeKey(new Date("2025-01-01T00:00:00Z"), "aaaaaaaa");
    const newer = changeKey(new Date("2025-06-01T00:00:00Z"), "00000000");
    expect([older, newer].sort()).toEqual([newer, older]);
    expect(keyTime(older)).toBe(Date.parse("2025-01-01T00:00:00Z"));
    expect(keyTime("changes/not-a-change.json")).toBeUndefined();
  });
});
