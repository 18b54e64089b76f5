import type { MigrationVerdict } from "@/lib/migration/eligibility";
import { Badge, type BadgeTone } from "@/components/ui/badge";

const TONES: Record<MigrationVerdict, BadgeTone> = {
  eligible: "green",
  blocked: "red",
  migrated: "slate",
  validation: "violet",
  failed: "amber",
  retired: "sky",
  unknown: "outline",
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
  return <Badge tone={TONES[verdict]}>{MIGRATION_VERDICT_LABELS[verdict]}</Badge>;
}
