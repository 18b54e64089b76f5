"use client";
// The individual requests matching the URL's filters, virtualized, with both versions' rule and action;
// the CSV export is the server's, with the same filters and every matching request (no row cap).
import { useQuery } from "@tanstack/react-query";
import { getCoreRowModel, useReactTable, type ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { VirtualTable } from "@/components/data-table/virtual-table";
import { ErrorState, LoadingState } from "@/components/data-table/states";
import { fetchJson } from "@/lib/client/fetch-json";
import { withAccountParam } from "./labels";
import type { ComparedRequest } from "@/lib/validation-mode/join";
import { CLASS_FILTERS, FILTER_KEYS, matchesFilter, parseRequestFilter, type RequestFilter } from "@/lib/validation-mode/request-filter";
import type { TimeWindow } from "@/lib/validation-mode/window";
import { CLASS_LABELS } from "./labels";
import type { ValidationInputs, ValidationView } from "./search-params";
import { formatCount } from "@/lib/client/format";
import { buttonClass } from "@/components/ui/button";

const GRID = "grid grid-cols-[10rem_9rem_7rem_8rem_7rem_8rem_1fr_1fr_3rem_4rem] gap-2";
/** A sampled request stands for about its interval's worth; 1 means seen as it was, "?" that the platform did not say. */
const sampleLabel = (interval: number | null) => (interval === null ? "?" : interval > 1 ? `1 in ${interval}` : "1");
const columns: Array<ColumnDef<ComparedRequest>> = [
  { header: "Time (UTC)", accessorFn: (r) => r.datetime.replace("T", " ").replace("Z", "") },
  { header: "Class", accessorFn: (r) => CLASS_LABELS[r.class] },
  { header: "Old action", accessorFn: (r) => r.oldAction ?? "—" },
  { header: "Old rule", accessorFn: (r) => r.oldRuleId ?? "—" },
  { header: "New action", accessorFn: (r) => r.newAction ?? "—" },
  { header: "New rule", accessorFn: (r) => r.newRuleId?.slice(0, 12) ?? "—" },
  { header: "Host", accessorKey: "host" },
  { header: "Path", accessorKey: "path" },
  { header: "Ctry", accessorKey: "country" },
  { header: "Sample", accessorFn: (r) => sampleLabel(r.sampleInterval) },
];

/** A hand-edited URL with an unknown class shows everything rather than nothing. */
function safeFilter(params: URLSearchParams): RequestFilter {
  try {
    return parseRequestFilter(params);
  } catch {
    return {};
  }
}
interface RequestsAnswer {
  total: number;
  requests: ComparedRequest[];
  complete: boolean;
  cursor?: string;
  retryAfterSeconds?: number;
}

/** Normally one call (the summary's read is cached); should the read have been dropped, it is continued. */
async function allRequests(url: string, signal: AbortSignal): Promise<RequestsAnswer> {
  for (let cursor: string | undefined; ;) {
    const answer = await fetchJson<RequestsAnswer>(cursor ? `${url}&cursor=${encodeURIComponent(cursor)}` : url, { signal });
    if (answer.complete || !answer.cursor) return answer;
    cursor = answer.cursor;
    await new Promise((resolve) => setTimeout(resolve, (answer.retryAfterSeconds ?? 0) * 1000));
  }
}

export function RequestDrillDown(props: {
  base: string;
  window: TimeWindow;
  view: ValidationView;
  setView: (inputs: ValidationInputs) => void;
  /** The zone's account, read with its own credentials. */
  account?: string;
}) {
  const { base, view, setView } = props;
  // The summary's resolved window (not "the last 7 days" again): the server answers from the same read.
  const windowParams = withAccountParam(
    new URLSearchParams({ since: props.window.since, until: props.window.until }).toString(),
    props.account,
  );
  const params = new URLSearchParams(windowParams);
  for (const key of FILTER_KEYS) if (view[key]) params.set(key, view[key]);
  const query = params.toString();
  // The window's requests are read once; filters apply here, as the export applies them on the server.
  const answer = useQuery({
    queryKey: ["validation-requests", base, windowParams],
    queryFn: ({ signal }) => allRequests(`${base}?${windowParams}`, signal),
  });
  // A stable array: TanStack Table re-renders without end when its data is a new array on every render.
  const rows = useMemo(() => {
    const filter = safeFilter(new URLSearchParams(query));
    return (answer.data?.requests ?? []).filter((request) => matchesFilter(request, filter));
  }, [answer.data, query]);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table memoizes on its own
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (r) => r.rayName,
    enableSorting: false,
  });

  return (
    <section aria-labelledby="drill-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 id="drill-heading" className="font-semibold">
        Individual requests
      </h3>
      <form className="mt-2 flex flex-wrap items-end gap-2 text-sm" onSubmit={(e) => e.preventDefault()}>
        <label className="flex flex-col">
          Class
          <select
            aria-label="Filter by class"
            value={view.class ?? ""}
            onChange={(e) => setView({ class: e.target.value })}
            className="rounded border border-slate-300 px-2 py-1"
          >
            <option value="">All</option>
            {CLASS_FILTERS.map((cls) => (
              <option key={cls} value={cls}>
                {cls === "both" ? "Both acted" : CLASS_LABELS[cls]}
              </option>
            ))}
          </select>
        </label>
        {(["action", "rule", "host", "path", "country"] as const).map((key) => (
          <label key={key} className="flex flex-col capitalize">
            {key}
            <input
              aria-label={`Filter by ${key}`}
              defaultValue={view[key] ?? ""}
              onChange={(e) => setView({ [key]: e.target.value })}
              className="w-36 rounded border border-slate-300 px-2 py-1"
            />
          </label>
        ))}
        <a href={`${base}?${query}${query ? "&" : ""}format=csv`} download className={buttonClass()}>
          Export CSV
        </a>
      </form>
      {answer.isPending && <LoadingState label="Loading requests…" />}
      {answer.error && (
        <ErrorState title="The requests could not be loaded" message={answer.error.message} onRetry={() => void answer.refetch()} />
      )}
      {answer.data && (
        <>
          <p className="my-2 text-sm text-slate-600" aria-live="polite" data-testid="requests-count">
            Showing {formatCount(rows.length)} of {formatCount(answer.data.total)} requests
          </p>
          {rows.length === 0 ? (
            <p className="text-slate-600">No request matches these filters.</p>
          ) : (
            <VirtualTable table={table} label="Requests" grid={GRID} testId="requests" rowTestId="request-row" heightClass="h-[26rem]" />
          )}
        </>
      )}
    </section>
  );
}
