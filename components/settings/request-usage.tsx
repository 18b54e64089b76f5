"use client";
// The last server requests' subrequests and peak connections, as the server measured them (GET /api/usage).
import { useQuery } from "@tanstack/react-query";
import { fetchJson } from "@/lib/client/fetch-json";
import type { RequestUsage } from "@/lib/http/usage-log";
import { formatTime } from "@/lib/client/format";

export function RequestUsageTable() {
  const query = useQuery({
    queryKey: ["usage"],
    queryFn: ({ signal }) => fetchJson<{ requests: RequestUsage[] }>("/api/usage", { signal }),
    refetchInterval: 5_000,
  });
  const requests = (query.data?.requests ?? []).filter((r) => r.operation !== "GET /api/usage");
  return (
    <section aria-labelledby="request-usage" className="max-w-5xl rounded-lg border border-slate-200 bg-white">
      <h2 id="request-usage" className="border-b border-slate-200 px-4 py-3 font-semibold">
        Recent server requests
      </h2>
      <p className="px-4 pt-2 text-xs text-slate-600">
        Subrequests and peak simultaneous connections each request used, newest first (this server process).
      </p>
      {query.isError ? <p className="px-4 py-3 text-sm text-red-700">{query.error.message}</p> : null}
      {requests.length === 0 && !query.isPending ? (
        <p className="px-4 py-3 text-sm text-slate-600">No requests yet: open Zones or Certificates.</p>
      ) : null}
      {requests.length > 0 ? (
        <table className="w-full text-left text-sm" data-testid="request-usage">
          <thead className="text-slate-600">
            <tr>
              <th className="px-4 py-2 font-medium">Time</th>
              <th className="px-4 py-2 font-medium">Operation</th>
              <th className="px-4 py-2 font-medium">Status</th>
              <th className="px-4 py-2 font-medium">Subrequests</th>
              <th className="px-4 py-2 font-medium">Peak connections</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 font-mono">
            {requests.map((r, i) => (
              <tr key={`${r.at}-${i}`}>
                <td className="px-4 py-1.5">{formatTime(r.at)}</td>
                <td className="px-4 py-1.5">{r.operation}</td>
                <td className="px-4 py-1.5">{r.status}</td>
                <td className="px-4 py-1.5">
                  {r.subrequests} / {r.budget}
                </td>
                <td className="px-4 py-1.5">{r.peakConnections} / 6</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
