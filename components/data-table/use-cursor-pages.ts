"use client";
// Loads a whole listing whose responses may be cut short by the server's subrequest budget: follows the
// continuation cursor until the listing is complete, so callers can show progress as pages arrive.
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { fetchJson } from "@/lib/client/fetch-json";

export interface CursorPage {
  complete: boolean;
  cursor?: string;
}

export function useCursorPages<P extends CursorPage>(queryKey: readonly unknown[], url: (cursor: string) => string) {
  const query = useInfiniteQuery({
    queryKey,
    initialPageParam: "",
    queryFn: ({ pageParam, signal }) => fetchJson<P>(url(pageParam), { signal }),
    getNextPageParam: (last) => (last.complete ? undefined : last.cursor),
  });
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  const pages = query.data?.pages;
  return {
    pages,
    complete: pages !== undefined && !hasNextPage,
    error: query.error,
    isLoading: query.isPending,
    isFetching: query.isFetching,
    refetch: query.refetch,
  };
}
