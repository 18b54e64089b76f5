"use client";
// A TanStack table rendered with virtual rows: thousands of rows render as the few dozen on screen.
// Header buttons sort; a row with `onOpen` opens on click or Enter. Rows have a fixed height (the
// virtualizer places them by it), so a long value is cut to one line: hovering it shows it whole, a
// screen reader reads it whole, and a row with `onOpen` opens its detail with every value.
import { flexRender, type Table } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useRef, type MouseEvent } from "react";

const ROW_HEIGHT = 36;
/**
 * The scroller's height before it is measured: the server cannot measure it, and a virtualizer without a size
 * renders no row. With this, the page's HTML holds the rows a usual screen shows (about 22, plus the overscan),
 * visible before any script runs; hydration renders the same rows, then the real size takes over.
 */
const UNMEASURED_RECT = { width: 0, height: 800 };

/** A cell cut by its column's width gets its whole text as a title when the pointer reaches it. */
function titleIfCut(event: MouseEvent<HTMLElement>) {
  const cell = event.currentTarget;
  if (cell.scrollWidth > cell.clientWidth) cell.title = cell.textContent ?? "";
  else cell.removeAttribute("title");
}

export function VirtualTable<T>(props: {
  table: Table<T>;
  label: string;
  grid: string;
  /** `zones` gives `zones-scroll` and `zone-row` test ids. */
  testId: string;
  rowTestId: string;
  onOpen?: (row: T) => void;
  isOpen?: (row: T) => boolean;
  /** The scroll area's height (Tailwind classes); the page's remaining height by default. */
  heightClass?: string;
  /** Extra classes for a row, e.g. to mark a failed one. */
  rowClassName?: (row: T) => string;
  /** Said in place of the rows when there are none (no match, or nothing read yet). */
  empty?: string;
}) {
  const rows = props.table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  // TanStack Virtual memoizes on its own; the React Compiler rightly leaves this component alone.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    initialRect: UNMEASURED_RECT,
  });
  const { onOpen, isOpen } = props;

  return (
    <div role="table" aria-label={props.label} aria-rowcount={rows.length + 1} className="rounded-lg border border-slate-200 bg-white">
      <div role="rowgroup" className="border-b border-slate-200 bg-slate-50">
        {props.table.getHeaderGroups().map((group) => (
          <div role="row" key={group.id} className={`${props.grid} px-3`}>
            {group.headers.map((header) => {
              const sorted = header.column.getIsSorted();
              const label = flexRender(header.column.columnDef.header, header.getContext());
              return (
                <div
                  role="columnheader"
                  key={header.id}
                  aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none"}
                  className="py-2 text-left text-xs font-semibold text-slate-600"
                >
                  {header.column.getCanSort() ? (
                    <button type="button" onClick={header.column.getToggleSortingHandler()} className="hover:text-slate-900">
                      {label}
                      <span aria-hidden="true">{sorted === "asc" ? " ▲" : sorted === "desc" ? " ▼" : ""}</span>
                    </button>
                  ) : (
                    label
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {rows.length === 0 && (
        <p className="px-3 py-6 text-center text-sm text-slate-600" data-testid={`${props.testId}-empty`}>
          {props.empty ?? "Nothing matches the filters."}
        </p>
      )}
      <div
        ref={scrollRef}
        data-testid={`${props.testId}-scroll`}
        className={`${rows.length === 0 ? "h-0" : (props.heightClass ?? "h-[calc(100vh-18rem)] min-h-64")} overflow-auto`}
        role="rowgroup"
        tabIndex={rows.length === 0 ? -1 : 0}
      >
        {/* The scroller is the focusable row group (keyboard scrolling); this spacer only sizes it. */}
        <div role="presentation" style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            const open = isOpen?.(row.original) ?? false;
            return (
              <div
                role="row"
                key={row.id}
                aria-rowindex={item.index + 2}
                aria-selected={onOpen ? open : undefined}
                data-testid={props.rowTestId}
                tabIndex={onOpen ? 0 : undefined}
                onClick={onOpen ? () => onOpen(row.original) : undefined}
                onKeyDown={onOpen ? (event) => event.key === "Enter" && onOpen(row.original) : undefined}
                className={
                  `${props.grid} absolute left-0 right-0 items-center border-b border-slate-100 px-3 text-sm hover:bg-slate-50 ` +
                  `${onOpen ? "cursor-pointer focus:bg-blue-50 focus:outline-none" : ""} ` +
                  `${open ? "bg-blue-50" : ""} ${props.rowClassName?.(row.original) ?? ""}`
                }
                style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
              >
                {row.getVisibleCells().map((cell) => (
                  <div role="cell" key={cell.id} className="truncate pr-3" onMouseEnter={titleIfCut}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
