// The impact export: one row per host with the estimate, its 95 % interval and the sample behind it, so a
// spreadsheet keeps the uncertainty the page shows.
import type { ZoneImpact } from "@/lib/certificates/impact/read-impact";

export function impactCsvRows(impact: Pick<ZoneImpact, "zoneId" | "since" | "until" | "hosts">) {
  return impact.hosts.map((h) => ({
    zoneId: impact.zoneId,
    host: h.host,
    since: impact.since,
    until: impact.until,
    requests: Math.round(h.requests.estimate),
    impactedRequests: Math.round(h.impacted.estimate),
    impactedLower: Math.round(h.impacted.lower),
    impactedUpper: Math.round(h.impacted.upper),
    impactedShare: h.share ? h.share.estimate.toFixed(4) : "",
    impactedShareLower: h.share ? h.share.lower.toFixed(4) : "",
    impactedShareUpper: h.share ? h.share.upper.toFixed(4) : "",
    unknownRequests: Math.round(h.unknown),
    sampleSize: h.requests.sampleSize,
    tooFewSamples: h.tooFewSamples,
  }));
}
