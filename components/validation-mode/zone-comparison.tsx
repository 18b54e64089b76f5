"use client";
// One zone's comparison: the decision aid first, then the matrix, the series, the top lists and the
// drill-down to individual requests.
import Link from "next/link";
import { ErrorState, LoadingState } from "@/components/data-table/states";
import type { ZoneValidationAnswer } from "@/lib/validation-mode/compare-zone";
import { describeSeconds } from "@/lib/validation-mode/duration-words";
import { ActionMatrix, TopLists } from "./comparison-tables";
import { windowQuery, withAccountParam } from "./labels";
import { withAccount } from "@/lib/accounts/account-filter";
import { AccountName } from "@/components/accounts/account-name";
import { ReadProgressPanel } from "./read-progress";
import { RequestDrillDown } from "./request-drill-down";
import { SampledMark, SamplingNotice } from "./sampling-notice";
import dynamic from "next/dynamic";
import { useWindowComparison } from "./use-window-comparison";
import { WindowForm } from "./window-form";
import { formatCount as n, formatPercent } from "@/lib/client/format";
import { buttonClass } from "@/components/ui/button";
import type { ValidationInputs, ValidationView } from "./search-params";

// recharts is the heaviest part of the page: it loads after the numbers, not before them.
const SeriesChart = dynamic(() => import("./series-chart").then((m) => m.SeriesChart), {
  ssr: false,
  loading: () => <LoadingState label="Loading the chart…" />,
});

/** What the figures are: requests seen, or estimated from a sample; and the queries the dataset's limits asked for. */
function figures(answer: ZoneValidationAnswer): string {
  const rate = formatPercent(answer.decision.disagreementRate);
  const limits = answer.datasetLimits;
  const queries = `read in ${answer.slices} quer${answer.slices === 1 ? "y" : "ies"}`;
  const assumed = limits?.assumed.length
    ? `; ${limits.assumed.join(", ")} not answered by the platform, the documented example assumed`
    : "";
  // Optional fields the zone's settings kept out of the queries: their columns are empty, and say why.
  const omitted = limits?.fields.omitted.length
    ? `; not read: ${limits.fields.omitted.map((o) => `${o.field} (${o.reason})`).join(", ")}`
    : "";
  const reads = limits
    ? `${queries} of at most ${n(limits.maxPageSize)} rows and ${describeSeconds(limits.maxDurationSeconds)}${assumed}${omitted}`
    : `${queries}; the zone's dataset limits were not read yet`;
  if (!answer.sampling.sampled)
    return `The versions disagree on ${rate} of the ${n(answer.totals.requests)} requests either acted on (${n(answer.totals.events)} events, ${reads}).`;
  return (
    `The versions disagree on ${rate} of the ${n(answer.totals.requests)} requests seen, ` +
    `which stand for about ${n(answer.estimated.requests)} requests either acted on ` +
    `(${n(answer.totals.events)} sampled events for about ${n(answer.estimated.events)}, ${reads}).`
  );
}

export function ZoneComparison(props: {
  zoneId: string;
  zoneName?: string;
  /** The zone's account: its window is read with that account's credentials. */
  account?: string;
  view: ValidationView;
  setView: (inputs: ValidationInputs) => void;
}) {
  const { zoneId, view, setView } = props;
  const base = `/api/zones/${encodeURIComponent(zoneId)}/validation`;
  // The zone's account rides with the window, so every read of it (the summary, the drill-down) names it.
  const windowParams = withAccountParam(windowQuery(view), props.account);
  // The window is read in slices under the dataset's row limit, over as many requests as it takes.
  const summary = useWindowComparison(base, windowParams);

  return (
    <section aria-labelledby="comparison-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <h2 id="comparison-heading" className="text-xl font-semibold">
          {props.zoneName ?? zoneId}
        </h2>
        {summary.data && (
          <span className="text-sm text-slate-600" data-testid="comparison-account">
            <AccountName account={summary.data.account} />
          </span>
        )}
        <Link href={withAccount(`/zones/${encodeURIComponent(zoneId)}`, props.account)} className="text-sm text-blue-700 underline">
          Zone migration
        </Link>
        <WindowForm
          since={view.since ?? summary.data?.window.since}
          until={view.until ?? summary.data?.window.until}
          onChange={(w) => setView(w)}
        />
      </div>
      {summary.isPending && <ReadProgressPanel progress={summary.progress} pause={summary.pause} requests={summary.requests} />}
      {summary.error && (
        <ErrorState title="The comparison could not be made" message={summary.error.message} onRetry={() => void summary.refetch()} />
      )}
      {summary.data && (
        <>
          <div className="rounded-lg border border-slate-200 bg-white p-4" data-testid="decision">
            <p className="text-lg font-medium">
              <span data-testid="decision-summary">{summary.data.decision.summary}.</span> <SampledMark sampling={summary.data.sampling} />
            </p>
            <p className="mt-1 text-slate-600" data-testid="decision-figures">
              {figures(summary.data)}
            </p>
            <SamplingNotice sampling={summary.data.sampling} />
            <Link
              href={withAccount(`/reviews?create=complete_migration&zoneId=${encodeURIComponent(zoneId)}`, props.account)}
              className={buttonClass({ variant: "primary", className: "mt-3" })}
            >
              Start the review that turns the previous version off
            </Link>
          </div>
          <ActionMatrix summary={summary.data} onPick={(cls, action) => setView({ class: cls, action })} />
          <SeriesChart summary={summary.data} />
          <TopLists summary={summary.data} />
          <RequestDrillDown base={`${base}/requests`} window={summary.data.window} view={view} setView={setView} account={props.account} />
        </>
      )}
    </section>
  );
}
