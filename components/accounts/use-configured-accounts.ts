"use client";
// The accounts a page without account coverage of its own offers in its filter: every account Preflight reads
// (GET /api/accounts), deduplicated by id. Empty until read, or when they could not be read.
import { useQuery } from "@tanstack/react-query";
import { accountOptions } from "@/lib/accounts/account-filter";
import type { RowAccount } from "@/lib/accounts/row-account";
import { fetchJson } from "@/lib/client/fetch-json";

export function useConfiguredAccounts(): RowAccount[] {
  const query = useQuery({
    queryKey: ["accounts"],
    queryFn: ({ signal }) => fetchJson<{ accounts: RowAccount[] }>("/api/accounts", { signal }),
    staleTime: 5 * 60_000,
  });
  return accountOptions(query.data?.accounts);
}
