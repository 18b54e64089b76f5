"use client";
// The certificate inspector's per-host impact: each host's share from impacted clients with its 95 % interval,
// the unknown part and the sample behind it, then the chart of impacted requests per day.
import dynamic from "next/dynamic";
import { LoadingState } from "@/components/data-table/states";
import type { CertificateImpact } from "@/lib/certificates/impact/certificate-impact";
import { compactCount, IMPACTED_LABEL, impactWords, percent } from "@/lib/certificates/impact/impact-words";

// recharts loads with the inspector, not with the page.
const ImpactChart = dynamic(() => import("@/components/certificates/impact/impact-chart").then((m) => m.ImpactChart), {
  ssr: false,
  loading: () => <LoadingState label="Loading the chart…" />,
});

export function ImpactHosts({ impact }: { impact: CertificateImpact }) {
  return (
    <section className="mt-3" aria-labelledby="impact-hosts-title" data-testid="impact-hosts">
      <h3 id="impact-hosts-title" className="text-sm font-semibold">
        Clients that still reach its hosts ({IMPACTED_LABEL}; estimates from sampled requests, 95 % interval)
      </h3>
      <table className="mt-1 w-full text-sm">
        <thead>
          <tr className="text-left text-slate-500">
            <th scope="col">Host</th>
            <th scope="col">Impacted share</th>
            <th scope="col" className="text-right">
              Requests
            </th>
            <th scope="col" className="text-right">
              Unknown
            </th>
            <th scope="col" className="text-right">
              Sampled
            </th>
          </tr>
        </thead>
        <tbody>
          {impact.hosts.map((h) => (
            <tr key={h.host} data-testid="impact-host-row">
              <th scope="row" className="pr-3 text-left font-normal break-all">
                {h.host}
              </th>
              <td className="pr-3" title={impactWords(h)}>
                {h.share ? `${percent(h.share.estimate)} (${percent(h.share.lower)}–${percent(h.share.upper)})` : "no request"}
                {h.tooFewSamples && <span className="ml-1 text-amber-800">too few samples</span>}
              </td>
              <td className="text-right tabular-nums">{compactCount(h.requests.estimate)}</td>
              <td className="text-right tabular-nums">{h.requests.estimate > 0 ? percent(h.unknown / h.requests.estimate) : "—"}</td>
              <td className="text-right tabular-nums">{h.requests.sampleSize}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {impact.partial && (
        <p className="mt-1 text-sm font-medium text-amber-800" data-testid="impact-partial">
          {impact.partial}
        </p>
      )}
      {impact.missing.length > 0 && (
        <p className="mt-1 text-xs text-slate-600">Not read: {impact.missing.join(", ")} (a wildcard is counted by the names it serves).</p>
      )}
      <p className="mt-1 text-xs text-slate-600">
        Unknown: clients that hide their Android version (Chrome&apos;s reduced user agent, HTTP libraries) and requests whose user agent
        was not read; they are never counted as not impacted.
      </p>
      <ImpactChart hosts={impact.hosts} />
    </section>
  );
}
