// What a migration PUT replaces: the zone's http_request_firewall_managed entry point as frozen when
// the review was created (execution refuses if it changed since approval).
import { Section } from "@/components/ui/section";
import { ruleSummary } from "@/lib/rulesets/rule-label";

interface FrozenEntrypoint {
  id: string;
  version: string;
  lastUpdated: string;
  rules: Array<{ id?: unknown; action?: unknown; description?: unknown; enabled?: unknown; action_parameters?: unknown }>;
}

/** The frozen entry point, null for none, undefined when the evidence holds none (other kinds, older reviews). */
function frozenEntrypoint(evidence: unknown): FrozenEntrypoint | null | undefined {
  if (typeof evidence !== "object" || evidence === null || !("entrypoint" in evidence)) return undefined;
  return (evidence as { entrypoint: FrozenEntrypoint | null }).entrypoint;
}

export function EntrypointReplaced({ evidence }: { evidence: unknown }) {
  const entrypoint = frozenEntrypoint(evidence);
  if (entrypoint === undefined) return null;
  return (
    <Section title="What the PUT replaces">
      <div data-testid="entrypoint-replaced">
        {entrypoint === null ? (
          <p>The zone has no http_request_firewall_managed entry point yet (404): the PUT creates it.</p>
        ) : (
          <>
            <p>
              The PUT replaces the whole entry point <span className="font-mono">{entrypoint.id}</span>, version {entrypoint.version} (last
              updated {entrypoint.lastUpdated}), with the proposed configuration. Its {entrypoint.rules.length} rule
              {entrypoint.rules.length === 1 ? "" : "s"} now:
            </p>
            <ol className="mt-1 list-inside list-decimal text-xs">
              {entrypoint.rules.map((rule, i) => (
                <li key={i}>
                  <span className="font-mono">{String(rule.action ?? "—")}</span> {ruleSummary(rule)}
                  {rule.enabled === false ? " (disabled)" : ""}
                </li>
              ))}
            </ol>
          </>
        )}
        <p className="mt-1 text-slate-600">Execution refuses, sending nothing, if the entry point changes after approval.</p>
      </div>
    </Section>
  );
}
