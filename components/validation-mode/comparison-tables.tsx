"use client";
// The old × new action matrix (a cell opens the drill-down on it) and the top rules, hosts and paths per class.
import { REQUEST_CLASSES, type RequestClass } from "@/lib/validation-mode/join";
import type { ValidationSummary } from "@/lib/validation-mode/summary";
import { CLASS_LABELS } from "./labels";
import { formatCount as n } from "@/lib/client/format";

const NONE = "— (did not act)";

export function ActionMatrix({ summary, onPick }: { summary: ValidationSummary; onPick: (cls: RequestClass, action: string) => void }) {
  const oldActions = [...new Set(summary.byAction.map((c) => c.oldAction ?? NONE))].sort();
  const newActions = [...new Set(summary.byAction.map((c) => c.newAction ?? NONE))].sort();
  const cell = (o: string, nw: string) => summary.byAction.find((c) => (c.oldAction ?? NONE) === o && (c.newAction ?? NONE) === nw);
  const sampled = summary.sampling.sampled;
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 className="font-semibold">
        Requests by the previous (rows) and the new (columns) rules&apos; action
        {sampled ? " (estimated: ≈ requests, from the sampled ones seen)" : ""}
      </h3>
      <p className="text-sm text-slate-600" data-testid="class-totals">
        {REQUEST_CLASSES.map((cls) =>
          sampled
            ? `${CLASS_LABELS[cls]}: ≈${n(summary.estimated[cls])} (${n(summary.totals[cls])} seen)`
            : `${CLASS_LABELS[cls]}: ${n(summary.totals[cls])}`,
        ).join(" · ")}
      </p>
      <table className="mt-2 text-sm" data-testid="action-matrix">
        <caption className="sr-only">Requests by previous action and new action</caption>
        <thead>
          <tr>
            <th className="pr-4 text-left">Previous ↓ / New →</th>
            {newActions.map((nw) => (
              <th key={nw} className="px-3 text-right font-mono">
                {nw}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {oldActions.map((o) => (
            <tr key={o} className="border-t border-slate-100">
              <th className="pr-4 text-left font-mono">{o}</th>
              {newActions.map((nw) => {
                const c = cell(o, nw);
                return (
                  <td key={nw} className="px-3 text-right">
                    {c ? (
                      <button
                        type="button"
                        className="underline"
                        title={sampled ? `${CLASS_LABELS[c.class]}: ${n(c.requests)} seen` : CLASS_LABELS[c.class]}
                        onClick={() => onPick(c.class, (c.newAction ?? c.oldAction) as string)}
                      >
                        {sampled ? `≈${n(c.estimatedRequests)}` : n(c.requests)}
                      </button>
                    ) : (
                      <span className="text-slate-600">0</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Ranking({ title, items }: { title: string; items: Array<{ key: string; requests: number; side?: string }> }) {
  return (
    <div>
      <h4 className="text-xs font-semibold text-slate-600">{title}</h4>
      {items.length === 0 ? (
        <p className="text-sm text-slate-500">none</p>
      ) : (
        <ol className="text-sm">
          {items.slice(0, 5).map((item) => (
            <li key={`${item.side ?? ""}${item.key}`} className="flex justify-between gap-2">
              <span className="truncate font-mono" title={item.key}>
                {item.side ? `${item.side}: ` : ""}
                {item.key}
              </span>
              <span>{item.requests}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export function TopLists({ summary }: { summary: ValidationSummary }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {REQUEST_CLASSES.map((cls) => (
        <section key={cls} className="rounded-lg border border-slate-200 bg-white p-4" aria-label={`Top of ${CLASS_LABELS[cls]}`}>
          <h3 className="font-semibold">{CLASS_LABELS[cls]}</h3>
          <div className="mt-2 grid grid-cols-3 gap-3">
            <Ranking title="Rules" items={summary.topRules[cls]} />
            <Ranking title="Hosts" items={summary.topHosts[cls]} />
            <Ranking title="Paths" items={summary.topPaths[cls]} />
          </div>
        </section>
      ))}
    </div>
  );
}
