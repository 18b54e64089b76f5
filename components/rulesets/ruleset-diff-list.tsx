// A ruleset diff in words: one line per change, the rules that only moved folded under it (they change nothing).
import type { RulesetDiff } from "@/lib/rulesets/diff";

export function RulesetDiffList({ diff, empty }: { diff: RulesetDiff; empty: string }) {
  return (
    <div className="flex flex-col gap-2">
      {diff.changes.length === 0 ? (
        <p data-testid="ruleset-diff-empty">{empty}</p>
      ) : (
        <ul className="list-inside list-disc" data-testid="ruleset-diff">
          {diff.changes.map((change, i) => (
            <li key={i} data-kind={change.kind}>
              {change.words}
            </li>
          ))}
        </ul>
      )}
      {diff.moved.length > 0 && (
        <details>
          <summary className="cursor-pointer text-xs text-slate-600">
            {diff.moved.length} rule{diff.moved.length === 1 ? "" : "s"} moved without changing what runs
          </summary>
          <ul className="mt-1 list-inside list-disc text-xs text-slate-600">
            {diff.moved.map((move, i) => (
              <li key={i}>{move.words}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
