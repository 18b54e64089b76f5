import { describe, expect, it } from "vitest";
import { firstAndLast, settled, type RssSample } from "@/tests/load/rss";

const series = (mibs: number[]): RssSample[] => mibs.map((mib, i) => ({ atMs: i * 1_000, mib }));

describe("the load test's memory samples", () => {
  it("calls the memory settled only once two full windows are sampled and the last is within the ratio of the one before", () => {
    // Still growing toward its working size: 200 → 260 MiB.
    expect(settled(series([200, 210, 220, 230, 240, 250, 260, 270, 280]), 4_000, 1.02)).toBe(false);
    // Flat after the climb: the last 4 s (301, 299, 300, 302) against the 4 s before (298, 300, 301, 299).
    expect(settled(series([200, 250, 280, 290, 298, 300, 301, 299, 301, 299, 300, 302]), 4_000, 1.02)).toBe(true);
    // Flat, but not two windows long yet.
    expect(settled(series([300, 300, 300, 300, 300]), 4_000, 1.02)).toBe(false);
  });

  it("compares the mean of the first and the last window of a run", () => {
    expect(firstAndLast(series([100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 150, 150, 150, 150, 150]), 4_000)).toEqual({
      first: 100,
      last: 150,
    });
  });
});
