"use client";
// Every zone of the account with its migration assessment, following the scan's continuation cursor
// until it is complete. `refresh` rescans instead of reading the server's cache; `account` reads one account.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { useCursorPages } from "@/components/data-table/use-cursor-pages";
import type { AccountScan } from "@/lib/migration/scan-account";
import { withAccount } from "@/lib/accounts/account-filter";
import { accountsNotRead } from "@/lib/accounts/coverage-wording";
import type { DriftFlag } from "@/lib/drift/flags";
import type { SnapshotInfo } from "@/lib/snapshots/read";

/** `drift`: the zones drift watch flags (null: they could not be read). */
export type ZonesAnswer = AccountScan & { snapshot?: SnapshotInfo | null; drift?: DriftFlag[] | null };

/**
 * `firstPage`: the server's cached first answer of every account; used for the first listing only, never after a
 * refresh, nor for one account. `account`: the account id the listing is filtered to (null: every account).
 */
export function useZones(firstPage?: ZonesAnswer, account?: string | null) {
  const queryClient = useQueryClient();
  const [generation, setGeneration] = useState(0);
  const [reloads, setReloads] = useState(0);
  const { pages, ...query } = useCursorPages<ZonesAnswer>(
    ["zones", generation, reloads, account ?? "all"],
    (cursor) => {
      const params = new URLSearchParams();
      if (cursor) params.set("cursor", cursor);
      else if (generation > 0) params.set("refresh", "1");
      const qs = params.toString();
      return withAccount(`/api/zones${qs ? `?${qs}` : ""}`, account);
    },
    generation === 0 && !account ? firstPage : undefined,
  );
  const zones = useMemo(() => pages?.flatMap((page) => page.zones) ?? [], [pages]);
  const refresh = useCallback(() => {
    queryClient.removeQueries({ queryKey: ["zones"] });
    setGeneration((g) => g + 1);
  }, [queryClient]);
  // A new snapshot was published: read the listing again (from it), not a live rescan.
  const reload = useCallback(() => {
    queryClient.removeQueries({ queryKey: ["zones"] });
    setGeneration(0);
    setReloads((r) => r + 1);
  }, [queryClient]);
  const totalCount = pages?.[0]?.totalCount;
  // What every count on a page of zones covers: the pages say it beside their totals. An account not read leaves
  // every count partial, and is named in it.
  const failed = useMemo(() => zones.filter((zone) => zone.verdict === "failed").length, [zones]);
  const { complete, accounts } = query;
  const coverage = useMemo(
    () => ({ read: zones.length, total: totalCount, complete, failed, noun: "zones", accountsNotRead: accountsNotRead(accounts) }),
    [zones.length, totalCount, complete, failed, accounts],
  );
  // The first answer carries the account's drift flags.
  const drift = pages?.[0]?.drift;
  // Listing entries without a readable zone id: said beside the table, since no row can show them.
  const unreadableZones = pages?.find((page) => page.unreadableZones)?.unreadableZones ?? 0;
  return {
    ...query,
    zones,
    coverage,
    loaded: zones.length,
    totalCount,
    fetchedAt: pages?.[0]?.fetchedAt,
    snapshot: pages?.[0]?.snapshot,
    drift,
    unreadableZones,
    refresh,
    reload,
  };
}
