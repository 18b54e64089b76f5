// Which matched rules really moved (their order flipped against another matched rule, not merely shifted
// by a rule added or removed), and whether that flip changes what runs. Pure.
import type { RulesetRule } from "@/lib/rulesets/ruleset";
import type { RulePair } from "@/lib/rulesets/match";

export interface RuleMove {
  pair: RulePair;
  /** Matched rules this one now runs before, though it ran after them, and the reverse. */
  nowBefore: RulePair[];
  nowAfter: RulePair[];
}

/** The fewest rules whose moves explain the new order: those outside a longest run kept in order. */
export function movedRules(pairs: RulePair[]): RuleMove[] {
  const byBefore = [...pairs].sort((a, b) => a.before - b.before);
  const kept = new Set(longestIncreasing(byBefore.map((p) => p.after)).map((i) => byBefore[i]!));
  return byBefore
    .filter((pair) => !kept.has(pair))
    .map((pair) => ({
      pair,
      nowBefore: byBefore.filter((other) => other.before < pair.before && other.after > pair.after),
      nowAfter: byBefore.filter((other) => other.before > pair.before && other.after < pair.after),
    }));
}

/**
 * Whether two rules' order decides what runs: a skip rule skips only what comes after it, and of two rules
 * that can end a request (a managed ruleset's block, a block rule) the first one decides. Only two rules that
 * never end one and skip nothing (log rules) run the same in either order.
 */
export function orderMatters(a: RulesetRule, b: RulesetRule): boolean {
  if (a.action === "skip" || b.action === "skip") return true;
  return a.action !== "log" && b.action !== "log";
}

/** Positions (into `values`) of one longest strictly increasing subsequence, O(n log n). */
function longestIncreasing(values: number[]): number[] {
  const tails: number[] = []; // tails[k]: index of the smallest tail of an increasing run of length k + 1
  const previous: number[] = new Array<number>(values.length).fill(-1);
  values.forEach((value, i) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (values[tails[mid]!]! < value) low = mid + 1;
      else high = mid;
    }
    if (low > 0) previous[i] = tails[low - 1]!;
    tails[low] = i;
  });
  const out: number[] = [];
  for (let i = tails.length ? tails[tails.length - 1]! : -1; i !== -1; i = previous[i]!) out.push(i);
  return out.reverse();
}
