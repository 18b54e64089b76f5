// What the config operation answers: the new managed rules equivalent to a zone's previous firewall,
// as the platform would build it (skip rules for migrated settings, then the two managed rulesets).
import type { Ruleset, RulesetRule, Sensitivity, WafZone } from "./types";

export const CLOUDFLARE_MANAGED_RULESET = "efb7b8c949ac4650a09736fc376e9aee";
export const OWASP_CORE_RULESET = "4814384a9e5d4991b9815dcfc25d2f1f";
/** The OWASP ruleset's "Inbound Anomaly Score Exceeded" rule: where threshold and action are set. */
export const OWASP_ANOMALY_SCORE_RULE = "6179ae15870a4bb7b2d480d4843b323c";

/** The platform's own table: old sensitivity → paranoia level and score threshold. */
const PARANOIA: Record<Exclude<Sensitivity, "off">, { level: number; threshold: number }> = {
  high: { level: 2, threshold: 40 },
  medium: { level: 1, threshold: 25 },
  low: { level: 1, threshold: 40 },
};
const ACTION = { simulate: "log", block: "block", challenge: "challenge" } as const;

export function proposedConfig(waf: WafZone): Ruleset {
  const owasp = waf.packages.find((p) => p.detection_mode === "anomaly");
  const sensitivity = owasp?.sensitivity ?? "high";
  const paranoia = sensitivity === "off" ? PARANOIA.high : PARANOIA[sensitivity];
  const skips: RulesetRule[] = waf.migratedSettings.map((setting) => ({
    ...blank,
    action: "skip",
    expression: setting.expression,
    description: `${setting.description} (migrated ${setting.source.replace("_", " ")} ${setting.id})`,
    enabled: true,
    action_parameters: { ruleset: "current" },
    logging: { enabled: true },
  }));
  const disabledLevels = [paranoia.level + 1, 3, 4].filter((l, i, all) => l <= 4 && all.indexOf(l) === i);
  return {
    name: "default",
    rules: [
      ...skips,
      {
        ...blank,
        action: "execute",
        expression: "true",
        enabled: waf.firewallEnabled,
        // No `overrides: {rules: []}`: the schema's overrides.rules has minItems 1, and this answer is PUT as given.
        action_parameters: { id: CLOUDFLARE_MANAGED_RULESET },
      },
      {
        ...blank,
        action: "execute",
        expression: "true",
        enabled: waf.firewallEnabled && sensitivity !== "off",
        action_parameters: {
          id: OWASP_CORE_RULESET,
          overrides: {
            categories: disabledLevels.map((level) => ({ category: `paranoia-level-${level}`, enabled: false })),
            rules: [
              {
                id: OWASP_ANOMALY_SCORE_RULE,
                action: ACTION[owasp?.action_mode ?? "challenge"],
                score_threshold: paranoia.threshold,
              },
            ],
          },
        },
      },
    ],
  };
}

const blank = { id: "", version: "", description: "", ref: "" };
