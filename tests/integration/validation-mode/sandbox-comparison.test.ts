// The comparison against the sandbox's GraphQL endpoint: the totals equal what the seed designed,
// through slicing (more events than one query returns) and duplicate events; the burst zone is sampled,
// so its estimates (not its rows) approach the design.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PlatformClient } from "@/lib/platform/client";
import { GraphqlError } from "@/lib/platform/graphql";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";
import { BURST, designedTotals, EVENT_DAYS, SAMPLING } from "@/lib/dev/sandbox/graphql/event-design";
import { validationOrdinal } from "@/lib/dev/sandbox/graphql/route";
import { startSandbox, type RunningSandbox } from "@/lib/dev/sandbox/server";
import { compareZone } from "@/lib/validation-mode/compare-zone";
import { HOURLY_COUNTS_QUERY, hourlyCountsSchema } from "@/lib/validation-mode/queries";
import { isoSecond } from "@/lib/validation-mode/window";

const TOKEN = "validation-test-token-0001";
const DAY = 86_400_000;
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, apiToken: TOKEN, rateLimit: null });
});
afterAll(() => sandbox.close());

function platform() {
  const scheduler = new Scheduler({
    limiter: new RateLimiter({ requests: 100_000, windowSeconds: 60 }),
    subrequestBudget: 1000,
    timeoutMs: 20_000,
  });
  return new PlatformClient(sandbox.apiBaseUrl, { kind: "token", token: TOKEN }, scheduler);
}

function zoneWithOrdinal(ordinal: number) {
  const index = sandbox.state.zones.findIndex((_, i) => validationOrdinal(sandbox.state, i) === ordinal);
  return sandbox.state.zones[index]!;
}

/** The whole seeded period: the sandbox's events end at midnight UTC of today. */
function seededWindow() {
  const anchor = Math.floor(Date.now() / DAY) * DAY;
  return { since: isoSecond(anchor - (EVENT_DAYS + 1) * DAY), until: isoSecond(anchor + DAY) };
}

describe("validation comparison against the sandbox", () => {
  it("finds exactly the designed totals, with duplicates joined into one request", async () => {
    const zone = zoneWithOrdinal(2);
    const { answer: summary } = await compareZone(platform(), zone.id, seededWindow());
    const design = designedTotals(2);
    expect(summary.totals).toEqual({
      both: design.both,
      newOnly: design.newOnly,
      oldOnly: design.oldOnly,
      bothSameAction: design.bothSameAction,
      bothDifferentAction: design.bothDifferentAction,
      requests: design.both + design.newOnly + design.oldOnly,
      events: design.events,
    });
    expect(summary.decision).toMatchObject({ nowBlocked: design.nowBlocked, nowAllowed: design.nowAllowed });
    expect(summary.series.reduce((n, p) => n + p.newOnly + p.oldOnly + p.bothSameAction + p.bothDifferentAction, 0)).toBe(
      summary.totals.requests,
    );
  });

  it("reads the sampled burst zone in slices, and its estimates come back to the design", async () => {
    expect(SAMPLING.ordinal).toBe(BURST.ordinal);
    const zone = zoneWithOrdinal(BURST.ordinal);
    const design = designedTotals(BURST.ordinal);
    const progress: number[] = [];
    const { answer: summary } = await compareZone(platform(), zone.id, seededWindow(), {
      rowLimit: 400,
      onProgress: (p) => progress.push(p.slicesDone),
    });
    // The rows are thinned (1 in 10 in the burst's hours), the estimates are not: at most one interval's
    // rounding per sampled hour (the burst spans 3 hours) above the design.
    expect(summary.totals.events).toBeLessThan(design.events / 3);
    expect(summary.estimated.events).toBeGreaterThanOrEqual(design.events);
    expect(summary.estimated.events).toBeLessThanOrEqual(design.events + 3 * SAMPLING.interval);
    expect(Math.abs(summary.estimated.newOnly - design.newOnly) / design.newOnly).toBeLessThan(0.02);
    expect(summary.sampling).toMatchObject({ sampled: true, maxInterval: SAMPLING.interval });
    expect(summary.sampling.note).toMatch(/sampling artefact/);
    expect(summary.decision.summary).toMatch(/^About [\d,]+ requests would now be blocked/);
    expect(summary.slices).toBeGreaterThan(1);
    expect(progress.at(-1)).toBe(summary.slices);
  });

  it("with a small row limit, many slices (and halved full ones) still add up to the design", async () => {
    const zone = zoneWithOrdinal(0);
    const { answer: summary } = await compareZone(platform(), zone.id, seededWindow(), { rowLimit: 60 });
    expect(summary.slices).toBeGreaterThan(10);
    expect(summary.totals.requests).toBe(designedTotals(0).both + designedTotals(0).newOnly + designedTotals(0).oldOnly);
  });

  it("surfaces GraphQL errors as typed errors with the platform's message", async () => {
    const query = platform().graphql(
      HOURLY_COUNTS_QUERY,
      { zoneTag: "0".repeat(32), from: "2025-01-01T00:00:00Z", to: "2025-01-02T00:00:00Z", limit: 100 },
      hourlyCountsSchema,
    );
    await expect(query).rejects.toBeInstanceOf(GraphqlError);
    await expect(query).rejects.toThrow(/POST \/graphql refused the query: zone '0{32}' does not exist/);
  });
});
