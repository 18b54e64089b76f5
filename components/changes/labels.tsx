// How the Changes view names each kind of change, and its colour.
import type { ChangeKind } from "@/lib/changes/kinds";

export const CHANGE_LABELS: Record<ChangeKind, string> = {
  drift: "Drift from the approved configuration",
  drift_resolved: "Drift resolved",
  new_legacy_ca_certificate: "New certificate on the legacy-chain CA",
  hostname_switched_back: "Switched back to the legacy-chain CA",
  expires_before_replacement: "Expires before its replacement",
};

export const CHANGE_TONES: Record<ChangeKind, string> = {
  drift: "bg-red-100 text-red-900",
  drift_resolved: "bg-emerald-100 text-emerald-900",
  new_legacy_ca_certificate: "bg-amber-100 text-amber-900",
  hostname_switched_back: "bg-red-100 text-red-900",
  expires_before_replacement: "bg-red-100 text-red-900",
};

/** An unknown kind (written by a newer version) is shown as written, never dropped. */
export function ChangeBadge({ kind }: { kind: string }) {
  const known = kind in CHANGE_LABELS ? (kind as ChangeKind) : undefined;
  return (
    <span
      className={`inline-block truncate rounded px-1.5 py-0.5 text-xs font-medium ${known ? CHANGE_TONES[known] : "bg-slate-100 text-slate-800"}`}
    >
      {known ? CHANGE_LABELS[known] : kind}
    </span>
  );
}
