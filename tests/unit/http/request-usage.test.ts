// A request's usage over the platforms it opened (one per account it reads): every figure is their sum.
import { describe, expect, it } from "vitest";
import { requestStats } from "@/lib/http/request-usage";

const platform = (subrequests: number, budget: number, peakInFlight: number, retries: number) => ({
  scheduler: { stats: { subrequests, budget, peakInFlight, retries } },
});

describe("requestStats", () => {
  it("is undefined for a request that opened no platform", () => {
    expect(requestStats([])).toBeUndefined();
  });

  it("is the one platform's stats for one account", () => {
    expect(requestStats([platform(7, 1000, 3, 1)])).toEqual({ subrequests: 7, budget: 1000, peakInFlight: 3, retries: 1 });
  });

  it("sums subrequests, budgets, peaks and retries over every account's platform", () => {
    expect(requestStats([platform(40, 333, 6, 0), platform(12, 333, 4, 2), platform(1, 333, 1, 1)])).toEqual({
      subrequests: 53,
      budget: 999,
      peakInFlight: 11,
      retries: 3,
    });
  });
});
