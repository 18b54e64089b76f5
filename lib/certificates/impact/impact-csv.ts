// The impact export: one row per host with the estimate, its 95 % interval and the sample behind it, so a
// spreadsheet keeps the uncertainty the page shows.
import type { AccountImpact } from "@/lib/certificates/impact/account-impact";
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

type CsvRow = Record<string, string | number | boolean>;
const COLUMNS = ["host", "since", "until", "requests", "impactedRequests", "impactedLower", "impactedUpper", "impactedShare"];
const MORE_COLUMNS = ["impactedShareLower", "impactedShareUpper", "unknownRequests", "sampleSize", "tooFewSamples"];

/** The account-wide export: every read zone's rows, and a row per failed zone (marked, never dropped). */
export function accountImpactCsvRows(answer: AccountImpact): CsvRow[] {
  return answer.zones.flatMap((zone): CsvRow[] => {
    if (zone.impact) return impactCsvRows(zone.impact).map((row) => ({ ...row, zoneStatus: zone.status, zoneReason: "" }));
    const empty = Object.fromEntries([...COLUMNS, ...MORE_COLUMNS].map((column) => [column, ""]));
    return [{ zoneId: zone.zoneId, ...empty, zoneStatus: zone.status, zoneReason: zone.reason ?? "" }];
  });
}

/** The coverage headers every account-wide operation answers with (GET /api/terraform's). */
export function accountImpactHeaders(answer: AccountImpact): Record<string, string> {
  const count = (status: string) => String(answer.zones.filter((z) => z.status === status).length);
  return {
    "X-Preflight-Complete": String(answer.complete),
    ...(answer.cursor ? { "X-Preflight-Cursor": answer.cursor } : {}),
    "X-Preflight-Progress": `${answer.progress.done}/${answer.auditComplete ? answer.progress.total : ""}`,
    "X-Preflight-Zones-Read": count("read"),
    "X-Preflight-Zones-Failed": count("failed"),
    ...(answer.retryAfterSeconds ? { "X-Preflight-Retry-After": String(answer.retryAfterSeconds) } : {}),
  };
}
