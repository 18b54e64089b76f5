// A ruleset diff by meaning, for the zone page, every migration review, the Terraform export and the
// drift watch: rules matched by ref, id or expression (lib/rulesets/match.ts), each change named in
// words a reviewer reads. A rule that only moved is not a change unless its move changes what runs
// (a skip rule now after the managed ruleset it skipped). Pure: no I/O.
import type { Ruleset, RulesetRule } from "@/lib/rulesets/ruleset";
import { matchRules, type MatchKey, type RulePair } from "@/lib/rulesets/match";
import type { RuleRef, RulesetChange, RulesetDiff, RulesetMove } from "@/lib/rulesets/ruleset-change";
import { movedRules, orderMatters } from "@/lib/rulesets/order";
import { ruleChanges } from "@/lib/rulesets/rule-changes";
import { executedRuleset, identifier } from "@/lib/rulesets/rule-fields";
import { ruleLabel, ruleLabelWithAction } from "@/lib/rulesets/rule-label";

export type { Ruleset, RulesetRule } from "@/lib/rulesets/ruleset";

export type { RuleRef, RulesetChange, RulesetChangeKind, RulesetDiff, RulesetMove } from "@/lib/rulesets/ruleset-change";

/** `before` null or undefined: no entry point yet, so every rule of `after` is added. */
export function diffRulesets(before: Ruleset | null | undefined, after: Ruleset): RulesetDiff {
  const was = before?.rules ?? [];
  const now = after.rules;
  const matching = matchRules(was, now);
  const changes: RulesetChange[] = [];
  if (!before) {
    changes.push({ kind: "entrypoint_created", words: `entry point created with ${now.length} rule${now.length === 1 ? "" : "s"}` });
  }
  for (const index of matching.removed) {
    const rule = was[index]!;
    const executed = executedRuleset(rule);
    changes.push({
      kind: executed ? "execute_removed" : "rule_removed",
      words: `${ruleLabelWithAction(rule)} removed`,
      rule: refOf(rule, { before: index }),
    });
  }
  for (const pair of matching.pairs) {
    const rule = refOf(now[pair.after]!, pair);
    changes.push(...ruleChanges(was[pair.before]!, now[pair.after]!).map((change) => ({ ...change, rule })));
  }
  for (const index of matching.added) {
    const rule = now[index]!;
    const executed = executedRuleset(rule);
    const where = now.length > 1 ? ` (rule ${index + 1} of ${now.length})` : "";
    changes.push({
      kind: executed ? "execute_added" : "rule_added",
      words: `${ruleLabelWithAction(rule)} added${where}`,
      rule: refOf(rule, { after: index }),
    });
  }
  const moved: RulesetMove[] = [];
  for (const move of movedRules(matching.pairs)) {
    const rule = now[move.pair.after]!;
    const ref = refOf(rule, move.pair);
    const mattering = (pairs: RulePair[]) =>
      pairs.filter((other) => orderMatters(rule, now[other.after]!)).map((other) => ruleLabel(now[other.after]!));
    const [before, after] = [mattering(move.nowBefore), mattering(move.nowAfter)];
    const words = `${ruleLabel(rule)} moved from rule ${move.pair.before + 1} to rule ${move.pair.after + 1}`;
    if (before.length === 0 && after.length === 0) {
      moved.push({ rule: ref, words });
      continue;
    }
    const order = [before.length ? `now runs before ${listWords(before)}` : "", after.length ? `now runs after ${listWords(after)}` : ""]
      .filter(Boolean)
      .join(" and ");
    changes.push({ kind: "order", words: `${ruleLabel(rule)} ${order}`, rule: ref, before: move.pair.before, after: move.pair.after });
  }
  return { changes, moved };
}

/** The diff's changes in words, one line each; "no change" when there is none. */
export function describeRulesetDiff(diff: RulesetDiff): string[] {
  return diff.changes.length ? diff.changes.map((change) => change.words) : ["no change"];
}

/** A few names, then how many more: one rule moved past 150 others is one readable line. */
function listWords(labels: string[], max = 4): string {
  return labels.length <= max ? labels.join(", ") : `${labels.slice(0, max).join(", ")} and ${labels.length - max} more`;
}

function refOf(rule: RulesetRule, where: { before?: number; after?: number; by?: MatchKey }): RuleRef {
  const ref = identifier(rule.ref);
  const id = identifier(rule.id);
  return {
    label: ruleLabel(rule),
    ...(ref ? { ref } : {}),
    ...(id ? { id } : {}),
    ...(where.before !== undefined ? { before: where.before } : {}),
    ...(where.after !== undefined ? { after: where.after } : {}),
    ...(where.by ? { matchedBy: where.by } : {}),
  };
}
