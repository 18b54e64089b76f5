// The frozen entry point (what the platform answered, read loosely) as the ruleset the diff compares.
// A rule the platform gave without an action or expression is kept, read as empty: dropping it would hide it. Pure.
import type { FrozenEntrypoint } from "@/lib/rulesets/entrypoint-words";
import type { Ruleset, RulesetRule } from "@/lib/rulesets/ruleset";

/** null (no entry point yet) stays null: the diff then says the PUT creates it. */
export function rulesetOfEntrypoint(entrypoint: FrozenEntrypoint | null | undefined): Ruleset | null {
  if (!entrypoint) return null;
  return {
    rules: entrypoint.rules.map((rule) => ({
      ...rule,
      action: typeof rule.action === "string" ? rule.action : "",
      expression: typeof rule.expression === "string" ? rule.expression : "",
    })) as RulesetRule[],
  };
}
