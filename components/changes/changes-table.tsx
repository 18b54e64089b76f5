"use client";
// The changes, newest first, virtualized; a row opens its detail (the diff behind the words).
import { getCoreRowModel, getSortedRowModel, useReactTable, type SortingState } from "@tanstack/react-table";
import { CHANGE_GRID, changeColumns } from "@/components/changes/columns";
import type { ListedChange } from "@/components/changes/use-changes";
import { VirtualTable } from "@/components/data-table/virtual-table";

export function ChangesTable(props: {
  rows: ListedChange[];
  complete: boolean;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  openId?: string;
  onOpen: (row: ListedChange) => void;
  /** Said when there is no change at all (filters or not). */
  empty: string;
}) {
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table memoizes on its own
  const table = useReactTable({
    data: props.rows,
    columns: changeColumns,
    state: { sorting: props.sorting },
    onSortingChange: (updater) => props.onSortingChange(typeof updater === "function" ? updater(props.sorting) : updater),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (row) => row.id,
  });
  return (
    <>
      <p className="mb-2 text-sm text-slate-600" aria-live="polite" data-testid="changes-count">
        {props.rows.length} change{props.rows.length === 1 ? "" : "s"}
        {props.complete ? "" : " so far (still loading)"}
      </p>
      <VirtualTable
        table={table}
        label="Changes"
        grid={CHANGE_GRID}
        testId="changes"
        rowTestId="change-row"
        heightClass="h-[calc(100vh-22rem)] min-h-64"
        empty={props.rows.length > 0 ? undefined : props.complete ? props.empty : "No change read yet."}
        onOpen={props.onOpen}
        isOpen={(row) => row.id === props.openId}
      />
    </>
  );
}
