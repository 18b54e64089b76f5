// The proposed configuration rendered readably: each rule, the managed ruleset it executes by name,
// every override; the raw JSON under it.
import type { MigrationDetail } from "@/lib/migration/zone-assessment";

type ProposedConfig = NonNullable<MigrationDetail["proposedConfig"]>;

export function ProposedConfigView({ config }: { config: ProposedConfig }) {
  return (
    <div className="flex flex-col gap-3">
      <ol className="flex flex-col gap-2" aria-label="Rules of the proposed configuration">
        {config.rules.map((rule) => (
          <li key={rule.index} className="rounded border border-slate-200 p-2" data-testid="config-rule">
            <p>
              <span className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs">{rule.action}</span>
              <span className="font-medium">{rule.ruleset ? rule.ruleset.name : rule.description}</span>
              {!rule.enabled && <span className="ml-2 text-xs text-amber-700">(deployed disabled)</span>}
            </p>
            {rule.ruleset && rule.description !== `Execute ${rule.ruleset.name}` && <p className="text-slate-600">{rule.description}</p>}
            <p className="mt-1 truncate font-mono text-xs text-slate-600" title={rule.expression}>
              when {rule.expression} <span className="text-slate-600">({rule.expressionBytes} bytes)</span>
            </p>
            {rule.overrides.length > 0 && (
              <ul className="mt-1 list-inside list-disc text-xs text-slate-700">
                {rule.overrides.map((override) => (
                  <li key={override}>{override}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      <details>
        <summary className="cursor-pointer text-blue-700">Raw JSON</summary>
        <pre className="mt-2 max-h-96 overflow-auto rounded bg-slate-50 p-2 text-xs">{JSON.stringify(config.raw, null, 2)}</pre>
      </details>
    </div>
  );
}
