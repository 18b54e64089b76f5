// Each GraphQL dataset has per-plan limits, read from the zone's `settings` node (cloudflare-docs
// analytics/graphql-api/features/discovery/settings.mdx): whether it is `enabled`, how wide one query's time
// range may be (`maxDuration`, seconds), how far back it may read (`notOlderThan`, seconds), how many rows
// one query returns (`maxPageSize`), how many fields one query may name (`maxNumberOfFields`) and which
// (`availableFields`). The docs' example for firewallEventsAdaptive: 259200, 2678400, 10000, 30.
import { z } from "zod";

export const EVENTS_DATASET = "firewallEventsAdaptive";
export const GROUPS_DATASET = "firewallEventsAdaptiveGroups";
export type DatasetName = typeof EVENTS_DATASET | typeof GROUPS_DATASET;

export interface DatasetLimits {
  enabled: boolean;
  maxDurationSeconds: number;
  notOlderThanSeconds: number;
  maxPageSize: number;
  maxNumberOfFields: number;
  /** The fields the zone may query (nested ones as paths, `avg_sampleInterval`); null: the settings did not say. */
  availableFields: string[] | null;
}

export interface ZoneDatasetLimits {
  events: DatasetLimits;
  groups: DatasetLimits;
  /** Fields the platform did not answer, filled from the documented example (never silently). */
  assumed: string[];
}

/** The documented example (settings.mdx), used only for a field the answer leaves out. */
export const DOCUMENTED_LIMITS: DatasetLimits = {
  enabled: true,
  maxDurationSeconds: 259_200,
  notOlderThanSeconds: 2_678_400,
  maxPageSize: 10_000,
  maxNumberOfFields: 30,
  availableFields: null,
};

const LIMIT_FIELDS = "enabled maxDuration maxPageSize notOlderThan maxNumberOfFields availableFields";
export const SETTINGS_QUERY = `query DatasetSettings($zoneTag: String!) {
  viewer {
    zones(filter: { zoneTag: $zoneTag }) {
      settings {
        ${EVENTS_DATASET} { ${LIMIT_FIELDS} }
        ${GROUPS_DATASET} { ${LIMIT_FIELDS} }
      }
    }
  }
}`;

// Every field optional and extra fields let through: the node's fields "could" be there, says the page.
export const datasetSettingsSchema = z
  .object({
    enabled: z.boolean().nullish(),
    maxDuration: z.number().int().positive().nullish(),
    maxPageSize: z.number().int().positive().nullish(),
    notOlderThan: z.number().int().positive().nullish(),
    maxNumberOfFields: z.number().int().positive().nullish(),
    availableFields: z.array(z.string()).nullish(),
  })
  .nullish();

export const settingsSchema = z.object({
  viewer: z.object({
    zones: z.array(
      z.object({ settings: z.object({ [EVENTS_DATASET]: datasetSettingsSchema, [GROUPS_DATASET]: datasetSettingsSchema }).nullish() }),
    ),
  }),
});

type DatasetSettings = z.infer<typeof datasetSettingsSchema>;

/** One dataset's limits from its `settings` node (any dataset: the node has the same fields for each). */
export function limitsOf(name: string, answer: DatasetSettings, assumed: string[]): DatasetLimits {
  const pick = <T>(field: string, value: T | null | undefined, fallback: T): T => {
    if (value !== null && value !== undefined) return value;
    assumed.push(`${name}.${field}`);
    return fallback;
  };
  return {
    enabled: pick("enabled", answer?.enabled, DOCUMENTED_LIMITS.enabled),
    maxDurationSeconds: pick("maxDuration", answer?.maxDuration, DOCUMENTED_LIMITS.maxDurationSeconds),
    notOlderThanSeconds: pick("notOlderThan", answer?.notOlderThan, DOCUMENTED_LIMITS.notOlderThanSeconds),
    maxPageSize: pick("maxPageSize", answer?.maxPageSize, DOCUMENTED_LIMITS.maxPageSize),
    maxNumberOfFields: pick("maxNumberOfFields", answer?.maxNumberOfFields, DOCUMENTED_LIMITS.maxNumberOfFields),
    // No documented list to fall back on: null, and the queries keep to the fields Preflight has always read.
    availableFields: answer?.availableFields ?? null,
  };
}

export function parseZoneLimits(data: z.infer<typeof settingsSchema>): ZoneDatasetLimits {
  const settings = data.viewer.zones[0]?.settings;
  const assumed: string[] = [];
  return {
    events: limitsOf(EVENTS_DATASET, settings?.[EVENTS_DATASET], assumed),
    groups: limitsOf(GROUPS_DATASET, settings?.[GROUPS_DATASET], assumed),
    assumed,
  };
}
