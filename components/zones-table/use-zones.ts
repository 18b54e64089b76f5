"use client";
// Loads every zone: the first response may be cut short by the server's subrequest budget, so the
// hook follows the continuation cursor until the listing is complete, reporting progress as it goes.
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { fetchJson } from "@/lib/client/fetch-json";
import type { ZonesPage } from "@/lib/platform/zones";

export function useZones() {
  const query = useInfiniteQuery({
    queryKey: ["zones"],
    initialPageParam: "",
    queryFn: ({ pageParam, signal }) =>
      fetchJson<ZonesPage>(`/api/zones${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ""}`, { signal }),
    getNextPageParam: (last) => (last.complete ? undefined : last.cursor),
  });
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  const pages = query.data?.pages;
  const zones = useMemo(() => pages?.flatMap((page) => page.zones) ?? [], [pages]);
  const totalCount = pages?.[0]?.totalCount;
  return {
    zones,
    loaded: zones.length,
    totalCount,
    complete: pages !== undefined && !hasNextPage,
    fetchedAt: pages?.[0]?.fetchedAt,
    error: query.error,
    isLoading: query.isPending,
    isFetching: query.isFetching,
    refetch: query.refetch,
  };
}
