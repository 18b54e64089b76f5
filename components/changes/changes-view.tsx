"use client";
// Drift and certificate audit changes recorded by the snapshot refreshes: filters in the URL, the table
// newest first, one change opened with its diff, loading, empty and error states.
import { useQueryStates } from "nuqs";
import { useMemo } from "react";
import { ChangeDetail } from "@/components/changes/change-detail";
import { ChangesTable } from "@/components/changes/changes-table";
import { ChangesToolbar } from "@/components/changes/changes-toolbar";
import { useChanges } from "@/components/changes/use-changes";
import { useConfiguredAccounts } from "@/components/accounts/use-configured-accounts";
import { ErrorState, LoadingState } from "@/components/data-table/states";
import { CHANGES_DEFAULT_SORT, changesSearchParams } from "@/components/changes/search-params";
import { fromInputs, fromSorting, toSorting } from "@/components/data-table/search-params";

export function ChangesView() {
  const [view, setUrl] = useQueryStates(changesSearchParams);
  const setView = (inputs: Partial<Record<keyof typeof changesSearchParams, string | undefined>>) =>
    void setUrl(fromInputs(changesSearchParams, inputs));
  const filters = { since: view.since ?? undefined, kind: view.kind ?? undefined, account: view.account ?? undefined };
  const listing = useChanges(filters);
  const accounts = useConfiguredAccounts();
  const sorting = useMemo(() => toSorting(view.sort, view.dir, CHANGES_DEFAULT_SORT), [view.sort, view.dir]);
  const opened = view.open ? listing.changes.find((c) => c.id === view.open) : undefined;
  const filtered = Boolean(view.since || view.kind || view.account);
  return (
    <div className="flex flex-col gap-4">
      <p className="max-w-3xl text-sm text-slate-700">
        Each snapshot refresh compares the account with the previous snapshot: migrated zones whose entry point drifted from the
        configuration their review approved, certificates newly on the legacy-chain CA, custom hostnames switched back to it, and
        certificates that expire before their replacement.
      </p>
      <ChangesToolbar filters={filters} accounts={accounts} onChange={setView} />
      {listing.error && (
        <ErrorState title="The changes could not be listed" message={listing.error.message} onRetry={() => void listing.refetch()} />
      )}
      {opened && <ChangeDetail change={opened} onClose={() => setView({ open: undefined })} />}
      {view.open && !opened && listing.complete && (
        <p role="status" className="text-sm text-slate-600">
          The change {view.open} is not among those listed{filtered ? " with these filters" : ""}.
        </p>
      )}
      {listing.isLoading ? (
        <LoadingState label="Loading changes…" />
      ) : (
        !listing.error && (
          <ChangesTable
            rows={listing.changes}
            complete={listing.complete}
            sorting={sorting}
            onSortingChange={(next) => void setUrl(fromSorting(next))}
            openId={view.open ?? undefined}
            onOpen={(row) => setView({ open: row.id })}
            empty={
              filtered
                ? "No change matches these filters."
                : "No change recorded yet: changes appear after a snapshot refresh finds one since the previous snapshot."
            }
          />
        )
      )}
    </div>
  );
}
