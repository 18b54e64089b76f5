// The sandbox's previous firewall and migration state machine, over real HTTP, shapes checked against the reference.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "@/lib/dev/sandbox/server";
import { OWASP_PACKAGE_ID } from "@/lib/dev/sandbox/waf/catalog";
import { seedAccount } from "@/lib/dev/sandbox/seed";
import { DEFAULT_RETIRED_SHARE, wafCaseFor, type WafCase } from "@/lib/dev/sandbox/waf/seed-waf";
import { ajv, expectValid, responseSchema } from "@/tests/unit/reference-schemas";

const TOKEN = "waf-test-token-000000001";
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, apiToken: TOKEN, rateLimit: null });
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await fetch(`${sandbox.url}/__sandbox/reset`, { method: "POST" });
});

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${sandbox.apiBaseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { success: boolean; result: never; errors: Array<{ code: number; message: string }> },
  };
}

function zoneOf(wafCase: WafCase, plan?: string, retired = false) {
  const index = sandbox.state.zones.findIndex(
    (z, i) =>
      wafCaseFor(i, z) === wafCase && (!plan || z.plan.legacy_id === plan) && sandbox.state.waf[z.id]!.previousApiRetired === retired,
  );
  expect(index, `a seeded zone with case ${wafCase}`).toBeGreaterThanOrEqual(0);
  return sandbox.state.zones[index]!;
}

const migrate = (zoneId: string, mode: string, body: unknown) =>
  call("PUT", `/zones/${zoneId}/rulesets/phases/http_request_firewall_managed/entrypoint?waf_migration=${mode}&phase_two=1`, body);

describe("sandbox: previous firewall API", () => {
  it("serves packages, groups, rules and overrides in the reference's shapes", async () => {
    const zone = zoneOf("uri_overrides");
    const packages = await call("GET", `/zones/${zone.id}/firewall/waf/packages`);
    expectValid(responseSchema("/zones/{zone_identifier}/firewall/waf/packages", "get", "200"), packages.body, "packages");
    const groups = await call("GET", `/zones/${zone.id}/firewall/waf/packages/${OWASP_PACKAGE_ID}/groups`);
    expectValid(responseSchema("/zones/{zone_id}/firewall/waf/packages/{package_id}/groups", "get", "200"), groups.body, "groups");
    const rules = await call("GET", `/zones/${zone.id}/firewall/waf/packages/${OWASP_PACKAGE_ID}/rules`);
    expectValid(responseSchema("/zones/{zone_id}/firewall/waf/packages/{package_id}/rules", "get", "200"), rules.body, "rules");
    const overrides = await call("GET", `/zones/${zone.id}/firewall/waf/overrides`);
    expectValid(responseSchema("/zones/{zone_identifier}/firewall/waf/overrides", "get", "200"), overrides.body, "overrides");
    expect((overrides.body.result as unknown[]).length).toBeGreaterThan(0);
    // waf-managed-rules_result_info: count, page, per_page, total_count; the previous WAF never sent total_pages.
    for (const body of [packages.body, groups.body, rules.body, overrides.body]) {
      const info = (body as unknown as { result_info: Record<string, number> }).result_info;
      expect(Object.keys(info).sort()).toEqual(["count", "page", "per_page", "total_count"]);
    }
  });

  it("seeds every sensitivity and action of the core rule set across the account", () => {
    const owasp = Object.values(sandbox.state.waf).map((w) => w.packages.find((p) => p.id === OWASP_PACKAGE_ID)!);
    expect(new Set(owasp.map((p) => p.sensitivity))).toEqual(new Set(["high", "medium", "low", "off"]));
    expect(new Set(owasp.map((p) => p.action_mode))).toEqual(new Set(["simulate", "block", "challenge"]));
  });

  it("seeds every eligibility case", () => {
    const cases = new Set(sandbox.state.zones.map((z, i) => wafCaseFor(i, z)));
    expect(cases).toEqual(
      new Set([
        "eligible",
        "incompatible",
        "uri_overrides",
        "too_many_rules",
        "long_expression",
        "migrated",
        "validation",
        "firewall_disabled",
      ]),
    );
  });
});

describe("sandbox: migration operations", () => {
  it("requires phase_two=1 on check and config", async () => {
    const zone = zoneOf("eligible");
    const check = await call("GET", `/zones/${zone.id}/waf_migration/check`);
    expect(check.status).toBe(400);
    expect(check.body.errors[0]!.message).toMatch(/phase_two/);
  });

  it("moves an eligible zone to the new rules, irreversibly, and retires the previous API", async () => {
    const zone = zoneOf("eligible");
    const check = await call("GET", `/zones/${zone.id}/waf_migration/check?phase_two=1`);
    expect(check.body.result).toEqual({ compatible: true, migration_state: "start" });
    const config = await call("GET", `/zones/${zone.id}/waf_migration/config?phase_two=1`);
    const put = await migrate(zone.id, "pending", config.body.result);
    expect(put.status).toBe(200);
    const status = await call("GET", `/zones/${zone.id}/waf_migration/status`);
    expect(status.body.result).toMatchObject({ old_waf_status: "disabled", new_waf_status: "enabled", migration_state: "completed" });
    expect((await call("GET", `/zones/${zone.id}/firewall/waf/packages`)).status).toBe(410);
    const again = await migrate(zone.id, "pending", config.body.result);
    expect(again.status).toBe(400);
    expect(again.body.errors[0]!.message).toMatch(/cannot be undone/);
    const entrypoint = await call("GET", `/zones/${zone.id}/rulesets/phases/http_request_firewall_managed/entrypoint`);
    expect(entrypoint.status).toBe(200);
  });

  it("offers validation mode to Enterprise zones only, then finishes it with pending", async () => {
    const pro = sandbox.state.zones.find((z, i) => wafCaseFor(i, z) === "eligible" && z.plan.legacy_id === "pro")!;
    const config = (await call("GET", `/zones/${pro.id}/waf_migration/config?phase_two=1`)).body.result;
    const refused = await migrate(pro.id, "validation", config);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]!.message).toMatch(/Enterprise/);

    const enterprise = zoneOf("eligible", "enterprise");
    const entConfig = (await call("GET", `/zones/${enterprise.id}/waf_migration/config?phase_two=1`)).body.result;
    expect((await migrate(enterprise.id, "2", entConfig)).status).toBe(200);
    const status = await call("GET", `/zones/${enterprise.id}/waf_migration/status`);
    expect(status.body.result).toMatchObject({ old_waf_status: "enabled", new_waf_status: "enabled", migration_state: "validation" });
    expect((await migrate(enterprise.id, "pending", entConfig)).status).toBe(200);
  });

  it.each([
    ["uri_overrides", /not compatible/],
    ["incompatible", /not compatible/],
    ["too_many_rules", /more than 200/],
    ["long_expression", /longer than 4 KB/],
  ] as const)("refuses to upgrade a zone with %s", async (wafCase, message) => {
    const zone = zoneOf(wafCase);
    const config = await call("GET", `/zones/${zone.id}/waf_migration/config?phase_two=1`);
    const put = await migrate(zone.id, "pending", config.body.result);
    expect(put.status).toBe(400);
    expect(put.body.errors[0]!.message).toMatch(message);
    expect((await call("GET", `/zones/${zone.id}/waf_migration/status`)).body.result).toMatchObject({ migration_state: "start" });
  });

  it.each([
    ["too_many_rules", /^\/rules$/],
    ["long_expression", /^\/rules\/\d+\/expression$/],
  ] as const)("refuses %s in the rulesets API's own failure shape: a message and a pointer, no code", async (wafCase, pointer) => {
    const zone = zoneOf(wafCase);
    const config = await call("GET", `/zones/${zone.id}/waf_migration/config?phase_two=1`);
    const put = await migrate(zone.id, "pending", config.body.result);
    // The PUT's 4XX answer is components/responses/rulesets_Failure (errors: rulesets_Message, code optional).
    expectValid(
      ajv.compile({ $ref: "cf-openapi#/components/responses/rulesets_Failure/content/application~1json/schema" }),
      put.body,
      `${wafCase} refusal`,
    );
    const errors = put.body.errors as Array<{ code?: number; message: string; source?: { pointer: string } }>;
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) {
      expect(error.code).toBeUndefined();
      expect(error.source?.pointer).toMatch(pointer);
    }
  });

  it("refuses a body that is not a ruleset, naming what is wrong", async () => {
    const zone = zoneOf("eligible");
    const put = await migrate(zone.id, "pending", { rules: [{ action: 1 }] });
    expect(put.status).toBe(400);
    expect(put.body.errors[0]!.message).toMatch(/rules\[0\]/);
  });
});

describe("sandbox: the previous version's API retired for a share of zones", () => {
  const PREVIOUS = (zoneId: string) => [
    ["/zones/{zone_identifier}/firewall/waf/packages", `/zones/${zoneId}/firewall/waf/packages`],
    ["/zones/{zone_id}/firewall/waf/packages/{package_id}/groups", `/zones/${zoneId}/firewall/waf/packages/${OWASP_PACKAGE_ID}/groups`],
    ["/zones/{zone_id}/firewall/waf/packages/{package_id}/rules", `/zones/${zoneId}/firewall/waf/packages/${OWASP_PACKAGE_ID}/rules`],
    ["/zones/{zone_identifier}/firewall/waf/overrides", `/zones/${zoneId}/firewall/waf/overrides`],
  ];

  it("retires about the default share of the otherwise eligible zones, and no zone of another case", () => {
    const eligible = sandbox.state.zones.filter((z, i) => wafCaseFor(i, z) === "eligible");
    const retired = eligible.filter((z) => sandbox.state.waf[z.id]!.previousApiRetired);
    expect(retired.length / eligible.length).toBeGreaterThan(DEFAULT_RETIRED_SHARE / 2);
    expect(retired.length / eligible.length).toBeLessThan(DEFAULT_RETIRED_SHARE * 2);
    sandbox.state.zones.forEach((z, i) => {
      if (wafCaseFor(i, z) !== "eligible") expect(sandbox.state.waf[z.id]!.previousApiRetired, z.name).toBe(false);
    });
  });

  it("answers 410 Gone in the firewall failure shape on the previous version's calls, and still answers status, check and config", async () => {
    const zone = zoneOf("eligible", undefined, true);
    for (const [schemaPath, path] of PREVIOUS(zone.id)) {
      const answer = await call("GET", path!);
      expect(answer.status, path).toBe(410);
      expect(answer.body).toMatchObject({ success: false, result: null });
      expect(answer.body.errors[0]!.message).toMatch(/410 Gone/);
      // The operations' 4XX answer is allOf(the 200 collection, the failure), which no body can satisfy: the failure part is checked.
      expectValid(
        ajv.compile({ $ref: "cf-openapi#/components/schemas/firewall_api-response-common-failure" }),
        answer.body,
        `${schemaPath} 410`,
      );
    }
    expect((await call("DELETE", `/zones/${zone.id}/firewall/waf/overrides/${"a".repeat(32)}`)).status).toBe(410);
    expect((await call("GET", `/zones/${zone.id}/waf_migration/status`)).body.result).toMatchObject({
      old_waf_status: "enabled",
      migration_state: "start",
    });
    expect((await call("GET", `/zones/${zone.id}/waf_migration/check?phase_two=1`)).body.result).toEqual({
      compatible: true,
      migration_state: "start",
    });
    const config = await call("GET", `/zones/${zone.id}/waf_migration/config?phase_two=1`);
    expect(config.status).toBe(200);
    // The upgrade itself still works, as the docs' waf_migration operations are not the retired ones.
    expect((await migrate(zone.id, "pending", config.body.result)).status).toBe(200);
  });

  it("chooses the share without new draws: every other seeded value is the same whatever the share", () => {
    const none = seedAccount({ retiredShare: 0 });
    const all = seedAccount({ retiredShare: 1 });
    const byDefault = seedAccount();
    const strip = (state: typeof none) =>
      JSON.stringify({
        ...state,
        waf: Object.fromEntries(
          Object.entries(state.waf).map(([id, w]) => [id, { ...w, previousApiRetired: undefined, statusRetired: undefined }]),
        ),
      });
    expect(strip(none)).toBe(strip(byDefault));
    expect(strip(all)).toBe(strip(byDefault));
    expect(Object.values(none.waf).some((w) => w.previousApiRetired)).toBe(false);
    const eligible = all.zones.filter((z, i) => wafCaseFor(i, z) === "eligible");
    expect(eligible.every((z) => all.waf[z.id]!.previousApiRetired)).toBe(true);
    expect(() => seedAccount({ retiredShare: 1.5 })).toThrow(/retiredShare/);
  });

  it("takes the rules list's mode filter only in the schema's values (DIS, CHL, BLK, SIM)", async () => {
    const zone = sandbox.state.zones.find(
      (z, i) =>
        wafCaseFor(i, z) === "eligible" &&
        !sandbox.state.waf[z.id]!.previousApiRetired &&
        sandbox.state.waf[z.id]!.rules.some((r) => r.mode === "off"),
    )!;
    const path = `/zones/${zone.id}/firewall/waf/packages/${OWASP_PACKAGE_ID}/rules`;
    const refused = await call("GET", `${path}?mode=off`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, result: null });
    expect(refused.body.errors[0]!.message).toMatch(/mode must be one of DIS, CHL, BLK, SIM/);
    const off = await call("GET", `${path}?mode=DIS&per_page=100`);
    expect(off.status).toBe(200);
    const expected = sandbox.state.waf[zone.id]!.rules.filter((r) => r.mode === "off").map((r) => r.id);
    expect((off.body.result as Array<{ id: string; mode: string }>).map((r) => r.id)).toEqual(expected);
    expect(((await call("GET", `${path}?mode=BLK`)).body.result as unknown[]).length).toBe(0);
  });

  it("keeps the entry point's version increasing on each PUT, from version 1 on seeded validation zones", async () => {
    const zone = zoneOf("validation", "enterprise");
    const entry = `/zones/${zone.id}/rulesets/phases/http_request_firewall_managed/entrypoint`;
    const before = await call("GET", entry);
    expect(before.status).toBe(200);
    expect(before.body.result).toMatchObject({ phase: "http_request_firewall_managed", version: "1" });
    const config = (await call("GET", `/zones/${zone.id}/waf_migration/config?phase_two=1`)).body.result;
    const after = await migrate(zone.id, "pending", config);
    expect(after.body.result).toMatchObject({ version: "2" });
    const eligible = zoneOf("eligible");
    expect((await call("GET", `/zones/${eligible.id}/rulesets/phases/http_request_firewall_managed/entrypoint`)).status).toBe(404);
    const eligibleConfig = (await call("GET", `/zones/${eligible.id}/waf_migration/config?phase_two=1`)).body.result;
    expect((await migrate(eligible.id, "pending", eligibleConfig)).body.result).toMatchObject({ version: "1" });
  });
});
