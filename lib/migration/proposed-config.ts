// Reads the proposed configuration: each rule in words, the paranoia level, threshold and action it
// deploys, the settings it carries over, and what would make the update fail.
import { rulesetName } from "@/lib/rulesets/managed-rulesets";
import { MIGRATION_LIMITS } from "@/lib/migration/update-limits";
import type { Ruleset, RulesetRule } from "@/lib/rulesets/ruleset";

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
