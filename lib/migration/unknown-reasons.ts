// The reasons for what Preflight cannot know about a zone: a retired previous-version API (its settings
// and overrides are unknown, never "none") and a migration status it cannot read (never "still on the
// previous version"). Pure.
import {
  STATUS_FIELDS,
  statusFieldNames,
  type MigrationStatus,
  type PreviousPart,
  type StatusRefusal,
  type ZoneEvidence,
} from "@/lib/migration/evidence";
import { describeEntrypoint } from "@/lib/rulesets/entrypoint-words";
import { describeRefusals, refusalWords } from "@/lib/migration/previous-api";
import type { Reason } from "@/lib/migration/reason";

const PART_WORDS: Record<PreviousPart, string> = {
  packages: "the previous sensitivity and action",
  overrides: "the URI-based overrides",
  groups: "the core rule set's group overrides",
  rulesOff: "its rule overrides",
};

export function previousApiReasons(evidence: ZoneEvidence): Reason[] {
  const previous = evidence.previousApi;
  if (!previous) return [];
  const retired = previous.refusals.some((r) => r.state === "retired");
  const reasons: Reason[] = [
    {
      code: "previous_version_retired",
      message:
        `The previous version's API is ${retired ? "retired by the platform" : "not there"} for this zone ` +
        `(${describeRefusals(previous.refusals)}). The platform stopped supporting it on 2025-06-15 and upgrades zones itself.`,
      nextStep: "Check the zone's status (Security > WAF in the dashboard, or Read again here): it may be upgraded already or soon.",
    },
  ];
  if (evidence.entrypoint !== undefined) {
    reasons.push({
      code: "managed_entrypoint",
      message: evidence.entrypoint
        ? `Its http_request_firewall_managed entry point exists (${describeEntrypoint(evidence.entrypoint)}): ` +
          `new managed rules may already be deployed. An update replaces that entry point.`
        : "It has no http_request_firewall_managed entry point yet: the new managed rules are not deployed.",
    });
  }
  if (previous.unknown.length > 0) {
    reasons.push({
      code: "previous_settings_unknown",
      message: `Unknown, not none: ${previous.unknown.map((part) => PART_WORDS[part]).join(", ")}. The retired API cannot tell them any more.`,
      nextStep: "Compare the proposed configuration with what the zone should keep; group and rule overrides never migrate.",
    });
  }
  return reasons;
}

export function statusUnknownReason(status: MigrationStatus, refusal?: StatusRefusal): Reason {
  if (refusal) {
    return {
      code: "status_unknown",
      message:
        `The migration status is unknown: ${refusal.operation} answered ${refusalWords(refusal.status)}. The platform stopped supporting ` +
        `the previous version's APIs on 2025-06-15 and upgrades zones itself, so the zone may be upgraded already` +
        `${refusal.status === 403 ? " (or the token may lack the Zone WAF permission)" : ""}. ` +
        `Preflight does not assume the zone is still on the previous version, nor that it is upgraded.`,
      nextStep: "Check the zone in the dashboard (Security > WAF) before planning any step; Read again once the status answers.",
    };
  }
  const fields = statusFieldNames(status);
  return {
    code: "status_unknown",
    message:
      `The migration status could not be read: the answer did not give ${STATUS_FIELDS.join(", ")} in a form Preflight knows ` +
      `(${fields.length > 0 ? `it had ${fields.join(", ")}` : "it had no fields"}). ` +
      `Preflight does not assume the zone is still on the previous version.`,
    nextStep: "Check the zone in the dashboard before planning any step; Read again once the status answers.",
  };
}
