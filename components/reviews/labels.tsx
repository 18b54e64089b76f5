// How kinds and states read in the UI.
import type { ReviewKind, ReviewState } from "@/lib/reviews/schema";

export const KIND_LABELS: Record<ReviewKind, string> = {
  start_validation: "Start validation mode",
  complete_migration: "Complete the migration",
  delete_uri_overrides: "Delete URI-based overrides",
  switch_hostname_ca: "Switch custom hostnames' CA",
  accept_invite: "Accept an invitation",
  accept_baseline: "Accept drift as the new baseline",
};

export const STATE_STYLES: Record<ReviewState, string> = {
  draft: "bg-slate-100 text-slate-800",
  submitted: "bg-blue-100 text-blue-900",
  approved: "bg-emerald-100 text-emerald-900",
  rejected: "bg-red-100 text-red-900",
  executing: "bg-amber-100 text-amber-900",
  executed: "bg-emerald-200 text-emerald-950",
  failed: "bg-red-200 text-red-950",
};

export function StateBadge({ state }: { state: ReviewState }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_STYLES[state]}`} data-testid="review-state">{state}</span>;
}
