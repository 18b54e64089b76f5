import type { ColumnDef, FilterFn } from "@tanstack/react-table";
import type { ZoneRow } from "@/lib/platform/zones";

/** Exact match on a facet value (plan, status); an empty filter matches every row. */
const equals: FilterFn<ZoneRow> = (row, columnId, value) => !value || row.getValue(columnId) === value;

const PLAN_ORDER: Record<string, number> = { free: 0, pro: 1, business: 2, enterprise: 3 };

export const zoneColumns: ColumnDef<ZoneRow>[] = [
  {
    id: "name",
    accessorKey: "name",
    header: "Zone",
    filterFn: (row, _id, value: string) => !value || row.original.name.toLowerCase().includes(value.toLowerCase()),
    cell: ({ row }) => <span className="font-medium">{row.original.name}</span>,
  },
  {
    id: "plan",
    accessorKey: "plan",
    header: "Plan",
    filterFn: equals,
    sortingFn: (a, b) => (PLAN_ORDER[a.original.plan] ?? 9) - (PLAN_ORDER[b.original.plan] ?? 9),
    cell: ({ row }) => row.original.planName,
  },
  {
    id: "status",
    accessorKey: "status",
    header: "Status",
    filterFn: equals,
    cell: ({ row }) => (
      <span className={row.original.status === "active" ? "text-emerald-700" : "text-amber-700"}>
        {row.original.status}
        {row.original.paused ? " (paused)" : ""}
      </span>
    ),
  },
  { id: "type", accessorKey: "type", header: "Type" },
  { id: "account", accessorKey: "accountName", header: "Account" },
  {
    id: "activated",
    accessorFn: (zone) => zone.activatedOn ?? "",
    header: "Activated",
    cell: ({ row }) => (row.original.activatedOn ? row.original.activatedOn.slice(0, 10) : "—"),
  },
];

/** Column widths of the grid: the table is virtualized, so widths are fixed rather than measured. */
export const ZONE_GRID = "grid grid-cols-[minmax(14rem,2fr)_10rem_8rem_6rem_minmax(10rem,1fr)_7rem]";
