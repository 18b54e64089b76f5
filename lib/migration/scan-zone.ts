// Reads one zone's migration evidence through the request's scheduler: the status first, then (for
// zones still on the previous firewall or in validation) check, overrides, packages and proposed
// configuration together, then the core rule set's groups and the rules turned off in them.
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
  type ZoneEvidence,
} from "@/lib/migration/evidence";
import { owaspPackage } from "@/lib/migration/zone-mapping";
import type { PlatformClient } from "@/lib/platform/client";
import { DeferredError } from "@/lib/platform/errors";
import { walkPages } from "@/lib/platform/paginate";
import { zonePath } from "@/lib/platform/paths";

const PER_PAGE = 100;
/** Calls a typical zone needs; a zone is started only when the budget still holds that many. */
export const CALLS_PER_ZONE = 8;

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
  const [check, overrides, packages, config] = await Promise.all([
    phase === "previous" ? platform.get(path("waf_migration", "check"), { phase_two: 1 }, checkSchema).then((r) => r.result) : undefined,
    all(path("firewall", "waf", "overrides"), overrideSchema),
    all(path("firewall", "waf", "packages"), packageSchema),
    platform.get(path("waf_migration", "config"), { phase_two: 1 }, rulesetSchema).then((r) => r.result),
  ]);
  const owasp = owaspPackage(packages);
  if (!owasp) return { status, check, overrides, packages, config };
  const packagePath = path("firewall", "waf", "packages", checkSegment(owasp.id));
  const groups = await all(`${packagePath}/groups`, groupSchema);
  const modified = groups.filter((g) => (g.modified_rules_count ?? 0) > 0);
  const rulesOff = (
    await Promise.all(modified.map((g) => all(`${packagePath}/rules`, ruleSchema, { group_id: g.id, mode: "off" })))
  ).flat();
  return { status, check, overrides, packages, config, groups, rulesOff };
}

/** Package ids come from the platform, but they still go into a path: only hex passes. */
function checkSegment(id: string): string {
  if (!/^[0-9a-f]{32}$/.test(id)) throw new Error("the platform returned a package id that is not an identifier");
  return id;
}
