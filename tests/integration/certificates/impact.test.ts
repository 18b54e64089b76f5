// Issue 29: the impact queries against the sandbox over real HTTP. Every field a query names is one the
// docs give for httpRequestsAdaptiveGroups, the window is cut to the zone's `maxDuration`, the zone's
// `settings` decide the fields, end users only are counted, and the figures carry their interval.
import { parse, visit } from "graphql";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hostProfile } from "@/lib/dev/sandbox/graphql/http-traffic";
import { startSandbox, type RunningSandbox } from "@/lib/dev/sandbox/server";
import { SettingsCache } from "@/lib/validation-mode/limits-cache";
import type { RequestsLimits } from "@/lib/certificates/impact/dataset";
import { impactQuery, OPTIONAL_FIELDS, REQUIRED_AGENT_FIELDS, REQUIRED_TOTAL_FIELDS } from "@/lib/certificates/impact/query";
import { readRequestsLimits, readZoneImpact } from "@/lib/certificates/impact/read-impact";
import { InputError } from "@/lib/errors/input-error";
import { clearCalls, client, graphqlCalls, setFaults, TOKEN } from "@/tests/integration/validation-mode/harness";

const DAY_S = 86_400;
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, apiToken: TOKEN, rateLimit: null, graphqlRateLimit: null });
});
afterAll(() => sandbox.close());
afterEach(() => setFaults(sandbox, { graphqlMaxNumberOfFields: 0 }));

/** What the docs name for the dataset and its groups (analytics/graphql-api: confidence-intervals.mdx, settings.mdx,
 * the httpRequestsAdaptiveGroups migration guide; logs/reference/clientrequestsource for `eyeball`). */
const DOCUMENTED = new Set([
  "viewer",
  "zones",
  "httpRequestsAdaptiveGroups",
  "count",
  "avg",
  "sampleInterval",
  "confidence",
  "estimate",
  "lower",
  "upper",
  "sampleSize",
  "dimensions",
  "clientRequestHTTPHost",
  "userAgent",
  "date",
]);
const DOCUMENTED_FILTERS = ["datetime_geq", "datetime_lt", "requestSource", "clientRequestHTTPHost_in"];

const zoneOfPlan = (plan: string) => sandbox.state.zones.find((z) => z.plan.legacy_id === plan)!;
const freshCache = () => new SettingsCache<RequestsLimits>(readRequestsLimits);
/** Hostnames of the zone with traffic (and, if asked, some impacted share), chosen from the sandbox's profiles. */
function hostsOf(zoneId: string, zoneName: string, count: number, impacted = true): string[] {
  const hosts: string[] = [];
  for (let i = 0; hosts.length < count && i < 500; i++) {
    const profile = hostProfile(zoneId, `h${i}.${zoneName}`);
    if (profile.daily >= 60_000 && (!impacted || profile.impactedShare > 0)) hosts.push(`h${i}.${zoneName}`);
  }
  return hosts;
}

describe("the impact query", () => {
  it("names only the documented fields and filters", () => {
    const query = impactQuery({
      totals: [...REQUIRED_TOTAL_FIELDS, ...OPTIONAL_FIELDS],
      agents: [...REQUIRED_AGENT_FIELDS, ...OPTIONAL_FIELDS],
    });
    const named: string[] = [];
    const args: string[] = [];
    visit(parse(query), {
      Field: (node) => void named.push(node.name.value),
      ObjectField: (node) => void args.push(node.name.value),
    });
    expect(named.filter((f) => !DOCUMENTED.has(f))).toEqual([]);
    expect(args).toEqual(expect.arrayContaining(DOCUMENTED_FILTERS));
    expect(query).toContain('requestSource: "eyeball"');
    expect(query).toContain("confidence(level: 0.95)");
  });
});

describe("the sandbox's httpRequestsAdaptiveGroups", () => {
  async function post(query: string, variables: Record<string, unknown>) {
    const response = await fetch(`${sandbox.apiBaseUrl}/graphql`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, body: (await response.json()) as { data: unknown; errors?: Array<{ message: string }> } };
  }
  const bySource = (source: string) => `query S($zoneTag: String!, $from: Time!, $to: Time!, $hosts: [String!]) {
    viewer { zones(filter: { zoneTag: $zoneTag }) {
      httpRequestsAdaptiveGroups(filter: { datetime_geq: $from, datetime_lt: $to, requestSource: "${source}", clientRequestHTTPHost_in: $hosts },
        limit: 100, orderBy: [count_DESC]) { count dimensions { userAgent } }
    } }
  }`;

  it("keeps to the requestSource asked: healthchecks are not end users", async () => {
    const zone = zoneOfPlan("enterprise");
    const to = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();
    const from = new Date(Date.parse(to) - 6 * 3_600_000).toISOString();
    const variables = { zoneTag: zone.id, from, to, hosts: hostsOf(zone.id, zone.name, 1) };
    const agentsOf = async (source: string) =>
      (
        (await post(bySource(source), variables)).body.data as {
          viewer: { zones: Array<{ httpRequestsAdaptiveGroups: Array<{ dimensions: { userAgent: string } }> }> };
        }
      ).viewer.zones[0]!.httpRequestsAdaptiveGroups.map((g) => g.dimensions.userAgent);
    expect((await agentsOf("eyeball")).some((ua) => ua.includes("Healthchecks"))).toBe(false);
    expect((await agentsOf("eyeball")).some((ua) => ua.includes("Android 10; K"))).toBe(true);
    expect(await agentsOf("healthcheck")).toEqual([expect.stringContaining("Cloudflare-Healthchecks")]);
  });

  it("answers a window by the hours it covers: again within them the same, one hour more with that hour's traffic", async () => {
    const zone = zoneOfPlan("enterprise");
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 12 * 3_600_000;
    const at = (ms: number) => new Date(ms).toISOString();
    const total = async (fromMs: number, toMs: number) => {
      const variables = { zoneTag: zone.id, from: at(fromMs), to: at(toMs), hosts: hostsOf(zone.id, zone.name, 2) };
      const { body } = await post(bySource("eyeball"), variables);
      const zones = (body.data as { viewer: { zones: Array<{ httpRequestsAdaptiveGroups: Array<{ count: number }> }> } }).viewer.zones;
      return zones[0]!.httpRequestsAdaptiveGroups.reduce((sum, group) => sum + group.count, 0);
    };
    const sixHours = await total(hour - 6 * 3_600_000, hour);
    expect(sixHours).toBeGreaterThan(0);
    // The same six hours, the window's edges moved within them (the sandbox's cells are hourly).
    expect(await total(hour - 6 * 3_600_000 - 1_000, hour - 1_000)).toBe(sixHours);
    expect(await total(hour - 6 * 3_600_000, hour + 1_000)).toBeGreaterThan(sixHours);
    expect(await total(hour - 5 * 3_600_000 - 1, hour)).toBeLessThan(sixHours);
  });

  it("fails the whole query on a field the dataset lacks, as errors.mdx says", async () => {
    const zone = zoneOfPlan("enterprise");
    const { status, body } = await post(bySource("eyeball").replace("userAgent", "userAgentVersion"), {
      zoneTag: zone.id,
      from: "2026-01-01T00:00:00Z",
      to: "2026-01-01T01:00:00Z",
    });
    expect(status).toBe(400);
    expect(body.errors![0]!.message).toMatch(/^unknown field "userAgentVersion"/);
  });
});

describe("reading a zone's impact from the sandbox", () => {
  it("cuts a 7-day window into queries of at most maxDuration: 1 day on Pro, 3 days on Enterprise", async () => {
    for (const [plan, maxDays] of [
      ["pro", 1],
      ["enterprise", 3],
    ] as const) {
      const zone = zoneOfPlan(plan);
      await clearCalls(sandbox);
      const impact = await readZoneImpact(client(sandbox), zone.id, hostsOf(zone.id, zone.name, 1), 7 * DAY_S, { cache: freshCache() });
      const calls = (await graphqlCalls(sandbox)).filter((c) => c.graphql?.operationName === "HostImpact");
      expect(calls.length).toBe(Math.ceil(7 / maxDays));
      expect(calls.every((c) => c.status === 200)).toBe(true);
      for (const call of calls) {
        const span = Date.parse(String(call.graphql!.variables!.to)) - Date.parse(String(call.graphql!.variables!.from));
        expect(span).toBeLessThanOrEqual(maxDays * DAY_S * 1000);
      }
      expect(impact.ranges).toEqual({ read: calls.length, total: calls.length });
      expect(impact.complete).toBe(true);
    }
  });

  it("counts end users only, finds each host's impacted share within its interval, and keeps hidden versions unknown", async () => {
    const zone = zoneOfPlan("enterprise");
    const hosts = hostsOf(zone.id, zone.name, 3);
    const impact = await readZoneImpact(client(sandbox), zone.id, hosts, 2 * DAY_S, { cache: freshCache() });
    for (const host of impact.hosts) {
      const expected = hostProfile(zone.id, host.host).impactedShare;
      expect(host.share!.lower).toBeLessThanOrEqual(host.share!.estimate);
      expect(host.share!.upper).toBeGreaterThanOrEqual(host.share!.estimate);
      // The sandbox's hidden agents (Chrome's reduced UA, okhttp) are about a quarter of the non-impacted requests.
      expect(host.unknown / host.requests.estimate).toBeGreaterThan(0.2);
      expect(Math.abs(host.share!.estimate - expected)).toBeLessThan(expected * 0.25 + 0.002);
      expect(host.tooFewSamples).toBe(false);
      expect(host.days.length).toBeGreaterThanOrEqual(2);
      // Healthchecks are in the sandbox's traffic but not an end user's: the parts add up to the total.
      expect(host.impacted.estimate + host.notImpacted + host.unknown).toBeCloseTo(host.requests.estimate, 0);
    }
  });

  it("keeps to the zone's maxNumberOfFields: the interval fields are left out and said, and no query is refused", async () => {
    await setFaults(sandbox, { graphqlMaxNumberOfFields: 5 });
    const zone = zoneOfPlan("enterprise");
    await clearCalls(sandbox);
    const impact = await readZoneImpact(client(sandbox), zone.id, hostsOf(zone.id, zone.name, 1), DAY_S, { cache: freshCache() });
    expect(impact.omitted.map((o) => o.field)).toContain("confidence_count_estimate");
    expect((await graphqlCalls(sandbox)).every((c) => c.status === 200)).toBe(true);
    // Without the platform's interval the share still has one, from the average sample interval.
    expect(impact.hosts[0]!.share!.upper).toBeGreaterThan(impact.hosts[0]!.share!.lower);
  });

  it("refuses a window older than the dataset keeps, naming `window`", async () => {
    const zone = zoneOfPlan("pro");
    const read = readZoneImpact(client(sandbox), zone.id, ["a.example"], 9 * DAY_S, { cache: freshCache() });
    await expect(read).rejects.toBeInstanceOf(InputError);
    await expect(read).rejects.toMatchObject({ field: "window" });
  });
});
