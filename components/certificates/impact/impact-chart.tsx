"use client";
// Impacted requests per day across a certificate's hosts, with the same figures as a table (the text alternative).
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { HostImpact } from "@/lib/certificates/impact/host-impact";
import { compactCount, percent } from "@/lib/certificates/impact/impact-words";

function perDay(hosts: readonly HostImpact[]) {
  const days = new Map<string, { date: string; requests: number; impacted: number }>();
  for (const host of hosts)
    for (const d of host.days) {
      const day = days.get(d.date) ?? { date: d.date, requests: 0, impacted: 0 };
      day.requests += d.requests;
      day.impacted += d.impacted;
      days.set(d.date, day);
    }
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}

export function ImpactChart({ hosts }: { hosts: readonly HostImpact[] }) {
  const data = perDay(hosts);
  if (data.length === 0)
    return <p className="text-sm text-slate-600">No request per day to chart (the zone&apos;s settings leave out the day).</p>;
  return (
    <figure className="mt-3" aria-labelledby="impact-chart-caption">
      <figcaption id="impact-chart-caption" className="text-sm font-semibold">
        Impacted requests per day (estimated)
      </figcaption>
      <div aria-hidden="true" className="h-40">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="date" fontSize={11} />
            <YAxis allowDecimals={false} fontSize={11} width={48} tickFormatter={(n: number) => compactCount(n)} />
            <Tooltip />
            <Bar dataKey="impacted" name="Impacted requests" fill="#dc2626" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <details className="mt-1 text-sm">
        <summary className="cursor-pointer text-slate-600">Impacted requests per day as a table</summary>
        <table className="mt-1 text-xs" data-testid="impact-days">
          <thead>
            <tr>
              <th scope="col" className="pr-4 text-left">
                Day
              </th>
              <th scope="col" className="pr-4 text-right">
                Impacted
              </th>
              <th scope="col" className="pr-4 text-right">
                Requests
              </th>
              <th scope="col" className="pr-4 text-right">
                Share
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.date}>
                <th scope="row" className="pr-4 text-left font-normal">
                  {d.date}
                </th>
                <td className="pr-4 text-right tabular-nums">{Math.round(d.impacted)}</td>
                <td className="pr-4 text-right tabular-nums">{Math.round(d.requests)}</td>
                <td className="pr-4 text-right tabular-nums">{d.requests > 0 ? percent(d.impacted / d.requests) : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
