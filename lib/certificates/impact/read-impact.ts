// Reading one zone's impact: its settings for httpRequestsAdaptiveGroups (kept an hour), then per range of
// the window the totals and the user agents of the hosts asked. A read the GraphQL budget cuts short returns
// what it has and says how much of the window that covers, as every partial read does.
import "server-only";
import { ConflictError } from "@/lib/errors/conflict-error";
import { DeferredError } from "@/lib/errors/platform-errors";
import type { PlatformClient } from "@/lib/platform/client";
import {
  parseRequestsLimits,
  REQUESTS_DATASET,
  REQUESTS_SETTINGS_QUERY,
  requestsSettingsSchema,
  type RequestsLimits,
} from "@/lib/certificates/impact/dataset";
import { hostImpacts, type HostImpact } from "@/lib/certificates/impact/host-impact";
import { impactRanges } from "@/lib/certificates/impact/impact-window";
import { groupsOf, impactAnswerSchema, impactFields, impactQuery, type RequestGroup } from "@/lib/certificates/impact/query";
import { SettingsCache } from "@/lib/validation-mode/limits-cache";
import type { OmittedField } from "@/lib/validation-mode/query-fields";

export interface ZoneImpact {
  zoneId: string;
  since: string;
  until: string;
  hosts: HostImpact[];
  /** Hosts asked that a query cannot name: a wildcard matches names the dataset only has one by one. */
  notRead: Array<{ host: string; reason: string }>;
  ranges: { read: number; total: number };
  complete: boolean;
  /** Ranges whose user-agent query filled its page (`maxPageSize` rows): its smallest groups are counted as unknown. */
  truncatedRanges: number;
  omitted: OmittedField[];
  assumed: string[];
  retryAfterSeconds?: number;
}

export async function readRequestsLimits(platform: PlatformClient, zoneId: string): Promise<RequestsLimits> {
  return parseRequestsLimits(await platform.graphql(REQUESTS_SETTINGS_QUERY, { zoneTag: zoneId }, requestsSettingsSchema));
}

export const requestsLimitsCache = new SettingsCache<RequestsLimits>(readRequestsLimits);

export async function readZoneImpact(
  platform: PlatformClient,
  zoneId: string,
  asked: readonly string[],
  windowSeconds: number,
  options: { now?: number; cache?: SettingsCache<RequestsLimits> } = {},
): Promise<ZoneImpact> {
  const { limits, assumed } = await (options.cache ?? requestsLimitsCache).get(platform, zoneId);
  if (!limits.enabled) {
    throw new ConflictError(
      `The zone ${zoneId}'s plan does not include the GraphQL dataset ${REQUESTS_DATASET} (settings: enabled is false)`,
      "dataset_not_enabled",
      { datasets: [REQUESTS_DATASET] },
    );
  }
  const fields = impactFields(limits);
  const { since, until, ranges } = impactRanges(windowSeconds, limits, options.now ?? Date.now());
  const hosts = [...new Set(asked.map((h) => h.toLowerCase()))].filter((h) => !h.includes("*"));
  const notRead = asked
    .filter((h) => h.includes("*"))
    .map((host) => ({ host, reason: "a wildcard: the dataset counts requests by the name asked" }));
  const totals: RequestGroup[] = [];
  const agents: RequestGroup[] = [];
  let read = 0;
  let truncatedRanges = 0;
  let retryAfterSeconds: number | undefined;
  const limit = limits.maxPageSize;
  for (const range of hosts.length > 0 ? ranges : []) {
    const variables = { zoneTag: zoneId, from: range.from, to: range.to, hosts, limit };
    try {
      const answer = groupsOf(await platform.graphql(impactQuery(fields), variables, impactAnswerSchema));
      totals.push(...answer.totals);
      agents.push(...answer.agents);
      if (answer.agents.length >= limit) truncatedRanges++;
      read++;
    } catch (error) {
      // Budget spent: keep what was read if anything was, and say when to continue.
      if (!(error instanceof DeferredError) || read === 0) throw error;
      retryAfterSeconds = Math.ceil(error.retryAfterMs / 1000);
      break;
    }
  }
  const total = hosts.length > 0 ? ranges.length : 0;
  return {
    zoneId,
    since,
    until,
    hosts: hostImpacts(hosts, totals, agents),
    notRead,
    ranges: { read, total },
    complete: read === total,
    truncatedRanges,
    omitted: fields.omitted,
    assumed,
    ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
  };
}
