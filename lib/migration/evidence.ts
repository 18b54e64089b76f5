// What the platform says about one zone's migration, parsed at the boundary. Shapes follow the
// reference (firewall_*, waf-managed-rules_*, documented_not_in_openapi); the status operation's
// fields are known only by name, so it is read loosely.
import { z } from "zod";

export const checkSchema = z.object({ compatible: z.boolean(), migration_state: z.string() });
export type CheckResult = z.infer<typeof checkSchema>;

export const statusSchema = z.object({
  old_waf_status: z.string().optional(),
  new_waf_status: z.string().optional(),
  migration_state: z.string().optional(),
  source: z.string().nullish(),
  created: z.string().nullish(),
});
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
  // The id goes into a DELETE path a review may send: only an identifier is accepted from the platform.
  id: z.string().regex(/^[0-9a-f]{32}$/, "must be 32 lowercase hexadecimal characters"),
  description: z.string().nullish(),
  urls: z.array(z.string()),
  paused: z.boolean().optional(),
});
export type UriOverride = z.infer<typeof overrideSchema>;

// The proposed configuration is sent back as the PUT body: every level is loose, so fields Preflight does
// not name (a skip rule's `logging`, `ref`, `version`, an override's `sensitivity_level`) reach the PUT unchanged.
const overridesSchema = z.looseObject({
  enabled: z.boolean().optional(),
  action: z.string().optional(),
  categories: z
    .array(z.looseObject({ category: z.string(), enabled: z.boolean().optional(), action: z.string().optional() }))
    .optional(),
  rules: z
    .array(
      z.looseObject({
        id: z.string(),
        enabled: z.boolean().optional(),
        action: z.string().optional(),
        score_threshold: z.number().optional(),
      }),
    )
    .optional(),
});

export const rulesetRuleSchema = z.looseObject({
  id: z.string().optional(),
  action: z.string(),
  expression: z.string(),
  description: z.string().optional(),
  enabled: z.boolean().optional(),
  action_parameters: z.looseObject({ id: z.string().optional(), overrides: overridesSchema.optional() }).optional(),
});
export type RulesetRule = z.infer<typeof rulesetRuleSchema>;

export const rulesetSchema = z.looseObject({ name: z.string().optional(), rules: z.array(rulesetRuleSchema) });
export type Ruleset = z.infer<typeof rulesetSchema>;

/** Everything read for one zone; parts are absent when the zone's state makes them moot. */
export interface ZoneEvidence {
  status: MigrationStatus;
  check?: CheckResult;
  packages?: WafPackage[];
  /** The core rule set's groups. */
  groups?: WafGroup[];
  /** Core rule set rules turned off (read only in groups that report modified rules). */
  rulesOff?: WafRule[];
  overrides?: UriOverride[];
  config?: Ruleset;
}

export type MigrationPhase = "previous" | "validation" | "migrated";

/** Read from which versions are enabled, not from migration_state, whose values are not all documented. */
export function migrationPhase(status: MigrationStatus): MigrationPhase {
  const oldOn = status.old_waf_status === "enabled";
  const newOn = status.new_waf_status === "enabled";
  if (newOn && oldOn) return "validation";
  if (newOn || ["completed", "finished", "migrated"].includes(status.migration_state ?? "")) return "migrated";
  return "previous";
}
