"use client";
// The Zones workflow: scan every zone (with progress), see where each stands for the migration, filter
// and sort in the URL, open a zone, export, retry the zones that could not be read.
import { useQueryStates } from "nuqs";
import { useMemo, useState } from "react";
import { CoverageNote, RateLimitWait } from "@/components/data-table/coverage";
import { ErrorState, LoadingState, ProgressBar } from "@/components/data-table/states";
import { fromInputs, fromSorting, toSorting } from "@/components/data-table/search-params";
import { useZones, type ZonesAnswer } from "@/components/zones/use-zones";
import { AccountCoverageLine } from "@/components/accounts/account-coverage";
import { useKnownAccounts } from "@/components/accounts/account-filter";
import { DriftFlagsContext, DriftPanel } from "@/components/zones/table/drift-flags";
import { ZonesOverview } from "@/components/zones/zones-overview";
import { ZonesTable } from "@/components/zones/table/zones-table";
import { ZONES_DEFAULT_SORT, zonesSearchParams } from "@/components/zones/table/search-params";
import { ZonesToolbar, type ZoneFilters } from "@/components/zones/table/zones-toolbar";
import { SnapshotBanner } from "@/components/snapshots/snapshot-banner";
import { AccountTerraformExport } from "@/components/terraform/account-terraform-export";
import { fetchJson } from "@/lib/client/fetch-json";
import { withAccount } from "@/lib/accounts/account-filter";
import { formatTime } from "@/lib/client/format";
import { exportFileName } from "@/lib/csv";
import { Button, buttonClass } from "@/components/ui/button";

export function ZonesView({ firstPage }: { firstPage?: ZonesAnswer }) {
  const [view, setView] = useQueryStates(zonesSearchParams);
  const setFilters = (patch: ZoneFilters) => void setView(fromInputs(zonesSearchParams, patch));
  const {
    zones,
    coverage,
    accounts,
    loaded,
    totalCount,
    settled,
    complete,
    resumeAt,
    fetchedAt,
    snapshot,
    drift,
    unreadableZones,
    error,
    isLoading,
    isFetching,
    refetch,
    refresh,
    reload,
  } = useZones(firstPage, view.account);
  const knownAccounts = useKnownAccounts(accounts);
  const driftByZone = useMemo(() => new Map((drift ?? []).map((flag) => [flag.zoneId, flag])), [drift]);
  const accountByZone = useMemo(() => new Map(zones.map((zone) => [zone.id, zone.account.id])), [zones]);
  const [retrying, setRetrying] = useState(false);

  const sorting = useMemo(() => toSorting(view.sort, view.dir, ZONES_DEFAULT_SORT), [view.sort, view.dir]);
  const filters = useMemo(
    () => (["name", "plan", "verdict", "state"] as const).map((id) => ({ id, value: (id === "name" ? view.q : view[id]) ?? "" })),
    [view],
  );
  const states = useMemo(() => [...new Set(zones.map((z) => z.migrationState))].sort(), [zones]);
  const failed = zones.filter((z) => z.verdict === "failed");

  // Each failed zone is read again on its own; the listing then comes back from the server's cache.
  const retryFailed = async () => {
    setRetrying(true);
    try {
      for (const zone of failed) {
        await fetchJson(withAccount(`/api/zones/${encodeURIComponent(zone.id)}/migration?refresh=1`, zone.account.id)).catch(
          () => undefined,
        );
      }
      await refetch();
    } finally {
      setRetrying(false);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <ZonesToolbar filters={view} states={states} accounts={knownAccounts} onChange={setFilters} />
        <div className="flex items-center gap-2">
          {fetchedAt && (
            // The server renders it in its own time zone when it sends the first rows; the browser's wins.
            <span className="text-xs text-slate-500" suppressHydrationWarning>
              Scanned {formatTime(fetchedAt)}
            </span>
          )}
          {failed.length > 0 && settled && (
            <Button onClick={() => void retryFailed()} disabled={retrying}>
              {retrying ? "Retrying…" : `Retry ${failed.length} failed`}
            </Button>
          )}
          <Button onClick={refresh} disabled={isFetching}>
            Refresh
          </Button>
          {/* Once nothing more is read; an export with an account missing is named partial (the server's header says it too). */}
          <a
            href={withAccount("/api/zones?format=csv", view.account)}
            download={exportFileName("zones.csv", complete)}
            aria-disabled={!settled}
            className={buttonClass()}
          >
            Export CSV
          </a>
        </div>
      </div>
      <SnapshotBanner snapshot={snapshot} onPublished={reload} accounts={accounts} account={view.account} />
      <AccountTerraformExport />
      <DriftPanel flags={drift} accountOf={(zoneId) => accountByZone.get(zoneId)} />
      {!settled && !error && <ProgressBar label="Scanning zones" done={loaded} total={totalCount} />}
      <RateLimitWait resumeAt={resumeAt} what="the zones scan" />
      {unreadableZones > 0 && (
        <p role="note" className="text-sm text-amber-800" data-testid="unreadable-zones">
          {unreadableZones} {unreadableZones === 1 ? "entry" : "entries"} of the zone listing had no readable zone id: not shown, and not
          assessed. Every other zone is listed.
        </p>
      )}
      <AccountCoverageLine accounts={accounts} noun="zones" testId="zones-accounts" />
      {error ? (
        <ErrorState title="The zones could not be loaded" message={error.message} onRetry={() => void refetch()} />
      ) : isLoading ? (
        <LoadingState label="Scanning zones…" />
      ) : zones.length === 0 && complete ? (
        <div className="rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-600" data-testid="zones-empty">
          {view.account
            ? "No zone in the account chosen. Choose All accounts to see every account's zones."
            : "The credentials reach no zone. Check the account Preflight is configured with."}
        </div>
      ) : (
        <>
          <CoverageNote coverage={coverage} testId="zones-coverage" />
          <ZonesOverview zones={zones} coverage={coverage} accounts={accounts} active={view} onFilter={setFilters} />
          <DriftFlagsContext value={driftByZone}>
            <ZonesTable
              zones={zones}
              coverage={coverage}
              sorting={sorting}
              filters={filters}
              onSortingChange={(next) => void setView(fromSorting(next))}
            />
          </DriftFlagsContext>
        </>
      )}
    </div>
  );
}
