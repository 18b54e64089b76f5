"use client";
// The accounts' certificate audit, page by page as the server's budget allows; Refresh starts a new scan; `account`
// (an account id, null for every account) reads one account.
import { useMemo, useState } from "react";
import { useCursorPages } from "@/components/data-table/use-cursor-pages";
import { withAccount } from "@/lib/accounts/account-filter";
import { accountsNotRead } from "@/lib/accounts/coverage-wording";
import type { CertificatesPage } from "@/lib/certificates/types";
import type { SnapshotInfo } from "@/lib/snapshots/read";

export function useCertificates(account?: string | null) {
  const [scan, setScan] = useState(0);
  const [reloads, setReloads] = useState(0);
  const { pages, ...query } = useCursorPages<CertificatesPage & { snapshot?: SnapshotInfo | null }>(
    ["certificates", scan, reloads, account ?? "all"],
    (cursor) =>
      withAccount(
        cursor ? `/api/certificates?cursor=${encodeURIComponent(cursor)}` : `/api/certificates${scan > 0 ? "?refresh=1" : ""}`,
        account,
      ),
  );
  const data = useMemo(
    () => ({
      certificates: pages?.flatMap((p) => p.certificates) ?? [],
      caa: pages?.flatMap((p) => p.caa) ?? [],
      zones: pages?.flatMap((p) => p.zones) ?? [],
    }),
    [pages],
  );
  const totalZones = pages?.[0]?.totalZones;
  // What the totals, chart and findings cover: zones audited of the accounts', and which accounts are not read.
  const failed = data.zones.filter((zone) => zone.status === "failed").length;
  const { complete, accounts } = query;
  const coverage = useMemo(
    () => ({ read: data.zones.length, total: totalZones, complete, failed, noun: "zones", accountsNotRead: accountsNotRead(accounts) }),
    [data.zones.length, totalZones, complete, failed, accounts],
  );
  return {
    ...query,
    ...data,
    coverage,
    totalZones,
    fetchedAt: pages?.[0]?.fetchedAt,
    changeCount: pages?.[0]?.changeCount,
    snapshot: pages?.[0]?.snapshot,
    rescan: () => setScan((n) => n + 1),
    reload: () => {
      setScan(0);
      setReloads((n) => n + 1);
    },
  };
}
