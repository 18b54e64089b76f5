import { getConfig } from "@/lib/config";
import { toCsv } from "@/lib/csv";
import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { queryEnum, queryFlag, queryText } from "@/lib/http/query";
import { scanAccount } from "@/lib/migration/scan-account";
import { migrationCsvRow } from "@/lib/migration/zone-assessment";

export const dynamic = "force-dynamic";

/**
 * Every zone of the account with its migration assessment. `cursor` resumes a scan the subrequest
 * budget cut short; `refresh=1` rescans instead of answering from the cache; `format=csv` exports.
 */
export const GET = operation(async ({ url, platform }) => {
  const format = queryEnum(url, "format", ["json", "csv"] as const, "json");
  const scan = await scanAccount(platform, {
    cursor: queryText(url, "cursor"),
    refresh: queryFlag(url, "refresh"),
    accountId: getConfig().accountId,
  });
  if (format === "json") return scan;
  return new Response(toCsv(scan.zones.map(migrationCsvRow)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="zones.csv"',
      // An export cut short by the budget says so, and how to continue it.
      "X-Preflight-Complete": String(scan.complete),
      ...(scan.cursor ? { "X-Preflight-Cursor": scan.cursor } : {}),
    },
  });
}, { role: "viewer", upstream: UPSTREAM.zones });
