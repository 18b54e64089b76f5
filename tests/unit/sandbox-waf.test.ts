// The sandbox's previous firewall and migration state machine, over real HTTP, shapes checked against the reference.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "@/lib/sandbox/server";
import { OWASP_PACKAGE_ID } from "@/lib/sandbox/waf/catalog";
import { wafCaseFor, type WafCase } from "@/lib/sandbox/waf/seed-waf";
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
  return { status: response.status, body: (await response.json()) as { success: boolean; result: never; errors: Array<{ code: number; message: string }> } };
}

function zoneOf(wafCase: WafCase, plan?: string) {
  const index = sandbox.state.zones.findIndex((z, i) => wafCaseFor(i, z) === wafCase && (!plan || z.plan.legacy_id === plan));
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
    expect(cases).toEqual(new Set(["eligible", "incompatible", "uri_overrides", "too_many_rules", "long_expression", "migrated", "validation", "firewall_disabled"]));
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
    expect((await call("GET", `/zones/${zone.id}/firewall/waf/packages`)).status).toBe(400);
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
    expectValid(ajv.compile({ $ref: "cf-openapi#/components/responses/rulesets_Failure/content/application~1json/schema" }), put.body, `${wafCase} refusal`);
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
