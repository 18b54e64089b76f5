// Which rule of one entry point is which rule of the other, by meaning rather than list position: by
// `ref`, then `id`, then the expression (with the managed ruleset an execute rule runs), then, for
// execute rules whose expression changed, the managed ruleset alone. Pure.
import type { RulesetRule } from "@/lib/rulesets/ruleset";
import { executedRuleset, identifier, text } from "@/lib/rulesets/rule-fields";

export type MatchKey = "ref" | "id" | "expression" | "ruleset";

export interface RulePair {
  before: number;
  after: number;
  by: MatchKey;
}

export interface RuleMatching {
  /** Sorted by the rule's position before. */
  pairs: RulePair[];
  /** Positions before of rules with no counterpart after. */
  removed: number[];
  /** Positions after of rules with no counterpart before. */
  added: number[];
}

const KEYS: Array<[MatchKey, (rule: RulesetRule) => string | undefined]> = [
  ["ref", (rule) => identifier(rule.ref)],
  ["id", (rule) => identifier(rule.id)],
  // Both managed rulesets run on "true": the executed ruleset keeps them apart.
  ["expression", (rule) => `${executedRuleset(rule) ?? ""}\u0000${text(rule.expression)}`],
  ["ruleset", (rule) => executedRuleset(rule)],
];

export function matchRules(before: RulesetRule[], after: RulesetRule[]): RuleMatching {
  const pairs: RulePair[] = [];
  const freeBefore = new Set(before.keys());
  const freeAfter = new Set(after.keys());
  for (const [by, key] of KEYS) {
    // Each key pairs the unmatched rules that share it in list order (duplicates pair first with first).
    const waiting = new Map<string, number[]>();
    for (const index of freeAfter) {
      const value = key(after[index]!);
      if (value !== undefined) waiting.set(value, [...(waiting.get(value) ?? []), index]);
    }
    for (const index of [...freeBefore]) {
      const value = key(before[index]!);
      const candidate = value === undefined ? undefined : waiting.get(value)?.shift();
      if (candidate === undefined) continue;
      pairs.push({ before: index, after: candidate, by });
      freeBefore.delete(index);
      freeAfter.delete(candidate);
    }
  }
  pairs.sort((a, b) => a.before - b.before);
  return { pairs, removed: [...freeBefore].sort((a, b) => a - b), added: [...freeAfter].sort((a, b) => a - b) };
}
