"use client";
// Drift watch on the Zones page: a badge beside each flagged zone's name and a panel listing them, with
// links to the zone's drift (the diff), the review it is compared with, the Changes view, and the review
// that would accept it as the new baseline. Each flag names its zone's account.
import Link from "next/link";
import { createContext, use } from "react";
import type { DriftFlag } from "@/lib/drift/flags";
import { withAccount } from "@/lib/accounts/account-filter";
import { AccountName } from "@/components/accounts/account-name";

/** Flagged zones by id, for the table's name cells. */
export const DriftFlagsContext = createContext<ReadonlyMap<string, DriftFlag>>(new Map());

/** The zone's drift, read with the zone's account when it is known. */
const zoneDrift = (zoneId: string, account?: string) => `${withAccount(`/zones/${encodeURIComponent(zoneId)}`, account)}#drift`;

export function DriftBadge({ zoneId, account }: { zoneId: string; account?: string }) {
  const flag = use(DriftFlagsContext).get(zoneId);
  if (!flag) return null;
  const failed = flag.status === "check_failed";
  return (
    <Link
      href={zoneDrift(zoneId, account)}
      title={`${flag.account ? `${flag.account.name}: ` : ""}${failed ? `Drift check failed: ${flag.failure ?? ""}` : flag.summary}`}
      className={`rounded-full px-1.5 py-0.5 text-xs font-semibold ${failed ? "bg-red-100 text-red-900" : "bg-amber-100 text-amber-900"}`}
      data-testid="drift-badge"
    >
      {failed ? "drift check failed" : `drift · ${flag.changeCount}`}
    </Link>
  );
}

/** `accountOf`: the listed zone's account id, for a flag that names none, so each link opens the zone with its account. */
export function DriftPanel({
  flags,
  accountOf,
}: {
  flags: DriftFlag[] | null | undefined;
  accountOf?: (zoneId: string) => string | undefined;
}) {
  if (flags === undefined) return null;
  if (flags === null) {
    return (
      <p role="status" className="rounded border border-amber-200 bg-amber-50 p-2 text-sm text-amber-900">
        Drift watch: the flags could not be read; drift is unknown, not absent.
      </p>
    );
  }
  if (flags.length === 0) return null;
  const drifted = flags.filter((f) => f.status === "drifted").length;
  return (
    <section
      aria-label="Drift since approval"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm"
      data-testid="drift-flags"
    >
      <p className="font-semibold text-amber-950">
        {drifted} migrated zone{drifted === 1 ? "" : "s"} drifted from the configuration a review approved
        {flags.length > drifted ? `; ${flags.length - drifted} could not be checked` : ""}
      </p>
      <ul className="mt-2 flex flex-col gap-1">
        {flags.map((flag) => {
          const account = flag.account?.id || accountOf?.(flag.zoneId);
          return (
            <li key={flag.zoneId} className="flex flex-wrap items-baseline gap-x-2" data-testid="drift-flag">
              <Link href={zoneDrift(flag.zoneId, account)} className="font-medium text-blue-800 hover:underline">
                {flag.zoneName}
              </Link>
              <span className="text-xs text-slate-600" data-testid="drift-flag-account">
                <AccountName account={flag.account} />
              </span>
              <span className="text-slate-800">
                {flag.status === "drifted" ? flag.summary : `check failed: ${flag.failure ?? "unknown reason"}`}
              </span>
              {flag.since && (
                <span className="text-xs text-slate-600" suppressHydrationWarning>
                  since {new Date(flag.since).toLocaleString()}
                </span>
              )}
              {flag.failure && flag.status === "drifted" && <span className="text-xs text-red-800">last check failed: {flag.failure}</span>}
              <span className="flex gap-2 text-xs">
                <Link className="text-blue-700 underline" href={zoneDrift(flag.zoneId, account)}>
                  Diff
                </Link>
                <Link className="text-blue-700 underline" href={`/reviews/${encodeURIComponent(flag.reviewId)}`}>
                  Approved in review
                </Link>
                <Link className="text-blue-700 underline" href="/changes?kind=drift">
                  Changes
                </Link>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
