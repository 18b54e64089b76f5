"use client";
// Every certificate of the account, virtualized; legacy-chain custom hostnames can be selected for a CA switch.
import {
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnFiltersState,
  type RowSelectionState,
  type SortingState,
} from "@tanstack/react-table";
import { CERTIFICATE_GRID, certificateColumns } from "@/components/certificates/table/columns";
import { VirtualTable } from "@/components/data-table/virtual-table";
import { isSwitchable } from "@/lib/certificates/hostname-switch";
import type { CertificateRow } from "@/lib/certificates/types";
import { showingLabel, type Coverage } from "@/lib/client/coverage";

export const rowKey = (row: CertificateRow) => `${row.kind}:${row.id}`;

export function CertificatesTable(props: {
  rows: CertificateRow[];
  /** How much of the account the rows come from: a partial audit says so beside its count. */
  coverage?: Coverage;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  filters: ColumnFiltersState;
  selection: RowSelectionState;
  onSelectionChange: (selection: RowSelectionState) => void;
  openKey?: string;
  onOpen: (row: CertificateRow) => void;
}) {
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table memoizes on its own
  const table = useReactTable({
    data: props.rows,
    columns: certificateColumns,
    state: { sorting: props.sorting, columnFilters: props.filters, rowSelection: props.selection },
    onSortingChange: (updater) => props.onSortingChange(typeof updater === "function" ? updater(props.sorting) : updater),
    onRowSelectionChange: (updater) => props.onSelectionChange(typeof updater === "function" ? updater(props.selection) : updater),
    enableRowSelection: (row) => isSwitchable(row.original),
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: rowKey,
  });

  return (
    <>
      <p className="mb-2 text-sm text-slate-600" aria-live="polite" data-testid="certificates-count">
        {showingLabel(table.getRowModel().rows.length, props.rows.length, "certificates", props.coverage, false)}
      </p>
      <VirtualTable
        table={table}
        label="Certificates"
        grid={CERTIFICATE_GRID}
        testId="certificates"
        rowTestId="certificate-row"
        empty={
          props.rows.length > 0
            ? undefined
            : props.coverage && !props.coverage.complete
              ? "No certificate read yet."
              : "The audit found no certificate."
        }
        onOpen={props.onOpen}
        isOpen={(row) => rowKey(row) === props.openKey}
      />
    </>
  );
}
