// The note on the previous firewall's Terraform resources: the provider dropped them in 4.x and the
// platform no longer serves them, so they are removed from state (not destroyed) before planning.
import type { PreviousFirewall } from "@/lib/terraform/export-source";

export const OLD_RESOURCE_TYPES = [
  "cloudflare_waf_package",
  "cloudflare_waf_group",
  "cloudflare_waf_rule",
  "cloudflare_waf_override",
] as const;

/** The commands, the same for every zone. */
export function stateRemovalCommands(): string[] {
  return [
    `Before planning, remove the previous firewall's resources from Terraform's state (${OLD_RESOURCE_TYPES.join(", ")}):`,
    "the provider has none of them since 4.x and the platform no longer serves them. `terraform state rm` only forgets them;",
    "it changes nothing on the zone. Then delete their blocks from your configuration.",
    "  terraform state list | grep -E 'cloudflare_waf_(package|group|rule|override)\\.'",
    "  terraform state rm 'cloudflare_waf_package.example'   # once for each address listed",
  ];
}

/** What this zone's previous firewall held, by the resource that would have tracked it. */
export function zoneStateNote(zoneId: string, previous: PreviousFirewall): string[] {
  const head = `The previous firewall of zone ${zoneId}, as the resources that may track it:`;
  if (previous.unknownBecause === "migrated") {
    return [
      `Zone ${zoneId} is migrated: its previous firewall can no longer be read. Remove every cloudflare_waf_* resource whose zone_id is ${zoneId}.`,
    ];
  }
  const lines = [head];
  const unknown = previous.unknownBecause === "retired" ? "unknown (the previous version's API is retired for this zone)" : "unknown";
  const list = <T>(type: string, items: T[] | undefined, words: (item: T) => string, none: string) => {
    if (items === undefined) lines.push(`  ${type}: ${unknown}`);
    else if (items.length === 0) lines.push(`  ${type}: ${none}`);
    else for (const item of items) lines.push(`  ${type}: ${words(item)}`);
  };
  list("cloudflare_waf_package", previous.packages, (p) => `${p.id} (${p.name})`, "none");
  const groupsOff = previous.groups?.filter((g) => g.mode === "off");
  list("cloudflare_waf_group", groupsOff, (g) => `${g.id} (${g.name}, turned off)`, "none turned off");
  list("cloudflare_waf_rule", previous.rulesOff, (r) => `${r.id} (${r.description}, turned off)`, "none turned off");
  list("cloudflare_waf_override", previous.overrides, (o) => `${o.id} (${o.urls.join(", ")})`, "none");
  return lines;
}
