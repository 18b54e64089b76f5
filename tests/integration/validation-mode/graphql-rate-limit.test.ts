// GraphQL analytics' own query limit, against the sandbox that models it (HTTP 429 with a GraphQL body, as documented):
// Preflight keeps under it, pauses every query when told it is used up, and answers a long wait with a
// cursor and retryAfterSeconds (rateLimit "graphql"), then completes the window with the design's totals.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Clock } from "@/lib/platform/clock";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { designedTotals } from "@/lib/dev/sandbox/graphql/event-design";
import { startSandbox, type RunningSandbox } from "@/lib/dev/sandbox/server";
import { compareZone, type ValidationAnswer } from "@/lib/validation-mode/compare-zone";
import { LimitsCache } from "@/lib/validation-mode/limits-cache";
import { WindowCache } from "@/lib/validation-mode/window-cache";
import {
  clearCalls,
  client,
  eventRanges,
  graphqlCalls,
  seededWindow,
  setFaults,
  TOKEN,
  zoneWithOrdinal,
} from "@/tests/integration/validation-mode/harness";

/** Time both sides share: the sandbox's limiter and Preflight's; a wait moves it on at once. */
let now = Date.now();
const clock: Clock = {
  now: () => now,
  sleep: async (ms) => {
    now += Math.max(0, ms);
  },
};

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    apiToken: TOKEN,
    rateLimit: null,
    graphqlRateLimit: { requests: 4, windowSeconds: 300 },
    now: () => now,
  });
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await fetch(`${sandbox.url}/__sandbox/reset`, { method: "POST" });
});

const design = (ordinal: number) => {
  const d = designedTotals(ordinal);
  return { both: d.both, newOnly: d.newOnly, oldOnly: d.oldOnly, events: d.events };
};

/** Two days of the seeded period: one query of each kind. */
const twoDays = () => ({
  since: seededWindow().since,
  until: new Date(Date.parse(seededWindow().since) + 2 * 86_400_000).toISOString().replace(".000Z", "Z"),
});

/** Follows cursors as the page does, waiting out each retryAfterSeconds on the shared clock. */
async function readAll(zoneId: string, graphqlLimiter: RateLimiter, rowLimit: number, window = seededWindow()) {
  const cache = new WindowCache(() => now);
  const limitsCache = new LimitsCache(() => now);
  const answers: ValidationAnswer[] = [];
  for (let cursor: string | undefined; ;) {
    // A limits cache per read: each test sees the settings query (and its place in the GraphQL limit).
    const { answer } = await compareZone(client(sandbox, { clock, graphqlLimiter }), zoneId, window, {
      cursor,
      rowLimit,
      cache,
      limitsCache,
      now,
    });
    answers.push(answer);
    if (answer.complete) return answers;
    cursor = answer.cursor;
    now += (answer.retryAfterSeconds ?? 0) * 1000;
    if (answers.length > 100) throw new Error("the read does not end");
  }
}

describe("GraphQL analytics rate limit", () => {
  it("when the platform says the budget is depleted, pauses and answers a cursor with the wait, then completes", async () => {
    const zone = zoneWithOrdinal(sandbox, 2);
    // Preflight's own bucket is generous here: the platform's refusal is what stops it.
    const answers = await readAll(zone.id, new RateLimiter({ requests: 1000, windowSeconds: 300 }, clock, "graphql"), 250);
    const paused = answers.filter((a) => !a.complete);
    expect(paused.length).toBeGreaterThan(0);
    for (const answer of paused) expect(answer).toMatchObject({ rateLimit: "graphql", retryAfterSeconds: 300 });
    expect(answers.at(-1)!.totals).toMatchObject(design(2));

    const calls = await graphqlCalls(sandbox);
    expect(calls.some((c) => c.graphql?.errorCode === "budget_depleted")).toBe(true);
    const keys = eventRanges(calls).map((r) => `${r.from}-${r.to}`);
    expect(new Set(keys).size).toBe(keys.length); // a refused slice is read again, an answered one never
  });

  it("keeps under its own bucket of the GraphQL limit, so the platform never has to refuse", async () => {
    // Zone 2 rather than the burst's (1): that one is sampled, its rows are not the design's.
    const zone = zoneWithOrdinal(sandbox, 2);
    const answers = await readAll(zone.id, new RateLimiter({ requests: 4, windowSeconds: 300 }, clock, "graphql"), 2000);
    expect(answers.length).toBeGreaterThan(1);
    expect(answers[0]).toMatchObject({ complete: false, rateLimit: "graphql" });
    expect(answers[0]!.retryAfterSeconds).toBeGreaterThan(10);
    expect(answers.at(-1)!.totals).toMatchObject(design(2));
    expect((await graphqlCalls(sandbox)).filter((c) => c.graphql?.errorCode)).toHaveLength(0);
  });

  it("a long pause on the zone's settings read answers a cursor too, and the read then completes", async () => {
    await setFaults(sandbox, { graphqlBudgetDepleted: 1, retryAfterSeconds: 60 });
    await clearCalls(sandbox);
    const answers = await readAll(
      zoneWithOrdinal(sandbox, 0).id,
      new RateLimiter({ requests: 1000, windowSeconds: 300 }, clock, "graphql"),
      10_000,
      twoDays(),
    );
    expect(answers[0]).toMatchObject({ complete: false, rateLimit: "graphql", retryAfterSeconds: 60, progress: { slicesDone: 0 } });
    expect(answers[0]!.cursor).toBeTruthy();
    expect(answers.at(-1)!.complete).toBe(true);
    const calls = await graphqlCalls(sandbox);
    expect(calls[0]!.graphql).toMatchObject({ operationName: "DatasetSettings", errorCode: "budget_depleted" });
  });

  it("waits out a short pause within the request", async () => {
    await setFaults(sandbox, { graphqlBudgetDepleted: 1, retryAfterSeconds: 3 });
    await clearCalls(sandbox);
    const before = now;
    // A window of at most 3 days (one query of each kind) and the settings: under the sandbox's 4 queries.
    const answers = await readAll(
      zoneWithOrdinal(sandbox, 0).id,
      new RateLimiter({ requests: 1000, windowSeconds: 300 }, clock, "graphql"),
      10_000,
      twoDays(),
    );
    expect(answers).toHaveLength(1);
    expect(answers[0]!.complete).toBe(true);
    expect(now - before).toBeGreaterThanOrEqual(3000); // the pause was kept (on the test's clock)
    expect((await graphqlCalls(sandbox))[0]!.graphql?.errorCode).toBe("budget_depleted");
  });
});
