import type { ColumnDef } from "@tanstack/react-table";
import type { TraceRow } from "@/lib/gateway/trace-row";

export interface IndexedRow extends TraceRow {
  /** Position in the result, and the key of the transaction the row belongs to. */
  index: number;
  key: string;
}

/** 0x1234abcd…9f3e: enough to tell hashes and addresses apart; the full value is in the title. */
export function shortHex(value: string, head = 8, tail = 4): string {
  return value.length > head + tail + 1 ? `${value.slice(0, head)}…${value.slice(-tail)}` : value;
}

const hexCell = (value: string) =>
  value ? (
    <span title={value} className="font-mono">
      {shortHex(value)}
    </span>
  ) : (
    "—"
  );

export const traceColumns: ColumnDef<IndexedRow>[] = [
  { id: "block", header: "Block", cell: ({ row }) => row.original.block },
  { id: "transaction", header: "Transaction", cell: ({ row }) => hexCell(row.original.transaction) },
  { id: "position", header: "Pos", cell: ({ row }) => row.original.position },
  { id: "traceAddress", header: "Trace address", cell: ({ row }) => <span className="font-mono">[{row.original.traceAddress}]</span> },
  { id: "type", header: "Type", cell: ({ row }) => row.original.type },
  { id: "from", header: "From", cell: ({ row }) => hexCell(row.original.from) },
  { id: "to", header: "To", cell: ({ row }) => hexCell(row.original.to) },
  { id: "value", header: "Value (ETH)", cell: ({ row }) => row.original.valueEth },
  { id: "gas", header: "Gas", cell: ({ row }) => row.original.gas },
  { id: "gasUsed", header: "Gas used", cell: ({ row }) => row.original.gasUsed },
  {
    id: "error",
    header: "Error / revert",
    cell: ({ row }) => (row.original.error ? <span className="font-medium text-red-700">{row.original.error}</span> : ""),
  },
  { id: "selector", header: "Selector", cell: ({ row }) => <span className="font-mono">{row.original.selector}</span> },
];

/** Fixed column widths: the table is virtualized, so they are not measured. */
export const TRACE_GRID = "grid grid-cols-[5rem_9rem_3rem_7rem_9rem_9rem_9rem_8rem_6rem_6rem_8rem_6rem] min-w-[86rem] gap-x-2";
