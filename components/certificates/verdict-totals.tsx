"use client";
// Account totals by verdict (each a shortcut to that filter) and by certificate type.
import { KIND_LABELS } from "@/components/certificates/table/columns";
import { CERTIFICATE_VERDICT_LABELS } from "@/components/certificates/verdict-badge";
import { PartialCount } from "@/components/data-table/coverage";
import type { Coverage } from "@/lib/client/coverage";
import { KINDS, VERDICTS, type CertificateRow, type CertificateVerdict } from "@/lib/certificates/types";

const CARD: Record<CertificateVerdict, string> = {
  action_required: "border-red-200 bg-red-50 text-red-900",
  informational: "border-amber-200 bg-amber-50 text-amber-900",
  no_action: "border-emerald-200 bg-emerald-50 text-emerald-900",
  not_serving: "border-slate-200 bg-slate-50 text-slate-700",
};

export function VerdictTotals(props: {
  rows: readonly CertificateRow[];
  coverage: Coverage;
  active?: string | null;
  onPick: (verdict?: CertificateVerdict) => void;
}) {
  const { rows, coverage, active, onPick } = props;
  const count = (kind: string | null, verdict: CertificateVerdict | null) =>
    rows.filter((r) => (kind === null || r.kind === kind) && (verdict === null || r.verdict === verdict)).length;
  return (
    <section aria-label="Totals" className="grid gap-3 lg:grid-cols-[1fr_2fr]" data-testid="certificates-totals">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {VERDICTS.map((verdict) => (
          <button
            key={verdict}
            type="button"
            aria-pressed={active === verdict}
            onClick={() => onPick(active === verdict ? undefined : verdict)}
            className={`rounded-lg border p-3 text-left ${CARD[verdict]} ${active === verdict ? "ring-2 ring-blue-500" : ""}`}
          >
            <span className="block text-2xl font-semibold">
              <PartialCount count={count(null, verdict)} coverage={coverage} testId={`total-${verdict}`} />
            </span>
            <span className="text-xs">{CERTIFICATE_VERDICT_LABELS[verdict]}</span>
          </button>
        ))}
      </div>
      <table className="w-full rounded-lg border border-slate-200 bg-white text-sm">
        <caption className="sr-only">Certificates by type and verdict</caption>
        <thead className="bg-slate-50 text-xs font-semibold text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-1.5 text-left">
              Type
            </th>
            {VERDICTS.map((v) => (
              <th scope="col" key={v} className="px-3 py-1.5 text-right">
                {CERTIFICATE_VERDICT_LABELS[v]}
              </th>
            ))}
            <th scope="col" className="px-3 py-1.5 text-right">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {KINDS.map((kind) => (
            <tr key={kind} className="border-t border-slate-100">
              <th scope="row" className="px-3 py-1 text-left font-normal">
                {KIND_LABELS[kind]}
              </th>
              {VERDICTS.map((v) => (
                <td key={v} className="px-3 py-1 text-right tabular-nums">
                  <PartialCount count={count(kind, v)} coverage={coverage} />
                </td>
              ))}
              <td className="px-3 py-1 text-right font-medium tabular-nums">
                <PartialCount count={count(kind, null)} coverage={coverage} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
