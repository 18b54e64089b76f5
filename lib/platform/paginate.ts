// Walks every page of a v4 list. The first page says how many there are; the rest are requested at
// once and the scheduler keeps 6 in flight. Stops at `total_pages`, or earlier on an empty page.
// When the request can make no more calls (budget used up, or the rate limit needs a long wait), it
// returns the pages it has, in order, and the first page it does not have, so the next request
// resumes there: nothing repeated, nothing skipped. A page that repeats the one before it means the
// server ignored `page`: the listing fails, named as such, instead of refetching until the budget is spent.
import { z } from "zod";
import type { PlatformClient, Query } from "@/lib/platform/client";
import { DeferredError, PlatformError } from "@/lib/errors/platform-errors";

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
  const repeated = (page: number) => new RepeatedPageError(path, page);

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

  // The previous WAF's lists (and others) have no `total_pages`: result_info there is count, page, per_page, total_count.
  const totalPages = first.resultInfo?.total_pages;
  if (totalPages === undefined) {
    const lastPage = options.maxPages ? startPage + options.maxPages - 1 : Infinity;
    // From page 1, `total_count` items read is the whole list: no empty page needs to be asked for.
    const complete = () => startPage === 1 && totalCount !== undefined && items.length >= totalCount;
    return walkUntilEmpty(fetchPage, { page: startPage + 1, lastPage, items, totalCount, previous: first.result, complete, repeated });
  }

  // At most `maxPages` in one walk: what one request holds in memory stays bounded, whatever the list's size.
  const lastPage = options.maxPages ? Math.min(totalPages, startPage + options.maxPages - 1) : totalPages;
  const pages = Array.from({ length: Math.max(0, lastPage - startPage) }, (_, i) => startPage + 1 + i);
  const settled = await Promise.allSettled(pages.map(fetchPage));
  let previous: readonly T[] = first.result;
  for (const [i, outcome] of settled.entries()) {
    if (outcome.status === "rejected") {
      if (outcome.reason instanceof DeferredError) {
        return { items, nextPage: pages[i], totalCount, retryAfterMs: outcome.reason.retryAfterMs };
      }
      throw outcome.reason;
    }
    if (outcome.value.result.length === 0) return { items, totalCount };
    if (samePage(previous, outcome.value.result)) throw repeated(pages[i]!);
    previous = outcome.value.result;
    items.push(...outcome.value.result);
  }
  return lastPage < totalPages ? { items, nextPage: lastPage + 1, totalCount } : { items, totalCount };
}

/** Without `total_pages`, the end is an empty page (or `total_count` reached): one page after another. */
async function walkUntilEmpty<T>(
  fetchPage: (page: number) => Promise<{ result: T[] }>,
  walk: {
    page: number;
    lastPage: number;
    items: T[];
    totalCount?: number;
    previous: readonly T[];
    complete: () => boolean;
    repeated: (page: number) => Error;
  },
): Promise<PageWalk<T>> {
  const { items, totalCount } = walk;
  let previous = walk.previous;
  for (let page = walk.page; ; page++) {
    if (walk.complete()) return { items, totalCount };
    if (page > walk.lastPage) return { items, nextPage: page, totalCount };
    let result: T[];
    try {
      ({ result } = await fetchPage(page));
    } catch (error) {
      if (error instanceof DeferredError) return { items, nextPage: page, totalCount, retryAfterMs: error.retryAfterMs };
      throw error;
    }
    if (result.length === 0) return { items, totalCount };
    if (samePage(previous, result)) throw walk.repeated(page);
    previous = result;
    items.push(...result);
  }
}

/** Two pages of distinct items never repeat each other: the same page twice means `page` was not honoured. */
function samePage(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && JSON.stringify(a) === JSON.stringify(b);
}

/** The listing cannot be completed: the server answered a page with the previous page's items. */
export class RepeatedPageError extends PlatformError {
  constructor(path: string, page: number) {
    const operation = `GET ${path}`;
    super({
      kind: "malformed",
      operation,
      message:
        `${operation} answered page ${page} with the same items as page ${page - 1} (the server ignored \`page\`): ` +
        `the listing is incomplete and was stopped`,
    });
    this.name = "RepeatedPageError";
  }
}
