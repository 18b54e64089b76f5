// What an accept_baseline review accepts: the drift in words, from which baseline to which live entry
// point, as frozen when the review was created (execution refuses if either moved since approval).
import { Section } from "@/components/ui/section";

interface AcceptEvidence {
  baseline: { reviewId: string; at: string; version: string | null };
  live: { id: string; version: string; lastUpdated: string; rules: unknown[] };
  drift: { words: string[] };
}

function acceptEvidence(evidence: unknown): AcceptEvidence | undefined {
  if (typeof evidence !== "object" || evidence === null || !("drift" in evidence) || !("live" in evidence) || !("baseline" in evidence))
    return undefined;
  return evidence as AcceptEvidence;
}

export function DriftAccepted({ evidence }: { evidence: unknown }) {
  const accepted = acceptEvidence(evidence);
  if (!accepted) return null;
  return (
    <Section title="The drift this review accepts">
      <div data-testid="drift-accepted">
        <p>
          The baseline approved in review <span className="font-mono">{accepted.baseline.reviewId.slice(0, 8)}</span>
          {accepted.baseline.version ? ` (entry point version ${accepted.baseline.version})` : ""} is replaced by the live entry point,
          version {accepted.live.version} ({accepted.live.rules.length} rules, last updated {accepted.live.lastUpdated}). What changed since
          approval:
        </p>
        <ul className="mt-1 list-inside list-disc">
          {accepted.drift.words.map((words) => (
            <li key={words}>{words}</li>
          ))}
        </ul>
        <p className="mt-1 text-slate-600">
          No call is sent to the account. Execution refuses if the entry point or the baseline changes after approval.
        </p>
      </div>
    </Section>
  );
}
