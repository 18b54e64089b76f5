// The previous firewall (packages, groups, rules, URI-based overrides) and the migration state of one
// zone, as the sandbox keeps them. API shapes follow the reference's firewall_* and waf-managed-rules_*.

export type MigrationState = "start" | "validation" | "completed";
export type Sensitivity = "high" | "medium" | "low" | "off";
export type ActionMode = "simulate" | "block" | "challenge";

export interface WafPackage {
  id: string;
  name: string;
  description: string;
  detection_mode: "anomaly" | "traditional";
  zone_id: string;
  status: "active";
  sensitivity?: Sensitivity;
  action_mode?: ActionMode;
}

export interface WafGroup {
  id: string;
  name: string;
  description: string;
  mode: "on" | "off";
  rules_count: number;
  modified_rules_count: number;
  package_id: string;
  allowed_modes: Array<"on" | "off">;
}

export interface WafRule {
  id: string;
  description: string;
  priority: string;
  group: { id: string; name: string };
  package_id: string;
  allowed_modes: Array<"on" | "off">;
  mode: "on" | "off";
}

export interface WafOverride {
  /** Optional in the SDK's Override (as `urls` is): a few seeded overrides come without one. */
  id?: string;
  description: string;
  urls: string[];
  priority: number;
  paused: boolean;
  groups: Record<string, "block" | "challenge" | "simulate" | "disable" | "default">;
  rules: Record<string, "block" | "challenge" | "simulate" | "disable" | "default">;
  rewrite_action: Record<string, string>;
}

/** A setting of the previous firewall that the migration carries over as a skip rule. */
export interface MigratedSetting {
  source: "firewall_rule" | "page_rule";
  id: string;
  description: string;
  expression: string;
}

export interface RulesetRule {
  id?: string;
  version?: string;
  /** In answers only (rulesets_Rule). */
  last_updated?: string;
  action: string;
  expression: string;
  description?: string;
  ref?: string;
  enabled?: boolean;
  action_parameters?: Record<string, unknown>;
  /** rulesets_Rule `logging`: skip rules log their matches; Preflight passes it on without reading it. */
  logging?: { enabled: boolean };
}

export interface Ruleset {
  id?: string;
  name: string;
  description?: string;
  kind?: string;
  phase?: string;
  version?: string;
  last_updated?: string;
  rules: RulesetRule[];
}

export interface WafZone {
  migrationState: MigrationState;
  /** What the check operation answers; false also for zones with URI-based overrides. */
  compatible: boolean;
  /** The previous firewall's global switch (page rules may also turn it off per URL). */
  firewallEnabled: boolean;
  packages: WafPackage[];
  groups: WafGroup[];
  rules: WafRule[];
  overrides: WafOverride[];
  migratedSettings: MigratedSetting[];
  /** The previous version's API (packages, groups, rules, overrides) answers 410 Gone, as on a real account since 2025-06-15. */
  previousApiRetired: boolean;
  /**
   * Its waf_migration/status answers 410 too (a share of the retired zones): what the retirement may answer there, so the
   * phase is unknown. No source gives this answer's code or words; the shape is the firewall failure's.
   */
  statusRetired?: boolean;
  /** The http_request_firewall_managed entry point once a migration was started. */
  entrypoint?: Ruleset;
  statusChangedOn: string;
}
