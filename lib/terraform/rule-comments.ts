// Comments that name, in words, what each id in a rule stands for: the managed ruleset it executes or
// skips, the rules and categories it overrides. The same words for both provider syntaxes.
import { categoryName, managedRuleName, rulesetName } from "@/lib/rulesets/managed-rulesets";
import type { CleanObject } from "@/lib/terraform/clean-rules";

/** "Rule 2 of 3: execute the Cloudflare Managed Ruleset (efb7…), enabled." */
export function ruleHeading(rule: CleanObject, index: number, count: number): string[] {
  const parameters = rule.action_parameters as CleanObject | undefined;
  const id = parameters?.id as string | undefined;
  const what =
    rule.action === "execute" && id
      ? `execute the ${rulesetName(id)} (${id})`
      : rule.action === "skip"
        ? `skip ${skipTarget(parameters)}`
        : `${String(rule.action)}`;
  const state = rule.enabled === false ? ", turned off" : "";
  const lines = [`Rule ${index + 1} of ${count}: ${what}${state}.`];
  if (typeof rule.description === "string" && rule.description !== "") lines.push(`Description: ${rule.description}`);
  return lines;
}

function skipTarget(parameters: CleanObject | undefined): string {
  if (!parameters) return "(nothing named)";
  if (parameters.ruleset === "current") return "the rest of this entry point's rules";
  const parts: string[] = [];
  if (Array.isArray(parameters.rulesets)) parts.push(`the ${(parameters.rulesets as string[]).map(rulesetName).join(", ")}`);
  if (parameters.rules && typeof parameters.rules === "object") parts.push("the managed rules listed below");
  if (Array.isArray(parameters.phases)) parts.push(`the phases ${(parameters.phases as string[]).join(", ")}`);
  if (Array.isArray(parameters.products)) parts.push(`the products ${(parameters.products as string[]).join(", ")}`);
  return parts.join(" and ") || "(nothing named)";
}

/** The words for the ruleset a rule executes, above its `id`. */
export function executedRulesetWords(id: string): string[] {
  return [`${id}: the ${rulesetName(id)}.`];
}

/** One line per ruleset a skip rule names, and per rule it skips in it. */
export function skippedWords(parameters: CleanObject): string[] {
  const lines: string[] = [];
  for (const id of (parameters.rulesets as string[] | undefined) ?? []) lines.push(`Skips ${id}: the ${rulesetName(id)}.`);
  for (const [rulesetId, ruleIds] of Object.entries((parameters.rules as Record<string, string[]> | undefined) ?? {})) {
    lines.push(`Skips in ${rulesetId} (the ${rulesetName(rulesetId)}):`);
    for (const ruleId of ruleIds) lines.push(`  ${ruleId}: ${managedRuleName(ruleId, rulesetId)}`);
  }
  return lines;
}

/** "paranoia-level-3: OWASP paranoia level 3, turned off." */
export function categoryWords(override: CleanObject): string[] {
  return [`${String(override.category)}: ${categoryName(String(override.category))}${overrideEffect(override)}.`];
}

/** "6179…: 949110: Inbound Anomaly Score Exceeded (…), score threshold 40, action log." */
export function ruleOverrideWords(override: CleanObject, rulesetId: string | undefined): string[] {
  return [`${String(override.id)}: ${managedRuleName(String(override.id), rulesetId)}${overrideEffect(override)}.`];
}

function overrideEffect(override: CleanObject): string {
  const parts = [
    override.enabled === false ? "turned off" : override.enabled === true ? "turned on" : undefined,
    override.score_threshold !== undefined ? `score threshold ${String(override.score_threshold)}` : undefined,
    override.action !== undefined ? `action ${String(override.action)}` : undefined,
    override.sensitivity_level !== undefined ? `sensitivity ${String(override.sensitivity_level)}` : undefined,
  ].filter(Boolean);
  return parts.length ? `, ${parts.join(", ")}` : "";
}
