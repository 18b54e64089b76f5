// The account-wide export: one file of every zone's section, or an archive of one file per zone. A zone
// that failed, or has nothing for the chosen configuration, is marked in the output by name, never left out.
import { zipSync } from "fflate";
import { ExportRefusal } from "@/lib/terraform/clean-rules";
import type { ZoneExport } from "@/lib/terraform/export-plan";
import type { RequestedConfig } from "@/lib/terraform/export-plan";
import { commentText } from "@/lib/terraform/hcl-string";
import type { Syntax } from "@/lib/terraform/render-rules";
import { stateRemovalCommands } from "@/lib/terraform/state-note";
import { PROVIDER_WORDS, zoneFile } from "@/lib/terraform/render-zone-file";

export interface ZoneOutcome {
  zone: { id: string; name: string };
  label: string;
  result: ZoneExport;
}

export interface ZoneSection {
  zone: { id: string; name: string };
  label: string;
  status: "exported" | "skipped" | "failed";
  text: string;
}

const CONFIG_WORDS: Record<RequestedConfig, string> = {
  proposed: "the configuration the migration proposes",
  live: "the live entry point",
  auto: "the live entry point of migrated zones, the configuration the migration proposes for the others",
};

/** The account file's opening: what it holds, for which provider, and the state note's commands (once). */
export function accountHeader(
  syntax: Syntax,
  config: RequestedConfig,
  totalCount: number | undefined,
  account?: { id: string; name: string },
): string {
  const lines = [
    // The account it is for: a Terraform state (and its provider's credentials) is one account's.
    ...(account ? [`Account: ${account.name}${account.id ? ` (${account.id})` : ""}`, ""] : []),
    `Every zone of the account${totalCount === undefined ? "" : ` (${totalCount})`}: ` +
      `the http_request_firewall_managed entry point as one cloudflare_ruleset resource`,
    `per zone, with ${CONFIG_WORDS[config]}; for ${PROVIDER_WORDS[syntax]}.`,
    "Each zone imports its own entry point (never a create, never a managed ruleset). Zones marked FAILED or SKIPPED hold no resource.",
    "",
    ...stateRemovalCommands(),
  ];
  return `${lines.map((line) => `# ${line}`.trimEnd()).join("\n")}\n`;
}

/** One zone's part of the export; a rule the export cannot write makes the zone failed, with the field named. */
export function zoneSection(outcome: ZoneOutcome, syntax: Syntax): ZoneSection {
  const { zone, label, result } = outcome;
  const named = `zone ${commentText(zone.name)} (${zone.id})`;
  if (result.status === "exported") {
    try {
      return { zone, label, status: "exported", text: zoneFile(result.source, syntax, { label, commands: false }) };
    } catch (error) {
      if (!(error instanceof ExportRefusal)) throw error;
      return failed(zone, label, named, `its entry point holds what the export cannot write: ${error.message}`);
    }
  }
  if (result.status === "skipped") return { zone, label, status: "skipped", text: `# SKIPPED: ${named}: ${commentText(result.reason)}\n` };
  return failed(zone, label, named, result.reason);
}

function failed(zone: ZoneSection["zone"], label: string, named: string, reason: string): ZoneSection {
  const text = [
    `# FAILED: ${named} was not exported: ${commentText(reason)}`,
    `# Export it alone from its zone page (GET /api/zones/${zone.id}/terraform) or export the account again.`,
  ];
  return { zone, label, status: "failed", text: `${text.join("\n")}\n` };
}

/** One file: the header (first part of an export only), then each zone's section under a rule naming it. */
export function accountText(header: string | undefined, sections: readonly ZoneSection[]): string {
  const parts = sections.map(
    (s) =>
      `\n# ==== ${s.status === "exported" ? "" : `${s.status.toUpperCase()} `}zone ${commentText(s.zone.name)} (${s.zone.id}) ====\n${s.text}`,
  );
  return `${header ?? ""}${parts.join("")}`;
}

/** A zip of one `<label>.tf` per zone (a comment alone for a failed or skipped zone), and README.md with the header. */
export function accountArchive(header: string | undefined, sections: readonly ZoneSection[]): Uint8Array<ArrayBuffer> {
  const encoder = new TextEncoder();
  // A fixed date: the same export gives the same bytes.
  const mtime = new Date("2020-01-01T00:00:00Z");
  const files: Record<string, [Uint8Array, { mtime: Date }]> = {};
  if (header) files["README.md"] = [encoder.encode(`${header.replace(/^# ?/gm, "")}`), { mtime }];
  for (const section of sections) files[`${section.label}.tf`] = [encoder.encode(section.text), { mtime }];
  return zipSync(files, { level: 6 }) as Uint8Array<ArrayBuffer>;
}
