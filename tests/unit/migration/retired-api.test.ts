// A real account today: the previous version's calls answer 410 Gone (or their route is gone), the
// status may not carry the fields Preflight expects. Each is a known state with what is unknown named,
// never a failed zone and never "fine"; a genuine failure still fails the zone.
import { describe, expect, it } from "vitest";
import { migrationPhase, statusSchema, type ZoneEvidence } from "@/lib/migration/evidence";
import { migrationProcedure } from "@/lib/migration/procedure";
import { RULES_OFF_MODE, scanZoneEvidence } from "@/lib/migration/scan-zone";
import { readZone } from "@/lib/migration/read-zone";
import { migrationDetail, migrationRow } from "@/lib/migration/zone-assessment";
import { PlatformClient } from "@/lib/platform/client";
import type { Scheduler, UpstreamRequest } from "@/lib/platform/scheduler";
import type { ZoneRow } from "@/lib/platform/zones";
import { planReview } from "@/lib/reviews/plan";

const ZONE = "0123456789abcdef0123456789abcdef";
const OWASP = "c504870194831cd12c3fc0284f294abb";
const GROUP = "fedcba9876543210fedcba9876543210";
const ok = (result: unknown, info?: object) => ({
  status: 200,
  body: { success: true, errors: [], messages: [], result, ...(info ? { result_info: info } : {}) },
});
const gone = {
  status: 410,
  body: {
    success: false,
    errors: [{ code: 1020, message: "This endpoint has been deprecated and returns 410 Gone." }],
    messages: [],
    result: null,
  },
};
const noRoute = {
  status: 404,
  body: { success: false, errors: [{ code: 7003, message: "No route for the URI" }], messages: [], result: null },
};
const list = (items: unknown[]) => ok(items, { page: 1, per_page: 100, count: items.length, total_count: items.length });

const onPrevious = ok({ old_waf_status: "enabled", new_waf_status: "disabled", migration_state: "start" });
const CONFIG = {
  name: "default",
  rules: [{ action: "execute", expression: "true", action_parameters: { id: "4814384a9e5d4991b9815dcfc25d2f1f" } }],
};
const LIVE: Record<string, Answer> = {
  "waf_migration/status": onPrevious,
  "waf_migration/check": ok({ compatible: true, migration_state: "start" }),
  "waf_migration/config": ok(CONFIG),
  "firewall/waf/overrides": list([]),
  "firewall/waf/packages": list([{ id: OWASP, name: "OWASP", detection_mode: "anomaly", sensitivity: "high", action_mode: "block" }]),
  [`firewall/waf/packages/${OWASP}/groups`]: list([
    { id: GROUP, name: "SQL injection", mode: "on", rules_count: 3, modified_rules_count: 1 },
  ]),
  [`firewall/waf/packages/${OWASP}/rules`]: list([
    { id: "950001", description: "SQL", mode: "off", group: { id: GROUP, name: "SQL injection" } },
  ]),
  "rulesets/phases/http_request_firewall_managed/entrypoint": {
    status: 404,
    body: {
      success: false,
      errors: [{ code: 10003, message: "could not find entrypoint ruleset in the http_request_firewall_managed phase" }],
      messages: [],
      result: null,
    },
  },
};
const RETIRED: Record<string, Answer> = {
  ...LIVE,
  "firewall/waf/overrides": gone,
  "firewall/waf/packages": gone,
  [`firewall/waf/packages/${OWASP}/groups`]: gone,
  [`firewall/waf/packages/${OWASP}/rules`]: gone,
};

type Answer = { status: number; body: unknown };

/** A platform whose answers are a table by path (after /zones/{id}/); every request is recorded. */
function platformWith(answers: Record<string, Answer>) {
  const requests: string[] = [];
  const scheduler = {
    remainingBudget: 1000,
    async send(request: UpstreamRequest) {
      const url = new URL(request.url);
      requests.push(`${url.pathname}${url.search}`);
      const key = url.pathname.replace(`/client/v4/zones/${ZONE}/`, "");
      // Pages after the first are empty, as the platform answers past the end.
      if (Number(url.searchParams.get("page") ?? 1) > 1)
        return { status: 200, headers: new Headers(), body: JSON.stringify(list([]).body) };
      const answer = answers[key] ?? {
        status: 500,
        body: { success: false, errors: [{ code: 10001, message: "no answer in the test" }], messages: [], result: null },
      };
      return { status: answer.status, headers: new Headers(), body: JSON.stringify(answer.body) };
    },
  };
  return {
    platform: new PlatformClient("https://api.test/client/v4", { kind: "token", token: "t".repeat(40) }, scheduler as unknown as Scheduler),
    requests,
  };
}

const zone: ZoneRow = {
  id: ZONE,
  name: "shop.example",
  plan: "business",
  planName: "Business Website",
  status: "active",
  paused: false,
  type: "full",
  accountId: "a".repeat(32),
  accountName: "Acme",
  account: { id: "", name: "Acme" },
  createdOn: "2024-01-01T00:00:00Z",
  activatedOn: "2024-01-01T00:00:00Z",
};
const scanOf = (evidence: ZoneEvidence) => ({ zone, evidence, fetchedAt: "2026-11-23T00:00:00Z" });

describe("scanZoneEvidence on a retired previous-version API", () => {
  it("keeps what still answers, names the unknown parts, and calls the zone retired, not failed or eligible", async () => {
    const { platform } = platformWith(RETIRED);
    const evidence = await scanZoneEvidence(platform, ZONE);
    expect(evidence.check).toEqual({ compatible: true, migration_state: "start" });
    expect(evidence.config).toEqual(CONFIG);
    expect(evidence).not.toHaveProperty("overrides");
    expect(evidence).not.toHaveProperty("packages");
    expect(evidence.previousApi?.unknown).toEqual(["overrides", "packages", "groups", "rulesOff"]);
    expect(evidence.previousApi?.refusals.map((r) => [r.state, r.status])).toEqual([
      ["retired", 410],
      ["retired", 410],
    ]);

    const row = migrationRow(scanOf(evidence));
    expect(row.verdict).toBe("retired");
    expect(row.eligible).toBe(false);
    expect(row.reasons.map((r) => r.code)).toEqual([
      "previous_version_retired",
      "managed_entrypoint",
      "previous_settings_unknown",
      "check_compatible",
      "validation_unavailable",
    ]);
    expect(evidence.entrypoint).toBeNull(); // read because the previous API refused: 404 is none
    expect(row.reasons[1]!.message).toContain("no http_request_firewall_managed entry point yet");
    expect(row.reasons[0]!.message).toContain("HTTP 410 Gone");
    expect(row.sensitivity).toBeNull();
    expect(row.sensitivityRow).toBeNull();
    expect(row.mappingNote).toMatch(/^Unknown: the previous version's API is retired/);
    expect(row.lostOverrides).toBeNull(); // unknown, never 0
    expect(row.unknown).toEqual(["overrides", "packages", "groups", "rulesOff"]);
    const detail = migrationDetail(scanOf(evidence));
    expect(detail.uriOverrides).toBeNull(); // unknown, never "no overrides"
    expect(detail.lostOverrideList).toBeNull();
    expect(detail.proposedConfig?.raw).toEqual(CONFIG);
    expect(migrationProcedure(ZONE, "business", evidence).some((s) => s.call.method === "DELETE")).toBe(false);
  });

  it("says when the platform has deployed the new rules already, and reads the entry point only when the previous API refused", async () => {
    const deployed = ok({
      id: "e".repeat(32),
      name: "default",
      kind: "zone",
      phase: "http_request_firewall_managed",
      version: "4",
      last_updated: "2026-01-02T00:00:00Z",
      rules: [{ id: "r".repeat(32), action: "execute", expression: "true" }],
    });
    const retired = platformWith({ ...RETIRED, "rulesets/phases/http_request_firewall_managed/entrypoint": deployed });
    const row = migrationRow(scanOf(await scanZoneEvidence(retired.platform, ZONE)));
    expect(row.reasons[1]!.message).toContain("entry point exists (entry point version 4 (1 rule");
    const live = platformWith(LIVE);
    await scanZoneEvidence(live.platform, ZONE);
    expect(live.requests.some((r) => r.includes("/entrypoint"))).toBe(false);
  });

  it("mixed: overrides retired but packages, groups and rules answering gives a known mapping and unknown overrides only", async () => {
    const { platform, requests } = platformWith({ ...LIVE, "firewall/waf/overrides": gone });
    const evidence = await scanZoneEvidence(platform, ZONE);
    expect(evidence.previousApi?.unknown).toEqual(["overrides"]);
    const row = migrationRow(scanOf(evidence));
    expect(row.verdict).toBe("retired");
    expect(row.sensitivity).toBe("high");
    expect(row.lostOverrides).toBe(1);
    expect(migrationDetail(scanOf(evidence)).uriOverrides).toBeNull();
    // The rules list's mode filter in the schema's enum (DIS, CHL, BLK, SIM), never `off`.
    const rules = requests.find((r) => r.includes("/rules?"))!;
    expect(new URL(`https://x${rules}`).searchParams.get("mode")).toBe(RULES_OFF_MODE);
    expect(RULES_OFF_MODE).toBe("DIS");
  });

  it("a refused groups list leaves the groups and rules unknown, the sensitivity known", async () => {
    const { platform } = platformWith({ ...LIVE, [`firewall/waf/packages/${OWASP}/groups`]: noRoute });
    const evidence = await scanZoneEvidence(platform, ZONE);
    expect(evidence.previousApi?.unknown).toEqual(["groups", "rulesOff"]);
    expect(evidence.previousApi?.refusals[0]).toMatchObject({ state: "refused", status: 404 });
    const row = migrationRow(scanOf(evidence));
    expect(row.sensitivity).toBe("high");
    expect(row.lostOverrides).toBeNull();
    expect(row.reasons[0]!.message).toContain("no such route");
  });

  it("a zone in validation mode with a retired API stays in validation, with the unknowns said", async () => {
    const { platform } = platformWith({
      ...RETIRED,
      "waf_migration/status": ok({ old_waf_status: "enabled", new_waf_status: "enabled", migration_state: "validation" }),
    });
    const row = migrationRow(scanOf(await scanZoneEvidence(platform, ZONE)));
    expect(row.verdict).toBe("validation");
    expect(row.reasons.map((r) => r.code)).toEqual([
      "in_validation",
      "previous_version_retired",
      "managed_entrypoint",
      "previous_settings_unknown",
    ]);
  });

  it("a genuine failure (5xx, 403) still fails the zone: never retired, never dropped", async () => {
    for (const answer of [
      { status: 503, body: { success: false, errors: [{ code: 10001, message: "down" }], messages: [], result: null } },
      { status: 403, body: { success: false, errors: [{ code: 10000, message: "Authentication error" }], messages: [], result: null } },
    ]) {
      const { platform } = platformWith({ ...LIVE, "firewall/waf/packages": answer });
      const scan = await readZone(platform, zone);
      expect(scan.evidence).toBeUndefined();
      expect(scan.error).toContain(`HTTP ${answer.status}`);
      const row = migrationRow(scan);
      expect(row.verdict).toBe("failed");
      expect(row.lostOverrides).toBeNull();
    }
  });
});

describe("a migration status Preflight cannot read", () => {
  const unreadable: Array<[string, unknown]> = [
    ["renamed fields", { oldWafStatus: "enabled", newWafStatus: "disabled" }],
    ["booleans", { old_waf_status: true, new_waf_status: false }],
    ["one switch only", { old_waf_status: "enabled" }],
    ["unknown switch values", { old_waf_status: "on", new_waf_status: "off", migration_state: "start" }],
    ["null", null],
    ["a list", []],
  ];

  it.each(unreadable)("%s → phase unknown, never previous", (_, result) => {
    const status = statusSchema.parse(result);
    expect(migrationPhase(status)).toBe("unknown");
  });

  it("refuses a string or a number as no status at all (malformed: the zone is failed and retried)", () => {
    expect(statusSchema.safeParse("sandbox: wrong shape").success).toBe(false);
    expect(statusSchema.safeParse(42).success).toBe(false);
  });

  it("keeps the phase readable where the names are known, and reads done states as migrated", () => {
    expect(migrationPhase(statusSchema.parse({ old_waf_status: "enabled", new_waf_status: "disabled" }))).toBe("previous");
    expect(migrationPhase(statusSchema.parse({ old_waf_status: "disabled", new_waf_status: "disabled" }))).toBe("previous");
    expect(migrationPhase(statusSchema.parse({ old_waf_status: "enabled", new_waf_status: "enabled" }))).toBe("validation");
    expect(migrationPhase(statusSchema.parse({ migration_state: "completed" }))).toBe("migrated");
  });

  it("scans the zone anyway (check, lists, config) and gives it the verdict unknown with the fields it had", async () => {
    const { platform, requests } = platformWith({ ...LIVE, "waf_migration/status": ok({ wafState: "legacy", mode: 1 }) });
    const evidence = await scanZoneEvidence(platform, ZONE);
    expect(requests.some((r) => r.includes("waf_migration/check"))).toBe(true);
    const row = migrationRow(scanOf(evidence));
    expect(row.verdict).toBe("unknown");
    expect(row.eligible).toBe(false);
    expect(row.unknown).toEqual(["status"]);
    expect(row.reasons[0]).toMatchObject({ code: "status_unknown" });
    expect(row.reasons[0]!.message).toContain("it had wafState, mode");
    expect(row.reasons.map((r) => r.code)).not.toContain("eligible");
    // No write is offered as next on a status nobody can read.
    expect(
      migrationProcedure(ZONE, "enterprise", evidence)
        .filter((s) => s.call.method === "PUT")
        .map((s) => s.status),
    ).toEqual(["later", "later"]);
  });

  it("unknown status and a retired API: retired, with both said", async () => {
    const { platform } = platformWith({ ...RETIRED, "waf_migration/status": ok(null) });
    const row = migrationRow(scanOf(await scanZoneEvidence(platform, ZONE)));
    expect(row.verdict).toBe("retired");
    expect(row.reasons.map((r) => r.code)).toEqual([
      "previous_version_retired",
      "managed_entrypoint",
      "previous_settings_unknown",
      "status_unknown",
      "validation_unavailable",
    ]);
    expect(row.unknown).toEqual(["status", "overrides", "packages", "groups", "rulesOff"]);
  });
});

describe("planning a review on a zone whose status cannot be read", () => {
  it("refuses every migration step with a conflict, before reading the entry point or planning a write", async () => {
    const zoneAnswer = ok({
      id: ZONE,
      name: "shop.example",
      status: "active",
      plan: { name: "Enterprise Website", legacy_id: "enterprise" },
      account: { id: "a".repeat(32) },
    });
    for (const kind of ["start_validation", "complete_migration", "delete_uri_overrides"] as const) {
      const { platform, requests } = platformWith({
        ...LIVE,
        [`/client/v4/zones/${ZONE}`]: zoneAnswer,
        "waf_migration/status": ok({ state: "legacy" }),
      });
      await expect(planReview(platform, { kind, zoneId: ZONE })).rejects.toMatchObject({ name: "ConflictError", kind: "status_unknown" });
      expect(requests.some((r) => r.includes("/entrypoint"))).toBe(false);
    }
  });
});
