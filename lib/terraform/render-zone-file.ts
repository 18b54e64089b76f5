// One zone's export: a header in words, the state note, the import block for the zone's own
// http_request_firewall_managed entry point (never a create, never a managed ruleset) and the
// cloudflare_ruleset resource, in the provider syntax the user chose.
import { cleanRules, ExportRefusal } from "@/lib/terraform/clean-rules";
import type { ExportSource } from "@/lib/terraform/export-source";
import { attribute, blank, block, comment, renderHcl, type BodyItem } from "@/lib/terraform/hcl-writer";
import { resourceLabel } from "@/lib/terraform/labels";
import { rulesItems, type Syntax } from "@/lib/terraform/render-rules";
import { stateRemovalCommands, zoneStateNote } from "@/lib/terraform/state-note";
import { importBlock } from "@/lib/terraform/import-block";
import { fitToSyntax, type Remark } from "@/lib/terraform/syntax-fit";

export const PHASE = "http_request_firewall_managed";
const HEX32 = /^[0-9a-f]{32}$/;

export const PROVIDER_WORDS: Record<Syntax, string> = {
  v4: "cloudflare/cloudflare 4.x (4.52: `rules { … }` blocks)",
  v5: "cloudflare/cloudflare 5.x (`rules = [ … ]` attributes)",
};

export function zoneFile(source: ExportSource, syntax: Syntax, options: { label?: string; commands?: boolean } = {}): string {
  return renderHcl(zoneItems(source, syntax, options));
}

export function zoneItems(source: ExportSource, syntax: Syntax, options: { label?: string; commands?: boolean } = {}): BodyItem[] {
  const label = options.label ?? resourceLabel(source.zone);
  // Both ids go into the import ID and the lookup expression: only identifiers pass.
  if (!HEX32.test(source.zone.id)) throw new ExportRefusal("zone.id", "the zone id is not a 32-character hexadecimal identifier");
  if (source.entrypoint && !HEX32.test(source.entrypoint.id))
    throw new ExportRefusal("entrypoint.id", "the entry point's id is not a 32-character hexadecimal identifier");
  const { rules, remarks } = fitToSyntax(cleanRules(source.ruleset.rules), syntax);
  const { zone, entrypoint } = source;
  const updated = entrypoint?.lastUpdated ? `, last updated ${entrypoint.lastUpdated}` : "";
  const what =
    source.config === "proposed"
      ? "as the migration proposes it (the configuration it will deploy)"
      : `as it runs now${entrypoint?.version ? ` (version ${entrypoint.version}${updated})` : ""}`;
  const header = [
    `Zone ${zone.name} (${zone.id}): its ${PHASE} entry point ${what}.`,
    `Exported by Preflight from the platform as read at ${source.readAt}, for ${PROVIDER_WORDS[syntax]}.`,
    entrypoint
      ? `The entry point exists (ruleset ${entrypoint.id}): the import block below adopts it; Terraform never creates a second one (Terraform 1.5 or later).`
      : "The entry point does not exist yet: the migration creates it. Apply this file after the migration ran: " +
        "the import block looks it up when planning (Terraform 1.6 or later), and planning fails rather than create one before.",
    ...(source.config === "proposed"
      ? [
          "Rules without a ref get one derived from what they are: the first apply after the import sets them. " +
            "Export config=live after the migration for the platform's own refs.",
        ]
      : []),
    ...remarkNotes(remarks, syntax),
    ...(source.changes
      ? [
          "",
          `What the migration changes, compared with the zone now: ${source.changes.from}:`,
          ...source.changes.words.map((words) => `  - ${words}`),
        ]
      : []),
  ];
  const resource = block(
    "resource",
    [
      attribute("zone_id", zone.id),
      attribute("name", source.ruleset.name),
      ...(source.ruleset.description !== undefined ? [attribute("description", source.ruleset.description)] : []),
      attribute("kind", "zone"),
      attribute("phase", PHASE),
      ...(rules.length ? [blank, ...rulesItems(rules, syntax, remarksAt(remarks))] : []),
    ],
    ["cloudflare_ruleset", label],
  );
  return [
    comment(...header),
    comment(""),
    comment(...(options.commands === false ? [] : [...stateRemovalCommands(), ""]), ...zoneStateNote(zone.id, source.previous)),
    blank,
    ...importBlock(zone.id, label, entrypoint?.id ?? null, syntax),
    blank,
    resource,
  ];
}

/** The header's notes: what this syntax writes differently from the platform's answer, each also said at its place. */
function remarkNotes(remarks: readonly Remark[], syntax: Syntax): string[] {
  if (remarks.length === 0) return [];
  return [
    "",
    `What this file for ${syntax === "v4" ? "4.x" : "5.x"} says differently from the platform's answer (each also said where it is):`,
    ...remarks.map((r) => `  - ${r.from}: ${r.words}`),
  ];
}

function remarksAt(remarks: readonly Remark[]): Map<string, string[]> {
  const at = new Map<string, string[]>();
  for (const r of remarks) at.set(r.at, [...(at.get(r.at) ?? []), r.words]);
  return at;
}
