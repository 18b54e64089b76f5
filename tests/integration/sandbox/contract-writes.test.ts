// The sandbox's answers to the rest of the contract (tests/fixtures/contract/upstream-contract.json), checked
// against the real schemas: invitations, the writes a review sends, the entry point, and the migration
// operations against their documented examples (no schema covers them).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "@/lib/dev/sandbox/server";
import { wafCaseFor } from "@/lib/dev/sandbox/waf/seed-waf";
import { rulesetSchema, type Ruleset } from "@/lib/rulesets/ruleset";
import { migrationProcedure } from "@/lib/migration/procedure";
import { loadReference } from "@/tests/contract/contract";
import { ajv, expectValid, responseSchema } from "@/tests/unit/reference-schemas";
import { prismDocument } from "@/tests/prism/document";

const TOKEN = "contract-writes-token-0001";
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
  return { status: response.status, body: (await response.json()) as { success: boolean; result: unknown; errors: unknown[] } };
}
const zoneOf = (wafCase: string, plan?: string) =>
  sandbox.state.zones.find((z, i) => wafCaseFor(i, z) === wafCase && (!plan || z.plan.legacy_id === plan))!;
const ENTRYPOINT = "/rulesets/phases/http_request_firewall_managed/entrypoint";
const documented = loadReference().documented_not_in_openapi.paths;
// The PUT body as the corrected contract states it (read-only rule fields not required in a request).
const contractAjv = ajv.addSchema(prismDocument(), "contract");
const putBody = contractAjv.compile({
  $ref: "contract#/components/requestBodies/rulesets_UpdateEntrypointRuleset/content/application~1json/schema",
});

/** The errors of the last PUT body check, without the other rule kinds' `action` mismatches (oneOf noise). */
const bodyErrors = () =>
  JSON.stringify((putBody.errors ?? []).filter((e) => !(e.keyword === "enum" && e.instancePath.endsWith("/action"))).slice(0, 6));

describe("contract: invitations", () => {
  it("GET /user/invites and PATCH /user/invites/{id} match the schema (roles as names: the 2026 SDK's shape)", async () => {
    const list = await call("GET", "/user/invites");
    const invites = list.body.result as Array<{ id: string; status: string; roles?: unknown[] }>;
    // The SDK of 2026 types roles as names, the 2024 schema as objects: both are real; the schema checks the rest.
    const forSchema = {
      ...list.body,
      result: invites.map((i) => (i.roles?.every((r) => typeof r === "string") ? { ...i, roles: undefined } : i)),
    };
    expectValid(responseSchema("/user/invites", "get", "200"), JSON.parse(JSON.stringify(forSchema)), "GET /user/invites");
    const pending = invites.find((i) => i.status === "pending")!;
    const accepted = await call("PATCH", `/user/invites/${pending.id}`, { status: "accepted" });
    expect(accepted.status).toBe(200);
    const patched = accepted.body as { result: { roles?: unknown[] } };
    if (patched.result.roles?.every((r) => typeof r === "string")) delete patched.result.roles;
    expectValid(responseSchema("/user/invites/{invite_id}", "patch", "200"), patched, "PATCH /user/invites");
  });
});

describe("contract: the writes a review sends", () => {
  it("the PUT Preflight builds from the config answer is a valid request body, and the answers match the schema", async () => {
    const zone = zoneOf("eligible", "enterprise");
    const raw = (await call("GET", `/zones/${zone.id}/waf_migration/config?phase_two=1`)).body.result;
    const status = { old_waf_status: "enabled", new_waf_status: "disabled", migration_state: "start" };
    // As the scan reads it (rulesetSchema), and as given (a branch passes unnamed rule fields on: issue #15 part 3.7).
    for (const config of [rulesetSchema.parse(raw), raw as Ruleset]) {
      const puts = migrationProcedure(zone.id, "enterprise", { status, config }).filter((s) => s.call.method === "PUT");
      expect(puts.map((s) => s.call.query.waf_migration)).toEqual(["validation", "pending"]);
      for (const step of puts) expect(putBody(step.call.body), bodyErrors()).toBe(true);
    }
    const puts = migrationProcedure(zone.id, "enterprise", { status, config: rulesetSchema.parse(raw) }).filter(
      (s) => s.call.method === "PUT",
    );
    const put = await call("PUT", `/zones/${zone.id}${ENTRYPOINT}?waf_migration=validation&phase_two=1`, puts[0]!.call.body);
    expect(put.status).toBe(200);
    const ruleset = ajv.compile({ $ref: "cf-openapi#/components/responses/rulesets_Ruleset/content/application~1json/schema" });
    expectValid(ruleset, put.body, "PUT entrypoint");
    const entry = await call("GET", `/zones/${zone.id}${ENTRYPOINT}`);
    expectValid(ruleset, entry.body, "GET entrypoint");
  });

  it("a refused PUT answers the rulesets failure schema", async () => {
    const zone = zoneOf("too_many_rules");
    const config = (await call("GET", `/zones/${zone.id}/waf_migration/config?phase_two=1`)).body.result;
    const refused = await call("PUT", `/zones/${zone.id}${ENTRYPOINT}?waf_migration=pending&phase_two=1`, config);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expectValid(
      ajv.compile({ $ref: "cf-openapi#/components/responses/rulesets_Failure/content/application~1json/schema" }),
      refused.body,
      "PUT refused",
    );
  });

  it("DELETE of a URI-based override answers the schema", async () => {
    const zone = zoneOf("uri_overrides");
    const overrides = (await call("GET", `/zones/${zone.id}/firewall/waf/overrides`)).body.result as Array<{ id: string }>;
    const deleted = await call("DELETE", `/zones/${zone.id}/firewall/waf/overrides/${overrides[0]!.id}`);
    expect(deleted.status).toBe(200);
    expectValid(responseSchema("/zones/{zone_identifier}/firewall/waf/overrides/{id}", "delete", "200"), deleted.body, "DELETE override");
  });
});

describe("contract: the migration operations (documents only)", () => {
  it("check, config and status answer the documented fields and nothing the docs do not name", async () => {
    const zone = zoneOf("eligible");
    const check = await call("GET", `/zones/${zone.id}/waf_migration/check?phase_two=1`);
    const checkExample = documented["/zones/{zone_id}/waf_migration/check"]!.get!["x-example-response"] as { result: object };
    expect(Object.keys(check.body.result as object).sort()).toEqual(Object.keys(checkExample.result).sort());
    const config = await call("GET", `/zones/${zone.id}/waf_migration/config?phase_two=1`);
    const configExample = documented["/zones/{zone_id}/waf_migration/config"]!.get!["x-example-response"] as {
      result: { rules: object[] };
    };
    const ruleKeys = new Set(Object.keys(configExample.result.rules[0]!));
    const answer = config.body.result as { rules: object[] };
    expect(Object.keys(answer).sort()).toEqual(Object.keys(configExample.result).sort());
    for (const rule of answer.rules) for (const key of Object.keys(rule)) expect(ruleKeys, `config rule field ${key}`).toContain(key);
    const status = await call("GET", `/zones/${zone.id}/waf_migration/status`);
    const observed = documented["/zones/{zone_id}/waf_migration/status"]!.get!["x-observed-result-fields"] as string[];
    for (const key of Object.keys(status.body.result as object)) expect(observed).toContain(key);
  });
});

describe("contract: certificate packs as the SDK types them", () => {
  it("every pack of the first 40 zones matches the SDK's CertificatePackListResponse (the 2024 schema leaves items untyped)", async () => {
    const packs = contractAjv.compile({
      $ref: "contract#/paths/~1zones~1{zone_id}~1ssl~1certificate_packs/get/responses/200/content/application~1json/schema",
    });
    expect(packs({ success: true, errors: [], messages: [], result: [{ id: "x", type: "universal" }] }), "not vacuous").toBe(false);
    for (const zone of sandbox.state.zones.slice(0, 40)) {
      const answer = await call("GET", `/zones/${zone.id}/ssl/certificate_packs?status=all&per_page=50`);
      expectValid(packs, answer.body, `packs of ${zone.name}`);
    }
  });
});
