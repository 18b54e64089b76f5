// What the platform says about one zone's migration, parsed at the boundary. Shapes follow the
// reference (firewall_*, waf-managed-rules_*, documented_not_in_openapi); the status operation's
// fields are known only by name, so it is read loosely.
import { z } from "zod";
import type { FrozenEntrypoint } from "@/lib/rulesets/entrypoint-words";
import type { Ruleset } from "@/lib/rulesets/ruleset";

/**
 * The docs' one example is `{compatible: true, migration_state: "start"}`; none shows an incompatible answer, so only
 * `compatible` is required: an absent (or non-string) migration_state is no failure (it reads nothing of the phase).
 */
export const checkSchema = z.object({ compatible: z.boolean(), migration_state: z.string().optional().catch(undefined) });
export type CheckResult = z.infer<typeof checkSchema>;

/**
 * The status operation has no schema (REAL-API-AUDIT.md): its field names come from one observed use.
 * Every field is read leniently, and null or a list reads as {}: an answer Preflight cannot place gives the phase
 * "unknown" (migrationPhase), never "still on the previous version".
 */
const loose = z.string().optional().catch(undefined);
const statusObject = z.looseObject({
  old_waf_status: loose,
  new_waf_status: loose,
  migration_state: loose,
  source: z.string().nullish().catch(undefined),
  created: z.string().nullish().catch(undefined),
});
// null or a list says nothing of the phase (unknown); a string or a number is no status at all: a malformed
// answer, so the zone is failed and retried like any other unreadable answer.
export const statusSchema = z.union([
  statusObject,
  z.union([z.null(), z.array(z.unknown())]).transform((): z.infer<typeof statusObject> => ({})),
]);
export type MigrationStatus = z.infer<typeof statusSchema>;

export const packageSchema = z.object({
  id: z.string(),
  name: z.string(),
  detection_mode: z.string(),
  sensitivity: z.string().optional(),
  action_mode: z.string().optional(),
});
export type WafPackage = z.infer<typeof packageSchema>;

export const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullish(),
  mode: z.string(),
  rules_count: z.number().optional(),
  modified_rules_count: z.number().optional(),
});
export type WafGroup = z.infer<typeof groupSchema>;

export const ruleSchema = z.object({
  id: z.string(),
  description: z.string(),
  mode: z.string(),
  // The 2024 schema requires `group` but none of its fields: a rule is read without them.
  group: z.object({ id: z.string().optional(), name: z.string().optional() }).optional(),
});
export type WafRule = z.infer<typeof ruleSchema>;

export const overrideSchema = z.object({
  // Optional in the SDK's Override (id?, urls?): an override without an identifier is shown, never planned for deletion.
  id: z.string().optional(),
  description: z.string().nullish(),
  urls: z.array(z.string()).optional(),
  paused: z.boolean().optional(),
});
export type UriOverride = z.infer<typeof overrideSchema>;

/** The id goes into a DELETE path a review may send: only a 32-hex identifier is one Preflight deletes by. */
export function deletableOverrideId(override: UriOverride): string | undefined {
  return override.id !== undefined && /^[0-9a-f]{32}$/.test(override.id) ? override.id : undefined;
}

/** What the previous version's API would have told; absent from the evidence when it refused. */
export type PreviousPart = "overrides" | "packages" | "groups" | "rulesOff";

/** Evidence a read for the account's rows leaves out because the row cannot show it (lib/migration/scan-zone.ts). */
export type DeferredPart = "check" | "config";

/** A previous-version call that did not answer because the API is retired or gone for the zone. */
export interface PreviousApiRefusal {
  /** `retired`: 410 Gone; `refused`: 404, the route is not there for this zone. */
  state: "retired" | "refused";
  operation: string;
  status: number;
  message: string;
}

/** The status call refused with 404, 410 or 403 (the upgrade's APIs retire with the previous version): the phase is unknown. */
export interface StatusRefusal {
  operation: string;
  status: number;
  message: string;
}

/** Everything read for one zone; parts are absent when the zone's state makes them moot. */
export interface ZoneEvidence {
  status: MigrationStatus;
  /** Set when the status call refused (404, 410, 403): `status` is then {} and the phase unknown, never "previous". */
  statusRefusal?: StatusRefusal;
  check?: CheckResult;
  packages?: WafPackage[];
  /** The core rule set's groups. */
  groups?: WafGroup[];
  /** Core rule set rules turned off (read only in groups that report modified rules). */
  rulesOff?: WafRule[];
  overrides?: UriOverride[];
  config?: Ruleset;
  /** Set when the previous version's API refused: which parts are unknown (never "none") and why. */
  previousApi?: { refusals: PreviousApiRefusal[]; unknown: PreviousPart[] };
  /** Read only when the previous version's API refused: whether the new managed rules are deployed yet (null: no entry point). */
  entrypoint?: FrozenEntrypoint | null;
}

export type MigrationPhase = "previous" | "validation" | "migrated" | "unknown";

const SWITCH = ["enabled", "disabled"];
const DONE = ["completed", "finished", "migrated"];

/**
 * Read from which versions are enabled, not from migration_state, whose values are not all documented.
 * Without both switches in a form Preflight knows, the phase is unknown unless the state says done.
 */
export function migrationPhase(status: MigrationStatus): MigrationPhase {
  const oldKnown = SWITCH.includes(status.old_waf_status ?? "");
  const newKnown = SWITCH.includes(status.new_waf_status ?? "");
  const done = DONE.includes(status.migration_state ?? "");
  if (oldKnown && newKnown) {
    const oldOn = status.old_waf_status === "enabled";
    const newOn = status.new_waf_status === "enabled";
    if (newOn && oldOn) return "validation";
    if (newOn || done) return "migrated";
    return "previous";
  }
  return done ? "migrated" : "unknown";
}

/** The status fields Preflight reads, for saying what an unreadable answer lacked. */
export const STATUS_FIELDS = ["old_waf_status", "new_waf_status", "migration_state"] as const;

/** The names of the fields an answer did carry (never their values): for the "unknown" reason. */
export function statusFieldNames(status: MigrationStatus): string[] {
  return Object.keys(status)
    .slice(0, 12)
    .map((name) => name.slice(0, 40));
}
