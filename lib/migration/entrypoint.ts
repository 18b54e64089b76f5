// The zone's current http_request_firewall_managed entry point, read before a migration PUT replaces it
// (GET /zones/{zone_id}/rulesets/phases/{ruleset_phase}/entrypoint: `getZoneEntrypointRuleset` in the
// OpenAPI schema, `PhaseGetResponse` in the SDK: id, version, last_updated, rules). A 404 means none
// yet (observed as code 10003 "could not find entrypoint ruleset"). A review freezes it; execution
// refuses when it changed, since the PUT would then replace rules nobody reviewed.
import "server-only";
import { z } from "zod";
import type { PlatformClient } from "@/lib/platform/client";
import { PlatformError } from "@/lib/errors/platform-errors";
import { zonePath } from "@/lib/platform/paths";
import type { FrozenEntrypoint } from "@/lib/rulesets/entrypoint-words";

export { describeEntrypoint, type FrozenEntrypoint } from "@/lib/rulesets/entrypoint-words";

const PHASE = "http_request_firewall_managed";

/** Lenient beyond what Preflight compares: every rule kind of the phase passes, unnamed fields are kept. */
const entrypointSchema = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  version: z.string(),
  last_updated: z.string(),
  rules: z
    .array(z.looseObject({ id: z.string().optional(), action: z.string().optional(), description: z.string().optional() }))
    .optional(),
});

export async function readManagedEntrypoint(platform: PlatformClient, zoneId: string): Promise<FrozenEntrypoint | null> {
  const result = await fetchEntrypoint(platform, zoneId);
  return result && { id: result.id, version: result.version, lastUpdated: result.last_updated, rules: result.rules ?? [] };
}

/** The same read with the ruleset's name and description, which a Terraform resource must repeat (changing them replaces it). */
export async function readManagedEntrypointRuleset(
  platform: PlatformClient,
  zoneId: string,
): Promise<(FrozenEntrypoint & { name?: string; description?: string }) | null> {
  const result = await fetchEntrypoint(platform, zoneId);
  if (!result) return null;
  const description = typeof result.description === "string" ? result.description : undefined;
  return {
    id: result.id,
    version: result.version,
    lastUpdated: result.last_updated,
    rules: result.rules ?? [],
    name: result.name,
    description,
  };
}

async function fetchEntrypoint(platform: PlatformClient, zoneId: string) {
  try {
    return (await platform.get(zonePath(zoneId, "rulesets", "phases", PHASE, "entrypoint"), {}, entrypointSchema)).result;
  } catch (error) {
    if (error instanceof PlatformError && error.kind === "api" && error.status === 404) return null;
    throw error;
  }
}
