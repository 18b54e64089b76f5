// The OWASP core ruleset's settings a configuration deploys, read back from the overrides of the rule that executes it.
import { OWASP_ANOMALY_SCORE_RULE_ID, OWASP_CORE_RULESET_ID } from "@/lib/rulesets/managed-rulesets";
import { impliedParanoiaLevel, UNSET_PARANOIA_NOTE } from "@/lib/rulesets/paranoia-level";
import type { Ruleset } from "@/lib/rulesets/ruleset";

/** The OWASP settings a configuration deploys, read back from its overrides. */
export function deployedOwasp(config: Ruleset) {
  const rule = config.rules.find((r) => r.action === "execute" && r.action_parameters?.id === OWASP_CORE_RULESET_ID);
  if (!rule) return undefined;
  const overrides = rule.action_parameters?.overrides;
  // null, never a guessed 4 or 1: without a paranoia category turned off the docs disagree (lib/rulesets/paranoia-level.ts).
  const paranoiaLevel = impliedParanoiaLevel(overrides?.categories);
  const score = overrides?.rules?.find((r) => r.id === OWASP_ANOMALY_SCORE_RULE_ID);
  return {
    enabled: rule.enabled ?? true,
    paranoiaLevel,
    ...(paranoiaLevel === null ? { paranoiaNote: UNSET_PARANOIA_NOTE } : {}),
    scoreThreshold: score?.score_threshold,
    action: score?.action,
  };
}
