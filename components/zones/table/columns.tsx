import type { ColumnDef, FilterFn } from "@tanstack/react-table";
import Link from "next/link";
import { MigrationVerdictBadge } from "@/components/zones/verdict-badge";
import { DriftBadge } from "@/components/zones/table/drift-flags";
import type { MigrationRow } from "@/lib/migration/zone-assessment";
import { isUnknown } from "@/lib/migration/unknown-parts";
import { formatTime } from "@/lib/client/format";
import { withAccount } from "@/lib/accounts/account-filter";

/** Exact match on a facet value (plan, verdict, state); an empty filter matches every row. */
const equals: FilterFn<MigrationRow> = (row, columnId, value) => !value || String(row.getValue(columnId)) === value;

const PLAN_ORDER: Record<string, number> = { free: 0, pro: 1, business: 2, enterprise: 3 };
const VERDICT_ORDER: Record<string, number> = { failed: 0, unknown: 1, blocked: 2, retired: 3, eligible: 4, validation: 5, migrated: 6 };

function mapping(zone: MigrationRow): string {
  if (zone.verdict === "migrated" || zone.verdict === "failed") return "—";
  if (isUnknown(zone, "packages")) return "— (unknown: previous version retired)";
  if (zone.sensitivityRow === null) return "—";
  const from = `${zone.sensitivity ?? "default"}/${zone.oldAction ?? "challenge"}`;
  if (zone.sensitivityRow === "off") return `${from} → not deployed`;
  if (zone.sensitivityRow === "unknown" || zone.newAction === null) return `${from} → unknown: check by hand`;
  return `${from} → PL${zone.paranoiaLevel} · ${zone.scoreThreshold} · ${zone.newAction}`;
}

export const zoneColumns: ColumnDef<MigrationRow>[] = [
  {
    id: "name",
    accessorKey: "name",
    header: "Zone",
    filterFn: (row, _id, value: string) => !value || row.original.name.toLowerCase().includes(value.toLowerCase()),
    cell: ({ row }) => (
      // The zone's page reads with the zone's own account.
      <Link
        href={withAccount(`/zones/${encodeURIComponent(row.original.id)}`, row.original.account.id)}
        className="font-medium text-blue-800 hover:underline"
      >
        {row.original.name}
      </Link>
    ),
  },
  {
    id: "plan",
    accessorKey: "plan",
    header: "Plan",
    filterFn: equals,
    sortingFn: (a, b) => (PLAN_ORDER[a.original.plan] ?? 9) - (PLAN_ORDER[b.original.plan] ?? 9),
    cell: ({ row }) => row.original.planName.replace(/ Website$/, ""),
  },
  {
    id: "verdict",
    accessorKey: "verdict",
    header: "Verdict",
    filterFn: equals,
    sortingFn: (a, b) => (VERDICT_ORDER[a.original.verdict] ?? 9) - (VERDICT_ORDER[b.original.verdict] ?? 9),
    cell: ({ row }) => (
      <span title={row.original.reasons.map((r) => r.message).join("\n")}>
        <MigrationVerdictBadge verdict={row.original.verdict} />
      </span>
    ),
  },
  {
    id: "reason",
    accessorFn: (zone) => zone.reasons[0]?.message ?? "",
    header: "Main reason",
    enableSorting: false,
    cell: ({ getValue }) => <span className="text-slate-600">{String(getValue())}</span>,
  },
  {
    // The account as Preflight names it; its id on hover, for a spreadsheet or the platform's dashboard.
    id: "account",
    accessorFn: (zone) => zone.account.name,
    header: "Account",
    cell: ({ row }) => (
      <span title={row.original.account.id ? `Account id ${row.original.account.id}` : undefined} data-account-id={row.original.account.id}>
        {row.original.account.name}
      </span>
    ),
  },
  { id: "state", accessorKey: "migrationState", header: "State", filterFn: equals },
  // Drift watch's flag for a migrated zone (drift-flags.tsx): empty for zones without one.
  {
    id: "drift",
    header: "Drift",
    enableSorting: false,
    cell: ({ row }) => <DriftBadge zoneId={row.original.id} account={row.original.account.id} />,
  },
  {
    id: "validation",
    accessorFn: (zone) => (zone.validationAvailable ? "available" : "—"),
    header: "Validation",
  },
  { id: "mapping", accessorFn: mapping, header: "Sensitivity → new", enableSorting: false },
  {
    id: "lost",
    accessorKey: "lostOverrides",
    header: "Lost overrides",
    // null: the previous version's API could not tell (a dash, never 0).
    cell: ({ getValue }) =>
      getValue() === null ? (
        <span title="unknown">—</span>
      ) : Number(getValue()) > 0 ? (
        <span className="text-amber-800">{String(getValue())}</span>
      ) : (
        "0"
      ),
  },
  {
    id: "fetched",
    accessorKey: "fetchedAt",
    header: "Read at",
    cell: ({ row }) => formatTime(row.original.fetchedAt),
  },
];

/** Column widths of the grid: the table is virtualized, so widths are fixed rather than measured. */
export const ZONE_GRID =
  "grid grid-cols-[minmax(13rem,1.4fr)_6.5rem_8.5rem_minmax(14rem,2fr)_minmax(9rem,1fr)_6rem_8.5rem_6.5rem_minmax(12rem,1.2fr)_6rem_6rem]";
