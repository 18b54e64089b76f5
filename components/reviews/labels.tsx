// How kinds and states read in the UI.
import type { ReviewKind, ReviewState } from "@/lib/reviews/schema";
import { Badge, type BadgeTone } from "@/components/ui/badge";

export const KIND_LABELS: Record<ReviewKind, string> = {
  start_validation: "Start validation mode",
  complete_migration: "Complete the migration",
  delete_uri_overrides: "Delete URI-based overrides",
  switch_hostname_ca: "Switch custom hostnames' CA",
  accept_invite: "Accept an invitation",
  accept_baseline: "Accept drift as the new baseline",
};

const STATE_TONES: Record<ReviewState, BadgeTone> = {
  draft: "slate",
  submitted: "blue",
  approved: "green",
  rejected: "red",
  executing: "amber",
  executed: "green-strong",
  failed: "red-strong",
};

export function StateBadge({ state }: { state: ReviewState }) {
  return (
    <Badge tone={STATE_TONES[state]} testId="review-state">
      {state}
    </Badge>
  );
}
