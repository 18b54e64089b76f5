// The ruleset diff a migration review's reviewer approves: what the PUT changes in the zone's entry
// point, as frozen in the evidence. Reviews frozen before the diff was recorded still open: it is
// computed now from the entry point and configuration they froze, and said so. Pure.
import type { FrozenEntrypoint } from "@/lib/rulesets/entrypoint-words";
import { rulesetSchema, type Ruleset } from "@/lib/rulesets/ruleset";
import { diffRulesets, type RulesetDiff } from "@/lib/rulesets/diff";
import { rulesetDiffSchema } from "@/lib/rulesets/diff-schema";
import { rulesetOfEntrypoint } from "@/lib/rulesets/entrypoint-ruleset";
import type { ReviewKind } from "@/lib/reviews/kind-names";

/** The review kinds whose calls PUT the entry point. */
const PUT_KINDS: readonly ReviewKind[] = ["start_validation", "complete_migration"];

export type FrozenRulesetDiff =
  | { state: "recorded"; diff: RulesetDiff }
  | { state: "computed"; diff: RulesetDiff; note: string }
  | { state: "unavailable"; note: string };

export const NOT_RECORDED_NOTE =
  "The diff was not recorded when this review was created: it is computed now from the frozen entry point and configuration.";

/** The evidence field a migration review's diff is frozen in. */
export const RULESET_DIFF_FIELD = "rulesetDiff";

/** What a planned PUT changes, to freeze: null when there is no proposed configuration to compare. */
export function migrationRulesetDiff(entrypoint: FrozenEntrypoint | null, config: Ruleset | undefined): RulesetDiff | null {
  return config ? diffRulesets(rulesetOfEntrypoint(entrypoint), config) : null;
}

/** undefined for reviews that change no entry point (other kinds). */
export function frozenRulesetDiff(kind: ReviewKind, evidence: unknown): FrozenRulesetDiff | undefined {
  if (!PUT_KINDS.includes(kind)) return undefined;
  const frozen = typeof evidence === "object" && evidence !== null ? (evidence as Record<string, unknown>) : {};
  const recorded = rulesetDiffSchema.safeParse(frozen[RULESET_DIFF_FIELD]);
  if (recorded.success) return { state: "recorded", diff: recorded.data };
  const config = rulesetSchema.safeParse(frozen.proposedConfig);
  if (!config.success)
    return { state: "unavailable", note: "No proposed configuration was frozen with this review, so there is nothing to compare." };
  // Before entry points were frozen, what the PUT replaces was never read: no diff can say what changes.
  if (!("entrypoint" in frozen)) {
    return {
      state: "unavailable",
      note:
        "This review was created before Preflight read the zone's entry point: what the PUT replaces was never recorded, " +
        "so no diff can be computed. Execution refuses it; create a new review.",
    };
  }
  const entrypoint = frozenEntrypoint(frozen.entrypoint);
  if (entrypoint === undefined)
    return { state: "unavailable", note: "The frozen entry point could not be read back, so no diff can be computed." };
  return { state: "computed", diff: diffRulesets(rulesetOfEntrypoint(entrypoint), config.data), note: NOT_RECORDED_NOTE };
}

/** The evidence without the diff derived from it: drift is read on what was frozen, not on Preflight's words for it. */
export function withoutDerivedDiff(evidence: unknown): unknown {
  if (typeof evidence !== "object" || evidence === null || !(RULESET_DIFF_FIELD in evidence)) return evidence;
  const { [RULESET_DIFF_FIELD]: _derived, ...rest } = evidence as Record<string, unknown>;
  return rest;
}

function frozenEntrypoint(value: unknown): FrozenEntrypoint | null | undefined {
  if (value === null) return null;
  if (typeof value !== "object" || !Array.isArray((value as { rules?: unknown }).rules)) return undefined;
  return value as FrozenEntrypoint;
}
