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
  | { kind: "object"; fields: Record<string, FieldSpec> }
  | { kind: "objects"; fields: Record<string, FieldSpec> };

const string = { kind: "string" } as const;
const bool = { kind: "bool" } as const;
const number = { kind: "number" } as const;
const strings = { kind: "strings" } as const;

const OVERRIDE = { enabled: bool, action: string, sensitivity_level: string };

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
      matched_data: { kind: "object", fields: { public_key: string } },
      overrides: {
        kind: "object",
        fields: {
          ...OVERRIDE,
          categories: { kind: "objects", fields: { category: string, ...OVERRIDE } },
          rules: { kind: "objects", fields: { id: string, ...OVERRIDE, score_threshold: number } },
        },
      },
    },
  },
  logging: { kind: "object", fields: { enabled: bool } },
  exposed_credential_check: { kind: "object", fields: { username_expression: string, password_expression: string } },
};

/** Set by the platform on every answer; neither provider accepts them in configuration. */
export const READ_ONLY_RULE_FIELDS = ["id", "version", "last_updated"] as const;
