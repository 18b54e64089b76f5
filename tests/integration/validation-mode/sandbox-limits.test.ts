// The sandbox holds GraphQL queries to the zone's per-plan dataset limits with the platform's errors
// (errors.mdx: `{data, errors:[{message, path, extensions}]}`, HTTP 400 / 403), samples its busiest
// validation zone, and Preflight keeps to the limits, refuses an old `since` and says when a plan lacks a dataset.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConflictError } from "@/lib/errors/conflict-error";
import { InputError } from "@/lib/errors/input-error";
import { EVENT_DAYS, SAMPLING } from "@/lib/dev/sandbox/graphql/event-design";
import { startSandbox, type RunningSandbox } from "@/lib/dev/sandbox/server";
import { compareZone } from "@/lib/validation-mode/compare-zone";
import { SETTINGS_QUERY } from "@/lib/validation-mode/dataset-limits";
import { LimitsCache } from "@/lib/validation-mode/limits-cache";
import { EVENTS_QUERY, HOURLY_COUNTS_QUERY } from "@/lib/validation-mode/queries";
import { OPTIONAL_EVENT_FIELDS, REQUIRED_EVENT_FIELDS } from "@/lib/validation-mode/query-fields";
import { WindowCache } from "@/lib/validation-mode/window-cache";
import { isoSecond } from "@/lib/validation-mode/window";
import { client, TOKEN, zoneWithOrdinal } from "@/tests/integration/validation-mode/harness";

const DAY = 86_400_000;
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, apiToken: TOKEN, rateLimit: null, graphqlRateLimit: null });
});
afterAll(() => sandbox.close());

async function post(query: string, variables: Record<string, unknown>) {
  const response = await fetch(`${sandbox.apiBaseUrl}/graphql`, {
    method: "POST",
    headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      data: unknown;
      errors?: Array<{ message: string; path?: unknown[]; extensions?: Record<string, unknown> }>;
    },
  };
}

const zoneOnPlan = (plan: string) => sandbox.state.zones.find((zone) => zone.plan.legacy_id === plan)!;
const anchor = () => Math.floor(Date.now() / DAY) * DAY;
const events = (zoneTag: string, fromMs: number, toMs: number, limit = 100) =>
  post(EVENTS_QUERY, { zoneTag, from: isoSecond(fromMs), to: isoSecond(toMs), sources: ["waf", "firewallManaged"], limit });

describe("the sandbox's dataset limits", () => {
  it("serves each plan's settings: the docs' example on Enterprise, no groups on Free", async () => {
    const enterprise = await post(SETTINGS_QUERY, { zoneTag: zoneOnPlan("enterprise").id });
    expect(enterprise.status).toBe(200);
    expect(enterprise.body).toEqual({
      data: {
        viewer: {
          zones: [
            {
              settings: {
                firewallEventsAdaptive: {
                  enabled: true,
                  maxDuration: 259200,
                  maxPageSize: 10000,
                  notOlderThan: 2678400,
                  maxNumberOfFields: 30,
                  availableFields: expect.arrayContaining([...REQUIRED_EVENT_FIELDS, ...OPTIONAL_EVENT_FIELDS]),
                },
                firewallEventsAdaptiveGroups: {
                  enabled: true,
                  maxDuration: 259200,
                  maxPageSize: 10000,
                  notOlderThan: 2678400,
                  maxNumberOfFields: 30,
                  availableFields: expect.arrayContaining(["count", "avg_sampleInterval", "dimensions_datetimeHour"]),
                },
              },
            },
          ],
        },
      },
    });
    const free = (await post(SETTINGS_QUERY, { zoneTag: zoneOnPlan("free").id })).body.data as {
      viewer: { zones: Array<{ settings: Record<string, { enabled: boolean }> }> };
    };
    expect(free.viewer.zones[0]!.settings.firewallEventsAdaptiveGroups!.enabled).toBe(false);
    expect(free.viewer.zones[0]!.settings.firewallEventsAdaptive!.enabled).toBe(true);
  });

  it("refuses a range wider than maxDuration with the platform's message, path and HTTP 400", async () => {
    const zone = zoneWithOrdinal(sandbox, 0);
    const { status, body } = await events(zone.id, anchor() - 7 * DAY, anchor());
    expect(status).toBe(400);
    expect(body.data).toBeNull();
    expect(body.errors![0]!.message).toBe(
      `query time range is too large for zone ${zone.id}. Time range can't be wider than 259200s, but it's 604800s`,
    );
    expect(body.errors![0]!.path).toEqual(["viewer", "zones", 0, "firewallEventsAdaptive"]);
    // errors.mdx: the extensions hold the timestamp only; GraphQL errors carry no code.
    expect(body.errors![0]!.extensions).toEqual({ timestamp: expect.any(String) });
    expect((await events(zone.id, anchor() - 3 * DAY, anchor())).status).toBe(200);
  });

  it("refuses data older than notOlderThan and a limit over maxPageSize, in the docs' words", async () => {
    const zone = zoneWithOrdinal(sandbox, 0);
    const old = await events(zone.id, anchor() - 40 * DAY, anchor() - 39 * DAY);
    expect(old.status).toBe(400);
    expect(old.body.errors![0]!.message).toBe("cannot request data older than 2678400s");
    const big = await events(zone.id, anchor() - DAY, anchor(), 10_001);
    expect(big.body.errors![0]!.message).toBe("limit must be positive number and not greater than 10000");
  });

  it("refuses the groups on a plan without them (403)", async () => {
    const zone = zoneOnPlan("free");
    const { status, body } = await post(HOURLY_COUNTS_QUERY, {
      zoneTag: zone.id,
      from: isoSecond(anchor() - DAY),
      to: isoSecond(anchor()),
      limit: 100,
    });
    expect(status).toBe(403);
    expect(body.errors![0]!.message).toMatch(/does not have access to the path firewallEventsAdaptiveGroups/);
  });
});

describe("the sandbox's sampling", () => {
  it("the busiest zone's busy hours: the groups' count is the estimate and avg.sampleInterval the interval", async () => {
    const zone = zoneWithOrdinal(sandbox, SAMPLING.ordinal);
    const from = anchor() - EVENT_DAYS * DAY;
    const counts = await post(HOURLY_COUNTS_QUERY, {
      zoneTag: zone.id,
      from: isoSecond(from),
      to: isoSecond(from + 3 * DAY),
      sources: ["waf", "firewallManaged"],
      limit: 1000,
    });
    const groups = (
      counts.body.data as {
        viewer: {
          zones: Array<{
            firewallEventsAdaptiveGroups: Array<{ count: number; avg: { sampleInterval: number }; dimensions: { datetimeHour: string } }>;
          }>;
        };
      }
    ).viewer.zones[0]!.firewallEventsAdaptiveGroups;
    const sampled = groups.filter((g) => g.avg.sampleInterval > 1);
    expect(sampled.length).toBeGreaterThanOrEqual(2);
    for (const g of sampled) expect(g.count).toBeGreaterThan(SAMPLING.overEvents);
    expect(groups.filter((g) => g.avg.sampleInterval === 1).length).toBeGreaterThan(10);

    for (const g of sampled) expect(g.avg.sampleInterval).toBe(SAMPLING.interval);
    // The raw rows of that hour are the kept ones: the estimate over the interval (no interval on a row).
    const hour = Date.parse(sampled[0]!.dimensions.datetimeHour);
    const rows = await events(zone.id, hour, hour + 3_600_000, 10_000);
    expect(rows.status).toBe(200);
    const list = (rows.body.data as { viewer: { zones: Array<{ firewallEventsAdaptive: Array<Record<string, unknown>> }> } }).viewer
      .zones[0]!.firewallEventsAdaptive;
    expect(list.length).toBe(Math.round(sampled[0]!.count / SAMPLING.interval));
    expect(list.some((r) => "sampleInterval" in r)).toBe(false);
  });

  it("the other validation zones are not sampled", async () => {
    const zone = zoneWithOrdinal(sandbox, 0);
    const counts = await post(HOURLY_COUNTS_QUERY, {
      zoneTag: zone.id,
      from: isoSecond(anchor() - 3 * DAY),
      to: isoSecond(anchor()),
      sources: ["waf", "firewallManaged"],
      limit: 1000,
    });
    const groups = (
      counts.body.data as { viewer: { zones: Array<{ firewallEventsAdaptiveGroups: Array<{ avg: { sampleInterval: number } }> }> } }
    ).viewer.zones[0]!.firewallEventsAdaptiveGroups;
    expect(groups.length).toBeGreaterThan(0);
    expect(groups.every((g) => g.avg.sampleInterval === 1)).toBe(true);
  });
});

describe("Preflight keeps to the zone's limits", () => {
  const compare = (zoneId: string, window: { since: string; until: string }, sinceGiven = true) =>
    compareZone(client(sandbox), zoneId, window, { sinceGiven, cache: new WindowCache(), limitsCache: new LimitsCache() });

  it("refuses a since older than notOlderThan with an InputError naming since", async () => {
    const window = { since: isoSecond(Date.now() - 40 * DAY), until: isoSecond(Date.now() - 38 * DAY) };
    const refused = compare(zoneWithOrdinal(sandbox, 0).id, window);
    await expect(refused).rejects.toBeInstanceOf(InputError);
    await expect(refused).rejects.toMatchObject({ field: "since" });
    await expect(refused).rejects.toThrow(/31 days \(2678400 s\)/);
  });

  it("says so when the zone's plan lacks the dataset, and reports the limits it kept to", async () => {
    const window = { since: isoSecond(Date.now() - DAY), until: isoSecond(Date.now()) };
    await expect(compare(zoneOnPlan("free").id, window)).rejects.toBeInstanceOf(ConflictError);
    const { answer } = await compare(zoneWithOrdinal(sandbox, 0).id, window);
    expect(answer.datasetLimits).toEqual({
      maxDurationSeconds: 259200,
      notOlderThanSeconds: 2678400,
      maxPageSize: 10000,
      assumed: [],
      maxNumberOfFields: 30,
      fields: {
        events: [...REQUIRED_EVENT_FIELDS, ...OPTIONAL_EVENT_FIELDS],
        groups: ["count", "dimensions_datetimeHour", "avg_sampleInterval"],
        omitted: [],
      },
    });
  });
});
