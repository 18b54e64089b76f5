import { toCsv } from "@/lib/csv";
import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { queryEnum } from "@/lib/http/query";
import { compareZone } from "@/lib/validation/compare-zone";
import { matchesFilter, parseRequestFilter, requestCsvRow } from "@/lib/validation/request-filter";
import { parseWindow } from "@/lib/validation/window";

export const dynamic = "force-dynamic";

/** Every compared request of the window matching the filters (class, action, rule, host, path, country); `format=csv` exports them all. */
export const GET = operation<{ id: string }>(async ({ url, platform, params }) => {
  const format = queryEnum(url, "format", ["json", "csv"] as const, "json");
  const window = parseWindow(url.searchParams.get("since"), url.searchParams.get("until"), Date.now());
  const filter = parseRequestFilter(url.searchParams);
  const { requests } = await compareZone(platform, params.id, window);
  const matching = requests.filter((request) => matchesFilter(request, filter));
  if (format === "json") return { window, filter, total: requests.length, requests: matching };
  const name = `validation-${params.id}-${window.since.slice(0, 10)}-${window.until.slice(0, 10)}.csv`;
  return new Response(toCsv(matching.map(requestCsvRow)), {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${name}"` },
  });
}, { role: "viewer", upstream: UPSTREAM.validation });
