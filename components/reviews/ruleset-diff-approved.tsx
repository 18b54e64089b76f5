// What the reviewer approves for a migration step: the PUT's changes to the zone's entry point in words,
// as frozen with the review (or computed from what it froze, for reviews created before the diff was recorded).
import { RulesetDiffList } from "@/components/rulesets/ruleset-diff-list";
import { Section } from "@/components/ui/section";
import type { FrozenRulesetDiff } from "@/lib/reviews/ruleset-diff-evidence";

/** `frozen` comes read from the review by the server (GET /api/reviews/{id}): null for kinds that PUT no entry point. */
export function RulesetDiffApproved({ frozen }: { frozen: FrozenRulesetDiff | null }) {
  if (!frozen) return null;
  return (
    <Section title="What the migration changes">
      <div className="flex flex-col gap-2" data-testid="review-ruleset-diff">
        <p className="text-slate-600">
          Approving this review approves these changes to the zone&apos;s http_request_firewall_managed entry point, rule by rule (matched
          by ref, id or expression, not by position):
        </p>
        {frozen.state === "unavailable" ? (
          <p role="note" className="text-amber-800" data-testid="review-ruleset-diff-unavailable">
            {frozen.note}
          </p>
        ) : (
          <>
            {frozen.state === "computed" && (
              <p role="note" className="text-amber-800" data-testid="review-ruleset-diff-computed">
                {frozen.note}
              </p>
            )}
            <RulesetDiffList diff={frozen.diff} empty="No change by meaning: the entry point already holds the proposed configuration." />
          </>
        )}
      </div>
    </Section>
  );
}
