import type { ColumnDef, FilterFn } from "@tanstack/react-table";
import { ChangedMark } from "@/components/certificates/certificate-changes";
import { AccountName } from "@/components/accounts/account-name";
import { CertificateVerdictBadge } from "@/components/certificates/verdict-badge";
import type { CertificateRow } from "@/lib/certificates/types";
import { formatDay } from "@/lib/client/format";

const equals: FilterFn<CertificateRow> = (row, columnId, value) => !value || row.getValue(columnId) === value;
const VERDICT_ORDER = { action_required: 0, informational: 1, no_action: 2, not_serving: 3 };

export const KIND_LABELS: Record<string, string> = {
  universal: "Universal",
  advanced: "Advanced",
  total_tls: "Total TLS",
  custom_certificate: "Custom certificate",
  custom_hostname: "Custom hostname",
  mh_custom: "mh_custom pack",
  managed_hostname: "managed_hostname pack",
  other_pack: "Other pack type",
};

/** Shown as the platform writes it; `""` on a custom hostname is the default CA. */
export function caLabel(ca: string | null): string {
  return ca === "" ? '"" (default)' : (ca ?? "—");
}

/** The zone filter: a zone name or a host containing the text (the impact read takes the same rows). */
export function matchesZoneOrHost(row: CertificateRow, value: string): boolean {
  if (!value) return true;
  const needle = value.toLowerCase();
  return row.zoneName.toLowerCase().includes(needle) || row.hosts.some((h) => h.toLowerCase().includes(needle));
}

export const certificateColumns: ColumnDef<CertificateRow>[] = [
  {
    id: "select",
    header: ({ table }) => (
      <input
        type="checkbox"
        aria-label="Select every legacy-chain custom hostname shown"
        // Without pagination, the "page" is every row the filters show: hidden rows are never selected.
        checked={table.getIsAllPageRowsSelected()}
        ref={(el) => {
          if (el) el.indeterminate = table.getIsSomePageRowsSelected();
        }}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) =>
      row.getCanSelect() ? (
        <input
          type="checkbox"
          aria-label={`Select ${row.original.hosts[0] ?? row.original.id} to switch CA`}
          checked={row.getIsSelected()}
          onChange={row.getToggleSelectedHandler()}
          onClick={(event) => event.stopPropagation()}
        />
      ) : null,
    enableSorting: false,
  },
  {
    id: "zone",
    accessorKey: "zoneName",
    header: "Zone",
    cell: ({ row }) => (
      <>
        {row.original.zoneName}
        <ChangedMark row={row.original} />
      </>
    ),
    filterFn: (row, _id, value: string) => matchesZoneOrHost(row.original, value),
  },
  {
    // The account as Preflight names it; its id on hover (empty for a row of a snapshot older than accounts).
    id: "account",
    accessorFn: (r) => r.account?.name ?? "",
    header: "Account",
    cell: ({ row }) => <AccountName account={row.original.account} />,
  },
  { id: "kind", accessorKey: "kind", header: "Type", filterFn: equals, cell: ({ row }) => KIND_LABELS[row.original.kind] },
  { id: "hosts", accessorFn: (r) => r.hosts.join(", "), header: "Hosts" },
  {
    id: "ca",
    accessorFn: (r) => r.certificateAuthority ?? "",
    header: "CA",
    // "default" selects `""`, the default CA as the column shows it (an empty filter value would mean no filter); a
    // certificate that names no CA (null: an uploaded one, or one the platform left unnamed) is not the default CA.
    filterFn: (row, id, value: string) =>
      !value || (value === "default" ? row.original.certificateAuthority === "" : row.getValue(id) === value),
    cell: ({ row }) => caLabel(row.original.certificateAuthority),
  },
  { id: "bundle", accessorFn: (r) => r.bundleMethod ?? "", header: "Bundle" },
  { id: "uploaded", accessorFn: (r) => r.uploadedOn ?? "", header: "Uploaded", cell: ({ row }) => formatDay(row.original.uploadedOn) },
  { id: "expires", accessorFn: (r) => r.expiresOn ?? "", header: "Expires", cell: ({ row }) => formatDay(row.original.expiresOn) },
  {
    id: "impact",
    // Before the verdict, which stays the last column. Unread sorts below a host without traffic (-1):
    // a figure read always comes first in a descending sort.
    accessorFn: (r) => r.impact?.worst ?? -2,
    header: "Client impact",
    sortDescFirst: true,
    cell: ({ row }) => <span title={row.original.impact?.words}>{row.original.impact ? row.original.impact.words : "—"}</span>,
  },
  {
    id: "verdict",
    accessorKey: "verdict",
    header: "Verdict",
    filterFn: equals,
    sortingFn: (a, b) => VERDICT_ORDER[a.original.verdict] - VERDICT_ORDER[b.original.verdict],
    cell: ({ row }) => <CertificateVerdictBadge verdict={row.original.verdict} />,
  },
];

/** Fixed widths: the table is virtualized, so columns are not measured. */
export const CERTIFICATE_GRID =
  "grid grid-cols-[2rem_minmax(11rem,1.2fr)_minmax(8rem,1fr)_8.5rem_minmax(12rem,2fr)_7.5rem_6.5rem_6.5rem_6.5rem_minmax(12rem,2fr)_8.5rem]";
