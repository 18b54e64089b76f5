import { readAccounts } from "@/lib/accounts/read-accounts";
import { exportFileName } from "@/lib/csv";
import { csvResponse } from "@/lib/http/csv-response";
import { jsonWithRows } from "@/lib/http/json-with-rows";
import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { readListQuery } from "@/lib/http/list-query";
import { scanAccount, type AccountScan } from "@/lib/migration/scan-account";
import { migrationCsvRow, type MigrationRow } from "@/lib/migration/zone-assessment";
import { snapshotOrLive, zonesFromSnapshot, type MaybeSnapshot } from "@/lib/snapshots/answers";
import { zoneDriftFlags } from "@/lib/drift/open-flags";
import { flagsOfAccount } from "@/lib/drift/flags";

export const dynamic = "force-dynamic";

/**
 * Every zone of the account with its migration assessment. `cursor` resumes a scan the subrequest
 * budget cut short; `refresh=1` rescans instead of answering from the cache; `format=csv` exports.
 * A fresh published snapshot answers instead of a live scan (`source=live` or `refresh=1` scan live).
 */
export const GET = operation(
  async ({ url, platform, accounts, platformFor }) => {
    const query = readListQuery(url);
    // An export is one file: every zone the budget allows, not one page of them.
    const limit = query.format === "csv" ? Number.POSITIVE_INFINITY : undefined;
    const { cursor, refresh } = query;
    // On the first answer, before the scan spends what the budget leaves: the zones flagged by drift watch (null: unknown).
    // Each flag names its account; asked for one account, that account's flags only.
    const flags = query.format === "json" && !cursor ? await zoneDriftFlags(platform) : undefined;
    const drift = flags && flagsOfAccount(flags, accounts.accountId);
    // Every account of the request, each with its own credentials; rows name their account.
    // Each account answers from its own snapshot when fresh, else live.
    const scan = await readAccounts<MaybeSnapshot<AccountScan>, "zones", MigrationRow>(
      { accounts, platformFor },
      cursor,
      "zones",
      (own, accountId, ownCursor) =>
        snapshotOrLive(
          own,
          { ...query, cursor: ownCursor },
          zonesFromSnapshot,
          () => scanAccount(own, { cursor: ownCursor, refresh, accountId, limit }),
          "scan",
        ),
    );
    if (query.format === "json") return jsonWithRows(drift === undefined ? scan : { ...scan, drift }, "zones");
    // An export cut short by the budget, or missing an account, says so (its file name too), and how to continue it.
    return csvResponse(scan.zones.map(migrationCsvRow), exportFileName("zones.csv", scan.complete), {
      "X-Preflight-Complete": String(scan.complete),
      ...(scan.cursor ? { "X-Preflight-Cursor": scan.cursor } : {}),
    });
  },
  { role: "viewer", upstream: UPSTREAM.zones },
);
