// The migration scan against the sandbox: every seeded case comes out with its verdict and reasons,
// failed zones are marked failed (never dropped), and the budget splits the scan without losing a zone.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cachedFirstAnswer, scanAccount, scanOneZone, ZONES_PER_ANSWER } from "@/lib/migration/scan-account";
import { scanCache, ZONE_SCAN_TTL_MS } from "@/lib/migration/scan-cache";
import { zoneListKey } from "@/lib/platform/zone-list-share";
import type { MigrationRow } from "@/lib/migration/zone-assessment";
import { PlatformClient } from "@/lib/platform/client";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";
import { startSandbox, type RunningSandbox } from "@/lib/dev/sandbox/server";
import { wafCaseFor, type WafCase } from "@/lib/dev/sandbox/waf/seed-waf";

const TOKEN = "migration-scan-token-0001";
let sandbox: RunningSandbox;

function platform(budget = 1000, maxAttempts = 4) {
  const scheduler = new Scheduler({
    limiter: new RateLimiter({ requests: 100_000, windowSeconds: 60 }),
    subrequestBudget: budget,
    timeoutMs: 10_000,
    retry: { maxAttempts, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 1_000 },
  });
  return new PlatformClient(sandbox.apiBaseUrl, { kind: "token", token: TOKEN }, scheduler);
}

async function scanAll(budget = 1000, maxAttempts = 4): Promise<{ rows: MigrationRow[]; requests: number }> {
  const rows: MigrationRow[] = [];
  let cursor: string | undefined;
  let requests = 0;
  do {
    const scan = await scanAccount(platform(budget, maxAttempts), { cursor });
    rows.push(...scan.zones);
    cursor = scan.cursor;
    requests++;
  } while (cursor && requests < 200);
  return { rows, requests };
}

const faults = (body: object) =>
  fetch(`${sandbox.url}/__sandbox/faults`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

const EXPECTED: Record<WafCase, { verdict: string; code: string }> = {
  eligible: { verdict: "eligible", code: "eligible" },
  firewall_disabled: { verdict: "eligible", code: "firewall_disabled" },
  incompatible: { verdict: "blocked", code: "not_compatible" },
  uri_overrides: { verdict: "blocked", code: "uri_overrides" },
  too_many_rules: { verdict: "blocked", code: "too_many_rules" },
  long_expression: { verdict: "blocked", code: "expression_too_long" },
  migrated: { verdict: "migrated", code: "already_migrated" },
  validation: { verdict: "validation", code: "in_validation" },
};

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, apiToken: TOKEN, rateLimit: null });
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  scanCache.clear();
  await fetch(`${sandbox.url}/__sandbox/reset`, { method: "POST" });
});

describe("scanAccount against the sandbox", () => {
  it("gives every seeded case its verdict and reason, and each zone its mapping", async () => {
    const { rows } = await scanAll();
    expect(rows).toHaveLength(sandbox.state.zones.length);
    const byId = new Map(rows.map((row) => [row.id, row]));
    let retiredZones = 0;
    let statusRefusedZones = 0;
    sandbox.state.zones.forEach((zone, index) => {
      const wafCase = wafCaseFor(index, zone);
      const row = byId.get(zone.id)!;
      if (sandbox.state.waf[zone.id]!.previousApiRetired) {
        // Known, not failed: what the retired API would say is unknown, never 0 or none.
        retiredZones++;
        expect(row.verdict, zone.name).toBe("retired");
        expect(row.eligible).toBe(false);
        // A status that answers 410 too leaves the phase unknown: said as such, and "compatible" is then not said.
        const statusGone = sandbox.state.waf[zone.id]!.statusRetired === true;
        if (statusGone) statusRefusedZones++;
        expect(row.reasons.map((r) => r.code)).toEqual(
          expect.arrayContaining([
            "previous_version_retired",
            "previous_settings_unknown",
            statusGone ? "status_unknown" : "check_compatible",
          ]),
        );
        expect(row.sensitivity).toBeNull();
        expect(row.lostOverrides).toBeNull();
        expect(row.unknown).toEqual([...(statusGone ? ["status"] : []), "overrides", "packages", "groups", "rulesOff"]);
        return;
      }
      expect(row.unknown, zone.name).toEqual([]);
      expect(row.verdict, `${zone.name} (${wafCase})`).toBe(EXPECTED[wafCase].verdict);
      expect(
        row.reasons.map((r) => r.code),
        `${zone.name} (${wafCase})`,
      ).toContain(EXPECTED[wafCase].code);
      expect(row.validationAvailable).toBe(zone.plan.legacy_id === "enterprise" && wafCase !== "migrated");
      const owasp = sandbox.state.waf[zone.id]!.packages.find((p) => p.detection_mode === "anomaly")!;
      if (wafCase !== "migrated") expect(row.sensitivity).toBe(owasp.sensitivity);
      const group = sandbox.state.waf[zone.id]!.groups;
      const expectedLost =
        wafCase === "migrated"
          ? 0
          : group.filter((g) => g.mode === "off").length + sandbox.state.waf[zone.id]!.rules.filter((r) => r.mode === "off").length;
      expect(row.lostOverrides, zone.name).toBe(expectedLost);
    });
    // The last zone's plan has no name (optional in the SDK): listed and assessed all the same, its plan from legacy_id.
    const unnamed = sandbox.state.zones.at(-1)!;
    expect(unnamed.plan.name).toBeUndefined();
    expect(byId.get(unnamed.id)!.planName).toBe(unnamed.plan.legacy_id);
    expect(retiredZones).toBeGreaterThan(0);
    expect(statusRefusedZones).toBeGreaterThan(0);
  });

  it("splits the scan at zone boundaries under a small budget, repeating and skipping nothing", async () => {
    const { rows, requests } = await scanAll(50);
    expect(requests).toBeGreaterThan(10);
    expect(rows.map((r) => r.id)).toEqual([...sandbox.state.zones].sort((a, b) => (a.name < b.name ? -1 : 1)).map((z) => z.id));
    expect(rows.every((r) => r.verdict !== "failed")).toBe(true);
  });

  it("marks zones whose calls fail as failed with the reason, and a retry completes them", async () => {
    await faults({ errorRate: 0.3 });
    const { rows } = await scanAll(1000, 1);
    expect(rows).toHaveLength(sandbox.state.zones.length);
    const failed = rows.filter((r) => r.verdict === "failed");
    expect(failed.length).toBeGreaterThan(0);
    for (const row of failed) {
      expect(row.eligible).toBe(false);
      expect(row.reasons[0]!.code).toBe("fetch_failed");
      expect(row.reasons[0]!.message).toMatch(/HTTP 500/);
    }
    await faults({ errorRate: 0 });
    for (const row of failed) {
      const scan = await scanOneZone(platform(), row);
      expect(scan.error).toBeUndefined();
    }
    const again = await scanAccount(platform(), { limit: Number.POSITIVE_INFINITY });
    expect(again.zones.filter((r) => r.verdict === "failed")).toEqual([]);
  });

  it("answers at most a page of zones, with a cursor to the next, even from the cache", async () => {
    await scanAll();
    const first = await scanAccount(platform(), {});
    expect(first.zones).toHaveLength(Math.min(ZONES_PER_ANSWER, sandbox.state.zones.length));
    expect(first.complete).toBe(sandbox.state.zones.length <= ZONES_PER_ANSWER);
    expect(first.totalCount).toBe(sandbox.state.zones.length);
  });

  it("gives the page its first answer from the cache only, equal to the API's, and nothing before a scan", async () => {
    expect(cachedFirstAnswer(zoneListKey(platform(), undefined))).toBeUndefined();
    await scanAll();
    await fetch(`${sandbox.url}/__sandbox/calls`, { method: "DELETE" });
    const first = cachedFirstAnswer(zoneListKey(platform(), undefined))!;
    const viaApi = await scanAccount(platform(), {});
    expect({ ...first, fetchedAt: "" }).toEqual({ ...viaApi, fetchedAt: "" });
    const calls = (await (await fetch(`${sandbox.url}/__sandbox/calls`)).json()) as { calls: unknown[] };
    expect(calls.calls).toHaveLength(0);
  });

  it("answers a cached page as the same rows while the cache holds the same scans, and anew once one changes or expires", async () => {
    await scanAll();
    const first = await scanAccount(platform(), {});
    const again = await scanAccount(platform(), {});
    expect(again.zones).toBe(first.zones); // one lookup, and jsonWithRows knows its kept bytes by identity
    expect(Object.isFrozen(first.zones)).toBe(true);
    // A zone of the page scanned again (the zone detail's retry): its new row, every other the same object.
    const rescanned = await scanOneZone(platform(), scanCache.listedZone(first.zones[1]!.id)!);
    const changed = await scanAccount(platform(), {});
    expect(changed.zones).not.toBe(first.zones);
    expect(changed.zones[1]!.fetchedAt).toBe(rescanned.fetchedAt);
    expect(changed.zones[0]).toBe(first.zones[0]);
    // A scan past its time to live is not answered from the page kept before it expired, even while the zone list
    // (the same list, as one shared by the certificate audit after the scans) is still fresh.
    const realNow = Date.now;
    const key = zoneListKey(platform(), undefined);
    const list = scanCache.zoneList(key)!;
    try {
      Date.now = () => realNow() + ZONE_SCAN_TTL_MS + 1_000;
      scanCache.putZoneList(key, { ...list, fetchedAt: Date.now() });
      await fetch(`${sandbox.url}/__sandbox/calls`, { method: "DELETE" });
      const expired = await scanAccount(platform(), {});
      expect(expired.zones).not.toBe(changed.zones);
      const calls = (await (await fetch(`${sandbox.url}/__sandbox/calls`)).json()) as { calls: unknown[] };
      expect(calls.calls.length).toBeGreaterThan(0); // read again, not served stale
    } finally {
      Date.now = realNow;
    }
  });

  it("answers repeated views from the cache, and rescans on refresh", async () => {
    await scanAll();
    await fetch(`${sandbox.url}/__sandbox/calls`, { method: "DELETE" });
    const cached = await scanAccount(platform(), { limit: Number.POSITIVE_INFINITY });
    expect(cached.complete).toBe(true);
    expect(cached.zones).toHaveLength(sandbox.state.zones.length);
    const calls = (await (await fetch(`${sandbox.url}/__sandbox/calls`)).json()) as { calls: unknown[] };
    expect(calls.calls).toHaveLength(0);
    const refreshed = await scanAccount(platform(), { refresh: true });
    expect(refreshed.zones.length).toBeGreaterThan(0);
    const after = (await (await fetch(`${sandbox.url}/__sandbox/calls`)).json()) as { calls: unknown[] };
    expect(after.calls.length).toBeGreaterThan(0);
  });
});
