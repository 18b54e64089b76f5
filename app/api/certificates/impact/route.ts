import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { impactCsvRows } from "@/lib/certificates/impact/impact-csv";
import { parseImpactQuery } from "@/lib/certificates/impact/impact-query";
import { readZoneImpact } from "@/lib/certificates/impact/read-impact";
import { toCsv } from "@/lib/csv";

export const dynamic = "force-dynamic";

/**
 * Which clients still reach each hostname of an affected certificate: per host, the requests of the window
 * from clients without the new root (estimated, with a 95 % interval). `format=csv` exports the same figures.
 */
export const GET = operation(
  async ({ url, platform }) => {
    const query = parseImpactQuery(url);
    const impact = await readZoneImpact(platform, query.zoneId, query.hosts, query.windowSeconds);
    if (url.searchParams.get("format") !== "csv") return impact;
    return new Response(toCsv(impactCsvRows(impact)), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="certificate-impact.csv"',
        "X-Preflight-Complete": String(impact.complete),
      },
    });
  },
  { role: "viewer", upstream: UPSTREAM.certificateImpact },
);
