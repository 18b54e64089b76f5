import { csvResponse } from "@/lib/http/csv-response";
import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { queryEnum } from "@/lib/http/query";
import { compareZone } from "@/lib/validation-mode/compare-zone";
import { withZoneAccount } from "@/lib/accounts/zone-account";
import { parseReadQuery } from "@/lib/validation-mode/read-query";
import { matchesFilter, parseRequestFilter, requestCsvRow } from "@/lib/validation-mode/request-filter";

export const dynamic = "force-dynamic";

/**
 * Every compared request of the window matching the filters (class, action, rule, host, path, country);
 * `format=csv` exports them all. The window's read is shared with the summary (read once, from the cache);
 * when it is not complete yet, the answer holds what was read, with `complete:false` and a `cursor`. The answer, and
 * each CSV row, names the zone's account.
 */
export const GET = operation<{ id: string }>(
  async ({ url, platform, params }) => {
    const format = queryEnum(url, "format", ["json", "csv"] as const, "json");
    const { window, ...read } = parseReadQuery(url, Date.now());
    const filter = parseRequestFilter(url.searchParams);
    const { result, account } = await withZoneAccount(platform, params.id, (own) => compareZone(own, params.id, window, read));
    const { requests, answer } = result;
    const matching = requests.filter((request) => matchesFilter(request, filter));
    const { complete, cursor, retryAfterSeconds, rateLimit, progress } = answer;
    if (format === "json")
      return {
        account,
        window: answer.window,
        filter,
        total: requests.length,
        requests: matching,
        complete,
        cursor,
        retryAfterSeconds,
        rateLimit,
        progress,
      };
    const name = `validation-${params.id}-${answer.window.since.slice(0, 10)}-${answer.window.until.slice(0, 10)}.csv`;
    // The CSV holds what was read; these say whether that is the whole window, and how to go on.
    return csvResponse(
      matching.map((request) => requestCsvRow(request, account)),
      name,
      {
        "X-Preflight-Complete": String(complete),
        ...(cursor ? { "X-Preflight-Cursor": cursor } : {}),
      },
    );
  },
  { role: "viewer", zoneParam: "id", upstream: UPSTREAM.validation },
);
