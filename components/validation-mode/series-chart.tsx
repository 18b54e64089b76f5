"use client";
// Requests per class over the window (recharts), with the same numbers as a table for screen readers.
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { REQUEST_CLASSES } from "@/lib/validation-mode/join";
import type { ValidationSummary } from "@/lib/validation-mode/summary";
import { CLASS_COLOURS, CLASS_LABELS } from "./labels";

const label = (iso: string) => iso.slice(5, 16).replace("T", " ");

export function SeriesChart({ summary }: { summary: ValidationSummary }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 className="font-semibold">Requests per class, every {summary.seriesBucketSeconds / 3600} h (UTC)</h3>
      <div className="mt-2 h-64" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart accessibilityLayer={false} data={summary.series}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="start" tickFormatter={label} minTickGap={40} />
            <YAxis allowDecimals={false} />
            <Tooltip labelFormatter={(v) => label(String(v))} />
            <Legend />
            {REQUEST_CLASSES.map((cls) => (
              <Area
                key={cls}
                type="monotone"
                dataKey={cls}
                name={CLASS_LABELS[cls]}
                stackId="1"
                stroke={CLASS_COLOURS[cls]}
                fill={CLASS_COLOURS[cls]}
                fillOpacity={0.4}
                isAnimationActive={false}
              />
            ))}
          </AreaChart>
        </ResponsiveContainer>
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer">The numbers as a table</summary>
        <table className="mt-2" data-testid="series-table">
          <caption className="sr-only">Requests per class per time bucket</caption>
          <thead>
            <tr>
              <th className="pr-3 text-left">From (UTC)</th>
              {REQUEST_CLASSES.map((cls) => (
                <th key={cls} className="px-2 text-right">
                  {CLASS_LABELS[cls]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {summary.series.map((point) => (
              <tr key={point.start}>
                <td className="pr-3 font-mono">{label(point.start)}</td>
                {REQUEST_CLASSES.map((cls) => (
                  <td key={cls} className="px-2 text-right">
                    {point[cls]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
