"use client";
// How far the read of a window got: slices read (over several server requests when the budget asks for
// it) and, while a rate limit holds it, which limit and when it resumes, counted down.
import { useEffect, useState } from "react";
import { ProgressBar } from "@/components/data-table/states";
import type { ReadProgress } from "@/lib/validation-mode/window-read-state";
import type { Pause } from "./use-window-comparison";
import { formatCount, formatSecondsLeft, formatTime } from "@/lib/client/format";

const LIMITS = {
  graphql: "The platform's GraphQL analytics rate limit (a query limit of its own, apart from the account's) is used up",
  account: "The account rate limit is used up",
};

function Countdown({ until }: { until: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <>{formatSecondsLeft(until, now)}</>;
}

export function ReadProgressPanel({ progress, pause, requests }: { progress?: ReadProgress; pause?: Pause; requests: number }) {
  return (
    <div role="status" className="rounded-lg border border-slate-200 bg-white p-4" data-testid="read-progress">
      <p className="mb-2 text-slate-600">Reading both versions&apos; firewall events…</p>
      <ProgressBar label="Slices of the window read" done={progress?.slicesDone ?? 0} total={progress?.slices || undefined} />
      {progress && (
        <p className="mt-1 text-xs text-slate-500">
          {formatCount(progress.events)} events so far
          {requests > 1 ? `, in ${requests} requests (each within the server's subrequest budget)` : ""}
        </p>
      )}
      {pause && (
        <p className="mt-2 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900" data-testid="rate-limit-pause">
          {LIMITS[pause.limit]}: the read resumes by itself at {formatTime(pause.until)} (in <Countdown until={pause.until} />
          ).
        </p>
      )}
    </div>
  );
}
