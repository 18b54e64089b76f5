"use client";
// Loads a whole listing whose responses may be cut short by the server's subrequest budget: follows the
// continuation cursor until there is none left, so callers can show progress as pages arrive. Running out of cursor
// is not being whole: `complete` is the answers' own word (every account read in full), `settled` only says it stopped.
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import type { AccountCoverage } from "@/lib/accounts/account-answers";
import { listingCoverage } from "@/lib/accounts/listing-coverage";
import { fetchJson } from "@/lib/client/fetch-json";

export interface CursorPage {
  complete: boolean;
  cursor?: string;
  /** With accounts: what this page covers of each (a failed account leaves no cursor, yet is not read). */
  accounts?: readonly AccountCoverage[];
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
  const { settled, complete, accounts } = useMemo(() => listingCoverage(pages, hasNextPage), [pages, hasNextPage]);

  return {
    pages,
    /** When the listing resumes after a rate-limit pause (epoch ms), while it waits. */
    resumeAt,
    /** Nothing more will be read (progress ends, retries and exports may start); whole or not. */
    settled,
    /** Every row read, of every account: only then is a figure built from the pages exact. */
    complete,
    /** What the pages cover of each account, over every page read so far. */
    accounts,
    error: query.error,
    isLoading: query.isPending,
    isFetching: query.isFetching,
    refetch: query.refetch,
  };
}
