// The shared formatters: the same figure reads the same on every page.
import { describe, expect, it } from "vitest";
import { formatAge, formatCount, formatDay, formatMonth, formatPercent, formatSecondsLeft } from "@/lib/client/format";

describe("formatters", () => {
  it("writes counts with separators and shares with one decimal", () => {
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatCount(0)).toBe("0");
    expect(formatPercent(0.125)).toBe("12.5%");
    expect(formatPercent(0)).toBe("0.0%");
  });

  it("gives the UTC day as the platform wrote it, and a dash for none", () => {
    expect(formatDay("2024-09-09T23:59:59Z")).toBe("2024-09-09");
    expect(formatDay(null)).toBe("—");
    expect(formatDay("")).toBe("—");
    expect(formatMonth(Date.UTC(2024, 8, 30, 23))).toBe("2024-09");
  });

  it("rounds ages to the unit a person reads", () => {
    expect(formatAge(59)).toBe("less than a minute");
    expect(formatAge(90)).toBe("2 min");
    expect(formatAge(119 * 60)).toBe("119 min");
    expect(formatAge(120 * 60)).toBe("2 h");
    expect(formatAge(47 * 3600)).toBe("47 h");
    expect(formatAge(72 * 3600)).toBe("3 days");
  });

  it("counts seconds left up, and never below zero", () => {
    expect(formatSecondsLeft(10_500, 10_000)).toBe("1 s");
    expect(formatSecondsLeft(10_000, 12_000)).toBe("0 s");
  });
});
