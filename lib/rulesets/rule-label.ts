// How a rule of the entry point is named in a diff a reviewer reads: by its description, the managed
// ruleset it executes, or what it matches. Pure.
import { rulesetName } from "@/lib/rulesets/managed-rulesets";
import type { RulesetRule } from "@/lib/rulesets/ruleset";
import { executedRuleset, record, text } from "@/lib/rulesets/rule-fields";

/** "rule 'Block SQLi'", "execute Cloudflare OWASP Core Ruleset" or "skip rule for /api". */
export function ruleLabel(rule: RulesetRule): string {
  const description = text(rule.description);
  if (description) return `rule '${description}'`;
  const executed = executedRuleset(rule);
  if (rule.action === "execute" && executed) return `execute ${rulesetName(executed)}`;
  return `${text(rule.action) || "unnamed"} rule ${matchWords(text(rule.expression))}`;
}

/** A frozen rule in a review's list: its description, or for an execute rule without one the managed ruleset it runs, by name. */
export function ruleSummary(rule: Record<string, unknown>): string {
  const description = text(rule.description);
  if (description) return description;
  const executed = rule.action === "execute" ? record(rule.action_parameters).id : undefined;
  return typeof executed === "string" && executed !== "" ? rulesetName(executed) : "(no description)";
}

/** The label with the action in front when the description alone hides it: "skip rule 'Keep /api'". */
export function ruleLabelWithAction(rule: RulesetRule): string {
  const label = ruleLabel(rule);
  return label.startsWith("rule '") ? `${text(rule.action) || "unnamed"} ${label}` : label;
}

// A single path test reads as its path: `http.request.uri.path contains "/api/"` is "for /api".
const PATH_TEST =
  /^\(?\s*(?:starts_with\(\s*)?http\.request\.uri(?:\.path)?\s*(?:,|eq|==|contains|matches|~|wildcard|strict wildcard)?\s*"([^"\\]*)"\s*\)?\s*\)?$/;

function matchWords(expression: string): string {
  const trimmed = expression.trim();
  if (trimmed === "true") return "for every request";
  const path = PATH_TEST.exec(trimmed)?.[1];
  if (path) return `for ${path.length > 1 ? path.replace(/\/$/, "") : path}`;
  return `when ${shorten(trimmed, 80)}`;
}

export function shorten(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max - 1)}…`;
}
