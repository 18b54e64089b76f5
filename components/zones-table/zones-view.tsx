"use client";
// The Zones workflow: load every zone (with progress), filter and sort them in the URL, export them.
import type { SortingState } from "@tanstack/react-table";
import { useMemo } from "react";
import { useUrlState } from "@/components/data-table/use-url-state";
import { ErrorState, LoadingState, ProgressBar } from "@/components/data-table/states";
import { downloadCsv } from "@/lib/client/download-csv";
import { useZones } from "@/components/zones-table/use-zones";
import { ZonesTable } from "@/components/zones-table/zones-table";
import { ZonesToolbar } from "@/components/zones-table/zones-toolbar";

const URL_KEYS = ["q", "plan", "status", "sort", "dir"] as const;

export function ZonesView() {
  const [view, setView] = useUrlState(URL_KEYS);
  const { zones, loaded, totalCount, complete, fetchedAt, error, isLoading, isFetching, refetch } = useZones();

  const sorting: SortingState = useMemo(
    () => (view.sort ? [{ id: view.sort, desc: view.dir === "desc" }] : [{ id: "name", desc: false }]),
    [view.sort, view.dir],
  );
  const filters = useMemo(
    () => [
      { id: "name", value: view.q ?? "" },
      { id: "plan", value: view.plan ?? "" },
      { id: "status", value: view.status ?? "" },
    ],
    [view.q, view.plan, view.status],
  );

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <ZonesToolbar filters={view} onChange={setView} />
        <div className="flex items-center gap-2">
          {fetchedAt && (
            <span className="text-xs text-slate-500">Fetched {new Date(fetchedAt).toLocaleTimeString()}</span>
          )}
          <button
            type="button"
            onClick={() => void refetch()}
            disabled={isFetching}
            className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50 disabled:opacity-50"
          >
            Refresh
          </button>
          <button
            type="button"
            onClick={() => downloadCsv("zones.csv", zones)}
            disabled={!complete || zones.length === 0}
            className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50 disabled:opacity-50"
          >
            Export CSV
          </button>
        </div>
      </div>
      {!complete && !error && <ProgressBar label="Loading zones" done={loaded} total={totalCount} />}
      {error ? (
        <ErrorState title="The zones could not be loaded" message={error.message} onRetry={() => void refetch()} />
      ) : isLoading ? (
        <LoadingState label="Loading zones…" />
      ) : zones.length === 0 ? (
        <div className="rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-600">
          The credentials reach no zone. Check the account Preflight is configured with.
        </div>
      ) : (
        <ZonesTable
          zones={zones}
          sorting={sorting}
          filters={filters}
          onSortingChange={(next) =>
            setView({ sort: next[0]?.id, dir: next[0] ? (next[0].desc ? "desc" : "asc") : undefined })
          }
        />
      )}
    </div>
  );
}
