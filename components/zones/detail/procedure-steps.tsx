"use client";
// The migration procedure, each step with the exact call it would make. Nothing here runs it: that
// is a review's job, approved by a second person.
import { useState } from "react";
import type { PlannedCall, ProcedureStep } from "@/lib/migration/procedure";

const STATUS_LABEL: Record<ProcedureStep["status"], string> = {
  done: "Done",
  next: "Next",
  later: "Then",
  optional: "Optional (Enterprise)",
  skipped: "Skipped",
};

export function callLine(call: PlannedCall): string {
  const query = new URLSearchParams(call.query).toString();
  return `${call.method} ${call.path}${query ? `?${query}` : ""}`;
}

/** A curl line with placeholders: the token and base never come from Preflight. */
function curl(call: PlannedCall): string {
  const body = call.body === undefined ? "" : ` \\\n  -H "Content-Type: application/json" \\\n  --data '${JSON.stringify(call.body)}'`;
  return `curl -X ${call.method} "$API_BASE${callLine(call).slice(call.method.length + 1)}" \\\n  -H "Authorization: Bearer $CLOUDFLARE_API_TOKEN"${body}`;
}

export function ProcedureSteps({ steps }: { steps: ProcedureStep[] }) {
  const [copied, setCopied] = useState<number>();
  return (
    <ol className="flex flex-col gap-3">
      {steps.map((step, index) => (
        <li key={`${step.title}-${index}`} className="rounded border border-slate-200 p-3" data-testid="procedure-step">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="font-medium">
              {index + 1}. {step.title}
            </p>
            <span className="text-xs font-semibold text-slate-600">{STATUS_LABEL[step.status]}</span>
          </div>
          <p className="mt-1 text-slate-600">{step.why}</p>
          <code className="mt-2 block overflow-x-auto rounded bg-slate-900 px-2 py-1 text-xs text-slate-100">{callLine(step.call)}</code>
          <div className="mt-2 flex gap-3">
            {step.call.body !== undefined && (
              <details className="flex-1">
                <summary className="cursor-pointer text-xs text-blue-700">Request body</summary>
                <pre className="mt-1 max-h-64 overflow-auto rounded bg-slate-50 p-2 text-xs">{JSON.stringify(step.call.body, null, 2)}</pre>
              </details>
            )}
            <button
              type="button"
              className="self-start text-xs text-blue-700 underline"
              onClick={() => void navigator.clipboard?.writeText(curl(step.call)).then(() => setCopied(index))}
            >
              {copied === index ? "Copied" : "Copy as curl"}
            </button>
          </div>
        </li>
      ))}
    </ol>
  );
}
