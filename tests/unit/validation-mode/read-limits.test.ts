// readWindow against a fake GraphQL upstream that holds every query to the zone's limits: each counts and
// events query stays within maxDuration and maxPageSize, and a row without its own sampleInterval takes its
// hour's average from the groups (the estimate then weighs it so).
import { describe, expect, it } from "vitest";
import type { PlatformClient } from "@/lib/platform/client";
import { DOCUMENTED_LIMITS, type ZoneDatasetLimits } from "@/lib/validation-mode/dataset-limits";
import { readWindow } from "@/lib/validation-mode/read-within-budget";
import { summarize } from "@/lib/validation-mode/summary";
import { WindowCache } from "@/lib/validation-mode/window-cache";
import { requestsSoFar } from "@/lib/validation-mode/window-read-state";

const HOUR = 3_600_000;
const SINCE = Date.parse("2025-03-01T00:00:00Z");
const iso = (ms: number) => new Date(ms).toISOString().replace(".000Z", "Z");

/** 3 events per hour over 10 hours, both versions acting on each request; rows carry no sampleInterval. */
function fakePlatform(
  limits: { maxDuration: number; maxPageSize: number },
  calls: Array<{ op: string; from: number; to: number; limit: number; query?: string }>,
) {
  const events = Array.from({ length: 30 }, (_, i) => ({ at: SINCE + Math.floor(i / 3) * HOUR + (i % 3) * 60_000, ray: `r${i}` }));
  const graphql = async (query: string, variables: Record<string, unknown>) => {
    const from = Date.parse(String(variables.from));
    const to = Date.parse(String(variables.to));
    const op = /query (\w+)/.exec(query)![1]!;
    calls.push({ op, from, to, limit: Number(variables.limit), query });
    if (to - from > limits.maxDuration * 1000) throw new Error(`query time range is too large: ${(to - from) / 1000}s`);
    if (op === "FirewallEvents" && Number(variables.limit) > limits.maxPageSize)
      throw new Error("limit must be positive number and not greater than " + limits.maxPageSize);
    const inRange = events.filter((e) => e.at >= from && e.at < to);
    if (op === "HourlyCounts") {
      const hours = new Map<number, number>();
      for (const e of inRange) hours.set(Math.floor(e.at / HOUR) * HOUR, (hours.get(Math.floor(e.at / HOUR) * HOUR) ?? 0) + 2);
      // count is the estimate: the rows (2 per request) × an average interval of 4.
      return {
        viewer: {
          zones: [
            {
              firewallEventsAdaptiveGroups: [...hours].map(([h, rows]) => ({
                count: rows * 4,
                avg: { sampleInterval: 4 },
                dimensions: { datetimeHour: iso(h) },
              })),
            },
          ],
        },
      };
    }
    const row = (e: (typeof events)[number], source: string) => ({
      rayName: e.ray,
      datetime: iso(e.at),
      source,
      action: "block",
      ruleId: source,
      clientRequestHTTPHost: "h",
      clientRequestPath: "/",
      clientIP: "203.0.113.1",
      clientCountryName: "NL",
      userAgent: "u",
    });
    // As the platform: a row holds the fields the query selected, no others.
    const selected = /firewallEventsAdaptive\([^)]*\) \{([^}]*)\}/.exec(query)![1]!.trim().split(/\s+/);
    const only = (r: ReturnType<typeof row>) => Object.fromEntries(Object.entries(r).filter(([field]) => selected.includes(field)));
    return {
      viewer: {
        zones: [
          {
            firewallEventsAdaptive: inRange
              .flatMap((e) => [only(row(e, "waf")), only(row(e, "firewallManaged"))])
              .slice(0, Number(variables.limit)),
          },
        ],
      },
    };
  };
  return { graphql } as unknown as PlatformClient;
}

describe("a read within the zone's limits", () => {
  it("cuts counts and slices to maxDuration, keeps limit at maxPageSize, and weighs rows by their hour's interval", async () => {
    const set = { maxDuration: 2 * 3600, maxPageSize: 8 };
    const limits: ZoneDatasetLimits = {
      events: { ...DOCUMENTED_LIMITS, maxDurationSeconds: set.maxDuration, maxPageSize: set.maxPageSize },
      groups: { ...DOCUMENTED_LIMITS, maxDurationSeconds: set.maxDuration },
      assumed: [],
    };
    const calls: Array<{ op: string; from: number; to: number; limit: number }> = [];
    const window = { since: iso(SINCE), until: iso(SINCE + 10 * HOUR - 1000) };
    const result = await readWindow(fakePlatform(set, calls), "z", window, { limits, cache: new WindowCache() });
    expect(result.complete).toBe(true);
    expect(calls.filter((c) => c.op === "HourlyCounts")).toHaveLength(5);
    for (const c of calls) expect(c.to - c.from).toBeLessThanOrEqual(set.maxDuration * 1000);
    for (const c of calls.filter((c) => c.op === "FirewallEvents")) expect(c.limit).toBe(set.maxPageSize);

    const { requests, events, estimatedEvents } = requestsSoFar(result.read);
    expect(requests).toHaveLength(30);
    expect(requests.every((r) => r.sampleInterval === 4)).toBe(true);
    expect(events).toBe(60);
    expect(estimatedEvents).toBe(240);
    const summary = summarize("z", result.read.window, requests, events, result.progress.slices, estimatedEvents);
    expect(summary.estimated).toMatchObject({ requests: 120, bothSameAction: 120 });
    expect(summary.sampling).toMatchObject({ sampled: true, maxInterval: 4 });
  });

  it("asks raw rows for no sampleInterval and for no more fields than maxNumberOfFields", async () => {
    const set = { maxDuration: 259_200, maxPageSize: 10_000 };
    const limits: ZoneDatasetLimits = { events: { ...DOCUMENTED_LIMITS, maxNumberOfFields: 6 }, groups: DOCUMENTED_LIMITS, assumed: [] };
    const calls: Array<{ op: string; from: number; to: number; limit: number; query?: string }> = [];
    const window = { since: iso(SINCE), until: iso(SINCE + 10 * HOUR - 1000) };
    const result = await readWindow(fakePlatform(set, calls), "z", window, { limits, cache: new WindowCache() });
    expect(result.complete).toBe(true);
    const eventQueries = calls.filter((c) => c.op === "FirewallEvents");
    expect(eventQueries.length).toBeGreaterThan(0);
    for (const c of eventQueries) {
      const selected = /firewallEventsAdaptive\([^)]*\) \{([^}]*)\}/.exec(c.query!)![1]!.trim().split(/\s+/);
      expect(selected).toEqual(["rayName", "datetime", "source", "action", "ruleId", "clientRequestHTTPHost"]);
    }
    const { requests } = requestsSoFar(result.read);
    expect(requests.every((r) => r.sampleInterval === 4 && r.path === "" && r.host === "h")).toBe(true);
  });
});
