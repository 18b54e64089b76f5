// The proposed configuration goes back to the platform as the entry point PUT's body: fields Preflight
// does not name (a skip rule's `logging`, a set `ref`, unknown override keys) must reach the PUT unchanged,
// or the update would silently drop them. Only the config answer's blank id/version/ref are left out: the
// rulesets schema refuses empty identifiers in a request, and the platform assigns them.
import { describe, expect, it } from "vitest";
import { rulesetSchema } from "@/lib/rulesets/ruleset";
import { migrationProcedure } from "@/lib/migration/procedure";

const ZONE = "023e105f4ecef8ad9ca31a8372d0c353";
const config = {
  name: "default",
  description: "",
  kind: "zone",
  phase: "http_request_firewall_managed",
  rules: [
    {
      id: "",
      version: "",
      ref: "migrated-skip-1",
      action: "skip",
      expression: 'http.request.uri.path contains "/api/"',
      description: "migrated firewall rule",
      enabled: true,
      action_parameters: { ruleset: "current" },
      logging: { enabled: true },
    },
    {
      id: "",
      version: "",
      ref: "",
      action: "execute",
      expression: "true",
      enabled: true,
      action_parameters: {
        id: "4814384a9e5d4991b9815dcfc25d2f1f",
        version: "latest",
        overrides: {
          sensitivity_level: "default",
          categories: [{ category: "paranoia-level-3", enabled: false, future_key: 1 }],
          rules: [{ id: "6179ae15870a4bb7b2d480d4843b323c", action: "log", score_threshold: 40, sensitivity_level: "medium" }],
        },
      },
      exposed_credential_check: { username_expression: "x", password_expression: "y" },
    },
  ],
};

describe("the proposed configuration as the PUT body", () => {
  it("keeps every field it does not name, at every level", () => {
    const parsed = rulesetSchema.parse(structuredClone(config));
    expect(parsed).toEqual(config);
    const steps = migrationProcedure(ZONE, "enterprise", {
      status: { old_waf_status: "enabled", new_waf_status: "disabled" },
      check: { compatible: true, migration_state: "start" },
      config: parsed,
    });
    const puts = steps.filter((s) => s.call.method === "PUT");
    expect(puts.map((s) => s.call.query.waf_migration)).toEqual(["validation", "pending"]);
    const sent = structuredClone(config) as { rules: Array<Record<string, unknown>> };
    for (const rule of sent.rules) for (const key of ["id", "version", "ref"]) if (rule[key] === "") delete rule[key];
    for (const put of puts) expect(put.call.body).toEqual(sent);
    expect(JSON.stringify(puts[1]!.call.body)).toContain('"ref":"migrated-skip-1"');
    expect(JSON.stringify(puts[1]!.call.body)).toContain('"logging":{"enabled":true}');
  });
});
