// A baseline and live entry points as the platform answers them: the migration's configuration (skip rule,
// Cloudflare Managed, OWASP at paranoia level 2 with score threshold 40 and action block), deployed.
import type { Baseline } from "@/lib/drift/baseline";
import type { FrozenEntrypoint } from "@/lib/rulesets/entrypoint-words";

export const ZONE_ID = "0123456789abcdef0123456789abcdef";
export const REVIEW_ID = "3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b";
const OWASP = "4814384a9e5d4991b9815dcfc25d2f1f";
const ANOMALY_RULE = "6179ae15870a4bb7b2d480d4843b323c";

export const configuration = {
  name: "default",
  rules: [
    {
      action: "skip",
      expression: '(http.request.uri.path eq "/health")',
      description: "Health checks",
      enabled: true,
      action_parameters: { ruleset: "current" },
    },
    { action: "execute", expression: "true", enabled: true, action_parameters: { id: "efb7b8c949ac4650a09736fc376e9aee" } },
    {
      action: "execute",
      expression: "true",
      enabled: true,
      action_parameters: {
        id: OWASP,
        overrides: {
          categories: [3, 4].map((l) => ({ category: `paranoia-level-${l}`, enabled: false })),
          rules: [{ id: ANOMALY_RULE, action: "block", score_threshold: 40 }],
        },
      },
    },
  ],
};

/** The configuration as the PUT answered it: ids, versions, refs and times assigned by the platform. */
export function deployed(version = "1", at = "2026-05-01T10:00:00Z"): FrozenEntrypoint {
  return {
    id: "e2a1b6c0f2a44c4e9c1f0a6d3b8e7f51",
    version,
    lastUpdated: at,
    rules: configuration.rules.map((rule, i) => {
      const id = String(i + 1).padStart(32, "0");
      const answered: Record<string, unknown> = { ...structuredClone(rule), id, ref: id, version: "1", last_updated: at };
      // The platform answers every execute rule that pins no version with the latest (cloudflare-docs configure-api.mdx).
      if (rule.action === "execute") answered.action_parameters = { ...(answered.action_parameters as object), version: "latest" };
      return answered;
    }),
  };
}

export function baseline(overrides: Partial<Baseline> = {}): Baseline {
  return {
    format: 1,
    zoneId: ZONE_ID,
    zoneName: "shop.example",
    reviewId: REVIEW_ID,
    reviewKind: "complete_migration",
    approvedBy: "approver-1",
    executedBy: "planner",
    at: "2026-05-01T10:00:01.000Z",
    configuration,
    entrypoint: deployed(),
    ...overrides,
  };
}

/** The live entry point after a person raised the OWASP paranoia level to 3 in the dashboard. */
export function paranoiaRaised(): FrozenEntrypoint {
  const live = deployed("2", "2026-05-03T08:00:00Z");
  const owasp = live.rules[2] as { version: string; action_parameters: { overrides: { categories: unknown[] } } };
  owasp.action_parameters.overrides.categories = [{ category: "paranoia-level-4", enabled: false }];
  owasp.version = "2";
  return live;
}

/** The live entry point with a skip rule added first. */
export function skipAdded(live = deployed("2")): FrozenEntrypoint {
  const id = "f".repeat(32);
  return {
    ...live,
    rules: [
      {
        id,
        ref: id,
        version: "1",
        action: "skip",
        expression: 'starts_with(http.request.uri.path, "/api")',
        description: "Skip the managed rules for /api",
        enabled: true,
        action_parameters: { ruleset: "current" },
      },
      ...live.rules,
    ],
  };
}
