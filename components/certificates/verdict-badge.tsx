import type { CertificateVerdict } from "@/lib/certificates/types";

const STYLE: Record<CertificateVerdict, string> = {
  action_required: "bg-red-100 text-red-800",
  informational: "bg-amber-100 text-amber-800",
  no_action: "bg-emerald-100 text-emerald-800",
};

export const CERTIFICATE_VERDICT_LABELS: Record<CertificateVerdict, string> = {
  action_required: "Action required",
  informational: "Informational",
  no_action: "No action",
};

export function CertificateVerdictBadge({ verdict }: { verdict: CertificateVerdict }) {
  return <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${STYLE[verdict]}`}>{CERTIFICATE_VERDICT_LABELS[verdict]}</span>;
}
