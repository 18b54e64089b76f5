import { describe, expect, it } from "vitest";
import { coverageLabel, isExact, partialCount, partialCountTitle } from "@/lib/client/coverage";

describe("coverage of a listing still being read", () => {
  it("says how much was read, and of how many when the total is known", () => {
    expect(coverageLabel({ read: 190, total: 240, complete: false, noun: "zones" })).toBe("190 of 240 zones read");
    expect(coverageLabel({ read: 190, complete: false, noun: "zones" })).toBe("190 zones read; the account's total is not known yet");
    expect(coverageLabel({ read: 240, total: 240, complete: true, noun: "zones" })).toBe("All 240 zones read");
  });

  it("never shows a 0 that was not read, and marks a count that may still grow", () => {
    expect(partialCount(0, false)).toBe("—");
    expect(partialCount(12, false)).toBe("12+");
    expect(partialCount(0, true)).toBe("0");
    expect(partialCount(1234, true)).toBe("1,234");
  });

  it("explains a partial count in words, and says nothing more of a complete one", () => {
    const coverage = { read: 190, total: 240, complete: false, noun: "zones" };
    expect(partialCountTitle(0, coverage)).toBe("None found yet: 190 of 240 zones read");
    expect(partialCountTitle(12, coverage)).toBe("At least 12: 190 of 240 zones read");
    expect(partialCountTitle(12, { ...coverage, read: 240, complete: true })).toBeUndefined();
  });

  it("keeps counts partial while zones failed: their part is unknown, not 0", () => {
    const coverage = { read: 240, total: 240, complete: true, failed: 2, noun: "zones" };
    expect(isExact(coverage)).toBe(false);
    expect(coverageLabel(coverage)).toBe("240 of 240 zones read, 2 failed");
    expect(partialCountTitle(0, coverage)).toBe("None found yet: 240 of 240 zones read, 2 failed");
    expect(coverageLabel({ read: 100, total: 240, complete: false, failed: 1, noun: "zones" })).toBe("100 of 240 zones read, 1 failed");
  });
});
