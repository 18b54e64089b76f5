// Reading a rule's fields defensively: entry points come from the platform loosely parsed, so a field
// may be missing or of another type; the diff never trusts the static type. Pure.
import type { RulesetRule } from "@/lib/rulesets/ruleset";

export function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** A key that identifies a rule: present and not the config answer's blank "" placeholder. */
export function identifier(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** The managed ruleset an execute rule runs, if any. */
export function executedRuleset(rule: RulesetRule): string | undefined {
  return rule.action === "execute" ? identifier(record(rule.action_parameters).id) : undefined;
}

/** A rule runs unless it says `enabled: false` (the platform's default is enabled). */
export function isEnabled(rule: RulesetRule): boolean {
  return rule.enabled !== false;
}

export function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** JSON with sorted object keys, so two values equal in meaning compare equal whatever their key order. */
export function canonical(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? "undefined";
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}

/** A value in a sentence: strings as they are, the rest as compact JSON, absent as the given word. */
export function valueWords(value: unknown, absent = "not set"): string {
  if (value === undefined) return absent;
  return typeof value === "string" ? value : canonical(value);
}
