// Reads the proposed configuration: each rule in words, the paranoia level, threshold and action it
// deploys, the settings it carries over, and what would make the update fail.
import { MIGRATION_LIMITS, OWASP_ANOMALY_SCORE_RULE_ID, OWASP_CORE_RULESET_ID, rulesetName } from "@/lib/migration/managed-rulesets";
import type { Ruleset, RulesetRule } from "@/lib/migration/evidence";
import { impliedParanoiaLevel, UNSET_PARANOIA_NOTE } from "@/lib/migration/paranoia-level";

export interface ConfigRuleView {
  index: number;
  action: string;
  description: string;
  expression: string;
  expressionBytes: number;
  enabled: boolean;
  ruleset?: { id: string; name: string };
  overrides: string[];
}

export function describeConfig(config: Ruleset): ConfigRuleView[] {
  return config.rules.map((rule, index) => {
    const id = rule.action_parameters?.id;
    return {
      index,
      action: rule.action,
      description: rule.description || (id ? `Execute ${rulesetName(id)}` : `Rule ${index + 1}`),
      expression: rule.expression,
      expressionBytes: byteLength(rule.expression),
      enabled: rule.enabled ?? true,
      ruleset: id ? { id, name: rulesetName(id) } : undefined,
      overrides: describeOverrides(rule),
    };
  });
}

function describeOverrides(rule: RulesetRule): string[] {
  const overrides = rule.action_parameters?.overrides;
  if (!overrides) return [];
  const out: string[] = [];
  if (overrides.enabled !== undefined) out.push(`whole ruleset ${overrides.enabled ? "enabled" : "disabled"}`);
  if (overrides.action) out.push(`every rule's action: ${overrides.action}`);
  for (const c of overrides.categories ?? []) {
    out.push(`category ${c.category}: ${c.enabled === false ? "disabled" : c.action ? `action ${c.action}` : "enabled"}`);
  }
  for (const r of overrides.rules ?? []) {
    const parts = [
      r.enabled === undefined ? undefined : r.enabled ? "enabled" : "disabled",
      r.action ? `action ${r.action}` : undefined,
      r.score_threshold === undefined ? undefined : `score threshold ${r.score_threshold}`,
    ].filter(Boolean);
    out.push(`rule ${r.id}: ${parts.join(", ") || "unchanged"}`);
  }
  return out;
}

/** The OWASP settings the proposed configuration deploys, read back from its overrides. */
export function deployedOwasp(config: Ruleset) {
  const rule = config.rules.find((r) => r.action === "execute" && r.action_parameters?.id === OWASP_CORE_RULESET_ID);
  if (!rule) return undefined;
  const overrides = rule.action_parameters?.overrides;
  // null, never a guessed 4 or 1: without a paranoia category turned off the docs disagree (lib/migration/paranoia-level.ts).
  const paranoiaLevel = impliedParanoiaLevel(overrides?.categories);
  const score = overrides?.rules?.find((r) => r.id === OWASP_ANOMALY_SCORE_RULE_ID);
  return {
    enabled: rule.enabled ?? true,
    paranoiaLevel,
    ...(paranoiaLevel === null ? { paranoiaNote: UNSET_PARANOIA_NOTE } : {}),
    scoreThreshold: score?.score_threshold,
    action: score?.action,
  };
}

/** Rules the update migrates from firewall and page rules (everything but the managed rulesets it executes). */
export function migratedRules(config: Ruleset): ConfigRuleView[] {
  return describeConfig(config).filter((rule) => rule.action !== "execute");
}

export function oversizedExpressions(config: Ruleset): ConfigRuleView[] {
  return describeConfig(config).filter((rule) => rule.expressionBytes > MIGRATION_LIMITS.expressionBytes);
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}
