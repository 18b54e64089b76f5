import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import { AccountName } from "@/components/accounts/account-name";
import { ChangeBadge } from "@/components/changes/labels";
import type { ListedChange } from "@/components/changes/use-changes";

const link = "text-blue-700 underline-offset-2 hover:underline";
/** A UTC minute: the same text for every viewer of a shared link. */
export const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export const changeColumns: ColumnDef<ListedChange>[] = [
  {
    id: "recordedAt",
    accessorKey: "recordedAt",
    header: "Recorded",
    cell: ({ row }) => <time dateTime={row.original.recordedAt}>{when(row.original.recordedAt)}</time>,
  },
  { id: "kind", accessorKey: "kind", header: "Change", cell: ({ row }) => <ChangeBadge kind={row.original.kind} /> },
  {
    id: "zone",
    accessorKey: "zoneName",
    header: "Zone",
    cell: ({ row }) => (
      <Link className={link} href={row.original.pages.zone} onClick={(event) => event.stopPropagation()}>
        {row.original.zoneName}
      </Link>
    ),
  },
  {
    // The zone's account; "—" for a record written before records named it.
    id: "account",
    accessorFn: (change) => change.account?.name ?? "",
    header: "Account",
    cell: ({ row }) => <AccountName account={row.original.account} />,
  },
  {
    id: "words",
    accessorKey: "words",
    header: "What changed",
    enableSorting: false,
    cell: ({ row }) => <span title={row.original.words}>{row.original.words}</span>,
  },
  {
    id: "links",
    header: "See",
    enableSorting: false,
    cell: ({ row }) => {
      const { review, certificates } = row.original.pages;
      return (
        <span className="flex gap-2" onClick={(event) => event.stopPropagation()}>
          {review && (
            <Link className={link} href={review}>
              Review
            </Link>
          )}
          {certificates && (
            <Link className={link} href={certificates}>
              Certificates
            </Link>
          )}
        </span>
      );
    },
  },
];

/** Fixed widths: the table is virtualized, so columns are not measured. */
export const CHANGE_GRID = "grid grid-cols-[9.5rem_15rem_minmax(9rem,1fr)_minmax(8rem,1fr)_minmax(16rem,3fr)_8.5rem]";
