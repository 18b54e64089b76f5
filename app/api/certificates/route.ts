import { readAccounts } from "@/lib/accounts/read-accounts";
import { auditCertificates } from "@/lib/certificates/audit";
import { csvRows, type CertificatesPage, type ZoneOutcome } from "@/lib/certificates/types";
import { exportFileName } from "@/lib/csv";
import { csvResponse } from "@/lib/http/csv-response";
import { operation } from "@/lib/http/operation";
import { readListQuery } from "@/lib/http/list-query";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { certificatesFromSnapshot, snapshotOrLive, type MaybeSnapshot } from "@/lib/snapshots/answers";

export const dynamic = "force-dynamic";

/**
 * Every certificate of the account with its verdict, and the CAA findings; `cursor` resumes, `refresh=1`
 * rescans. A fresh published snapshot answers instead of a live audit (`source=live` or `refresh=1` audit live).
 */
export const GET = operation(
  async ({ url, accounts, platformFor }) => {
    const query = readListQuery(url);
    const { cursor, refresh } = query;
    // Every account of the request, each with its own credentials; coverage per account is read from the zones' outcomes.
    // Each account answers from its own snapshot when fresh, else live.
    const page = await readAccounts<MaybeSnapshot<CertificatesPage>, "zones", ZoneOutcome>(
      { accounts, platformFor },
      cursor,
      "zones",
      (own, accountId, ownCursor) =>
        snapshotOrLive(
          own,
          { ...query, cursor: ownCursor },
          certificatesFromSnapshot,
          () => auditCertificates(own, { cursor: ownCursor, refresh, accountId }),
          "audit",
        ),
      // Zones to audit are every account's sum (unknown while one account is not read), never the first account's.
      { joined: ["certificates", "caa"], summed: ["totalZones"] },
    );
    if (query.format === "json") return page;
    // The CSV holds what this request reached; the headers (and the file name) say whether that is every account's whole.
    return csvResponse(csvRows(page.certificates), exportFileName("certificates.csv", page.complete), {
      "X-Preflight-Complete": String(page.complete),
      ...(page.cursor ? { "X-Preflight-Cursor": page.cursor } : {}),
    });
  },
  { role: "viewer", upstream: UPSTREAM.certificates },
);
