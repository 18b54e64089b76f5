// The verdict for one zone and every reason behind it, in words a person acts on, each with the next
// step. Pure: the evidence in, the assessment out.
import { deletableOverrideId, migrationPhase, type UriOverride, type ZoneEvidence } from "@/lib/migration/evidence";
import { MIGRATION_LIMITS } from "@/lib/migration/update-limits";
import { migratedRules, oversizedExpressions } from "@/lib/migration/proposed-config";
import type { Reason } from "@/lib/migration/reason";
import { previousApiReasons, statusUnknownReason } from "@/lib/migration/unknown-reasons";

/** `retired`: the previous version's API is retired for the zone; `unknown`: its migration status could not be read. */
export type MigrationVerdict = "eligible" | "blocked" | "migrated" | "validation" | "failed" | "retired" | "unknown";

export interface Eligibility {
  verdict: MigrationVerdict;
  eligible: boolean;
  reasons: Reason[];
  migrationState: string;
  validationAvailable: boolean;
}

export function assessEligibility(plan: string, evidence: ZoneEvidence): Eligibility {
  const phase = migrationPhase(evidence.status);
  const migrationState = evidence.status.migration_state ?? phase;
  const enterprise = plan === "enterprise";
  if (phase === "migrated") {
    return {
      verdict: "migrated",
      eligible: false,
      migrationState,
      validationAvailable: false,
      reasons: [
        {
          code: "already_migrated",
          message: "The zone already runs the new managed rules; the previous version is off. The update cannot be undone.",
          nextStep: "Nothing to do. Tune the new managed rules with exceptions if needed.",
        },
      ],
    };
  }
  if (phase === "validation") {
    return {
      verdict: "validation",
      eligible: false,
      migrationState,
      validationAvailable: true,
      reasons: [
        {
          code: "in_validation",
          message: "Validation mode: both versions run, the new managed rules first.",
          nextStep:
            "Review where the versions disagree on the Validation page, then turn the previous version off (waf_migration=pending).",
        },
        ...settingReasons(evidence),
        ...previousApiReasons(evidence),
      ],
    };
  }
  const blockers = blockingReasons(evidence);
  const validation: Reason = enterprise
    ? {
        code: "validation_available",
        message: "Validation mode is available (Enterprise): both versions can run side by side first.",
        nextStep: "Start with waf_migration=validation to compare before turning the previous version off.",
      }
    : {
        code: "validation_unavailable",
        message: `Validation mode is not available on the ${plan} plan (Enterprise only): the update switches directly.`,
      };
  // A retired previous-version API or an unreadable status is what is known: the zone is never called eligible on it.
  if (evidence.previousApi || phase === "unknown") {
    return {
      verdict: evidence.previousApi ? "retired" : "unknown",
      eligible: false,
      migrationState,
      validationAvailable: enterprise,
      reasons: [
        ...previousApiReasons(evidence),
        ...(phase === "unknown" ? [statusUnknownReason(evidence.status, evidence.statusRefusal)] : []),
        ...blockers,
        ...(evidence.check?.compatible && phase !== "unknown" ? [compatibleReason] : []),
        validation,
        ...settingReasons(evidence),
      ],
    };
  }
  const eligible = blockers.length === 0;
  return {
    verdict: eligible ? "eligible" : "blocked",
    eligible,
    migrationState,
    validationAvailable: enterprise,
    reasons: [
      ...(eligible
        ? [
            {
              code: "eligible",
              message: "The compatibility check says compatible and nothing blocks the update.",
              nextStep: "Create a review to start the migration.",
            },
          ]
        : blockers),
      validation,
      ...settingReasons(evidence),
    ],
  };
}

const compatibleReason: Reason = {
  code: "check_compatible",
  message: "The compatibility check, which still answers, says compatible: the update can be started with a review.",
};

function blockingReasons(evidence: ZoneEvidence): Reason[] {
  const reasons: Reason[] = [];
  const overrides = evidence.overrides ?? [];
  if (overrides.length > 0) {
    const withoutId = overrides.filter((o) => deletableOverrideId(o) === undefined).length;
    reasons.push({
      code: "uri_overrides",
      message:
        `${overrides.length} URI-based override${overrides.length === 1 ? "" : "s"} must be deleted first: ${overrides.map(overrideWords).join("; ")}.` +
        (withoutId > 0 ? ` ${withoutId} of them came without an identifier: Preflight cannot plan their deletion.` : ""),
      nextStep: "Delete them with the API (DELETE /zones/{zone_id}/firewall/waf/overrides/{id}); the dashboard cannot.",
    });
  } else if (evidence.check && !evidence.check.compatible) {
    // The docs show no incompatible answer: its migration_state, when given, is quoted as given.
    const state = evidence.check.migration_state ? `, migration_state "${evidence.check.migration_state}"` : "";
    reasons.push({
      code: "not_compatible",
      message: `The compatibility check says this zone cannot update (compatible: false${state}).`,
      nextStep: "Contact support with the zone id: the check gives no further reason.",
    });
  }
  if (evidence.config) {
    const migrated = migratedRules(evidence.config).length;
    if (migrated > MIGRATION_LIMITS.firewallRules) {
      reasons.push({
        code: "too_many_rules",
        message: `${migrated} firewall rules would be migrated: the update accepts at most ${MIGRATION_LIMITS.firewallRules}.`,
        nextStep: "Contact support, or merge rules before updating.",
      });
    }
    for (const rule of oversizedExpressions(evidence.config)) {
      reasons.push({
        code: "expression_too_long",
        message:
          `Rule ${rule.index + 1} ("${rule.description}") has an expression of ${rule.expressionBytes} bytes, ` +
          `over the 4 KB (${MIGRATION_LIMITS.expressionBytes} bytes) limit.`,
        nextStep: "Contact support, or shorten the expression (for example with an IP list).",
      });
    }
  }
  return reasons;
}

function settingReasons(evidence: ZoneEvidence): Reason[] {
  if (evidence.status.old_waf_status !== "disabled") return [];
  return [
    {
      code: "firewall_disabled",
      message:
        "The previous managed rules are turned off for this zone. The new managed rules have no global switch: each ruleset is deployed on its own.",
      nextStep: "Check that the proposed configuration deploys the rulesets disabled if that is still what you want.",
    },
  ];
}

/** An override in words: its URLs (optional in the SDK) and description, and its id or that it has none. */
function overrideWords(override: UriOverride): string {
  const urls = override.urls?.length ? override.urls.join(", ") : "no URLs given";
  const id = deletableOverrideId(override) ? "" : " [no identifier]";
  return `${urls}${override.description ? ` (${override.description})` : ""}${id}`;
}

/** A zone whose calls failed: marked failed with the reason, never shown as eligible or dropped. */
export function failedEligibility(message: string): Eligibility {
  return {
    verdict: "failed",
    eligible: false,
    migrationState: "unknown",
    validationAvailable: false,
    reasons: [{ code: "fetch_failed", message, nextStep: "Retry this zone; if it keeps failing, check the platform's status." }],
  };
}
