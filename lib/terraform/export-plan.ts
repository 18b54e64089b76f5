// Which configuration a zone's export holds, from its migration phase, and why a zone has none to give.
// Pure: the evidence and the entry point in, the export's source (or the reason there is none) out.
import type { FrozenEntrypoint } from "@/lib/rulesets/entrypoint-words";
import { migrationPhase, type MigrationPhase, type ZoneEvidence } from "@/lib/migration/evidence";
import { migrationChanges } from "@/lib/migration/migration-changes";
import { describeRulesetDiff } from "@/lib/rulesets/diff";
import type { ExportConfig, ExportSource, PreviousFirewall } from "@/lib/terraform/export-source";

/** `auto`: the live entry point of a migrated zone, the proposed configuration of the others. */
export type RequestedConfig = ExportConfig | "auto";

/** What a zone's export came to: its source, a reason it has none for this configuration, or its failure. */
export type ZoneExport =
  | { status: "exported"; source: ExportSource }
  | { status: "skipped"; kind: "already_migrated" | "no_entrypoint" | "no_proposed_config"; reason: string }
  | { status: "failed"; reason: string };

export function chosenConfig(requested: RequestedConfig, phase: MigrationPhase): ExportConfig {
  if (requested !== "auto") return requested;
  return phase === "migrated" ? "live" : "proposed";
}

export const SKIP_REASONS = {
  already_migrated:
    "The zone already runs the new managed rules: the migration has nothing left to propose. Export config=live for the entry point as it runs.",
  no_entrypoint:
    "The zone has no http_request_firewall_managed entry point yet: nothing is deployed to export. Export config=proposed for what the migration will deploy.",
  no_proposed_config: "The platform gave no proposed configuration for this zone.",
} as const;

export function skipped(kind: keyof typeof SKIP_REASONS): ZoneExport {
  return { status: "skipped", kind, reason: SKIP_REASONS[kind] };
}

export function previousFirewall(evidence: ZoneEvidence): PreviousFirewall {
  if (migrationPhase(evidence.status) === "migrated") return { unknownBecause: "migrated" };
  return {
    packages: evidence.packages?.map((p) => ({ id: p.id, name: p.name })),
    groups: evidence.groups?.map((g) => ({ id: g.id, name: g.name, mode: g.mode })),
    rulesOff: evidence.rulesOff?.map((r) => ({ id: r.id, description: r.description })),
    // Both optional in the SDK's Override: the state note names what is missing rather than failing the export.
    overrides: evidence.overrides?.map((o) => ({ id: o.id ?? "(no id given)", urls: o.urls ?? [] })),
    unknownBecause: evidence.previousApi ? "retired" : undefined,
  };
}

/** The proposed configuration, to be imported into the entry point there is (null: the migration creates it). */
export function proposedSource(
  zone: { id: string; name: string },
  evidence: ZoneEvidence,
  entrypoint: FrozenEntrypoint | null,
  readAt: string,
): ZoneExport {
  if (migrationPhase(evidence.status) === "migrated") return skipped("already_migrated");
  const config = evidence.config;
  if (!config) return skipped("no_proposed_config");
  const description = typeof config.description === "string" ? config.description : undefined;
  const changes = migrationChanges(entrypoint, config);
  return {
    status: "exported",
    source: {
      zone: { id: zone.id, name: zone.name },
      config: "proposed",
      // The migration's PUT names the entry point as the proposed configuration does.
      ruleset: { name: config.name || "default", description, rules: config.rules },
      entrypoint: entrypoint && { id: entrypoint.id, version: entrypoint.version, lastUpdated: entrypoint.lastUpdated },
      previous: previousFirewall(evidence),
      ...(changes.state === "read" ? { changes: { from: changes.entrypoint, words: describeRulesetDiff(changes.diff) } } : {}),
      readAt,
    },
  };
}

/** The entry point as it runs; `evidence` (when read) only feeds the state note. */
export function liveSource(
  zone: { id: string; name: string },
  entrypoint: (FrozenEntrypoint & { name?: string; description?: string }) | null,
  evidence: ZoneEvidence | undefined,
  readAt: string,
): ZoneExport {
  if (!entrypoint) return skipped("no_entrypoint");
  return {
    status: "exported",
    source: {
      zone: { id: zone.id, name: zone.name },
      config: "live",
      ruleset: { name: entrypoint.name || "default", description: entrypoint.description, rules: entrypoint.rules },
      entrypoint: { id: entrypoint.id, version: entrypoint.version, lastUpdated: entrypoint.lastUpdated },
      previous: evidence ? previousFirewall(evidence) : {},
      readAt,
    },
  };
}
