// The window's checks and the slicing under the row limit.
import { describe, expect, it } from "vitest";
import { InputError } from "@/lib/errors/input-error";
import { planSlices } from "@/lib/validation-mode/slices";
import { parseWindow } from "@/lib/validation-mode/window";

const NOW = Date.parse("2025-03-10T12:34:56.789Z");

function fieldOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof InputError ? error.field : "not an InputError";
  }
  return undefined;
}

describe("parseWindow", () => {
  it("defaults to the last 7 days in whole seconds", () => {
    expect(parseWindow(null, null, NOW)).toEqual({ since: "2025-03-03T12:34:56Z", until: "2025-03-10T12:34:56Z" });
  });
  it("names the field at fault", () => {
    expect(fieldOf(() => parseWindow("yesterday", null, NOW))).toBe("since");
    expect(fieldOf(() => parseWindow(null, "2025-02-30", NOW))).toBe("until");
    expect(fieldOf(() => parseWindow("2025-03-05T00:00:00Z", "2025-03-04T00:00:00Z", NOW))).toBe("until");
    expect(fieldOf(() => parseWindow("2025-01-01T00:00:00Z", "2025-03-01T00:00:00Z", NOW))).toBe("since");
  });
});

describe("planSlices", () => {
  const since = Date.parse("2025-03-01T00:00:00Z");
  const until = Date.parse("2025-03-01T05:59:59Z");
  const hour = (h: number) => `2025-03-01T0${h}:00:00Z`;

  it("packs hours into slices that stay under the limit and cover the window", () => {
    const counts = new Map([
      [hour(0), 40],
      [hour(1), 40],
      [hour(2), 40],
      [hour(4), 90],
    ]);
    const slices = planSlices(since, until, counts, 100);
    expect(slices.every((s) => s.expected <= 100)).toBe(true);
    expect(slices[0]!.fromMs).toBe(since);
    expect(slices.at(-1)!.toMs).toBe(until + 1000);
    for (let i = 1; i < slices.length; i++) expect(slices[i]!.fromMs).toBe(slices[i - 1]!.toMs);
    expect(slices.reduce((n, s) => n + s.expected, 0)).toBe(210);
  });

  it("cuts an hour over the limit into parts", () => {
    const slices = planSlices(since, until, new Map([[hour(3), 250]]), 100);
    const inHour = slices.filter((s) => s.fromMs >= since + 3 * 3_600_000 && s.toMs <= since + 4 * 3_600_000);
    expect(inHour.length).toBeGreaterThanOrEqual(3);
    expect(inHour.every((s) => s.expected <= 100)).toBe(true);
  });
});
