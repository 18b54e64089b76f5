"use client";
// Reading the client impact of the affected certificates, on request: how far the read is, and what failed
// or is partial, in the words every partial read uses.
import { ZONES_PER_READ, type ImpactRead } from "@/components/certificates/impact/use-certificate-impact";
import { Button } from "@/components/ui/button";
import { IMPACTED_LABEL } from "@/lib/certificates/impact/impact-words";
import { coverageLabel, isExact } from "@/lib/client/coverage";

export function ImpactControls(props: { impact: ImpactRead; disabled: boolean; onRead: () => void; onMore: () => void }) {
  const { impact, disabled } = props;
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3 text-sm" data-testid="impact-controls">
      <div className="flex flex-wrap items-center gap-2">
        <Button disabled={disabled || impact.reading} onClick={props.onRead}>
          {impact.reading ? "Reading client impact…" : "Read client impact (7 days)"}
        </Button>
        {impact.left > 0 && !impact.reading && (
          <Button onClick={props.onMore}>Read {Math.min(ZONES_PER_READ, impact.left)} more zones</Button>
        )}
        <span className="text-slate-600">
          Share of each affected hostname&apos;s requests from {IMPACTED_LABEL} clients, estimated from sampled analytics (95 % interval).
        </span>
      </div>
      {impact.coverage && (
        <p className={isExact(impact.coverage) ? "text-slate-600" : "font-medium text-amber-800"} data-testid="impact-coverage">
          Client impact: {coverageLabel(impact.coverage)}
          {impact.partialZones.length > 0 && `; ${impact.partialZones.length} zone(s) read in part (see the inspector's figures)`}
        </p>
      )}
      {impact.errors.length > 0 && (
        <ul role="alert" className="list-disc pl-5 text-red-900">
          {impact.errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
