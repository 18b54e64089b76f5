import { getConfig } from "@/lib/config";
import { toCsv } from "@/lib/csv";
import { jsonWithRows } from "@/lib/http/json-with-rows";
import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { queryEnum, queryFlag, queryText } from "@/lib/http/query";
import { scanAccount } from "@/lib/migration/scan-account";
import { migrationCsvRow } from "@/lib/migration/zone-assessment";
import { NotFoundError } from "@/lib/http/not-found-error";
import { isSnapshotCursor, zonesFromSnapshot } from "@/lib/snapshots/answers";
import { zoneDriftFlags } from "@/lib/drift/open-flags";

export const dynamic = "force-dynamic";

/**
 * Every zone of the account with its migration assessment. `cursor` resumes a scan the subrequest
 * budget cut short; `refresh=1` rescans instead of answering from the cache; `format=csv` exports.
 * A fresh published snapshot answers instead of a live scan (`source=live` or `refresh=1` scan live).
 */
export const GET = operation(async ({ url, platform }) => {
  const format = queryEnum(url, "format", ["json", "csv"] as const, "json");
  const source = queryEnum(url, "source", ["auto", "live", "snapshot"] as const, "auto");
  const cursor = queryText(url, "cursor");
  const refresh = queryFlag(url, "refresh");
  // An export is one file: every zone the budget allows, not one page of them.
  const limit = format === "csv" ? Number.POSITIVE_INFINITY : undefined;
  const accountId = getConfig().accountId;
  // Before the scan, which spends what the budget leaves: the zones flagged by drift watch (null: unknown).
  const drift = format === "json" ? await zoneDriftFlags(platform) : null;
  let scan;
  if (source !== "live" && !refresh && (!cursor || isSnapshotCursor(cursor))) {
    const fromSnapshot = await zonesFromSnapshot(platform, cursor);
    if (!fromSnapshot.answer && (source === "snapshot" || cursor)) throw new NotFoundError("There is no fresh snapshot of this account; scan live or refresh the snapshot");
    scan = fromSnapshot.answer ?? { ...(await scanAccount(platform, { refresh, accountId, limit })), snapshot: fromSnapshot.snapshot };
  } else {
    scan = await scanAccount(platform, { cursor, refresh, accountId, limit });
  }
  if (format === "json") return jsonWithRows({ ...scan, drift }, "zones");
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
