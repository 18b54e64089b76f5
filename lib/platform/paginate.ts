// Walks every page of a v4 list. The first page says how many there are; the rest are requested at
// once and the scheduler keeps 6 in flight. Stops at `total_pages`, or earlier on an empty page.
// When the request can make no more calls (budget used up, or the rate limit needs a long wait), it
// returns the pages it has, in order, and the first page it does not have, so the next request
// resumes there: nothing repeated, nothing skipped.
import { z } from "zod";
import type { PlatformClient, Query } from "@/lib/platform/client";
import { DeferredError } from "@/lib/platform/errors";

export interface PageWalk<T> {
  items: T[];
  /** The first page not fetched; absent when the list is complete. */
  nextPage?: number;
  /** `result_info.total_count` as the platform reported it. */
  totalCount?: number;
  /** When the walk stopped for the rate limit: how long to wait before resuming. */
  retryAfterMs?: number;
}

export async function walkPages<T>(
  client: PlatformClient,
  path: string,
  query: Query,
  itemSchema: z.ZodType<T>,
  options: { perPage: number; startPage?: number; maxPages?: number },
): Promise<PageWalk<T>> {
  const listSchema = z.array(itemSchema);
  const fetchPage = (page: number) => client.get(path, { ...query, page, per_page: options.perPage }, listSchema);
  const startPage = options.startPage ?? 1;

  let first;
  try {
    first = await fetchPage(startPage);
  } catch (error) {
    if (error instanceof DeferredError) return { items: [], nextPage: startPage, retryAfterMs: error.retryAfterMs };
    throw error;
  }
  const totalCount = first.resultInfo?.total_count;
  const items = [...first.result];
  if (first.result.length === 0) return { items, totalCount };

  const totalPages = first.resultInfo?.total_pages;
  if (totalPages === undefined) return walkUntilEmpty(fetchPage, startPage + 1, items, totalCount);

  // At most `maxPages` in one walk: what one request holds in memory stays bounded, whatever the list's size.
  const lastPage = options.maxPages ? Math.min(totalPages, startPage + options.maxPages - 1) : totalPages;
  const pages = Array.from({ length: Math.max(0, lastPage - startPage) }, (_, i) => startPage + 1 + i);
  const settled = await Promise.allSettled(pages.map(fetchPage));
  for (const [i, outcome] of settled.entries()) {
    if (outcome.status === "rejected") {
      if (outcome.reason instanceof DeferredError) {
        return { items, nextPage: pages[i], totalCount, retryAfterMs: outcome.reason.retryAfterMs };
      }
      throw outcome.reason;
    }
    if (outcome.value.result.length === 0) return { items, totalCount };
    items.push(...outcome.value.result);
  }
  return lastPage < totalPages ? { items, nextPage: lastPage + 1, totalCount } : { items, totalCount };
}

/** Without `total_pages`, the only end is an empty page: one page after another. */
async function walkUntilEmpty<T>(
  fetchPage: (page: number) => Promise<{ result: T[] }>,
  page: number,
  items: T[],
  totalCount: number | undefined,
): Promise<PageWalk<T>> {
  for (; ; page++) {
    let result: T[];
    try {
      ({ result } = await fetchPage(page));
    } catch (error) {
      if (error instanceof DeferredError) return { items, nextPage: page, totalCount, retryAfterMs: error.retryAfterMs };
      throw error;
    }
    if (result.length === 0) return { items, totalCount };
    items.push(...result);
  }
}
