// The dataset limits as pure functions: the settings answer read (absent fields said so), every query's
// range cut to maxDuration, slices under maxPageSize and maxDuration, an old `since` refused naming the
// field and the limit, a dataset the plan lacks said so; and the sandbox's deterministic sampling.
import { describe, expect, it } from "vitest";
import { ConflictError } from "@/lib/errors/conflict-error";
import { InputError } from "@/lib/errors/input-error";
import { sampleBusyHours } from "@/lib/dev/sandbox/graphql/sampling";
import type { FirewallEvent as SandboxEvent } from "@/lib/dev/sandbox/graphql/seed-events";
import { DOCUMENTED_LIMITS, parseZoneLimits, settingsSchema, type ZoneDatasetLimits } from "@/lib/validation-mode/dataset-limits";
import { planSlices } from "@/lib/validation-mode/slices";
import { requireEnabled, splitRange, windowWithinReach } from "@/lib/validation-mode/window-limits";

const DAY = 86_400_000;
const NOW = Date.parse("2025-03-31T12:00:00Z");
const limits = (over: Partial<typeof DOCUMENTED_LIMITS> = {}): ZoneDatasetLimits => ({
  events: { ...DOCUMENTED_LIMITS, ...over },
  groups: { ...DOCUMENTED_LIMITS, ...over },
  assumed: [],
});

describe("settings", () => {
  it("reads the docs' example answer as it is", () => {
    const answer = {
      viewer: {
        zones: [
          {
            settings: {
              firewallEventsAdaptive: {
                enabled: true,
                maxDuration: 259200,
                maxNumberOfFields: 30,
                maxPageSize: 10000,
                notOlderThan: 2678400,
              },
              firewallEventsAdaptiveGroups: {
                enabled: false,
                maxDuration: 86400,
                maxNumberOfFields: 20,
                maxPageSize: 5000,
                notOlderThan: 604800,
                availableFields: ["count", "avg_sampleInterval", "dimensions_datetimeHour"],
              },
            },
          },
        ],
      },
    };
    const parsed = parseZoneLimits(settingsSchema.parse(answer));
    expect(parsed.events).toEqual({
      enabled: true,
      maxDurationSeconds: 259200,
      notOlderThanSeconds: 2678400,
      maxPageSize: 10000,
      maxNumberOfFields: 30,
      availableFields: null, // the docs' example does not ask for it: no list, never an empty one
    });
    expect(parsed.groups).toEqual({
      enabled: false,
      maxDurationSeconds: 86400,
      notOlderThanSeconds: 604800,
      maxPageSize: 5000,
      maxNumberOfFields: 20,
      availableFields: ["count", "avg_sampleInterval", "dimensions_datetimeHour"],
    });
    expect(parsed.assumed).toEqual([]);
  });

  it("fills a field the answer leaves out from the documented example, and names it", () => {
    const parsed = parseZoneLimits(
      settingsSchema.parse({
        viewer: {
          zones: [{ settings: { firewallEventsAdaptive: { enabled: true, maxDuration: 3600 }, firewallEventsAdaptiveGroups: null } }],
        },
      }),
    );
    expect(parsed.events.maxDurationSeconds).toBe(3600);
    expect(parsed.events.notOlderThanSeconds).toBe(2678400);
    expect(parsed.assumed).toContain("firewallEventsAdaptive.notOlderThan");
    expect(parsed.assumed).toContain("firewallEventsAdaptiveGroups.enabled");
  });
});

describe("splitRange", () => {
  it("cuts a 7-day window into 3-day queries that cover it exactly", () => {
    const from = Date.parse("2025-03-01T00:00:00Z");
    const ranges = splitRange(from, from + 7 * DAY + 1000, 259_200);
    expect(ranges).toHaveLength(3);
    expect(ranges[0]).toEqual({ fromMs: from, toMs: from + 3 * DAY });
    for (let i = 1; i < ranges.length; i++) expect(ranges[i]!.fromMs).toBe(ranges[i - 1]!.toMs);
    expect(ranges.at(-1)!.toMs).toBe(from + 7 * DAY + 1000);
    expect(ranges.every((r) => r.toMs - r.fromMs <= 3 * DAY)).toBe(true);
  });

  it("leaves a window within the limit whole", () => {
    expect(splitRange(0, DAY, 259_200)).toEqual([{ fromMs: 0, toMs: DAY }]);
  });
});

describe("planSlices under maxDuration", () => {
  it("never packs quiet hours into a slice wider than maxDuration", () => {
    const since = Date.parse("2025-03-01T00:00:00Z");
    const until = since + 7 * DAY - 1000;
    const slices = planSlices(
      since,
      until,
      new Map([
        ["2025-03-01T00:00:00Z", 1],
        ["2025-03-07T23:00:00Z", 1],
      ]),
      10_000,
      259_200,
    );
    expect(slices.length).toBeGreaterThanOrEqual(3);
    expect(slices.every((s) => s.toMs - s.fromMs <= 259_200_000)).toBe(true);
    expect(slices[0]!.fromMs).toBe(since);
    expect(slices.at(-1)!.toMs).toBe(until + 1000);
    for (let i = 1; i < slices.length; i++) expect(slices[i]!.fromMs).toBe(slices[i - 1]!.toMs);
  });

  it("cuts even one hour when maxDuration is shorter", () => {
    const since = Date.parse("2025-03-01T00:00:00Z");
    const slices = planSlices(since, since + 3_599_000, new Map([["2025-03-01T00:00:00Z", 10]]), 10_000, 900);
    expect(slices).toHaveLength(4);
    expect(slices.every((s) => s.toMs - s.fromMs <= 900_000)).toBe(true);
  });
});

describe("windowWithinReach", () => {
  const inside = { since: "2025-03-10T00:00:00Z", until: "2025-03-31T00:00:00Z" };
  it("lets a window within notOlderThan through unchanged", () => {
    expect(windowWithinReach(inside, limits(), NOW, true)).toBe(inside);
  });

  it("refuses an explicit since older than notOlderThan with a 400 naming since and the limit", () => {
    let error: unknown;
    try {
      windowWithinReach({ since: "2025-02-20T00:00:00Z", until: "2025-03-01T00:00:00Z" }, limits(), NOW, true);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).field).toBe("since");
    expect((error as InputError).message).toMatch(/31 days \(2678400 s\)/);
    expect((error as InputError).message).toMatch(/notOlderThan/);
  });

  it("moves the default window (no since given) within reach, and refuses one wholly out of reach", () => {
    const short = limits({ notOlderThanSeconds: 3 * 86_400 });
    const moved = windowWithinReach({ since: "2025-03-24T12:00:00Z", until: "2025-03-31T12:00:00Z" }, short, NOW, false);
    expect(Date.parse(moved.since)).toBeGreaterThan(NOW - 3 * DAY);
    expect(moved.until).toBe("2025-03-31T12:00:00Z");
    expect(() => windowWithinReach({ since: "2025-03-01T00:00:00Z", until: "2025-03-02T00:00:00Z" }, short, NOW, false)).toThrow(
      InputError,
    );
  });

  it("keeps a margin: a since right at the limit would age out while the read goes on", () => {
    const atLimit = new Date(NOW - 31 * DAY + 60_000).toISOString();
    expect(() => windowWithinReach({ since: atLimit, until: "2025-03-31T00:00:00Z" }, limits(), NOW, true)).toThrow(InputError);
  });
});

describe("requireEnabled", () => {
  it("says which dataset the zone's plan lacks", () => {
    const lacking: ZoneDatasetLimits = { events: DOCUMENTED_LIMITS, groups: { ...DOCUMENTED_LIMITS, enabled: false }, assumed: [] };
    expect(() => requireEnabled("z1", lacking)).toThrow(ConflictError);
    expect(() => requireEnabled("z1", lacking)).toThrow(/does not include the GraphQL dataset firewallEventsAdaptiveGroups/);
    expect(() => requireEnabled("z1", limits())).not.toThrow();
  });
});

describe("the sandbox's sampling", () => {
  const event = (i: number, hour: number): SandboxEvent => ({
    rayName: `r${String(i).padStart(5, "0")}`,
    datetime: new Date(Date.UTC(2025, 2, 1, hour) + i * 1000).toISOString().replace(".000Z", "Z"),
    source: "firewallManaged",
    action: "block",
    ruleId: "n",
    description: "",
    clientRequestHTTPHost: "h",
    clientRequestPath: "/",
    clientRequestQuery: "",
    clientIP: "203.0.113.1",
    clientCountryName: "NL",
    clientAsn: "1",
    userAgent: "u",
    sampleInterval: 1,
  });

  it("thins only the busy hours, one in the interval, each kept row carrying it; the same every time", () => {
    const busy = Array.from({ length: 25 }, (_, i) => event(i, 10));
    const quiet = Array.from({ length: 5 }, (_, i) => event(i, 12));
    const rows = sampleBusyHours([...busy, ...quiet], 20, 10);
    expect(rows.filter((r) => r.datetime.startsWith("2025-03-01T10"))).toHaveLength(3);
    expect(rows.filter((r) => r.sampleInterval === 10)).toHaveLength(3);
    expect(rows.filter((r) => r.datetime.startsWith("2025-03-01T12")).every((r) => r.sampleInterval === 1)).toBe(true);
    expect(rows.reduce((n, r) => n + r.sampleInterval, 0)).toBe(35); // the estimate: 30 events, rounded up per hour
    expect(sampleBusyHours([...busy, ...quiet], 20, 10)).toEqual(rows);
  });
});
