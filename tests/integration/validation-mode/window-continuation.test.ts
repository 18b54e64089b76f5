// A window larger than one request's subrequest budget is read over several requests through the cursor:
// from the sandbox's call log, no slice of time is read twice or skipped, and the totals are the design's.
// Then the read is shared: the summary again, the drill-down and the CSV export make no GraphQL call.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_MS } from "@/lib/dev/sandbox/time";
import { designedTotals } from "@/lib/dev/sandbox/graphql/event-design";
import { seedFirewallEvents } from "@/lib/dev/sandbox/graphql/seed-events";
import { validationOrdinal } from "@/lib/dev/sandbox/graphql/route";
import { startSandbox, type RunningSandbox } from "@/lib/dev/sandbox/server";
import { compareZone, type ValidationAnswer } from "@/lib/validation-mode/compare-zone";
import { WindowCache } from "@/lib/validation-mode/window-cache";
import {
  clearCalls,
  client,
  eventRanges,
  graphqlCalls,
  leafRanges,
  seededWindow,
  TOKEN,
  zoneWithOrdinal,
} from "@/tests/integration/validation-mode/harness";

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, apiToken: TOKEN, rateLimit: null, graphqlRateLimit: null });
});
afterAll(() => sandbox.close());

const ORDINAL = 0;
const BUDGET = 5;
const ROW_LIMIT = 60;

describe("a window read over several requests", () => {
  it("continues from the cursor: every slice read once, none skipped, the design's totals", async () => {
    const zone = zoneWithOrdinal(sandbox, ORDINAL);
    const window = seededWindow();
    const cache = new WindowCache();
    await clearCalls(sandbox);
    const answers: ValidationAnswer[] = [];
    for (let cursor: string | undefined; ;) {
      const platform = client(sandbox, { budget: BUDGET });
      const { answer } = await compareZone(platform, zone.id, window, { cursor, rowLimit: ROW_LIMIT, cache });
      expect(platform.scheduler.stats.subrequests).toBeLessThanOrEqual(BUDGET);
      answers.push(answer);
      if (answer.complete) break;
      expect(answer.cursor).toBeTruthy();
      expect(answer.retryAfterSeconds).toBeUndefined(); // the budget, not a rate limit: continue at once
      cursor = answer.cursor;
      expect(answers.length).toBeLessThan(200);
    }
    expect(answers.length).toBeGreaterThan(3);
    // Each partial answer holds the part read so far, and says how far that is.
    expect(answers[1]!.progress.slicesDone).toBeGreaterThan(0);
    expect(answers[1]!.totals.requests).toBeLessThan(answers.at(-1)!.totals.requests);

    const calls = await graphqlCalls(sandbox);
    // The counts in ranges of at most the dataset's maxDuration (3 days on Enterprise), each read once.
    const counts = calls.filter((c) => c.graphql?.operationName === "HourlyCounts");
    expect(counts).toHaveLength(Math.ceil((Date.parse(window.until) + 1000 - Date.parse(window.since)) / (3 * DAY_MS)));
    for (const c of counts)
      expect(Date.parse(String(c.graphql!.variables!.to)) - Date.parse(String(c.graphql!.variables!.from))).toBeLessThanOrEqual(3 * DAY_MS);
    expect(calls.filter((c) => c.graphql?.operationName === "DatasetSettings").length).toBeLessThanOrEqual(1);
    const ranges = eventRanges(calls);
    const keys = ranges.map((r) => `${r.from}-${r.to}`);
    expect(new Set(keys).size).toBe(keys.length); // no slice read twice
    const leaves = leafRanges(ranges).sort((a, b) => a.from - b.from);
    for (let i = 1; i < leaves.length; i++) expect(leaves[i]!.from).toBeGreaterThanOrEqual(leaves[i - 1]!.to); // disjoint
    for (const r of ranges) expect(r.to - r.from).toBeLessThanOrEqual(3 * DAY_MS); // maxDuration
    // None skipped: every seeded event of both managed sources in the window lies in exactly one kept slice.
    const index = sandbox.state.zones.indexOf(zone);
    const anchor = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const seeded = seedFirewallEvents(sandbox.state.seed, zone, validationOrdinal(sandbox.state, index)!, anchor).filter(
      (e) => e.source !== "firewallCustom",
    );
    for (const event of seeded)
      expect(leaves.filter((r) => Date.parse(event.datetime) >= r.from && Date.parse(event.datetime) < r.to)).toHaveLength(1);
    expect(answers.at(-1)!.slices).toBe(leaves.length);

    const design = designedTotals(ORDINAL);
    const final = answers.at(-1)!;
    expect(final.totals).toMatchObject({ both: design.both, newOnly: design.newOnly, oldOnly: design.oldOnly, events: design.events });
    expect(final.decision).toMatchObject({ nowBlocked: design.nowBlocked, nowAllowed: design.nowAllowed });
    expect(final.cursor).toBeUndefined();

    // The same window again (the summary reloaded, the drill-down, the CSV export): answered from the read.
    await clearCalls(sandbox);
    for (let i = 0; i < 3; i++) {
      const { answer, requests } = await compareZone(client(sandbox, { budget: BUDGET }), zone.id, window, { cache });
      expect(answer.complete).toBe(true);
      expect(requests).toHaveLength(design.both + design.newOnly + design.oldOnly);
    }
    expect(await graphqlCalls(sandbox)).toHaveLength(0);
  });

  it("a cursor for another zone is refused, naming the cursor", async () => {
    const window = seededWindow();
    const cache = new WindowCache();
    const { answer } = await compareZone(client(sandbox, { budget: 1 }), zoneWithOrdinal(sandbox, 1).id, window, {
      cache,
      rowLimit: ROW_LIMIT,
    });
    expect(answer.complete).toBe(false);
    const other = compareZone(client(sandbox), zoneWithOrdinal(sandbox, 2).id, window, { cache, cursor: answer.cursor });
    await expect(other).rejects.toMatchObject({ field: "cursor" });
  });
});
