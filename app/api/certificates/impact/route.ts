import { getConfig } from "@/lib/config";
import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { readAccountImpact } from "@/lib/certificates/impact/account-impact";
import { accountImpactCsvRows, accountImpactHeaders, impactCsvRows } from "@/lib/certificates/impact/impact-csv";
import { parseImpactQuery } from "@/lib/certificates/impact/impact-query";
import { readZoneImpact } from "@/lib/certificates/impact/read-impact";
import { readAffectedZoneImpact } from "@/lib/certificates/impact/zone-affected-impact";
import { csvResponse } from "@/lib/http/csv-response";

export const dynamic = "force-dynamic";

/**
 * Which clients still reach each hostname of an affected certificate: per host, the requests of the window
 * from clients without the new root (estimated, with a 95 % interval). `zone` and `host` filter: without
 * `host` the zone's affected hosts, without `zone` every affected zone of the account (`cursor` continues).
 * `format=csv` exports the same figures.
 */
export const GET = operation(
  async ({ url, platform }) => {
    const query = parseImpactQuery(url);
    const asCsv = url.searchParams.get("format") === "csv";
    if (query.zoneId === undefined) {
      const options = { windowSeconds: query.windowSeconds, hosts: query.hosts, cursor: query.cursor, accountId: getConfig().accountId };
      const answer = await readAccountImpact(platform, options);
      const headers = accountImpactHeaders(answer);
      if (!asCsv) return Response.json(answer, { headers });
      return csvResponse(accountImpactCsvRows(answer), "certificate-impact.csv", headers);
    }
    const impact =
      query.hosts.length > 0
        ? await readZoneImpact(platform, query.zoneId, query.hosts, query.windowSeconds)
        : await readAffectedZoneImpact(platform, query.zoneId, query.windowSeconds, getConfig().accountId);
    if (!asCsv) return impact;
    return csvResponse(impactCsvRows(impact), "certificate-impact.csv", { "X-Preflight-Complete": String(impact.complete) });
  },
  { role: "viewer", upstream: UPSTREAM.certificateImpact },
);
