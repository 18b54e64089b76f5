"use client";
// Every trace as a virtualized row, in the node's order; a row selects its transaction's call tree
// (click, or Enter when focused).
import { getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { VirtualTable } from "@/components/data-table/virtual-table";
import { TRACE_GRID, traceColumns, type IndexedRow } from "./columns";

export function TraceTable(props: { rows: IndexedRow[]; total: number; selected?: string; onSelect: (key: string) => void }) {
  // TanStack Table manages its own memoization; the React Compiler rightly leaves this component alone.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: props.rows,
    columns: traceColumns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.index),
    enableSorting: false, // the node's order is the meaning
  });
  return (
    <div>
      <p className="mb-2 text-sm text-slate-600" aria-live="polite" data-testid="traces-count">
        Showing {table.getRowModel().rows.length} of {props.total} traces
      </p>
      <VirtualTable
        table={table}
        label="Traces"
        grid={TRACE_GRID}
        testId="traces"
        rowTestId="trace-row"
        heightClass="h-[28rem]"
        onOpen={(row) => props.onSelect(row.key)}
        isOpen={(row) => row.key === props.selected}
        rowClassName={(row) => (row.error ? "text-red-900" : "")}
      />
    </div>
  );
}
