// What a person does to a migrated zone's http_request_firewall_managed entry point in the dashboard
// after its review (raise the OWASP paranoia level, change the anomaly rule's action or threshold, add a
// skip rule, turn a rule off): the sandbox applies it as the platform would, a new version of the entry
// point with the same shape the rulesets API answers (rulesets_Ruleset), so drift can be demonstrated.
import { createHash } from "node:crypto";
import { z } from "zod";
import { OWASP_ANOMALY_SCORE_RULE, OWASP_CORE_RULESET } from "./proposed-config";
import type { Ruleset, RulesetRule } from "./types";

export const dashboardEditSchema = z.discriminatedUnion("edit", [
  z.object({ zoneId: z.string(), edit: z.literal("paranoia_level"), level: z.number().int().min(1).max(4) }).strict(),
  z
    .object({
      zoneId: z.string(),
      edit: z.literal("owasp_action"),
      action: z.enum(["block", "challenge", "js_challenge", "managed_challenge", "log"]),
    })
    .strict(),
  z.object({ zoneId: z.string(), edit: z.literal("score_threshold"), threshold: z.number().int().min(1).max(100) }).strict(),
  z.object({ zoneId: z.string(), edit: z.literal("add_skip_rule"), path: z.string().startsWith("/").max(200) }).strict(),
  z.object({ zoneId: z.string(), edit: z.literal("rule_enabled"), index: z.number().int().min(0), enabled: z.boolean() }).strict(),
]);
export type DashboardEdit = z.infer<typeof dashboardEditSchema>;

/** The entry point after the edit: a new version, `last_updated` now; unchanged rules keep their id, version and ref. */
export function applyDashboardEdit(entrypoint: Ruleset, edit: DashboardEdit, at: string): Ruleset | string {
  const version = String(Number(entrypoint.version ?? 0) + 1);
  const stamp = (rule: RulesetRule): RulesetRule => ({ ...rule, version: String(Number(rule.version ?? 0) + 1), last_updated: at });
  let rules: RulesetRule[];
  if (edit.edit === "add_skip_rule") {
    const id = ruleId(entrypoint.id ?? "", version);
    const skip = {
      id,
      version: "1",
      action: "skip",
      expression: `starts_with(http.request.uri.path, ${JSON.stringify(edit.path)})`,
      description: `Skip the managed rules for ${edit.path}`,
      enabled: true,
      ref: id,
      action_parameters: { ruleset: "current" },
      logging: { enabled: true },
      last_updated: at,
    };
    rules = [skip, ...entrypoint.rules];
  } else if (edit.edit === "rule_enabled") {
    if (edit.index >= entrypoint.rules.length) return `index: the entry point has ${entrypoint.rules.length} rules`;
    rules = entrypoint.rules.map((rule, i) => (i === edit.index ? stamp({ ...rule, enabled: edit.enabled }) : rule));
  } else {
    const owasp = entrypoint.rules.findIndex(
      (rule) => rule.action === "execute" && (rule.action_parameters as { id?: string } | undefined)?.id === OWASP_CORE_RULESET,
    );
    if (owasp < 0) return "edit: the entry point does not deploy the OWASP core ruleset";
    rules = entrypoint.rules.map((rule, i) => (i === owasp ? stamp(editOwasp(rule, edit)) : rule));
  }
  return { ...entrypoint, version, last_updated: at, rules };
}

type OwaspEdit = Extract<DashboardEdit, { edit: "paranoia_level" | "owasp_action" | "score_threshold" }>;
type Overrides = {
  categories?: Array<{ category: string; enabled?: boolean; action?: string }>;
  rules?: Array<Record<string, unknown> & { id: string }>;
};

/** The OWASP execute rule with its overrides changed as the dashboard's deployment settings change them. */
function editOwasp(rule: RulesetRule, edit: OwaspEdit): RulesetRule {
  const parameters = (rule.action_parameters ?? {}) as { id: string; overrides?: Overrides };
  const overrides: Overrides = structuredClone(parameters.overrides ?? {});
  if (edit.edit === "paranoia_level") {
    // Levels above the chosen one are turned off; the others run (no override).
    const others = (overrides.categories ?? []).filter((c) => !/^paranoia-level-\d$/.test(c.category));
    const off = [1, 2, 3, 4]
      .filter((level) => level > edit.level)
      .map((level) => ({ category: `paranoia-level-${level}`, enabled: false }));
    overrides.categories = [...others, ...off];
    if (overrides.categories.length === 0) delete overrides.categories;
  } else {
    const rules = overrides.rules ?? [];
    const anomaly = rules.find((r) => r.id === OWASP_ANOMALY_SCORE_RULE) ?? { id: OWASP_ANOMALY_SCORE_RULE };
    const changed = edit.edit === "owasp_action" ? { ...anomaly, action: edit.action } : { ...anomaly, score_threshold: edit.threshold };
    overrides.rules = [...rules.filter((r) => r.id !== OWASP_ANOMALY_SCORE_RULE), changed];
  }
  const next = { ...parameters, ...(Object.keys(overrides).length > 0 ? { overrides } : {}) };
  if (Object.keys(overrides).length === 0) delete next.overrides;
  return { ...rule, action_parameters: next };
}

/** A 32-hex rule id as the platform assigns them, derived from the entry point and its new version. */
function ruleId(entrypointId: string, version: string): string {
  return createHash("sha256").update(`${entrypointId}:${version}:dashboard`).digest("hex").slice(0, 32);
}
