"use client";
// Expiries per month against the two September 2024 dates, with the same figures as text.
import { Bar, BarChart, CartesianGrid, Legend, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { CERTIFICATE_VERDICT_LABELS } from "@/components/certificates/verdict-badge";
import { PARTIAL_CHART_STYLE } from "@/components/data-table/coverage";
import { coverageLabel, isExact, partialCount, type Coverage } from "@/lib/client/coverage";
import { AFTER_CROSS_SIGN_EXPIRY_MS, DATES, REBUNDLE_MS } from "@/lib/certificates/chain-change";
import { VERDICTS, type CertificateRow, type CertificateVerdict } from "@/lib/certificates/types";
import { formatMonth } from "@/lib/client/format";

const COLORS: Record<CertificateVerdict, string> = {
  action_required: "#dc2626",
  informational: "#d97706",
  no_action: "#059669",
  not_serving: "#94a3b8",
};
const CROSS_SIGN_MS = Date.parse(`${DATES.crossSignExpiry}T00:00:00Z`);

type Bucket = { month: number; label: string } & Record<CertificateVerdict, number>;

function buckets(rows: readonly CertificateRow[]): Bucket[] {
  const byMonth = new Map<string, Bucket>();
  for (const row of rows) {
    if (!row.expiresOn) continue;
    const label = row.expiresOn.slice(0, 7);
    const bucket = byMonth.get(label) ?? {
      month: Date.parse(`${label}-15T00:00:00Z`),
      label,
      action_required: 0,
      informational: 0,
      no_action: 0,
      not_serving: 0,
    };
    bucket[row.verdict]++;
    byMonth.set(label, bucket);
  }
  return [...byMonth.values()].sort((a, b) => a.month - b.month);
}

export function ExpiryTimeline({ rows, coverage }: { rows: readonly CertificateRow[]; coverage: Coverage }) {
  const data = buckets(rows);
  const exact = isExact(coverage);
  const n = (count: number) => partialCount(count, exact);
  const expiries = rows.filter((r) => r.expiresOn).map((r) => Date.parse(r.expiresOn!));
  const before = expiries.filter((t) => t < REBUNDLE_MS).length;
  const between = expiries.filter((t) => t >= REBUNDLE_MS && t < AFTER_CROSS_SIGN_EXPIRY_MS).length;
  const after = expiries.length - before - between;
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-3" aria-labelledby="expiry-caption">
      <figcaption id="expiry-caption" className="text-sm font-semibold">
        Expiries by month{exact ? "" : ` (partial: ${coverageLabel(coverage)})`}
      </figcaption>
      {/* A partial chart is hatched: its bars are what was read, not the account's. */}
      <div aria-hidden="true" className="h-56" style={exact ? undefined : PARTIAL_CHART_STYLE}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={data} margin={{ top: 16, right: 16, left: 0, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="month"
              type="number"
              scale="time"
              domain={["dataMin - 2592000000", "dataMax + 2592000000"]}
              tickFormatter={formatMonth}
              fontSize={11}
            />
            <YAxis allowDecimals={false} fontSize={11} width={36} />
            <Tooltip labelFormatter={(t) => formatMonth(Number(t))} />
            <Legend />
            {VERDICTS.map((v) => (
              <Bar
                key={v}
                dataKey={v}
                name={CERTIFICATE_VERDICT_LABELS[v]}
                stackId="verdict"
                fill={COLORS[v]}
                barSize={8}
                isAnimationActive={false}
              />
            ))}
            <ReferenceLine
              x={REBUNDLE_MS}
              stroke="#1d4ed8"
              strokeDasharray="4 2"
              label={{ value: DATES.rebundle, position: "insideTopRight", fontSize: 11 }}
            />
            <ReferenceLine
              x={CROSS_SIGN_MS}
              stroke="#7c3aed"
              strokeDasharray="4 2"
              label={{ value: DATES.crossSignExpiry, position: "insideTopLeft", fontSize: 11 }}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <p className="mt-2 text-sm text-slate-700" data-testid="expiry-summary">
        {exact ? "" : `Partial (${coverageLabel(coverage)}): `}
        {n(before)} expire before {DATES.rebundle}, {n(between)} between {DATES.rebundle} and {DATES.crossSignExpiry}, {n(after)} after
        {rows.length > expiries.length ? `; ${rows.length - expiries.length} have no expiry date yet` : ""}.
      </p>
      <details className="mt-1 text-sm">
        <summary className="cursor-pointer text-slate-600">Expiries by month as a table</summary>
        <table className="mt-1 text-xs">
          <thead>
            <tr>
              <th scope="col" className="pr-4 text-left">
                Month
              </th>
              {VERDICTS.map((v) => (
                <th scope="col" key={v} className="pr-4 text-right">
                  {CERTIFICATE_VERDICT_LABELS[v]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.map((b) => (
              <tr key={b.label}>
                <th scope="row" className="pr-4 text-left font-normal">
                  {b.label}
                </th>
                {VERDICTS.map((v) => (
                  <td key={v} className="pr-4 text-right tabular-nums">
                    {b[v]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
