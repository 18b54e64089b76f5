// The words of a ruleset diff: each change by meaning and each harmless move, with the rule it is about.
// Apart from the diff itself, so the parts that compute one rule's changes share them without a cycle.
import type { MatchKey } from "@/lib/rulesets/match";

export type RulesetChangeKind =
  | "entrypoint_created"
  | "rule_added"
  | "rule_removed"
  | "execute_added"
  | "execute_removed"
  | "action"
  | "enabled"
  | "expression"
  | "description"
  | "executed_ruleset"
  | "skip_target"
  | "parameters"
  | "field"
  | "order"
  | "paranoia_level"
  | "score_threshold"
  | "score_action"
  | "ruleset_override"
  | "category_override"
  | "rule_override";

/** Which rule a change or move is about: its words, its keys, and its position (0-based) on each side it exists. */
export interface RuleRef {
  label: string;
  ref?: string;
  id?: string;
  before?: number;
  after?: number;
  /** How the rule was recognised on both sides. */
  matchedBy?: MatchKey;
}

export interface RulesetChange {
  kind: RulesetChangeKind;
  /** The sentence a reviewer reads: "OWASP paranoia level 2 → 3". */
  words: string;
  rule?: RuleRef;
  /** The category or managed rule id an override names, or the field that changed. */
  target?: string;
  /** The values that changed (absent for a rule added or removed: `rule` gives its position). */
  before?: unknown;
  after?: unknown;
}

/** A rule that moved without changing anything that runs. */
export interface RulesetMove {
  rule: RuleRef;
  words: string;
}

export interface RulesetDiff {
  /** Empty: no change by meaning. */
  changes: RulesetChange[];
  moved: RulesetMove[];
}
