// Reads one zone's migration evidence through the request's scheduler: the status first, then (for
// zones not yet migrated) check, overrides, packages and proposed configuration together, then the
// core rule set's groups and the rules turned off in them. The previous version's calls may answer
// that the API is retired (previous-api.ts): what they would have said is then unknown, and the calls
// that still answer (status, check, config, and then the managed entry point) are used all the same.
import "server-only";
import { z } from "zod";
import {
  checkSchema,
  groupSchema,
  migrationPhase,
  overrideSchema,
  packageSchema,
  ruleSchema,
  rulesetSchema,
  statusSchema,
  type PreviousPart,
  type WafGroup,
  type WafRule,
  type ZoneEvidence,
} from "@/lib/migration/evidence";
import { readManagedEntrypoint } from "@/lib/migration/entrypoint";
import { PreviousApiReader } from "@/lib/migration/previous-api";
import { owaspPackage } from "@/lib/migration/zone-mapping";
import type { PlatformClient } from "@/lib/platform/client";
import { DeferredError } from "@/lib/errors/platform-errors";
import { walkPages } from "@/lib/platform/paginate";
import { zonePath } from "@/lib/platform/paths";

const PER_PAGE = 100;
/** Calls a typical zone needs; a zone is started only when the budget still holds that many. */
export const CALLS_PER_ZONE = 8;
/** The rules list's `mode` filter for "turned off": the schema's enum is DIS, CHL, BLK, SIM (not `off`). */
export const RULES_OFF_MODE = "DIS";

export async function scanZoneEvidence(platform: PlatformClient, zoneId: string): Promise<ZoneEvidence> {
  const path = (...segments: string[]) => zonePath(zoneId, ...segments);
  const { result: status } = await platform.get(path("waf_migration", "status"), {}, statusSchema);
  const phase = migrationPhase(status);
  if (phase === "migrated") return { status };

  const all = async <T>(listPath: string, schema: z.ZodType<T>, query = {}) => {
    const walk = await walkPages(platform, listPath, query, schema, { perPage: PER_PAGE });
    // Whole lists only: a zone is never assessed on half its evidence.
    if (walk.nextPage !== undefined) throw new DeferredError("the zone's lists did not fit in this request", walk.retryAfterMs ?? 0);
    return walk.items;
  };
  const previous = new PreviousApiReader();
  const [check, overrides, packages, config] = await Promise.all([
    phase !== "validation" ? platform.get(path("waf_migration", "check"), { phase_two: 1 }, checkSchema).then((r) => r.result) : undefined,
    previous.read(() => all(path("firewall", "waf", "overrides"), overrideSchema)),
    previous.read(() => all(path("firewall", "waf", "packages"), packageSchema)),
    platform.get(path("waf_migration", "config"), { phase_two: 1 }, rulesetSchema).then((r) => r.result),
  ]);
  const owasp = owaspPackage(packages);
  let groups: WafGroup[] | undefined;
  let rulesOff: WafRule[] | undefined;
  if (owasp) {
    const packagePath = path("firewall", "waf", "packages", checkSegment(owasp.id));
    groups = await previous.read(() => all(`${packagePath}/groups`, groupSchema));
    const modified = (groups ?? []).filter((g) => (g.modified_rules_count ?? 0) > 0);
    const lists = await Promise.all(
      modified.map((g) => previous.read(() => all(`${packagePath}/rules`, ruleSchema, { group_id: g.id, mode: RULES_OFF_MODE }))),
    );
    rulesOff = groups && lists.every((list) => list !== undefined) ? lists.flat() : undefined;
  }
  const unknown: PreviousPart[] = [];
  if (!overrides) unknown.push("overrides");
  if (!packages) unknown.push("packages");
  // Without the packages, or with the core rule set found but its groups or rules refused, both are unknown.
  if (!packages || (owasp && !groups)) unknown.push("groups");
  if (!packages || (owasp && !rulesOff)) unknown.push("rulesOff");
  const evidence: ZoneEvidence = { status, check, overrides, packages, config };
  if (owasp) Object.assign(evidence, { groups, rulesOff });
  // In path order, not arrival order: the evidence is compared across reads (drift, the fault tests).
  const refusals = [...previous.refusals].sort((a, b) => a.operation.localeCompare(b.operation));
  if (refusals.length > 0) {
    evidence.previousApi = { refusals, unknown };
    // What still answers says whether the platform has deployed the new managed rules for the zone.
    evidence.entrypoint = await readManagedEntrypoint(platform, zoneId);
  }
  return withoutUndefined(evidence);
}

/** Absent, not `undefined`: the evidence is frozen into reviews as JSON and compared key by key. */
function withoutUndefined(evidence: ZoneEvidence): ZoneEvidence {
  return Object.fromEntries(Object.entries(evidence).filter(([, value]) => value !== undefined)) as unknown as ZoneEvidence;
}

/** Package ids come from the platform, but they still go into a path: only hex passes. */
function checkSegment(id: string): string {
  if (!/^[0-9a-f]{32}$/.test(id)) throw new Error("the platform returned a package id that is not an identifier");
  return id;
}
