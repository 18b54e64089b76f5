// The import block for the zone's entry point, with each provider major's import ID (docs and
// examples/resources/cloudflare_ruleset/import.sh): 4.x `zone/<zone_id>/<ruleset_id>`, 5.x
// `zones/<zone_id>/<ruleset_id>`. Before the migration there is no entry point yet: the ID is then
// looked up by a cloudflare_rulesets data source when planning, and is null (an error) while none exists.
import { attribute, blank, block, type BodyItem } from "@/lib/terraform/hcl-writer";
import type { Syntax } from "@/lib/terraform/render-rules";

const PHASE = "http_request_firewall_managed";

export function importId(zoneId: string, rulesetId: string, syntax: Syntax): string {
  return `${syntax === "v4" ? "zone" : "zones"}/${zoneId}/${rulesetId}`;
}

/** `label` and ids are identifiers (checked by the callers' schemas), so the expressions below carry no platform text. */
export function importBlock(zoneId: string, label: string, rulesetId: string | null, syntax: Syntax): BodyItem[] {
  const to = attribute("to", { expression: `cloudflare_ruleset.${label}` });
  if (rulesetId !== null) return [block("import", [to, attribute("id", importId(zoneId, rulesetId, syntax))])];
  const lookup = `${label}_entrypoint`;
  const prefix = syntax === "v4" ? "zone" : "zones";
  const comments = [
    "The entry point the migration creates, found when planning; none yet makes the id null and the plan fails:",
    "nothing is created ahead of the migration.",
  ];
  // 4.x filters by kind and phase in the data source; 5.x lists the zone's rulesets and the id is picked here.
  const filter = syntax === "v4" ? [block("filter", [attribute("kind", "zone"), attribute("phase", PHASE)])] : [];
  const data = block("data", [attribute("zone_id", zoneId), ...filter], ["cloudflare_rulesets", lookup], comments);
  const pick =
    syntax === "v4"
      ? `one(data.cloudflare_rulesets.${lookup}.rulesets[*].id)`
      : `one([for r in data.cloudflare_rulesets.${lookup}.rulesets : r.id if r.kind == "zone" && r.phase == "${PHASE}"])`;
  return [data, blank, block("import", [to, attribute("id", { expression: `"${prefix}/${zoneId}/\${${pick}}"` })])];
}
