"use client";
// Every trace as a virtualized row, in the node's order; a row selects its transaction's call tree
// (click, or Enter when focused).
import { flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useRef } from "react";
import { TRACE_GRID, traceColumns, type IndexedRow } from "./columns";

const ROW_HEIGHT = 34;

export function TraceTable(props: { rows: IndexedRow[]; total: number; selected?: string; onSelect: (key: string) => void }) {
  // TanStack Table manages its own memoization; the React Compiler rightly leaves this component alone.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({ data: props.rows, columns: traceColumns, getCoreRowModel: getCoreRowModel(), getRowId: (row) => String(row.index) });
  const rows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });

  return (
    <div>
      <p className="mb-2 text-sm text-slate-600" aria-live="polite" data-testid="traces-count">
        Showing {rows.length} of {props.total} traces
      </p>
      <div ref={scrollRef} data-testid="traces-scroll" className="h-[28rem] overflow-auto rounded-lg border border-slate-200 bg-white" tabIndex={-1}>
        <div role="table" aria-label="Traces" aria-rowcount={rows.length + 1}>
          <div role="rowgroup" className="sticky top-0 z-10 border-b border-slate-200 bg-slate-50">
            {table.getHeaderGroups().map((group) => (
              <div role="row" key={group.id} className={`${TRACE_GRID} px-3`}>
                {group.headers.map((header) => (
                  <div role="columnheader" key={header.id} className="py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </div>
                ))}
              </div>
            ))}
          </div>
          <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index]!;
              const selected = row.original.key === props.selected;
              return (
                <div
                  role="row"
                  key={row.id}
                  aria-rowindex={item.index + 2}
                  aria-selected={selected}
                  tabIndex={0}
                  data-testid="trace-row"
                  onClick={() => props.onSelect(row.original.key)}
                  onKeyDown={(event) => event.key === "Enter" && props.onSelect(row.original.key)}
                  className={`${TRACE_GRID} absolute left-0 right-0 cursor-pointer items-center border-b border-slate-100 px-3 text-sm hover:bg-slate-50 focus:outline-2 focus:outline-blue-500 ${selected ? "bg-blue-50" : ""} ${row.original.error ? "text-red-900" : ""}`}
                  style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
                >
                  {row.getVisibleCells().map((cell) => (
                    <div role="cell" key={cell.id} className="truncate">
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </div>
                  ))}
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
