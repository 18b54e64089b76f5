// The HTTP requests dataset the impact is read from: httpRequestsAdaptiveGroups (cloudflare-docs analytics/
// graphql-api: sampled, so every count is an estimate; `confidence(level: 0.95)` gives its interval,
// features/confidence-intervals.mdx). Its limits come from the zone's `settings` node like the firewall
// datasets' (features/discovery/settings.mdx), and a query names only fields the settings list.
import { z } from "zod";
import { datasetSettingsSchema, limitsOf, type DatasetLimits } from "@/lib/validation-mode/dataset-limits";

export const REQUESTS_DATASET = "httpRequestsAdaptiveGroups";

export interface RequestsLimits {
  limits: DatasetLimits;
  /** Fields the settings left out, filled from the documented example (never silently). */
  assumed: string[];
}

export const REQUESTS_SETTINGS_QUERY = `query RequestsDatasetSettings($zoneTag: String!) {
  viewer {
    zones(filter: { zoneTag: $zoneTag }) {
      settings {
        ${REQUESTS_DATASET} { enabled maxDuration maxPageSize notOlderThan maxNumberOfFields availableFields }
      }
    }
  }
}`;

export const requestsSettingsSchema = z.object({
  viewer: z.object({ zones: z.array(z.object({ settings: z.object({ [REQUESTS_DATASET]: datasetSettingsSchema }).nullish() })) }),
});

export function parseRequestsLimits(data: z.infer<typeof requestsSettingsSchema>): RequestsLimits {
  const assumed: string[] = [];
  const limits = limitsOf(REQUESTS_DATASET, data.viewer.zones[0]?.settings?.[REQUESTS_DATASET], assumed);
  return { limits, assumed };
}
