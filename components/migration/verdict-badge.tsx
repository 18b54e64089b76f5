import type { MigrationVerdict } from "@/lib/migration/eligibility";

const STYLES: Record<MigrationVerdict, string> = {
  eligible: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  blocked: "bg-red-100 text-red-900 ring-red-300",
  migrated: "bg-slate-100 text-slate-800 ring-slate-300",
  validation: "bg-violet-100 text-violet-900 ring-violet-300",
  failed: "bg-amber-100 text-amber-900 ring-amber-400",
  retired: "bg-sky-100 text-sky-900 ring-sky-300",
  unknown: "bg-white text-slate-800 ring-slate-400",
};

export const MIGRATION_VERDICT_LABELS: Record<MigrationVerdict, string> = {
  eligible: "Eligible",
  blocked: "Blocked",
  migrated: "Migrated",
  validation: "Validation mode",
  failed: "Failed to read",
  retired: "Previous version retired",
  unknown: "Status unknown",
};

export function MigrationVerdictBadge({ verdict }: { verdict: MigrationVerdict }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${STYLES[verdict]}`}>
      {MIGRATION_VERDICT_LABELS[verdict]}
    </span>
  );
}
