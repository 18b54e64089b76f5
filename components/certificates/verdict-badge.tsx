import type { CertificateVerdict } from "@/lib/certificates/types";
import { Badge, type BadgeTone } from "@/components/ui/badge";

const TONES: Record<CertificateVerdict, BadgeTone> = {
  action_required: "red",
  informational: "amber",
  no_action: "green",
  not_serving: "slate",
};

export const CERTIFICATE_VERDICT_LABELS: Record<CertificateVerdict, string> = {
  action_required: "Action required",
  informational: "Informational",
  no_action: "No action",
  not_serving: "Not serving",
};

export function CertificateVerdictBadge({ verdict }: { verdict: CertificateVerdict }) {
  return <Badge tone={TONES[verdict]}>{CERTIFICATE_VERDICT_LABELS[verdict]}</Badge>;
}
