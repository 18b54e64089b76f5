// What one zone's export is made from: the entry point's ruleset (the one the migration proposes, or the
// live one), the entry point to import, and what the previous firewall held (for the state note).

/** `proposed`: what the migration will deploy; `live`: the entry point as it runs now. */
export type ExportConfig = "proposed" | "live";

export interface PreviousFirewall {
  packages?: Array<{ id: string; name: string }>;
  groups?: Array<{ id: string; name: string; mode: string }>;
  rulesOff?: Array<{ id: string; description: string }>;
  overrides?: Array<{ id: string; urls: string[] }>;
  /** Why the parts above are absent: the previous version's API is retired, or the zone already moved. */
  unknownBecause?: "retired" | "migrated";
}

export interface ExportSource {
  zone: { id: string; name: string };
  config: ExportConfig;
  ruleset: { name: string; description?: string; rules: ReadonlyArray<Record<string, unknown>> };
  /** The entry point to import, or null when the migration has not created it yet (the file then looks it up when planning). */
  entrypoint: { id: string; version?: string; lastUpdated?: string } | null;
  previous: PreviousFirewall;
  /** Proposed only: what the migration changes in the entry point there is (lib/rulesets/diff.ts), in words. */
  changes?: { from: string; words: string[] };
  /** When the platform was read (ISO 8601). */
  readAt: string;
}
