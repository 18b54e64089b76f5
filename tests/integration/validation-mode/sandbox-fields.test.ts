// The fields of a GraphQL query, as the real API holds them (errors.mdx: `unknown field…` and `number of fields
// can't be more than…`, both HTTP 400 failing the whole query): the sandbox refuses a raw-rows query naming
// `sampleInterval` (documented on the groups only: confidence-intervals.mdx), answers `availableFields` and
// `maxNumberOfFields` in `settings` (settings.mdx), refuses a query over the limit, and Preflight keeps to both.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "@/lib/dev/sandbox/server";
import { compareZone } from "@/lib/validation-mode/compare-zone";
import { SETTINGS_QUERY } from "@/lib/validation-mode/dataset-limits";
import { LimitsCache } from "@/lib/validation-mode/limits-cache";
import { EVENTS_QUERY } from "@/lib/validation-mode/queries";
import { WindowCache } from "@/lib/validation-mode/window-cache";
import { isoSecond } from "@/lib/validation-mode/window";
import {
  clearCalls,
  client,
  graphqlCalls,
  seededWindow,
  setFaults,
  TOKEN,
  zoneWithOrdinal,
} from "@/tests/integration/validation-mode/harness";

const DAY = 86_400_000;
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, apiToken: TOKEN, rateLimit: null, graphqlRateLimit: null });
});
afterAll(() => sandbox.close());
afterEach(() => setFaults(sandbox, { graphqlMaxNumberOfFields: 0 }));

/** The raw-rows query Preflight sent before issue 25: `sampleInterval` on every row. */
const QUERY_WITH_ROW_INTERVAL = EVENTS_QUERY.replace("userAgent", "userAgent sampleInterval");

async function post(query: string, variables: Record<string, unknown>) {
  const response = await fetch(`${sandbox.apiBaseUrl}/graphql`, {
    method: "POST",
    headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as { data: unknown; errors?: Array<{ message: string }> } };
}

const anchor = () => Math.floor(Date.now() / DAY) * DAY;
const rowsOf = (zoneTag: string, query = EVENTS_QUERY) =>
  post(query, { zoneTag, from: isoSecond(anchor() - DAY), to: isoSecond(anchor()), sources: ["waf", "firewallManaged"], limit: 100 });

describe("the sandbox's fields", () => {
  it("refuses raw rows' sampleInterval as an unknown field: HTTP 400, no data, the whole query failed", async () => {
    expect(QUERY_WITH_ROW_INTERVAL).toContain("sampleInterval");
    const { status, body } = await rowsOf(zoneWithOrdinal(sandbox, 0).id, QUERY_WITH_ROW_INTERVAL);
    expect(status).toBe(400);
    expect(body.data).toBeNull();
    expect(body.errors![0]!.message).toMatch(/^unknown field "sampleInterval"/);
    expect((await rowsOf(zoneWithOrdinal(sandbox, 0).id)).status).toBe(200);
  });

  it("names the fields each dataset offers in settings: no sampleInterval on raw rows, avg_sampleInterval on the groups", async () => {
    const { body } = await post(SETTINGS_QUERY, { zoneTag: zoneWithOrdinal(sandbox, 0).id });
    const settings = (body.data as { viewer: { zones: Array<{ settings: Record<string, { availableFields: string[] }> }> } }).viewer
      .zones[0]!.settings;
    expect(settings.firewallEventsAdaptive!.availableFields).not.toContain("sampleInterval");
    expect(settings.firewallEventsAdaptiveGroups!.availableFields).toContain("avg_sampleInterval");
  });

  it("refuses a query naming more fields than maxNumberOfFields, and settings says the limit", async () => {
    await setFaults(sandbox, { graphqlMaxNumberOfFields: 7 });
    const zone = zoneWithOrdinal(sandbox, 0);
    const { body: settings } = await post(SETTINGS_QUERY, { zoneTag: zone.id });
    expect(JSON.stringify(settings.data)).toContain('"maxNumberOfFields":7');
    const { status, body } = await rowsOf(zone.id); // 10 fields
    expect(status).toBe(400);
    expect(body.errors![0]!.message).toBe("number of fields can't be more than 7");
  });
});

describe("Preflight keeps to the zone's fields", () => {
  it("leaves the shown fields out past maxNumberOfFields, says which and why, and no query is refused", async () => {
    await setFaults(sandbox, { graphqlMaxNumberOfFields: 7 });
    await clearCalls(sandbox);
    const zone = zoneWithOrdinal(sandbox, 0);
    const { answer, requests } = await compareZone(client(sandbox), zone.id, seededWindow(), {
      cache: new WindowCache(),
      limitsCache: new LimitsCache(),
    });
    expect(answer.complete).toBe(true);
    expect(answer.totals.requests).toBeGreaterThan(0);
    expect(answer.datasetLimits!.maxNumberOfFields).toBe(7);
    expect(answer.datasetLimits!.fields.omitted.map((o) => [o.field, o.reason])).toEqual([
      ["clientIP", "maxNumberOfFields is 7"],
      ["clientCountryName", "maxNumberOfFields is 7"],
      ["userAgent", "maxNumberOfFields is 7"],
    ]);
    expect(requests.every((r) => r.host !== "" && r.userAgent === "")).toBe(true);
    const calls = await graphqlCalls(sandbox);
    expect(calls.length).toBeGreaterThan(2);
    expect(calls.filter((call) => call.status !== 200)).toEqual([]);
  });
});
