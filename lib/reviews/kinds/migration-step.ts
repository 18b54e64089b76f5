// The migration steps (start_validation, complete_migration, delete_uri_overrides): the PUT of the zone's
// http_request_firewall_managed entry point with ?waf_migration, or the DELETE of URI-based overrides. Their
// plan and refusals, the reads that tell after a restart whether a call took effect, and the baseline a PUT sets.
import "server-only";
import { z } from "zod";
import { ConflictError } from "@/lib/errors/conflict-error";
import { InputError } from "@/lib/errors/input-error";
import { migrationPhase, overrideSchema } from "@/lib/migration/evidence";
import { readManagedEntrypoint } from "@/lib/migration/entrypoint";
import { describeEntrypoint, type FrozenEntrypoint } from "@/lib/rulesets/entrypoint-words";
import { describeRefusals, previousApiRefusal } from "@/lib/migration/previous-api";
import { migrationProcedure, type PlannedCall } from "@/lib/migration/procedure";
import { readMigrationStatus, scanZoneEvidence } from "@/lib/migration/scan-zone";
import type { PlatformClient } from "@/lib/platform/client";
import { walkPages } from "@/lib/platform/paginate";
import { zonePath } from "@/lib/platform/paths";
import { getZone } from "@/lib/platform/zones";
import type { EntrypointSnapshot } from "@/lib/drift/baseline";
import { migrationRulesetDiff, RULESET_DIFF_FIELD } from "@/lib/reviews/ruleset-diff-evidence";
import type { Difference, Review, ReviewCall } from "@/lib/reviews/schema";
import type { ApprovedConfiguration, CallEffect, ReviewKindHandler, ReviewPlan } from "@/lib/reviews/kinds/kind";

type MigrationKind = "start_validation" | "complete_migration" | "delete_uri_overrides";

const HEX = "([0-9a-f]{32})";
const ENTRYPOINT = new RegExp(`^/zones/${HEX}/rulesets/phases/http_request_firewall_managed/entrypoint$`);
const OVERRIDE = new RegExp(`^/zones/${HEX}/firewall/waf/overrides/${HEX}$`);

/** The PUT's answer as the review keeps it: `{success, result}` with the rulesets_Ruleset result. */
const putAnswerSchema = z.object({
  result: z.looseObject({ id: z.string(), version: z.string(), last_updated: z.string(), rules: z.array(z.looseObject({})).optional() }),
});

export const migrationStep: ReviewKindHandler<MigrationKind> = {
  plan: ({ platform }, target) => planMigrationStep(platform, target.kind, target.zoneId),
  effect: migrationCallEffect,
  approved: approvedEntrypoint,
  driftWords: driftMessage,
};

async function planMigrationStep(
  platform: PlatformClient,
  kind: "start_validation" | "complete_migration" | "delete_uri_overrides",
  zoneId: string,
): Promise<ReviewPlan> {
  const zone = await getZone(platform, zoneId);
  const evidence = await scanZoneEvidence(platform, zoneId);
  const phase = migrationPhase(evidence.status);
  const steps = migrationProcedure(zoneId, zone.plan, evidence);
  const frozen = {
    zone: { id: zone.id, name: zone.name, plan: zone.plan },
    check: evidence.check ?? null,
    status: evidence.status,
    proposedConfig: evidence.config ?? null,
    // null, not []: overrides the retired API could not list are unknown, not none.
    overrides: evidence.previousApi?.unknown.includes("overrides") ? null : (evidence.overrides ?? []),
    ...(evidence.previousApi ? { previousApi: evidence.previousApi } : {}),
  };
  const pick = (mode: string) => steps.filter((s) => s.call.method === "PUT" && s.call.query.waf_migration === mode);
  const asCalls = (chosen: typeof steps, suffix = "") => chosen.map((s) => toCall(s.title + suffix, s.call));
  if (phase === "migrated") throw new InputError("zoneId", `${zone.name} already uses the new managed rules: there is nothing to review`);
  if (phase === "unknown")
    throw new ConflictError(
      `The migration status of ${zone.name} could not be read` +
        (evidence.statusRefusal ? ` (${evidence.statusRefusal.operation} answered HTTP ${evidence.statusRefusal.status})` : "") +
        ": " +
        `Preflight plans no step for a zone it cannot place. Check the zone in the dashboard, then try again.`,
      "status_unknown",
    );
  const previousApi = evidence.previousApi;
  if (kind === "delete_uri_overrides") {
    if (previousApi?.unknown.includes("overrides")) {
      throw new ConflictError(
        `The previous version's API is retired for ${zone.name} (${describeRefusals(previousApi.refusals)}): ` +
          `its URI-based overrides can be neither listed nor deleted. The platform upgrades such zones itself; check the zone's status.`,
        "previous_api_retired",
      );
    }
    const deletes = steps.filter((s) => s.call.method === "DELETE");
    const withoutId = (evidence.overrides ?? []).length - deletes.length;
    if (deletes.length === 0)
      throw new InputError(
        "zoneId",
        withoutId > 0
          ? `${zone.name} has ${withoutId} URI-based override(s), none with an identifier: Preflight cannot delete them`
          : `${zone.name} has no URI-based overrides to delete`,
      );
    return { title: `Delete ${deletes.length} URI-based override(s) of ${zone.name}`, evidence: frozen, calls: asCalls(deletes) };
  }
  const blocked = phase === "previous" && evidence.check?.compatible === false;
  if (blocked)
    throw new InputError(
      "zoneId",
      `${zone.name} is not compatible with the upgrade yet (delete its URI-based overrides first: kind delete_uri_overrides)`,
    );
  if (kind === "start_validation") {
    if (zone.plan !== "enterprise") throw new InputError("kind", "Validation mode is available on Enterprise zones only");
    if (phase !== "previous") throw new InputError("kind", `${zone.name} is already in validation mode`);
  }
  // The PUT replaces the whole entry point: what is there now is frozen, and execution refuses if it changes.
  const entrypoint = evidence.entrypoint !== undefined ? evidence.entrypoint : await readManagedEntrypoint(platform, zoneId);
  // What the reviewer approves in words: the diff by meaning from the entry point now to the configuration the PUT sends.
  const withEntrypoint = { ...frozen, entrypoint, [RULESET_DIFF_FIELD]: migrationRulesetDiff(entrypoint, evidence.config) };
  const replaces = ` (replaces ${describeEntrypoint(entrypoint)})`;
  if (kind === "start_validation") {
    return { title: `Start validation mode on ${zone.name}`, evidence: withEntrypoint, calls: asCalls(pick("validation"), replaces) };
  }
  // Completing is irreversible: the executor types the zone name.
  return {
    title: `Complete the migration of ${zone.name}`,
    evidence: withEntrypoint,
    calls: asCalls(pick("pending"), replaces),
    confirmText: zone.name,
  };
}

function toCall(title: string, call: PlannedCall): ReviewCall {
  return { title, method: call.method, path: call.path, query: call.query, ...(call.body === undefined ? {} : { body: call.body }) };
}

/** A PUT of the entry point by the migration status it moves to; a DELETE by whether the override is still listed. */
function migrationCallEffect(platform: PlatformClient, call: ReviewCall): Promise<CallEffect> | undefined {
  const put = call.method === "PUT" ? ENTRYPOINT.exec(call.path) : null;
  if (put) return entrypointPutEffect(platform, put[1]!, call);
  const del = call.method === "DELETE" ? OVERRIDE.exec(call.path) : null;
  if (del) return overrideDeleteEffect(platform, del[1]!, del[2]!);
  return undefined;
}

async function entrypointPutEffect(platform: PlatformClient, zoneId: string, call: ReviewCall): Promise<CallEffect> {
  // A status refused (404, 410, 403) or unplaceable is unknown: resending an irreversible PUT on it is never safe.
  const phase = migrationPhase((await readMigrationStatus(platform, zoneId)).status);
  if (phase === "unknown") return "unknown";
  const wanted = call.query.waf_migration === "validation" || call.query.waf_migration === "2" ? ["validation", "migrated"] : ["migrated"];
  return wanted.includes(phase) ? "applied" : "not_applied";
}

async function overrideDeleteEffect(platform: PlatformClient, zoneId: string, overrideId: string): Promise<CallEffect> {
  let walk;
  try {
    walk = await walkPages(platform, zonePath(zoneId, "firewall", "waf", "overrides"), {}, overrideSchema, { perPage: 100 });
  } catch (error) {
    // The retired list cannot tell whether the override is gone: unknown, as the retired API's other answers are.
    if (previousApiRefusal(error)) return "unknown";
    throw error;
  }
  if (walk.nextPage !== undefined) throw new Error("the overrides could not all be read in this request");
  return walk.items.some((o) => o.id === overrideId) ? "not_applied" : "applied";
}

/** The last entry point PUT, once it succeeded: its body (what the approver saw) and the entry point the platform answered. */
function approvedEntrypoint(review: Review): ApprovedConfiguration | undefined {
  const index = review.calls.findLastIndex((call) => call.method === "PUT" && ENTRYPOINT.test(call.path));
  const call = review.calls[index];
  if (!call || review.results[index]?.state !== "succeeded") return undefined;
  const zoneId = ENTRYPOINT.exec(call.path)![1]!;
  const zoneName = z.object({ zone: z.object({ name: z.string() }) }).safeParse(review.evidence).data?.zone.name ?? zoneId;
  const configuration = z.looseObject({ name: z.string().optional(), rules: z.array(z.looseObject({})) }).parse(call.body);
  const entrypoint = deployedEntrypoint(review.results[index]?.response);
  return { zoneId, zoneName, configuration, ...(entrypoint ? { entrypoint } : {}) };
}

function deployedEntrypoint(response: unknown): EntrypointSnapshot | undefined {
  const parsed = putAnswerSchema.safeParse(response);
  if (!parsed.success) return undefined;
  const { id, version, last_updated: lastUpdated, rules } = parsed.data.result;
  return { id, version, lastUpdated, rules: rules ?? [] };
}

/** A changed entry point is named: the PUT would replace rules that were not there when it was approved. */
function driftMessage(before: unknown, after: unknown, differences: Difference[]): string | undefined {
  if (!differences.some((d) => d.path === "entrypoint" || d.path.startsWith("entrypoint."))) return undefined;
  const now = entrypointOf(after);
  if (!hasEntrypoint(before)) {
    // Approved before Preflight froze the entry point (older reviews): what it replaces was never shown.
    return (
      `This review was approved before Preflight read the zone's http_request_firewall_managed entry point ` +
      `(${describeEntrypoint(now)} now): the PUT would replace rules nobody reviewed, so nothing was sent. ` +
      `Create a new review from the current state.`
    );
  }
  const then = entrypointOf(before);
  return (
    `The zone's http_request_firewall_managed entry point changed since approval ` +
    `(${describeEntrypoint(then)} then, ${describeEntrypoint(now)} now): ` +
    `the PUT would replace rules nobody reviewed, so nothing was sent. Create a new review from the current state.`
  );
}

function hasEntrypoint(evidence: unknown): boolean {
  return typeof evidence === "object" && evidence !== null && "entrypoint" in evidence;
}

function entrypointOf(evidence: unknown): FrozenEntrypoint | null {
  const value =
    typeof evidence === "object" && evidence !== null ? (evidence as { entrypoint?: FrozenEntrypoint | null }).entrypoint : null;
  return value ?? null;
}
