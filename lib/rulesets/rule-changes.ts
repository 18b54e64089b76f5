// What changed in one rule recognised on both sides: action, status, expression, description, the
// managed ruleset it runs and its overrides, what a skip rule skips, and any other field. Pure.
import type { RulesetRule } from "@/lib/rulesets/ruleset";
import { rulesetName } from "@/lib/rulesets/managed-rulesets";
import { overrideChanges } from "@/lib/rulesets/overrides";
import { canonical, executedRuleset, isEnabled, list, record, text, valueWords } from "@/lib/rulesets/rule-fields";
import { ruleLabel, shorten } from "@/lib/rulesets/rule-label";
import type { RulesetChange } from "@/lib/rulesets/ruleset-change";

type Change = Omit<RulesetChange, "rule">;

/** Fields that identify a rule or that the platform sets in its answers (SDK `SkipRule` & co.): never a change by meaning. */
const IDENTITY = new Set(["id", "ref", "version", "last_updated", "categories"]);
const NAMED = new Set(["action", "expression", "description", "enabled", "action_parameters"]);
const SKIP_TARGETS = ["ruleset", "rulesets", "rules", "phase", "phases", "products"];
/** A field the platform fills in when it is left out: absent and its default mean the same. */
const DEFAULTS: Record<string, unknown> = { logging: { enabled: true } };

export function ruleChanges(before: RulesetRule, after: RulesetRule): Change[] {
  const label = ruleLabel(after);
  const out: Change[] = [];
  if (before.action !== after.action) {
    out.push({
      kind: "action",
      words: `${label} action ${valueWords(before.action)} → ${valueWords(after.action)}`,
      target: "action",
      before: before.action,
      after: after.action,
    });
  }
  if (isEnabled(before) !== isEnabled(after)) {
    out.push({
      kind: "enabled",
      words: `${label} ${isEnabled(after) ? "enabled" : "disabled"}`,
      target: "enabled",
      before: isEnabled(before),
      after: isEnabled(after),
    });
  }
  if (text(before.expression) !== text(after.expression)) {
    out.push({
      kind: "expression",
      words: `${label} expression ${quote(before.expression)} → ${quote(after.expression)}`,
      target: "expression",
      before: before.expression,
      after: after.expression,
    });
  }
  if (text(before.description) !== text(after.description)) {
    out.push({
      kind: "description",
      words: `${label} description ${quote(before.description)} → ${quote(after.description)}`,
      target: "description",
      before: before.description,
      after: after.description,
    });
  }
  out.push(...parameterChanges(before, after, label));
  for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
    if (IDENTITY.has(key) || NAMED.has(key)) continue;
    const [a, b] = [before[key] ?? DEFAULTS[key], after[key] ?? DEFAULTS[key]];
    if (canonical(a) !== canonical(b))
      out.push({ kind: "field", words: `${label} ${key} ${valueWords(a)} → ${valueWords(b)}`, target: key, before: a, after: b });
  }
  return out;
}

function parameterChanges(before: RulesetRule, after: RulesetRule, label: string): Change[] {
  const was = record(before.action_parameters);
  const now = record(after.action_parameters);
  const out: Change[] = [];
  const handled = new Set<string>();
  const [rulesetThen, rulesetNow] = [executedRuleset(before), executedRuleset(after)];
  if (before.action === "execute" && after.action === "execute") {
    handled.add("id").add("overrides");
    if (rulesetThen !== rulesetNow) {
      out.push({
        kind: "executed_ruleset",
        words:
          `${label} now executes ${rulesetNow ? rulesetName(rulesetNow) : "no ruleset"} ` +
          `instead of ${rulesetThen ? rulesetName(rulesetThen) : "no ruleset"}`,
        target: "action_parameters.id",
        before: rulesetThen,
        after: rulesetNow,
      });
    } else if (rulesetNow) {
      out.push(...overrideChanges(rulesetNow, before, after));
    }
    // No version runs the latest one.
    handled.add("version");
    const [versionThen, versionNow] = [was.version ?? "latest", now.version ?? "latest"];
    if (canonical(versionThen) !== canonical(versionNow)) {
      out.push({
        kind: "parameters",
        words: `${label} version ${valueWords(versionThen)} → ${valueWords(versionNow)}`,
        target: "action_parameters.version",
        before: was.version,
        after: now.version,
      });
    }
  }
  if (before.action === "skip" && after.action === "skip") {
    SKIP_TARGETS.forEach((key) => handled.add(key));
    const [then, nowWords] = [skipWords(was), skipWords(now)];
    if (then !== nowWords)
      out.push({
        kind: "skip_target",
        words: `${label} skips ${nowWords} instead of ${then}`,
        target: "action_parameters",
        before: pick(was, SKIP_TARGETS),
        after: pick(now, SKIP_TARGETS),
      });
  }
  for (const key of [...new Set([...Object.keys(was), ...Object.keys(now)])].sort()) {
    if (handled.has(key) || canonical(was[key]) === canonical(now[key])) continue;
    out.push({
      kind: "parameters",
      words: `${label} parameter ${key} ${valueWords(was[key])} → ${valueWords(now[key])}`,
      target: `action_parameters.${key}`,
      before: was[key],
      after: now[key],
    });
  }
  return out;
}

/** What a skip rule skips, in words: "the remaining rules of the entry point", managed rulesets by name. */
export function skipWords(parameters: Record<string, unknown>): string {
  const parts: string[] = [];
  if (parameters.ruleset === "current") parts.push("the remaining rules of the entry point");
  if (parameters.phase === "current") parts.push("the rest of the current phase");
  const rulesets = list(parameters.rulesets).map((id) => rulesetName(String(id)));
  if (rulesets.length) parts.push(rulesets.join(", "));
  for (const [id, rules] of Object.entries(record(parameters.rules))) parts.push(`${list(rules).length} rule(s) of ${rulesetName(id)}`);
  if (list(parameters.phases).length) parts.push(`the phases ${list(parameters.phases).join(", ")}`);
  if (list(parameters.products).length) parts.push(`the products ${list(parameters.products).join(", ")}`);
  return parts.join(" and ") || "nothing";
}

function pick(value: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => value[k] !== undefined).map((k) => [k, value[k]]));
}

function quote(value: unknown): string {
  const words = text(value);
  return words ? `'${shorten(words, 120)}'` : "(none)";
}
