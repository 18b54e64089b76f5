"use client";
// Each account's snapshot (GET /api/snapshots), for a page that reads several accounts: read only then, with the
// page's account filter.
import { useQuery } from "@tanstack/react-query";
import { withAccount } from "@/lib/accounts/account-filter";
import { fetchJson } from "@/lib/client/fetch-json";
import type { AccountSnapshot } from "@/lib/snapshots/account-snapshots";

export const ACCOUNT_SNAPSHOTS_KEY = "account-snapshots";

export function useAccountSnapshots(enabled: boolean, account: string | null | undefined): AccountSnapshot[] | undefined {
  const query = useQuery({
    queryKey: [ACCOUNT_SNAPSHOTS_KEY, account ?? "all"],
    queryFn: ({ signal }) => fetchJson<{ accounts: AccountSnapshot[] }>(withAccount("/api/snapshots", account), { signal }),
    enabled,
  });
  return enabled ? query.data?.accounts : undefined;
}
