// The per-plan limits of the two firewall datasets, served in `settings` and enforced on every query with
// the platform's messages. Sources: the settings node's example (cloudflare-docs analytics/graphql-api/
// features/discovery/settings.mdx: maxDuration 259200, notOlderThan 2678400, maxPageSize 10000,
// maxNumberOfFields 30), used for Business and Enterprise; the docs' older per-plan table (products/analytics/
// src/content/graphql-api/limits/index.md: events 14 days back on Free and Pro, groups 3 days on Pro and
// none on Free). The 1-day maxDuration of Free and Pro is ours: no page states it.
import { GraphQLError } from "graphql";
import type { PlanLegacyId } from "../types";

export type Dataset = "firewallEventsAdaptive" | "firewallEventsAdaptiveGroups" | "httpRequestsAdaptiveGroups";

export interface DatasetSettings {
  enabled: boolean;
  maxDuration: number;
  notOlderThan: number;
  maxPageSize: number;
  maxNumberOfFields: number;
}

const DAY = 86_400;
const DOCUMENTED: DatasetSettings = {
  enabled: true,
  maxDuration: 3 * DAY,
  notOlderThan: 31 * DAY,
  maxPageSize: 10_000,
  maxNumberOfFields: 30,
};
const LOWER: DatasetSettings = { enabled: true, maxDuration: DAY, notOlderThan: 14 * DAY, maxPageSize: 10_000, maxNumberOfFields: 30 };
// httpRequestsAdaptiveGroups on Free and Pro: 8 days back and 1 day per query are ours (no page states them).
const HTTP_LOWER: DatasetSettings = { ...LOWER, notOlderThan: 8 * DAY };

export const PLAN_LIMITS: Record<PlanLegacyId, Record<Dataset, DatasetSettings>> = {
  enterprise: { firewallEventsAdaptive: DOCUMENTED, firewallEventsAdaptiveGroups: DOCUMENTED, httpRequestsAdaptiveGroups: DOCUMENTED },
  business: { firewallEventsAdaptive: DOCUMENTED, firewallEventsAdaptiveGroups: DOCUMENTED, httpRequestsAdaptiveGroups: DOCUMENTED },
  pro: {
    firewallEventsAdaptive: LOWER,
    firewallEventsAdaptiveGroups: { ...LOWER, notOlderThan: 3 * DAY },
    httpRequestsAdaptiveGroups: HTTP_LOWER,
  },
  free: {
    firewallEventsAdaptive: LOWER,
    firewallEventsAdaptiveGroups: { ...LOWER, enabled: false },
    httpRequestsAdaptiveGroups: HTTP_LOWER,
  },
};

/** The platform's refusals carry the moment in `extensions.timestamp` (errors.mdx); `quota` as reported for limits. */
function refusal(message: string, code: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code, timestamp: new Date().toISOString() } });
}

/** Throws the platform's error when a query of `dataset` over [fromMs, toMs] with `limit` rows and `fields` is over the zone's limits. */
export function checkLimits(
  zoneTag: string,
  dataset: Dataset,
  settings: DatasetSettings,
  query: { range: { fromMs: number; toMs: number }; limit: number; fields: readonly string[] },
  nowMs: number,
): void {
  const { range, limit } = query;
  // errors.mdx: "does not have access to the path..." (HTTP 403) is how a dataset outside the plan is refused.
  if (!settings.enabled) throw refusal(`zone '${zoneTag}' does not have access to the path ${dataset}`, "authz");
  // errors.mdx lists `number of fields can't be more than...` (HTTP 400); the limit after it is ours to say.
  if (query.fields.length > settings.maxNumberOfFields)
    throw refusal(`number of fields can't be more than ${settings.maxNumberOfFields}`, "quota");
  if (!Number.isInteger(limit) || limit < 1 || limit > settings.maxPageSize) {
    throw refusal(`limit must be positive number and not greater than ${settings.maxPageSize}`, "quota");
  }
  // errors.mdx's example, word for word.
  if (range.fromMs < nowMs - settings.notOlderThan * 1000)
    throw refusal(`cannot request data older than ${settings.notOlderThan}s`, "quota");
  const seconds = Math.ceil((range.toMs - range.fromMs) / 1000);
  if (seconds > settings.maxDuration) {
    throw refusal(
      `query time range is too large for zone ${zoneTag}. Time range can't be wider than ${settings.maxDuration}s, but it's ${seconds}s`,
      "quota",
    );
  }
}

/** How the call log names a zone outside the token's accounts (`zones [...] are not authorized`, HTTP 403). */
export const ZONES_NOT_AUTHORIZED = "zones_not_authorized";

/** errors.mdx lists these refusals with HTTP 400 (limits) and 403 (access); other GraphQL errors stay 200. */
export function limitStatus(errors: ReadonlyArray<{ message: string; extensions?: Record<string, unknown> }>): number {
  if (errors.some((e) => e.extensions?.code === ZONES_NOT_AUTHORIZED)) return 403;
  if (errors.some((e) => e.extensions?.code === "quota")) return 400;
  if (errors.some((e) => e.message.includes("does not have access to the path"))) return 403;
  return 200;
}
