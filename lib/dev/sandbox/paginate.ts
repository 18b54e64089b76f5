// List paging as the v4 API does it: bounded per_page, 1-based pages, and `result: []` past the last page
// (the official SDK stops iterating only on an empty page).
import type { ResultInfo } from "./envelope";
import { readEnum, readInteger } from "./query";

export interface PerPageBounds {
  min: number;
  max: number;
  fallback: number;
}

export type Direction = "asc" | "desc";

export interface ListParams<Order extends string> {
  page: number;
  perPage: number;
  order: Order;
  direction: Direction;
}

/** The largest page number accepted; any page past the data answers an empty list anyway. */
const MAX_PAGE = 1_000_000_000;

export function readListParams<Order extends string>(
  query: URLSearchParams,
  perPage: PerPageBounds,
  orders: readonly Order[],
  defaultOrder: Order,
): ListParams<Order> {
  return {
    page: readInteger(query, "page", { min: 1, max: MAX_PAGE, fallback: 1 }),
    perPage: readInteger(query, "per_page", perPage),
    order: readEnum(query, "order", orders) ?? defaultOrder,
    direction: readEnum(query, "direction", ["asc", "desc"] as const, true) ?? "asc",
  };
}

export type SortKey = string | number | boolean;

export function compareKeys(a: SortKey, b: SortKey): number {
  // Code-unit order, not localeCompare: the sandbox must sort the same on every machine.
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sorted copy: the chosen key in the chosen direction, then `tieBreak` (always ascending) for a stable order. */
export function sortList<T>(items: readonly T[], key: (item: T) => SortKey, direction: Direction, tieBreak: (a: T, b: T) => number): T[] {
  const sign = direction === "desc" ? -1 : 1;
  return [...items].sort((a, b) => sign * compareKeys(key(a), key(b)) || tieBreak(a, b));
}

export function paginate<T>(items: readonly T[], page: number, perPage: number): { result: T[]; resultInfo: ResultInfo } {
  const start = (page - 1) * perPage;
  const result = items.slice(start, start + perPage);
  return {
    result,
    resultInfo: {
      page,
      per_page: perPage,
      count: result.length,
      total_count: items.length,
      total_pages: Math.ceil(items.length / perPage),
    },
  };
}
