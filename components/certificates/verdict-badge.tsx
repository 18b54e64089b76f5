import type { Verdict } from "@/lib/certificates/types";

const STYLE: Record<Verdict, string> = {
  action_required: "bg-red-100 text-red-800",
  informational: "bg-amber-100 text-amber-800",
  no_action: "bg-emerald-100 text-emerald-800",
};

export const VERDICT_LABELS: Record<Verdict, string> = {
  action_required: "Action required",
  informational: "Informational",
  no_action: "No action",
};

export function VerdictBadge({ verdict }: { verdict: Verdict }) {
  return <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${STYLE[verdict]}`}>{VERDICT_LABELS[verdict]}</span>;
}
