import { describe, expect, it } from "vitest";
import { busiestWindow, tooMany } from "@/tests/edge/shared-limit/windows";

describe("the two-isolate test's reading of the sandbox's call log", () => {
  it("finds the most calls in any window-long interval, wherever it starts", () => {
    const calls = [0, 100, 29_000, 29_999, 30_000, 45_000, 59_000, 59_500].map((startedAt) => ({ startedAt, status: 200 }));
    expect(busiestWindow(calls, 30_000)).toBe(5); // 29,000 … 59,500
    expect(busiestWindow([], 30_000)).toBe(0);
  });

  it("counts the 429s", () => {
    expect(
      tooMany([
        { startedAt: 0, status: 429 },
        { startedAt: 1, status: 200 },
      ]),
    ).toBe(1);
  });
});
