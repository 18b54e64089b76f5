"use client";
// The Zones workflow: scan every zone (with progress), see where each stands for the migration, filter
// and sort in the URL, open a zone, export, retry the zones that could not be read.
import type { SortingState } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { CoverageNote, RateLimitWait } from "@/components/data-table/coverage";
import { ErrorState, LoadingState, ProgressBar } from "@/components/data-table/states";
import { useUrlState } from "@/components/data-table/use-url-state";
import { useZones, type ZonesAnswer } from "@/components/zones-table/use-zones";
import { DriftFlagsContext, DriftPanel } from "@/components/zones-table/drift-flags";
import { ZonesOverview } from "@/components/zones-table/zones-overview";
import { ZonesTable } from "@/components/zones-table/zones-table";
import { ZonesToolbar } from "@/components/zones-table/zones-toolbar";
import { SnapshotBanner } from "@/components/snapshots/snapshot-banner";
import { AccountTerraformExport } from "@/components/terraform/account-terraform-export";
import { fetchJson } from "@/lib/client/fetch-json";

const URL_KEYS = ["q", "plan", "verdict", "state", "sort", "dir"] as const;
const button = "rounded border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50 disabled:opacity-50";

export function ZonesView({ firstPage }: { firstPage?: ZonesAnswer }) {
  const [view, setView] = useUrlState(URL_KEYS);
  const { zones, coverage, loaded, totalCount, complete, resumeAt, fetchedAt, snapshot, drift, error, isLoading, isFetching, refetch, refresh, reload } = useZones(firstPage);
  const driftByZone = useMemo(() => new Map((drift ?? []).map((flag) => [flag.zoneId, flag])), [drift]);
  const [retrying, setRetrying] = useState(false);

  const sorting: SortingState = useMemo(
    () => (view.sort ? [{ id: view.sort, desc: view.dir === "desc" }] : [{ id: "name", desc: false }]),
    [view.sort, view.dir],
  );
  const filters = useMemo(
    () =>
      (["name", "plan", "verdict", "state"] as const).map((id) => ({ id, value: (id === "name" ? view.q : view[id]) ?? "" })),
    [view],
  );
  const states = useMemo(() => [...new Set(zones.map((z) => z.migrationState))].sort(), [zones]);
  const failed = zones.filter((z) => z.verdict === "failed");

  // Each failed zone is read again on its own; the listing then comes back from the server's cache.
  const retryFailed = async () => {
    setRetrying(true);
    try {
      for (const zone of failed) await fetchJson(`/api/zones/${encodeURIComponent(zone.id)}/migration?refresh=1`).catch(() => undefined);
      await refetch();
    } finally {
      setRetrying(false);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <ZonesToolbar filters={view} states={states} onChange={setView} />
        <div className="flex items-center gap-2">
          {fetchedAt && (
            // The server renders it in its own time zone when it sends the first rows; the browser's wins.
            <span className="text-xs text-slate-500" suppressHydrationWarning>
              Scanned {new Date(fetchedAt).toLocaleTimeString()}
            </span>
          )}
          {failed.length > 0 && complete && (
            <button type="button" onClick={() => void retryFailed()} disabled={retrying} className={button}>
              {retrying ? "Retrying…" : `Retry ${failed.length} failed`}
            </button>
          )}
          <button type="button" onClick={refresh} disabled={isFetching} className={button}>
            Refresh
          </button>
          <a
            href="/api/zones?format=csv"
            download="zones.csv"
            aria-disabled={!complete}
            className={`${button} ${complete ? "" : "pointer-events-none opacity-50"}`}
          >
            Export CSV
          </a>
        </div>
      </div>
      <SnapshotBanner snapshot={snapshot} onPublished={reload} />
      <AccountTerraformExport />
      <DriftPanel flags={drift} />
      {!complete && !error && <ProgressBar label="Scanning zones" done={loaded} total={totalCount} />}
      <RateLimitWait resumeAt={resumeAt} what="the zones scan" />
      {error ? (
        <ErrorState title="The zones could not be loaded" message={error.message} onRetry={() => void refetch()} />
      ) : isLoading ? (
        <LoadingState label="Scanning zones…" />
      ) : zones.length === 0 && complete ? (
        <div className="rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-600">
          The credentials reach no zone. Check the account Preflight is configured with.
        </div>
      ) : (
        <>
          <CoverageNote coverage={coverage} testId="zones-coverage" />
          <ZonesOverview zones={zones} coverage={coverage} active={view} onFilter={setView} />
          <DriftFlagsContext value={driftByZone}>
            <ZonesTable
              zones={zones}
              coverage={coverage}
              sorting={sorting}
              filters={filters}
              onSortingChange={(next) =>
                setView({ sort: next[0]?.id, dir: next[0] ? (next[0].desc ? "desc" : "asc") : undefined })
              }
            />
          </DriftFlagsContext>
        </>
      )}
    </div>
  );
}
