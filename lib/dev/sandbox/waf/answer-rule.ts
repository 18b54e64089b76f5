// A rule as the rulesets API answers it (rulesets_Rule): id, version, last_updated and ref (the rule id by
// default) always there, and an execute rule that names no version of its managed ruleset runs the latest,
// answered as `action_parameters.version: "latest"` (cloudflare-docs waf/managed-rules/reference/
// exposed-credentials-check.mdx and owasp-core-ruleset/configure-api.mdx; cloudflare/cf-terraforming's
// recorded answers, testdata/cloudflare/v5/cloudflare_ruleset_zone_http_request_firewall_managed.yaml).
import type { RulesetRule } from "./types";

export function answeredRule(rule: RulesetRule, id: string, at: string): RulesetRule {
  const parameters = rule.action_parameters;
  const latest = rule.action === "execute" && parameters && parameters.version === undefined;
  return {
    ...rule,
    ...(latest ? { action_parameters: { ...parameters, version: "latest" } } : {}),
    id,
    version: "1",
    last_updated: at,
    ref: rule.ref || id,
  };
}
