// A table's view in the URL (filters, sort, the row opened), read by nuqs parsers declared once per table,
// so a link shared in a review opens the same view. No "use client": a server page reads the same parsers.
import type { ColumnDef, ColumnSort, SortingState } from "@tanstack/react-table";
import { parseAsStringLiteral, type inferParserType, type Nullable, type ParserMap } from "nuqs/server";

export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** The ids of the columns a person can sort: an accessor, and sorting not turned off. */
export function sortableColumnIds<T>(columns: ReadonlyArray<ColumnDef<T>>): string[] {
  return columns
    .filter((column) => column.id && column.enableSorting !== false && ("accessorKey" in column || "accessorFn" in column))
    .map((column) => column.id!);
}

/** `sort` and `dir`: a sort id that is not one of the table's sortable columns reads as none (the table's default). */
export function sortSearchParams(columnIds: readonly string[]) {
  return { sort: parseAsStringLiteral(columnIds), dir: parseAsStringLiteral(SORT_DIRECTIONS) };
}

/** The table's sorting from the URL; without a sort there, the table's own default. */
export function toSorting(sort: string | null, dir: SortDirection | null, fallback: ColumnSort): SortingState {
  return sort ? [{ id: sort, desc: dir === "desc" }] : [fallback];
}

/** What the URL keeps of a sorting the table asked for: no sort clears both keys. */
export function fromSorting(sorting: SortingState): { sort: string | null; dir: SortDirection | null } {
  const first = sorting[0];
  return first ? { sort: first.id, dir: first.desc ? "desc" : "asc" } : { sort: null, dir: null };
}

/**
 * Values typed in or picked on the page, read by the URL's own parsers: "" or undefined clears the key,
 * and so does a value its parser refuses. Keys absent from `inputs` are left as they are.
 */
export function fromInputs<P extends ParserMap & Record<string, { parse(value: string): unknown }>>(
  parsers: P,
  inputs: Partial<Record<keyof P, string | null | undefined>>,
): Partial<Nullable<inferParserType<P>>> {
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(inputs)) patch[key] = value ? parsers[key]!.parse(value) : null;
  return patch as Partial<Nullable<inferParserType<P>>>;
}
