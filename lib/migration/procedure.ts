// The migration procedure for one zone as steps, each with the exact call it would make. Shown here,
// executed only through a review.
import { deletableOverrideId, migrationPhase, type ZoneEvidence } from "@/lib/migration/evidence";
import { type Ruleset } from "@/lib/rulesets/ruleset";

export interface PlannedCall {
  method: "GET" | "PUT" | "DELETE";
  path: string;
  query: Record<string, string>;
  body?: unknown;
}

export interface ProcedureStep {
  title: string;
  why: string;
  call: PlannedCall;
  status: "done" | "next" | "later" | "optional" | "skipped";
}

/**
 * The config answer's rules carry `id`, `version` and `ref` as "" (docs' example); the schema wants a 32-hex id,
 * a numeric version and a non-empty ref when present (rulesets_Rule). Left out, they mean the same new rule.
 */
function putBody(config: Ruleset): Ruleset {
  const blank = new Set(["id", "version", "ref"]);
  return {
    ...config,
    rules: config.rules.map(
      (rule) => Object.fromEntries(Object.entries(rule).filter(([key, value]) => !(blank.has(key) && value === ""))) as typeof rule,
    ),
  };
}

const ENTRYPOINT = (zoneId: string) => `/zones/${zoneId}/rulesets/phases/http_request_firewall_managed/entrypoint`;

export function migrationProcedure(zoneId: string, plan: string, evidence: ZoneEvidence): ProcedureStep[] {
  const phase = migrationPhase(evidence.status);
  // An unreadable status is never taken as done: the check is next, the writes wait for a readable status.
  const before = phase === "previous" || phase === "unknown";
  const overrides = evidence.overrides ?? [];
  const config = putBody(evidence.config ?? { name: "default", rules: [] });
  const steps: ProcedureStep[] = [
    {
      title: "Check compatibility",
      why: "Proceed only when the answer says compatible: true.",
      call: { method: "GET", path: `/zones/${zoneId}/waf_migration/check`, query: { phase_two: "1" } },
      status: before ? "next" : "done",
    },
    // Only an override with an identifier can be deleted: one without is shown in the reasons, never planned.
    ...overrides.flatMap((override): ProcedureStep[] => {
      const id = deletableOverrideId(override);
      if (!id) return [];
      return [
        {
          title: `Delete the URI-based override ${override.urls?.length ? override.urls.join(", ") : id}`,
          why: "Zones with URI-based overrides cannot update; they can only be deleted by API.",
          call: { method: "DELETE", path: `/zones/${zoneId}/firewall/waf/overrides/${id}`, query: {} },
          status: before ? "next" : "done",
        },
      ];
    }),
    {
      title: "Get the proposed configuration",
      why: "The new managed rules equivalent to the current configuration, ready to deploy.",
      call: { method: "GET", path: `/zones/${zoneId}/waf_migration/config`, query: { phase_two: "1" } },
      status: before ? "later" : "done",
    },
    {
      title: "Read the current entry point",
      why: "The PUT replaces the whole http_request_firewall_managed entry point: a review freezes what is there (404: none) and refuses to run if it changes.",
      call: { method: "GET", path: ENTRYPOINT(zoneId), query: {} },
      status: phase === "migrated" ? "done" : "later",
    },
  ];
  if (plan === "enterprise") {
    steps.push({
      title: "Start validation mode",
      why: "Both versions run, the new one first: review the activity log for wrongly blocked traffic before finishing.",
      call: { method: "PUT", path: ENTRYPOINT(zoneId), query: { waf_migration: "validation", phase_two: "1" }, body: config },
      status: phase === "previous" ? "optional" : phase === "unknown" ? "later" : "done",
    });
  }
  steps.push({
    title: phase === "validation" ? "Turn the previous version off" : "Update to the new managed rules",
    why: "Saves the configuration, enables the new rules and disables the previous ones. Irreversible.",
    call: { method: "PUT", path: ENTRYPOINT(zoneId), query: { waf_migration: "pending", phase_two: "1" }, body: config },
    status: phase === "migrated" ? "done" : phase === "validation" ? "next" : "later",
  });
  return steps;
}
