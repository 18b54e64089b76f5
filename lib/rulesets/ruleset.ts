// The platform's ruleset and rule (rulesets_Ruleset, rulesets_Rule), as far as Preflight reads and sends them.
// Loose at every level, so fields Preflight does not name reach a PUT unchanged.
import { z } from "zod";

// The proposed configuration is sent back as the PUT body: every level is loose, so fields Preflight does
// not name (a skip rule's `logging`, `ref`, `version`, an override's `sensitivity_level`) reach the PUT unchanged.
const overridesSchema = z.looseObject({
  enabled: z.boolean().optional(),
  action: z.string().optional(),
  categories: z.array(z.looseObject({ category: z.string(), enabled: z.boolean().optional(), action: z.string().optional() })).optional(),
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
