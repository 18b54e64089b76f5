// What changed in the overrides of a managed ruleset an execute rule runs: ruleset-wide settings,
// categories matched by category, rules matched by rule id, and for the OWASP core ruleset the paranoia
// level, score threshold and action the migration sets, in the dashboard's words. Pure.
import type { RulesetRule } from "@/lib/rulesets/ruleset";
import { OWASP_ANOMALY_SCORE_RULE_ID, OWASP_CORE_RULESET_ID, SCORE_THRESHOLD_PRESETS, rulesetName } from "@/lib/rulesets/managed-rulesets";
import { paranoiaChangeWords } from "@/lib/rulesets/paranoia-level";
import { deployedOwasp } from "@/lib/rulesets/owasp-settings";
import { canonical, identifier, list, record, valueWords } from "@/lib/rulesets/rule-fields";

export interface OverrideChange {
  kind: "paranoia_level" | "score_threshold" | "score_action" | "ruleset_override" | "category_override" | "rule_override";
  words: string;
  /** The category or managed rule id the override names. */
  target?: string;
  before?: unknown;
  after?: unknown;
}

const PARANOIA_CATEGORY = /^paranoia-level-\d$/;
const ANOMALY_RULE = "the anomaly score rule";

export function overrideChanges(rulesetId: string, before: RulesetRule, after: RulesetRule): OverrideChange[] {
  const name = rulesetName(rulesetId);
  const was = record(record(before.action_parameters).overrides);
  const now = record(record(after.action_parameters).overrides);
  const out: OverrideChange[] = [];
  const owasp = rulesetId === OWASP_CORE_RULESET_ID;
  let levelChanged = false;
  if (owasp) {
    const levelThen = deployedOwasp({ rules: [before] })?.paranoiaLevel;
    const levelNow = deployedOwasp({ rules: [after] })?.paranoiaLevel;
    levelChanged = levelThen !== levelNow;
    if (levelChanged)
      out.push({
        kind: "paranoia_level",
        words: paranoiaChangeWords(levelThen ?? null, levelNow ?? null),
        before: levelThen,
        after: levelNow,
      });
  }
  for (const key of [...new Set([...Object.keys(was), ...Object.keys(now)])].sort()) {
    if (key === "categories" || key === "rules" || canonical(was[key]) === canonical(now[key])) continue;
    out.push({
      kind: "ruleset_override",
      words: `${name}: every rule's ${settingName(key)} ${fieldWords(key, was[key])} → ${fieldWords(key, now[key])}`,
      target: key,
      before: was[key],
      after: now[key],
    });
  }
  const categories = keyed(was.categories, "category");
  const categoriesNow = keyed(now.categories, "category");
  for (const category of union(categories, categoriesNow)) {
    const [a, b] = [categories.get(category), categoriesNow.get(category)];
    // A paranoia category turned off or on is said once, as the level it moves.
    const fields = levelChanged && PARANOIA_CATEGORY.test(category) ? ["action"] : undefined;
    out.push(...entryChanges("category_override", `${name}: category ${category}`, category, a, b, fields));
  }
  const rules = keyed(was.rules, "id");
  const rulesNow = keyed(now.rules, "id");
  for (const id of union(rules, rulesNow)) {
    const [a, b] = [rules.get(id), rulesNow.get(id)];
    if (owasp && id === OWASP_ANOMALY_SCORE_RULE_ID) {
      out.push(...anomalyChanges(a, b));
      continue;
    }
    out.push(...entryChanges("rule_override", `${name}: rule ${id}`, id, a, b));
  }
  return out;
}

/** The anomaly score rule holds the OWASP threshold and action: each is named as the dashboard names it. */
function anomalyChanges(a: Record<string, unknown> | undefined, b: Record<string, unknown> | undefined): OverrideChange[] {
  const out: OverrideChange[] = [];
  const [thresholdThen, thresholdNow] = [a?.score_threshold, b?.score_threshold];
  if (canonical(thresholdThen) !== canonical(thresholdNow)) {
    out.push({
      kind: "score_threshold",
      words: `OWASP score threshold ${thresholdWords(thresholdThen)} → ${thresholdWords(thresholdNow)}`,
      target: OWASP_ANOMALY_SCORE_RULE_ID,
      before: thresholdThen,
      after: thresholdNow,
    });
  }
  if (canonical(a?.action) !== canonical(b?.action)) {
    out.push({
      kind: "score_action",
      words: `OWASP action ${valueWords(a?.action, "(ruleset default)")} → ${valueWords(b?.action, "(ruleset default)")}`,
      target: OWASP_ANOMALY_SCORE_RULE_ID,
      before: a?.action,
      after: b?.action,
    });
  }
  const rest = (entry: Record<string, unknown> | undefined) =>
    entry ? Object.fromEntries(Object.entries(entry).filter(([k]) => k !== "score_threshold" && k !== "action")) : undefined;
  const label = `Cloudflare OWASP Core Ruleset: ${ANOMALY_RULE} (${OWASP_ANOMALY_SCORE_RULE_ID})`;
  return [...out, ...entryChanges("rule_override", label, OWASP_ANOMALY_SCORE_RULE_ID, rest(a), rest(b), undefined, true)];
}

/** "Medium (40)", "38" for a threshold no preset names, "not set (the ruleset's default)". */
export function thresholdWords(value: unknown): string {
  if (typeof value !== "number") return value === undefined ? "not set (the ruleset's default)" : valueWords(value);
  const preset = Object.entries(SCORE_THRESHOLD_PRESETS).find(([, threshold]) => threshold === value)?.[0];
  return preset ? `${preset[0]!.toUpperCase()}${preset.slice(1)} (${value})` : String(value);
}

/** One category or rule override: added, removed, or each field changed. */
function entryChanges(
  kind: OverrideChange["kind"],
  label: string,
  target: string,
  a: Record<string, unknown> | undefined,
  b: Record<string, unknown> | undefined,
  only?: string[],
  partial = false,
): OverrideChange[] {
  const fieldsOf = (entry: Record<string, unknown> | undefined) =>
    Object.keys(entry ?? {}).filter((k) => k !== "id" && k !== "category" && (!only || only.includes(k)));
  if (!partial && a === undefined && b !== undefined)
    return fieldsOf(b).length || !only ? [{ kind, words: `${label} override added (${settingsWords(b, only)})`, target, after: b }] : [];
  if (!partial && a !== undefined && b === undefined)
    return fieldsOf(a).length || !only
      ? [{ kind, words: `${label} override removed (was ${settingsWords(a, only)})`, target, before: a }]
      : [];
  return [...new Set([...fieldsOf(a), ...fieldsOf(b)])]
    .sort()
    .filter((field) => canonical(a?.[field]) !== canonical(b?.[field]))
    .map((field) => ({
      kind,
      words: `${label} ${settingName(field)} ${fieldWords(field, a?.[field])} → ${fieldWords(field, b?.[field])}`,
      target,
      before: a?.[field],
      after: b?.[field],
    }));
}

function settingsWords(entry: Record<string, unknown>, only?: string[]): string {
  const parts = Object.keys(entry)
    .filter((k) => k !== "id" && k !== "category" && (!only || only.includes(k)))
    .sort()
    .map((k) => (k === "enabled" ? (entry[k] === false ? "disabled" : "enabled") : `${settingName(k)} ${valueWords(entry[k])}`));
  return parts.join(", ") || "no setting";
}

function fieldWords(field: string, value: unknown): string {
  if (field === "enabled" && typeof value === "boolean") return value ? "enabled" : "disabled";
  return valueWords(value, "(ruleset default)");
}

function settingName(key: string): string {
  if (key === "enabled") return "status";
  if (key === "action") return "action";
  return key.replace(/_/g, " ");
}

function keyed(entries: unknown, key: "category" | "id"): Map<string, Record<string, unknown>> {
  const map = new Map<string, Record<string, unknown>>();
  for (const entry of list(entries)) {
    const name = identifier(record(entry)[key]);
    if (name !== undefined && !map.has(name)) map.set(name, record(entry));
  }
  return map;
}

function union<T>(a: Map<string, T>, b: Map<string, T>): string[] {
  return [...new Set([...a.keys(), ...b.keys()])];
}
