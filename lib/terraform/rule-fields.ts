// The fields of an http_request_firewall_managed rule the export writes, by kind, as both provider
// majors name them (the same names in 4.x blocks and 5.x attributes). Anything else in a rule is
// either read-only (dropped) or not expressible here (the export refuses rather than drop it).

export type FieldSpec =
  | { kind: "string" }
  | { kind: "bool" }
  | { kind: "number" }
  | { kind: "strings" }
  /** rulesetId → rule ids (a skip rule's `rules`): 5.x a map of lists, 4.x a map of comma-joined strings. */
  | { kind: "idLists" }
  | { kind: "object"; fields: Record<string, FieldSpec>; required?: readonly string[]; settings?: readonly string[] }
  | { kind: "objects"; fields: Record<string, FieldSpec>; required?: readonly string[]; settings?: readonly string[] };

const string = { kind: "string" } as const;
const bool = { kind: "bool" } as const;
const number = { kind: "number" } as const;
const strings = { kind: "strings" } as const;

const OVERRIDE = { enabled: bool, action: string, sensitivity_level: string };

// `required`: the platform's shape requires it (SDK rulesets/rules.d.ts; 5.x `Required`), so a part without it is refused.
// `settings`: an override must set one of them (the API's minProperties, 5.x `AtLeastOneOf`); one that sets none
// changes nothing and is left out, said in the file (tests/fixtures/terraform/v5/validators.md).

/** Field order is the order written: identity first, then what the rule does, then its parameters. */
export const RULE_FIELDS: Record<string, FieldSpec> = {
  ref: string,
  description: string,
  expression: string,
  action: string,
  enabled: bool,
  action_parameters: {
    kind: "object",
    fields: {
      id: string,
      ruleset: string,
      rulesets: strings,
      rules: { kind: "idLists" },
      phases: strings,
      products: strings,
      matched_data: { kind: "object", fields: { public_key: string }, required: ["public_key"] },
      overrides: {
        kind: "object",
        fields: {
          ...OVERRIDE,
          categories: {
            kind: "objects",
            fields: { category: string, ...OVERRIDE },
            required: ["category"],
            settings: ["action", "enabled", "sensitivity_level"],
          },
          rules: {
            kind: "objects",
            fields: { id: string, ...OVERRIDE, score_threshold: number },
            required: ["id"],
            settings: ["action", "enabled", "score_threshold", "sensitivity_level"],
          },
        },
        settings: ["action", "categories", "enabled", "rules", "sensitivity_level"],
      },
    },
  },
  logging: { kind: "object", fields: { enabled: bool }, required: ["enabled"] },
  exposed_credential_check: {
    kind: "object",
    fields: { username_expression: string, password_expression: string },
    required: ["username_expression", "password_expression"],
  },
};

/** A rule's own required fields (checked before the rest: its ref derives from them). */
export const RULE_REQUIRED = ["action", "expression"] as const;

/** Set by the platform on every answer; neither provider accepts them in configuration. */
export const READ_ONLY_RULE_FIELDS = ["id", "version", "last_updated"] as const;
