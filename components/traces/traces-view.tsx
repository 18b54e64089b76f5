"use client";
// The trace explorer: the query and the view (types, selected transaction) live in the URL, so a
// shared link re-runs the same query and opens the same call tree.
import { useQueryStates } from "nuqs";
import { useMemo, useState } from "react";
import { ErrorState, LoadingState, ProgressBar } from "@/components/data-table/states";
import { fromInputs } from "@/components/data-table/search-params";
import { downloadCsv } from "@/lib/client/download-csv";
import { addressRule } from "@/lib/gateway/address-rule";
import { buildCallTrees, transactionKey } from "@/lib/gateway/call-tree";
import type { TraceKind } from "@/lib/gateway/trace";
import { toTraceRow } from "@/lib/gateway/trace-row";
import { AddressRuleNote } from "./address-rule-note";
import { CallTree } from "./call-tree";
import type { IndexedRow } from "./table/columns";
import { QueryForm } from "./query-form";
import { tracesSearchParams } from "./search-params";
import { TraceTable } from "./table/trace-table";
import { TypeFilter } from "./type-filter";
import { queryFromFields, QUERY_KEYS } from "./url-query";
import { useTraces } from "./use-traces";
import { Button } from "@/components/ui/button";
import { TransactionPanel } from "./decoded/transaction-panel";
import { useDecodedTransaction } from "./decoded/use-transaction";
import { exportDecodedJson } from "./decoded/export-json";

export function TracesView() {
  const [view, setView] = useQueryStates(tracesSearchParams);
  // Re-parsed when any view key changes: cheap, and react-query compares query keys by value.
  const { query, error: urlError } = useMemo(() => queryFromFields(view), [view]);
  const { data: result, error, isFetching, progress, cancelled, cancel, refetch } = useTraces(query);
  const [exporting, setExporting] = useState<{ running: boolean; error?: string }>({ running: false });

  const rows = useMemo<IndexedRow[]>(
    () => result?.traces.map((trace, index) => ({ ...toTraceRow(trace), index, key: transactionKey(trace) })) ?? [],
    [result],
  );
  const selectedKinds = useMemo(() => new Set<TraceKind>(view.types ?? []), [view.types]);
  const counts = useMemo(
    () => rows.reduce((map, row) => map.set(row.kind, (map.get(row.kind) ?? 0) + 1), new Map<TraceKind, number>()),
    [rows],
  );
  const shown = useMemo(() => (selectedKinds.size ? rows.filter((row) => selectedKinds.has(row.kind)) : rows), [rows, selectedKinds]);
  const tree = useMemo(() => {
    if (!result || !view.tx) return undefined;
    return buildCallTrees(result.traces.filter((trace) => transactionKey(trace) === view.tx))[0];
  }, [result, view.tx]);
  // Only the transaction on screen is decoded (its own request), never the whole range.
  const decoded = useDecodedTransaction(tree && view.tx?.startsWith("0x") ? view.tx : undefined);
  const decodedFrames = useMemo(
    () => new Map((decoded.data?.frames ?? []).map((frame) => [frame.traceAddress.join("."), frame] as const)),
    [decoded.data],
  );
  const rule = useMemo(() => addressRule(query?.fromAddress, query?.toAddress, result?.traces ?? []), [query, result]);

  return (
    <div className="flex flex-col gap-3">
      <QueryForm
        key={QUERY_KEYS.map((key) => view[key]).join("|")}
        initial={view}
        running={isFetching}
        onCancel={cancel}
        onRun={(fields) =>
          query && QUERY_KEYS.every((key) => (fields[key] ?? null) === view[key])
            ? void refetch()
            : void setView(fromInputs(tracesSearchParams, { ...fields, tx: null, frame: null }))
        }
      />
      {urlError && <ErrorState title="The query in the link is not valid" message={urlError.message} />}
      {!query && !urlError && (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-600">
          Enter a block range to list its traces. Ranges wider than 800 blocks are read in windows of 800; a window with more than 200
          traces is split into smaller block ranges read at once.
        </p>
      )}
      {isFetching && (
        <div className="flex items-center gap-3" data-testid="trace-progress">
          <ProgressBar label="Trace windows read" done={progress?.windowsDone ?? 0} total={progress?.windows} />
          <span className="text-sm text-slate-600">{progress ? `of ${progress.windows} windows` : "resolving the block range…"}</span>
        </div>
      )}
      {cancelled && !isFetching && (
        <p role="status" className="text-sm text-slate-600">
          Cancelled. Run the query again to read the traces.
        </p>
      )}
      {error && !isFetching ? (
        <ErrorState title="The traces could not be read" message={error.message} onRetry={() => void refetch()} />
      ) : isFetching && !result ? (
        <LoadingState label="Reading traces…" />
      ) : result ? (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-700" data-testid="traces-summary">
              {result.traces.length} traces from blocks {result.fromBlock}–{result.toBlock} in {result.windows} window
              {result.windows === 1 ? "" : "s"}
              {result.cachedWindows ? ` (${result.cachedWindows} from cache: finalized blocks)` : ""}.
            </p>
            <div className="flex gap-2">
              <Button
                disabled={!shown.length}
                onClick={() =>
                  downloadCsv(
                    "traces.csv",
                    shown.map(({ index: _i, key: _k, ...row }) => row),
                  )
                }
              >
                Export CSV
              </Button>
              <Button
                disabled={!shown.length || exporting.running || !query}
                onClick={() => {
                  // Decoded on export only: the exported traces' blocks, not the whole range on screen.
                  setExporting({ running: true });
                  exportDecodedJson(
                    query!,
                    shown.map((row) => result.traces[row.index]!),
                  ).then(
                    () => setExporting({ running: false }),
                    (failure: unknown) =>
                      setExporting({ running: false, error: failure instanceof Error ? failure.message : String(failure) }),
                  );
                }}
              >
                {exporting.running ? "Decoding…" : "Export JSON"}
              </Button>
            </div>
            {exporting.error && (
              <p role="alert" className="w-full text-sm text-red-700">
                The JSON export could not be decoded: {exporting.error}
              </p>
            )}
          </div>
          {!result.complete && result.nextFromBlock !== undefined && (
            <div role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
              The request&apos;s subrequest budget ran out: these are the traces of blocks {result.fromBlock}–{result.nextFromBlock - 1}.{" "}
              <button
                type="button"
                className="underline"
                onClick={() => void setView({ fromBlock: String(result.nextFromBlock), tx: null })}
              >
                Continue from block {result.nextFromBlock}
              </button>
            </div>
          )}
          <AddressRuleNote rule={rule} />
          <TypeFilter
            selected={selectedKinds}
            counts={counts}
            onChange={(kinds) => void setView(fromInputs(tracesSearchParams, { types: kinds.join(",") }))}
          />
          {rows.length === 0 ? (
            <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">No trace matches this query.</p>
          ) : (
            <TraceTable
              rows={shown}
              total={rows.length}
              selected={view.tx ?? undefined}
              onSelect={(tx) => void setView({ tx, frame: null })}
            />
          )}
          {tree ? (
            <>
              <CallTree
                tree={tree}
                decoding={
                  decoded.data
                    ? {
                        frames: decodedFrames,
                        selected: frameFromParam(view.frame),
                        onSelect: (frame) => void setView({ frame: frameParam(frame) }),
                      }
                    : undefined
                }
              />
              {tree.key.startsWith("0x") && (
                <TransactionPanel
                  transaction={decoded.data}
                  error={decoded.error}
                  loading={decoded.isPending}
                  selectedFrame={frameFromParam(view.frame)}
                  onRetry={() => void decoded.refetch()}
                />
              )}
            </>
          ) : (
            rows.length > 0 && <p className="text-sm text-slate-600">Select a trace to see its transaction&apos;s call tree.</p>
          )}
        </>
      ) : null}
    </div>
  );
}

/** The selected call in the URL: its traceAddress ("0.1"), or `top` for the top call (whose traceAddress is empty). */
function frameParam(frame: string): string {
  return frame === "" ? "top" : frame;
}

function frameFromParam(param: string | null): string | undefined {
  return param === null ? undefined : param === "top" ? "" : param;
}
