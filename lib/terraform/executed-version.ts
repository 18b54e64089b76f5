// The version of the managed ruleset an execute rule runs (`action_parameters.version`). The platform
// answers "latest" on every execute rule that names none (cloudflare-docs configure-api.mdx, the answers
// recorded in cloudflare/cf-terraforming's testdata); neither provider has the attribute (4.52.8
// rulesets/schema.go, 5.x ruleset/schema.go), and both send none, which runs the latest: "latest" is left
// out. A pinned version cannot be written: Terraform would run the latest one instead, so it is refused.
import { ExportRefusal } from "@/lib/terraform/export-refusal";

/** The platform's word for "no version pinned". */
export const LATEST_VERSION = "latest";

/** The rule without a "latest" version; a pinned one refused with the rule's path. */
export function withoutLatestVersion(rule: Record<string, unknown>, path: string): Record<string, unknown> {
  const parameters = rule.action_parameters;
  if (typeof parameters !== "object" || parameters === null || Array.isArray(parameters) || !("version" in parameters)) return rule;
  const { version, ...rest } = parameters as Record<string, unknown>;
  if (version === undefined || version === null || version === LATEST_VERSION) return { ...rule, action_parameters: rest };
  throw new ExportRefusal(
    `${path}.action_parameters.version`,
    `the rule pins the managed ruleset to version ${JSON.stringify(version)}; neither provider (4.x, 5.x) has an attribute for it, ` +
      "so Terraform would run the latest version instead. Unpin it on the platform, or manage this rule outside Terraform",
  );
}
