"use client";
// The zones as a virtualized table: 5,000 zones render as the few dozen rows on screen.
import {
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnFiltersState,
  type SortingState,
} from "@tanstack/react-table";
import { VirtualTable } from "@/components/data-table/virtual-table";
import { ZONE_GRID, zoneColumns } from "@/components/zones/table/columns";
import { showingLabel, type Coverage } from "@/lib/client/coverage";
import type { MigrationRow } from "@/lib/migration/zone-assessment";

export function ZonesTable(props: {
  zones: MigrationRow[];
  /** How much of the account the rows are: a partial listing says so beside its count. */
  coverage?: Coverage;
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
    onSortingChange: (updater) => props.onSortingChange(typeof updater === "function" ? updater(props.sorting) : updater),
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (zone) => zone.id,
  });

  return (
    <>
      <p className="mb-2 text-sm text-slate-600" aria-live="polite" data-testid="zones-count">
        {showingLabel(table.getRowModel().rows.length, props.zones.length, "zones", props.coverage, true)}
      </p>
      <VirtualTable table={table} label="Zones" grid={ZONE_GRID} testId="zones" rowTestId="zone-row" />
    </>
  );
}
