// The edge runtime's limits Preflight works within, and how it honours each (server-rendered).
import "server-only";
import { getConfig } from "@/lib/config";
import { limitRows } from "@/lib/platform/limits-summary";
import { rateLimitKeeping } from "@/lib/platform/open-platform";

export function RuntimeLimits() {
  const rows = limitRows(getConfig(), rateLimitKeeping());
  return (
    <section aria-labelledby="runtime-limits" className="max-w-5xl rounded-lg border border-slate-200 bg-white">
      <h2 id="runtime-limits" className="border-b border-slate-200 px-4 py-3 font-semibold">
        Runtime limits
      </h2>
      <table className="w-full text-left text-sm">
        <thead className="text-slate-600">
          <tr>
            <th className="px-4 py-2 font-medium">Limit</th>
            <th className="px-4 py-2 font-medium">Value</th>
            <th className="px-4 py-2 font-medium">How Preflight stays within it</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.limit}>
              <td className="px-4 py-2 text-slate-700">{row.limit}</td>
              <td className="px-4 py-2 font-mono text-slate-900">{row.value}</td>
              <td className="px-4 py-2 text-slate-600">{row.how}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
