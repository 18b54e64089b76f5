import { describe, expect, it } from "vitest";
import { coverageLabel, isExact, partialCount, partialCountTitle, showingLabel } from "@/lib/client/coverage";

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

  it("names the accounts not read in full instead of a total it cannot know", () => {
    const accountsNotRead = { names: ["Acquired Co"], of: 3 };
    const coverage = { read: 30, complete: false, noun: "zones", accountsNotRead };
    expect(coverageLabel(coverage)).toBe("30 zones read; 1 of 3 accounts not read in full: Acquired Co");
    expect(coverageLabel({ ...coverage, total: 40, failed: 1 })).toBe(
      "30 of 40 zones read, 1 failed; 1 of 3 accounts not read in full: Acquired Co",
    );
    expect(partialCountTitle(20, coverage)).toBe("At least 20: 30 zones read; 1 of 3 accounts not read in full: Acquired Co");
    expect(isExact(coverage)).toBe(false);
  });
});

describe("showingLabel", () => {
  it("is a bare count of a listing read in full", () => {
    expect(showingLabel(12, 30, "zones", { read: 30, total: 30, complete: true, noun: "zones" }, true)).toBe("Showing 12 of 30 zones");
    expect(showingLabel(12, 30, "zones", undefined, true)).toBe("Showing 12 of 30 zones");
  });

  it("says 'at least' and why while rows may be missing: an account not read, or a listing cut short", () => {
    const accountsNotRead = { names: ["Acquired Co"], of: 3 };
    expect(showingLabel(30, 30, "zones", { read: 30, complete: false, noun: "zones", accountsNotRead }, true)).toBe(
      "Showing 30 of at least 30 zones (30 zones read; 1 of 3 accounts not read in full: Acquired Co)",
    );
    expect(showingLabel(11, 11, "zones", { read: 11, total: 60, complete: false, noun: "zones" }, true)).toBe(
      "Showing 11 of at least 11 zones (11 of 60 zones read)",
    );
  });

  it("keeps a failed zone's row in the zone count, but not its certificates in the certificate count", () => {
    const failedOne = { read: 30, total: 30, complete: true, failed: 1, noun: "zones" };
    expect(showingLabel(30, 30, "zones", failedOne, true)).toBe("Showing 30 of 30 zones (30 of 30 zones read, 1 failed)");
    expect(showingLabel(5, 8, "certificates", failedOne, false)).toBe(
      "Showing 5 of at least 8 certificates (from 30 of 30 zones read, 1 failed)",
    );
  });
});
