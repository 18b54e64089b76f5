// Reads one zone's migration evidence through the request's scheduler: the status first, then (for
// zones not yet migrated) overrides, packages, check and proposed configuration together, then the core
// rule set's groups and the rules turned off in them. The previous version's calls may answer that the
// API is retired (previous-api.ts): what they would have said is then unknown, and the calls that still
// answer (status, check, config, and then the managed entry point) are used all the same.
// A read for the account's rows (`row`) skips the calls whose answer the row cannot show given the answers
// before them (the check behind a URI-based override, the proposed configuration of a zone in validation
// mode); the zone detail reads them on demand (readDeferredParts), a review always reads everything.
import "server-only";
import { z } from "zod";
import {
  checkSchema,
  groupSchema,
  migrationPhase,
  overrideSchema,
  packageSchema,
  ruleSchema,
  statusSchema,
  type CheckResult,
  type DeferredPart,
  type MigrationStatus,
  type PreviousPart,
  type StatusRefusal,
  type WafGroup,
  type WafRule,
  type ZoneEvidence,
} from "@/lib/migration/evidence";
import { rulesetSchema, type Ruleset } from "@/lib/rulesets/ruleset";
import { readManagedEntrypoint, type FrozenEntrypoint } from "@/lib/migration/entrypoint";
import { PreviousApiReader, statusRefusalOf } from "@/lib/migration/previous-api";
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

/** `row`: what the account's rows (pages, CSV, snapshots) show; `all`: also what the zone detail and reviews show. */
export type EvidenceScope = "row" | "all";

export interface ZoneRead {
  evidence: ZoneEvidence;
  /** Parts not read (empty for an `all` read). */
  deferred: DeferredPart[];
}

/** Everything the zone detail and a review show. */
export async function scanZoneEvidence(platform: PlatformClient, zoneId: string): Promise<ZoneEvidence> {
  return (await readZoneEvidence(platform, zoneId, "all")).evidence;
}

export async function readZoneEvidence(platform: PlatformClient, zoneId: string, scope: EvidenceScope): Promise<ZoneRead> {
  const path = (...segments: string[]) => zonePath(zoneId, ...segments);
  const { status, statusRefusal } = await readMigrationStatus(platform, zoneId);
  const phase = migrationPhase(status);
  if (phase === "migrated") return { evidence: { status }, deferred: [] };

  const all = async <T>(listPath: string, schema: z.ZodType<T>, query = {}) => {
    const walk = await walkPages(platform, listPath, query, schema, { perPage: PER_PAGE });
    // Whole lists only: a zone is never assessed on half its evidence.
    if (walk.nextPage !== undefined) throw new DeferredError("the zone's lists did not fit in this request", walk.retryAfterMs ?? 0);
    return walk.items;
  };
  const readCheck = () => readCheckResult(platform, zoneId);
  const previous = new PreviousApiReader();
  const overridesRead = previous.read(() => all(path("firewall", "waf", "overrides"), overrideSchema));
  // The check's answer counts only before validation mode, and (for a row) only while no URI-based override blocks the zone.
  const checkWanted = phase !== "validation";
  const earlyCheck = !checkWanted
    ? Promise.resolve(undefined)
    : scope === "all"
      ? readCheck()
      : overridesRead.then((list) => (list === undefined || list.length === 0 ? readCheck() : undefined));
  // Awaited after the groups (it runs beside them): a failure is still the zone's, never unhandled meanwhile.
  earlyCheck.catch(() => undefined);
  const [overrides, packages, config] = await Promise.all([
    overridesRead,
    previous.read(() => all(path("firewall", "waf", "packages"), packageSchema)),
    // A zone in validation mode has deployed its configuration: only the detail shows the proposed one.
    scope === "all" || phase !== "validation" ? readConfig(platform, zoneId) : undefined,
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
  let check = await earlyCheck;
  const unknown: PreviousPart[] = [];
  if (!overrides) unknown.push("overrides");
  if (!packages) unknown.push("packages");
  // Without the packages, or with the core rule set found but its groups or rules refused, both are unknown.
  if (!packages || (owasp && !groups)) unknown.push("groups");
  if (!packages || (owasp && !rulesOff)) unknown.push("rulesOff");
  // In path order, not arrival order: the evidence is compared across reads (drift, the fault tests).
  const refusals = [...previous.refusals].sort((a, b) => a.operation.localeCompare(b.operation));
  let entrypoint: FrozenEntrypoint | null | undefined;
  if (refusals.length > 0) {
    // What still answers says whether the platform has deployed the new managed rules for the zone; and the
    // check, left out behind an override, speaks again: a retired zone's row says "compatible" when it is.
    const lateCheck = checkWanted && check === undefined && phase === "previous";
    [entrypoint, check] = await Promise.all([readManagedEntrypoint(platform, zoneId), lateCheck ? readCheck() : check]);
  }
  const evidence: ZoneEvidence = { status, ...(statusRefusal ? { statusRefusal } : {}), check, overrides, packages, config };
  if (owasp) Object.assign(evidence, { groups, rulesOff });
  if (refusals.length > 0) Object.assign(evidence, { previousApi: { refusals, unknown }, entrypoint });
  const deferred: DeferredPart[] = [
    ...(checkWanted && check === undefined ? ["check" as const] : []),
    ...(config === undefined ? ["config" as const] : []),
  ];
  return { evidence: withoutUndefined(evidence), deferred };
}

/** The parts a `row` read left out, read now: the evidence then says what an `all` read would have. */
export async function readDeferredParts(platform: PlatformClient, zoneId: string, read: ZoneRead): Promise<ZoneEvidence> {
  const wants = (part: DeferredPart) => read.deferred.includes(part);
  const [check, config] = await Promise.all([
    wants("check") ? readCheckResult(platform, zoneId) : undefined,
    wants("config") ? readConfig(platform, zoneId) : undefined,
  ]);
  const { status, statusRefusal, overrides, packages, ...rest } = read.evidence;
  // The keys in the order an `all` read gives them: evidence is compared key by key.
  return withoutUndefined({
    status,
    statusRefusal,
    check: check ?? read.evidence.check,
    overrides,
    packages,
    config: config ?? read.evidence.config,
    ...rest,
  });
}

/**
 * The status as the zone's phase is read from. 404, 410 or 403 there is what the retirement of the previous version's
 * APIs (2025-06-15; the platform upgrades zones itself) may answer: the phase is unknown, never "previous", and the
 * zone is not failed. Anything else (5xx, 400, 429, network, a malformed body) still fails the read.
 */
export async function readMigrationStatus(
  platform: PlatformClient,
  zoneId: string,
): Promise<{ status: MigrationStatus; statusRefusal?: StatusRefusal }> {
  try {
    return { status: (await platform.get(zonePath(zoneId, "waf_migration", "status"), {}, statusSchema)).result };
  } catch (error) {
    const refusal = statusRefusalOf(error);
    if (!refusal) throw error;
    return { status: {}, statusRefusal: refusal };
  }
}

function readCheckResult(platform: PlatformClient, zoneId: string): Promise<CheckResult> {
  return platform.get(zonePath(zoneId, "waf_migration", "check"), { phase_two: 1 }, checkSchema).then((r) => r.result);
}

function readConfig(platform: PlatformClient, zoneId: string): Promise<Ruleset> {
  return platform.get(zonePath(zoneId, "waf_migration", "config"), { phase_two: 1 }, rulesetSchema).then((r) => r.result);
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
