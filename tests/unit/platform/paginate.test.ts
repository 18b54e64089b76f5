// walkPages against servers of every real kind: with total_pages, without it (the previous WAF's
// result_info), and one that ignores `page` and answers the same items forever, which must end the
// walk at once as a failed listing instead of refetching until the budget is spent.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { PlatformClient } from "@/lib/platform/client";
import { PlatformError } from "@/lib/errors/platform-errors";
import { RepeatedPageError, walkPages } from "@/lib/platform/paginate";

type Info = { page?: number; per_page?: number; count?: number; total_count?: number; total_pages?: number };
const item = z.object({ id: z.string() });

/** A client whose answer to page N is `answer(N)`; it records the pages asked for. */
function server(answer: (page: number, perPage: number) => { result: Array<{ id: string }>; resultInfo?: Info }) {
  const pages: number[] = [];
  const client = {
    get: async (_path: string, query: Record<string, unknown>) => {
      const page = Number(query.page);
      pages.push(page);
      if (pages.length > 50) throw new Error("the walk did not stop");
      return answer(page, Number(query.per_page));
    },
  } as unknown as PlatformClient;
  return { client, pages };
}

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `item-${i}` }));
const slice = (all: Array<{ id: string }>, page: number, perPage: number) => all.slice((page - 1) * perPage, page * perPage);

describe("walkPages", () => {
  it("fails a listing whose server ignores `page` (same items, no result_info) after one repeat, not at the budget", async () => {
    const { client, pages } = server(() => ({ result: items(3) }));
    const walk = walkPages(client, "/zones/abc/firewall/waf/overrides", {}, item, { perPage: 3 });
    await expect(walk).rejects.toBeInstanceOf(RepeatedPageError);
    await expect(walk).rejects.toBeInstanceOf(PlatformError); // callers mark the zone failed with this reason
    await expect(walk).rejects.toThrow(/answered page 2 with the same items as page 1 .*the listing is incomplete/);
    expect(pages).toEqual([1, 2]);
  });

  it("fails the same way when the server claims total_pages but ignores `page`", async () => {
    const { client } = server(() => ({ result: items(3), resultInfo: { page: 1, per_page: 3, count: 3, total_count: 9, total_pages: 3 } }));
    await expect(walkPages(client, "/zones", {}, item, { perPage: 3 })).rejects.toBeInstanceOf(RepeatedPageError);
  });

  it("without total_pages (the previous WAF's result_info) walks to the empty page, or stops at total_count", async () => {
    const all = items(7);
    const noTotals = server((page, perPage) => ({ result: slice(all, page, perPage) }));
    const walked = await walkPages(noTotals.client, "/x", {}, item, { perPage: 3 });
    expect(walked.items).toEqual(all);
    expect(noTotals.pages).toEqual([1, 2, 3, 4]);

    const counted = server((page, perPage) => ({
      result: slice(all, page, perPage),
      resultInfo: { page, per_page: perPage, count: slice(all, page, perPage).length, total_count: all.length },
    }));
    const short = await walkPages(counted.client, "/x", {}, item, { perPage: 3 });
    expect(short).toEqual({ items: all, totalCount: 7 });
    expect(counted.pages).toEqual([1, 2, 3]); // no empty page asked for once total_count items are read
  });

  it("without total_pages, honours maxPages and says where to resume", async () => {
    const all = items(10);
    const { client, pages } = server((page, perPage) => ({ result: slice(all, page, perPage) }));
    const first = await walkPages(client, "/x", {}, item, { perPage: 2, maxPages: 3 });
    expect(first).toEqual({ items: all.slice(0, 6), nextPage: 4, totalCount: undefined });
    const rest = await walkPages(client, "/x", {}, item, { perPage: 2, startPage: first.nextPage, maxPages: 3 });
    expect(rest.items).toEqual(all.slice(6));
    expect(rest.nextPage).toBeUndefined();
    expect(pages).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("with total_pages, reads every page once", async () => {
    const all = items(9);
    const { client, pages } = server((page, perPage) => ({
      result: slice(all, page, perPage),
      resultInfo: { page, per_page: perPage, count: 3, total_count: 9, total_pages: 3 },
    }));
    expect((await walkPages(client, "/x", {}, item, { perPage: 3 })).items).toEqual(all);
    expect(pages).toEqual([1, 2, 3]);
  });
});
