// Export sources for the tests: proposed configurations as the sandbox's config operation builds them,
// and a live entry point with every field the export writes, read-only fields and hostile strings.
import { HOSTILE } from "@/lib/dev/sandbox/seed-hostile";
import { proposedConfig } from "@/lib/dev/sandbox/waf/proposed-config";
import type { ActionMode, MigratedSetting, Sensitivity, WafZone } from "@/lib/dev/sandbox/waf/types";
import type { ExportSource } from "@/lib/terraform/export-source";

export const ZONE = { id: "023e105f4ecef8ad9ca31a8372d0c353", name: "example.com" };
export const ENTRYPOINT_ID = "e2a1b6c0f2a44c4e9c1f0a6d3b8e7f51";
export const MANAGED = "efb7b8c949ac4650a09736fc376e9aee";
export const OWASP = "4814384a9e5d4991b9815dcfc25d2f1f";
export const SCORE_RULE = "6179ae15870a4bb7b2d480d4843b323c";

/** Text that breaks naive HCL: quotes, backslashes, both template introductions, escapes of them, line breaks, markup. */
export const HOSTILE_TEXT = [
  'say "hi" \\ back\\slash',
  "${var.token} and %{ if true }x%{ endif }",
  "$${already} %%{escaped} $$${three}",
  "line one\nline two\r\n\ttab",
  "ends with a backslash \\",
  "# not a comment */ /* nor this",
  HOSTILE.ruleDescription,
  "unicode: é, 中文, 😀, \u2028 separator, \u0007 bell",
];

function waf(sensitivity: Sensitivity, action: ActionMode, settings: MigratedSetting[], firewallEnabled = true): WafZone {
  return {
    packages: [
      {
        id: "c504870194831cd12c3fc0284f294abb",
        name: "OWASP",
        description: "",
        detection_mode: "anomaly",
        zone_id: ZONE.id,
        status: "active",
        sensitivity,
        action_mode: action,
      },
    ],
    migratedSettings: settings,
    firewallEnabled,
  } as unknown as WafZone;
}

const SETTINGS: MigratedSetting[] = [
  {
    source: "firewall_rule",
    id: "6f2a3c1e9b8d4e7fa1b2c3d4e5f60718",
    description: "Bypass managed rules for partner 1",
    expression: "(ip.src in {203.0.113.10 203.0.113.20})",
  },
  {
    source: "page_rule",
    id: "9a8b7c6d5e4f30211234567890abcdef",
    description: HOSTILE_TEXT[1]!,
    expression: `(http.host eq "${HOSTILE.zoneName}" and starts_with(http.request.uri.path, "/legacy/\${x}"))`,
  },
];

export const PREVIOUS = {
  packages: [{ id: "c504870194831cd12c3fc0284f294abb", name: "OWASP ModSecurity Core Rule Set" }],
  groups: [
    { id: "de677e5818985db1285d0e80225f06e5", name: "OWASP Bad Robots", mode: "off" },
    { id: "aa677e5818985db1285d0e80225f06e5", name: "OWASP XSS Attacks", mode: "on" },
  ],
  rulesOff: [{ id: "990012", description: "Rogue web site crawler" }],
  overrides: [{ id: "bb677e5818985db1285d0e80225f06e5", urls: ["example.com/admin/*"] }],
};

/** Proposed configurations for every sensitivity and action, with and without migrated settings and an entry point. */
export function proposedSources(): Array<{ name: string; source: ExportSource }> {
  const cases: Array<[Sensitivity, ActionMode, MigratedSetting[], boolean]> = [
    ["high", "challenge", SETTINGS, true],
    ["medium", "simulate", [], true],
    ["low", "block", SETTINGS.slice(0, 1), false],
    ["off", "challenge", [], true],
  ];
  return cases.flatMap(([sensitivity, action, settings, enabled], i) =>
    [null, { id: ENTRYPOINT_ID, version: "4", lastUpdated: "2026-04-01T00:00:00Z" }].map((entrypoint) => ({
      name: `${sensitivity}/${action}/${settings.length} settings/${entrypoint ? "entry point" : "no entry point"}`,
      source: {
        zone: ZONE,
        config: "proposed" as const,
        ruleset: proposedConfig(waf(sensitivity, action, settings, enabled)) as unknown as ExportSource["ruleset"],
        entrypoint,
        previous: i === 0 ? PREVIOUS : { unknownBecause: "retired" as const },
        readAt: "2026-05-01T10:00:00.000Z",
      },
    })),
  );
}

/** An entry point as GET …/entrypoint answers it, with every kind of rule the phase holds. */
export function liveSource(hostile = HOSTILE_TEXT[0]!): ExportSource {
  const answer = (i: number) => ({ id: `${i}`.padStart(32, "a"), version: "3", last_updated: "2026-04-02T08:00:00Z" });
  return {
    zone: ZONE,
    config: "live",
    ruleset: {
      name: `zone entry point ${hostile}`,
      description: `Managed rules ${hostile}`,
      rules: [
        {
          ...answer(1),
          ref: "partners",
          action: "skip",
          expression: `(ip.src in {198.51.100.0/24}) and http.user_agent contains "${hostile}"`,
          description: hostile,
          enabled: true,
          action_parameters: { ruleset: "current" },
          logging: { enabled: true },
        },
        {
          ...answer(2),
          ref: "",
          action: "skip",
          expression: 'http.request.uri.path eq "/health"',
          enabled: false,
          action_parameters: {
            rulesets: [MANAGED],
            rules: { [OWASP]: [SCORE_RULE, "8ac8bc2a661e475d940980f9317f28e1"] },
            phases: ["http_ratelimit"],
            products: ["waf", "uaBlock", "zoneLockdown"],
          },
          logging: { enabled: false },
        },
        {
          ...answer(3),
          ref: "managed",
          action: "execute",
          expression: "true",
          description: "",
          enabled: true,
          action_parameters: {
            id: MANAGED,
            // As the platform answers every execute rule that pins no version (cloudflare-docs configure-api.mdx).
            version: "latest",
            matched_data: { public_key: "iGqBmyIUxuWt1rvxoAharN9FUXneUBxA/Y19PyyrEG0=" },
            overrides: {
              enabled: true,
              action: "log",
              categories: [{ category: "wordpress", action: "block", enabled: true }],
              rules: [{ id: "5de7edfa648c4d6891dc3e7f84534ffa", enabled: false }],
            },
          },
        },
        {
          ...answer(4),
          action: "execute",
          expression: `http.host ne "${hostile}"`,
          enabled: true,
          action_parameters: {
            id: OWASP,
            version: "latest",
            overrides: {
              categories: [2, 3, 4].map((l) => ({ category: `paranoia-level-${l}`, enabled: false })),
              rules: [{ id: SCORE_RULE, action: "managed_challenge", score_threshold: 40, enabled: true }],
            },
          },
        },
        {
          ...answer(5),
          ref: "leaked-credentials",
          action: "log",
          expression: 'http.request.method eq "POST"',
          exposed_credential_check: {
            username_expression: 'url_decode(http.request.body.form["user"][0])',
            password_expression: 'url_decode(http.request.body.form["pass"][0])',
          },
        },
      ],
    },
    entrypoint: { id: ENTRYPOINT_ID, version: "7", lastUpdated: "2026-04-02T08:00:00Z" },
    previous: { unknownBecause: "migrated" },
    readAt: "2026-05-01T10:00:00.000Z",
  };
}

/**
 * A live entry point with what one major cannot write: category overrides with a sensitivity level (5.x
 * only), one of them setting nothing else, and logging on an execute rule (4.x documents it for skip rules).
 */
export function sensitivitySource(): ExportSource {
  const live = liveSource();
  return {
    ...live,
    ruleset: {
      name: "zone",
      rules: [
        {
          id: "b".repeat(32),
          version: "2",
          ref: "managed-tuned",
          action: "execute",
          expression: "true",
          enabled: true,
          logging: { enabled: false },
          action_parameters: {
            id: MANAGED,
            version: "latest",
            overrides: {
              categories: [
                { category: "wordpress", sensitivity_level: "low" },
                { category: "joomla", action: "block", sensitivity_level: "medium" },
              ],
            },
          },
        },
      ],
    },
  };
}
