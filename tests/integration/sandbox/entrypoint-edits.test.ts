// The sandbox's stand-in for a person editing a migrated zone's entry point in the dashboard
// (POST /__sandbox/entrypoint-edits): the rulesets API then answers a new version, still in the real
// schema's shape (rulesets_Ruleset), with unchanged rules keeping their ids.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "@/lib/dev/sandbox/server";
import { OWASP_ANOMALY_SCORE_RULE, OWASP_CORE_RULESET } from "@/lib/dev/sandbox/waf/proposed-config";
import { wafCaseFor } from "@/lib/dev/sandbox/waf/seed-waf";
import { ajv, expectValid } from "@/tests/unit/reference-schemas";

const TOKEN = "entrypoint-edits-token-0001";
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, apiToken: TOKEN, rateLimit: null });
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await fetch(`${sandbox.url}/__sandbox/reset`, { method: "POST" });
});

type Rule = {
  id: string;
  version: string;
  ref: string;
  action: string;
  enabled?: boolean;
  expression: string;
  action_parameters?: {
    id?: string;
    overrides?: { categories?: Array<{ category: string; enabled: boolean }>; rules?: Array<Record<string, unknown>> };
  };
};
type Entrypoint = { id: string; version: string; last_updated: string; rules: Rule[] };

const validationZone = () => sandbox.state.zones.find((z, i) => wafCaseFor(i, z) === "validation")!;
const edit = (body: unknown) =>
  fetch(`${sandbox.url}/__sandbox/entrypoint-edits`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
async function entrypoint(zoneId: string) {
  const response = await fetch(`${sandbox.apiBaseUrl}/zones/${zoneId}/rulesets/phases/http_request_firewall_managed/entrypoint`, {
    headers: { Authorization: `Bearer ${TOKEN}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { success: true; result: Entrypoint };
}
const owasp = (e: Entrypoint) => e.rules.find((r) => r.action_parameters?.id === OWASP_CORE_RULESET)!;
const ruleset = ajv.compile({ $ref: "cf-openapi#/components/responses/rulesets_Ruleset/content/application~1json/schema" });

describe("dashboard edits of the managed entry point", () => {
  it("raises the paranoia level: a new version, the OWASP rule's categories changed, the other rules untouched, the schema's shape", async () => {
    const zone = validationZone();
    const before = (await entrypoint(zone.id)).result;
    expect((await edit({ zoneId: zone.id, edit: "paranoia_level", level: 3 })).status).toBe(200);
    const answer = await entrypoint(zone.id);
    expectValid(ruleset, answer, "GET entrypoint after a dashboard edit");
    const after = answer.result;
    expect(after.version).toBe(String(Number(before.version) + 1));
    expect(after.id).toBe(before.id);
    expect(owasp(after).action_parameters!.overrides!.categories).toEqual([{ category: "paranoia-level-4", enabled: false }]);
    expect(owasp(after).version).toBe(String(Number(owasp(before).version) + 1));
    const unchanged = (e: Entrypoint) => e.rules.filter((r) => r.id !== owasp(e).id);
    expect(unchanged(after)).toEqual(unchanged(before));
  });

  it("changes the anomaly rule's action and threshold, adds a skip rule first, turns a rule off", async () => {
    const zone = validationZone();
    const before = (await entrypoint(zone.id)).result;
    for (const body of [
      { edit: "owasp_action", action: "log" },
      { edit: "score_threshold", threshold: 60 },
      { edit: "add_skip_rule", path: "/api" },
      { edit: "rule_enabled", index: 1, enabled: false },
    ]) {
      expect((await edit({ zoneId: zone.id, ...body })).status).toBe(200);
    }
    const answer = await entrypoint(zone.id);
    expectValid(ruleset, answer, "GET entrypoint after four dashboard edits");
    const after = answer.result;
    expect(after.version).toBe(String(Number(before.version) + 4));
    expect(owasp(after).action_parameters!.overrides!.rules).toEqual([
      { id: OWASP_ANOMALY_SCORE_RULE, action: "log", score_threshold: 60 },
    ]);
    expect(after.rules[0]).toMatchObject({
      action: "skip",
      expression: 'starts_with(http.request.uri.path, "/api")',
      action_parameters: { ruleset: "current" },
    });
    expect(after.rules[0]!.id).toMatch(/^[0-9a-f]{32}$/);
    expect(after.rules[0]!.ref).toBe(after.rules[0]!.id);
    expect(after.rules[1]!.enabled).toBe(false);
    expect(after.rules).toHaveLength(before.rules.length + 1);
  });

  it("refuses what the dashboard could not do: no entry point yet (409), unknown zone (404), a bad edit (400 naming the field)", async () => {
    const eligible = sandbox.state.zones.find((z, i) => wafCaseFor(i, z) === "eligible")!;
    expect((await edit({ zoneId: eligible.id, edit: "paranoia_level", level: 2 })).status).toBe(409);
    expect((await edit({ zoneId: "0".repeat(32), edit: "paranoia_level", level: 2 })).status).toBe(404);
    const bad = await edit({ zoneId: validationZone().id, edit: "paranoia_level", level: 9 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/^level: /);
    expect((await edit({ zoneId: validationZone().id, edit: "rule_enabled", index: 99, enabled: false })).status).toBe(400);
  });
});
