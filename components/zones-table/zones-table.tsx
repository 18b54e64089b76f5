"use client";
// The zones as a virtualized table: 5,000 zones render as the few dozen rows on screen.
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnFiltersState,
  type SortingState,
} from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useRef } from "react";
import { ZONE_GRID, zoneColumns } from "@/components/zones-table/columns";
import type { ZoneRow } from "@/lib/platform/zones";

const ROW_HEIGHT = 36;

export function ZonesTable(props: {
  zones: ZoneRow[];
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  filters: ColumnFiltersState;
}) {
  // TanStack Table manages its own memoization; the React Compiler rightly leaves this component alone.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: props.zones,
    columns: zoneColumns,
    state: { sorting: props.sorting, columnFilters: props.filters },
    onSortingChange: (updater) =>
      props.onSortingChange(typeof updater === "function" ? updater(props.sorting) : updater),
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (zone) => zone.id,
  });
  const rows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });

  return (
    <>
    <p className="mb-2 text-sm text-slate-600" aria-live="polite" data-testid="zones-count">
      Showing {rows.length} of {props.zones.length} zones
    </p>
    <div role="table" aria-label="Zones" aria-rowcount={rows.length + 1} className="rounded-lg border border-slate-200 bg-white">
      <div role="rowgroup" className="border-b border-slate-200 bg-slate-50">
        {table.getHeaderGroups().map((group) => (
          <div role="row" key={group.id} className={`${ZONE_GRID} px-3`}>
            {group.headers.map((header) => {
              const sorted = header.column.getIsSorted();
              return (
                <div
                  role="columnheader"
                  key={header.id}
                  aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none"}
                  className="py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600"
                >
                  <button type="button" onClick={header.column.getToggleSortingHandler()} className="hover:text-slate-900">
                    {flexRender(header.column.columnDef.header, header.getContext())}
                    <span aria-hidden="true">{sorted === "asc" ? " ▲" : sorted === "desc" ? " ▼" : ""}</span>
                  </button>
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <div ref={scrollRef} data-testid="zones-scroll" className="h-[calc(100vh-18rem)] min-h-64 overflow-auto" tabIndex={0}>
        <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            return (
              <div
                role="row"
                key={row.id}
                aria-rowindex={item.index + 2}
                data-testid="zone-row"
                className={`${ZONE_GRID} absolute left-0 right-0 items-center border-b border-slate-100 px-3 text-sm hover:bg-slate-50`}
                style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
              >
                {row.getVisibleCells().map((cell) => (
                  <div role="cell" key={cell.id} className="truncate pr-3">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </div>
    </>
  );
}

