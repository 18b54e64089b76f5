// The managed rulesets by id, as cloudflare-docs waf/managed-rules/index.mdx lists them (with its reference
// pages), and the OWASP core ruleset's knobs a configuration sets.

export const CLOUDFLARE_MANAGED_RULESET_ID = "efb7b8c949ac4650a09736fc376e9aee";
export const OWASP_CORE_RULESET_ID = "4814384a9e5d4991b9815dcfc25d2f1f";
export const EXPOSED_CREDENTIALS_CHECK_RULESET_ID = "c2e184081120413c86c3ab7e14069605";
export const FREE_MANAGED_RULESET_ID = "77454fe2d30c4220b5701f6fdfb893ba";
/** Runs in the http_response_firewall_managed phase (reference/sensitive-data-detection.mdx). */
export const SENSITIVE_DATA_DETECTION_RULESET_ID = "e22d83c647c64a3eae91b71b499d988e";
/** The OWASP ruleset's anomaly score rule: the override that carries threshold and action. */
export const OWASP_ANOMALY_SCORE_RULE_ID = "6179ae15870a4bb7b2d480d4843b323c";

const RULESET_NAMES: Record<string, string> = {
  [CLOUDFLARE_MANAGED_RULESET_ID]: "Cloudflare Managed Ruleset",
  [OWASP_CORE_RULESET_ID]: "Cloudflare OWASP Core Ruleset",
  [EXPOSED_CREDENTIALS_CHECK_RULESET_ID]: "Cloudflare Exposed Credentials Check",
  [FREE_MANAGED_RULESET_ID]: "Cloudflare Free Managed Ruleset",
  [SENSITIVE_DATA_DETECTION_RULESET_ID]: "Cloudflare Sensitive Data Detection",
};

/** Every managed ruleset Preflight names, by id. */
export const MANAGED_RULESET_NAMES: Readonly<Record<string, string>> = RULESET_NAMES;

export function rulesetName(id: string): string {
  return RULESET_NAMES[id] ?? `ruleset ${id}`;
}

/** Rules of the managed rulesets that the migration overrides, by the name the platform gives them. */
const RULE_NAMES: Record<string, string> = {
  [OWASP_ANOMALY_SCORE_RULE_ID]: "949110: Inbound Anomaly Score Exceeded (the OWASP score threshold and action)",
};

/** "949110: Inbound Anomaly Score Exceeded (…)", or which ruleset the rule belongs to when its name is not known. */
export function managedRuleName(ruleId: string, rulesetId?: string): string {
  return (
    RULE_NAMES[ruleId] ??
    (rulesetId ? `a rule of the ${rulesetName(rulesetId)} (name not known to Preflight)` : "a managed rule (name not known to Preflight)")
  );
}

/** "OWASP paranoia level 3" for the OWASP ruleset's paranoia tags; other categories are tags named as such. */
export function categoryName(category: string): string {
  const level = /^paranoia-level-(\d)$/.exec(category)?.[1];
  return level ? `OWASP paranoia level ${level}` : `the rules tagged "${category}"`;
}

/** The OWASP score threshold presets, by the name the dashboard gives them. */
export const SCORE_THRESHOLD_PRESETS = { low: 60, medium: 40, high: 25 } as const;
