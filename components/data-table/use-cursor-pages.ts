"use client";
// Loads a whole listing whose responses may be cut short by the server's subrequest budget: follows the
// continuation cursor until the listing is complete, so callers can show progress as pages arrive.
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { fetchJson } from "@/lib/client/fetch-json";

export interface CursorPage {
  complete: boolean;
  cursor?: string;
  /** The account rate limit stopped this part: the next page is asked for after this many seconds. */
  retryAfterSeconds?: number;
}

/** `firstPage`: the first answer as the server rendered it (prefetched from its cache), so no wait for it. */
export function useCursorPages<P extends CursorPage>(queryKey: readonly unknown[], url: (cursor: string) => string, firstPage?: P) {
  const query = useInfiniteQuery({
    queryKey,
    initialPageParam: "",
    initialData: firstPage ? { pages: [firstPage], pageParams: [""] } : undefined,
    queryFn: ({ pageParam, signal }) => fetchJson<P>(url(pageParam), { signal }),
    getNextPageParam: (last) => (last.complete ? undefined : last.cursor),
  });
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;
  const pages = query.data?.pages;
  const wait = pages?.at(-1)?.retryAfterSeconds ?? 0;
  const resumeAt = hasNextPage && wait > 0 ? query.dataUpdatedAt + wait * 1000 : undefined;

  useEffect(() => {
    if (!hasNextPage || isFetchingNextPage || isError) return;
    if (wait <= 0) {
      void fetchNextPage();
      return;
    }
    // Waiting out the account rate limit in the browser keeps every server request short.
    const timer = setTimeout(() => void fetchNextPage(), wait * 1000);
    return () => clearTimeout(timer);
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage, wait, pages?.length]);

  return {
    pages,
    /** When the listing resumes after a rate-limit pause (epoch ms), while it waits. */
    resumeAt,
    complete: pages !== undefined && !hasNextPage,
    error: query.error,
    isLoading: query.isPending,
    isFetching: query.isFetching,
    refetch: query.refetch,
  };
}
