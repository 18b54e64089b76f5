import { describe, expect, it } from "vitest";
import { BudgetExhaustedError, DeferredError } from "@/lib/errors/platform-errors";
import { finishedResults, runWithinBudget, type PoolOptions } from "@/lib/platform/budget-pool";

/** A request's budget that items spend as they run: `spend` takes calls and throws as the scheduler does when none is left. */
function budgetOf(total: number) {
  const budget = {
    used: 0,
    get remainingBudget() {
      return total - budget.used;
    },
    spend(calls: number) {
      for (let i = 0; i < calls; i++) {
        if (budget.used >= total) throw new BudgetExhaustedError(total);
        budget.used++;
      }
    },
  };
  return budget;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("runWithinBudget: the one rule for zone work within a request's budget", () => {
  it("starts an item only while the budget covers it, those running and what is kept, and ends at an item boundary", async () => {
    const budget = budgetOf(20);
    const started: number[] = [];
    const pool = await runWithinBudget(budget, [0, 1, 2, 3, 4, 5], { concurrency: 2, calls: 4, keep: 2 }, async (item) => {
      started.push(item);
      await tick();
      budget.spend(4);
      return item * 10;
    });
    // 20 calls, 2 kept: four items of 4 fit (16 + 2 ≤ 20), the fifth would not.
    expect(pool.end).toBe(4);
    expect(finishedResults(pool)).toEqual([0, 10, 20, 30]);
    expect(started).toEqual([0, 1, 2, 3]);
    expect(budget.used).toBe(16);
    expect(pool.retryAfterMs).toBe(0);
  });

  it("stops at the first item a limit stopped, with the longest wait, and starts nothing after it", async () => {
    const started: number[] = [];
    const pool = await runWithinBudget(budgetOf(1000), [0, 1, 2, 3, 4, 5, 6, 7], { concurrency: 2, calls: 1 }, async (item) => {
      started.push(item);
      await tick();
      if (item === 2) throw new DeferredError("the account rate limit has no room", 3000);
      if (item === 3) throw new DeferredError("the account rate limit has no room", 5000);
      return item;
    });
    expect(pool.end).toBe(2);
    expect(pool.retryAfterMs).toBe(5000);
    expect(finishedResults(pool)).toEqual([0, 1]);
    expect(Math.max(...started)).toBeLessThanOrEqual(4);
  });

  it("hands items finished past the stop to onFinished (a cache keeps them) but not to the finished results", async () => {
    const seen: number[] = [];
    const pool = await runWithinBudget<number, number>(
      budgetOf(1000),
      [0, 1, 2],
      { concurrency: 3, calls: 1, onFinished: (result) => seen.push(result) },
      async (item) => {
        await tick();
        if (item === 0) throw new DeferredError("limit", 10);
        return item;
      },
    );
    expect(pool.end).toBe(0);
    expect(finishedResults(pool)).toEqual([]);
    expect(seen.sort()).toEqual([1, 2]);
  });

  it("an item alone that still used up a whole budget is too big (tooBig); sharing the budget, it is just redone", async () => {
    const tooBig: PoolOptions<string, string>["tooBig"] = (item, error) => `${item}: needs more than ${error.budget}`;
    const run = (budget: ReturnType<typeof budgetOf>) => async (item: string) => {
      budget.spend(item === "huge" ? 50 : 3);
      return `${item}: audited`;
    };
    const alone = budgetOf(10);
    const first = await runWithinBudget(alone, ["huge", "small"], { concurrency: 2, calls: 3, firstAlone: true, tooBig }, run(alone));
    expect(finishedResults(first)).toEqual(["huge: needs more than 10"]);
    expect(first.end).toBe(1); // the budget it used up leaves no room for the next zone

    const shared = budgetOf(10);
    const second = await runWithinBudget(shared, ["small", "huge"], { concurrency: 1, calls: 3, firstAlone: true, tooBig }, run(shared));
    expect(finishedResults(second)).toEqual(["small: audited"]);
    expect(second.end).toBe(1);
  });

  it("skips known items as finished, stops when full, and ends after a result that continues", async () => {
    const skipped = await runWithinBudget(
      budgetOf(100),
      ["a", "known", "b"],
      { concurrency: 1, calls: 1, skip: (i) => i === "known" },
      async (i) => i,
    );
    expect(skipped.end).toBe(3);
    expect(finishedResults(skipped)).toEqual(["a", "b"]);

    let rows = 0;
    const full = await runWithinBudget<number, number>(
      budgetOf(100),
      [1, 1, 1, 1],
      { concurrency: 1, calls: 1, full: () => rows >= 2, onFinished: (n) => (rows += n) },
      async (n) => n,
    );
    expect(full.end).toBe(2);

    const continuing = await runWithinBudget(
      budgetOf(100),
      ["whole", "half", "never"],
      { concurrency: 1, calls: 1, continues: (r) => r === "half" },
      async (i) => i,
    );
    expect(continuing.end).toBe(2);
    expect(finishedResults(continuing)).toEqual(["whole", "half"]);
  });

  it("lets any other error through: a bug is not a limit", async () => {
    await expect(
      runWithinBudget(budgetOf(100), [1], { concurrency: 1, calls: 1 }, async () => {
        throw new TypeError("bug");
      }),
    ).rejects.toThrow("bug");
  });
});
