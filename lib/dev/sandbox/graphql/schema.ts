// The subset of the GraphQL analytics schema the sandbox serves: viewer.zones(filter:{zoneTag}) with the
// raw firewallEventsAdaptive dataset, its firewallEventsAdaptiveGroups aggregates and the `settings` node
// with both datasets' per-plan limits, which every query is held to. The raw rows have no `sampleInterval`:
// the docs give it on the groups only (`avg { sampleInterval }`, confidence-intervals.mdx), and an unknown
// field fails the whole query (errors.mdx); the rows keep it internally for the groups' estimates.
import { buildSchema, GraphQLError, type FieldNode, type GraphQLResolveInfo } from "graphql";
import type { PlanLegacyId } from "../types";
import { checkLimits, PLAN_LIMITS, type Dataset, type DatasetSettings } from "./dataset-limits";
import { selectedFieldPaths } from "./field-count";
import { HTTP_GROUP_FIELDS, httpRequestGroups } from "./http-requests";
import type { FirewallEvent } from "./seed-events";

/** The dataset's row limit per query on every plan (settings' maxPageSize). */
export const ROW_LIMIT = 10_000;

export const schema = buildSchema(`
  scalar Time
  scalar Date

  input ZoneFilter_InputObject { zoneTag: String, zoneTag_in: [String!] }

  input FirewallEventsAdaptiveFilter_InputObject {
    datetime_geq: Time, datetime_gt: Time, datetime_leq: Time, datetime_lt: Time
    source: String, source_in: [String!], source_neq: String
    action: String, action_in: [String!]
    ruleId: String, ruleId_in: [String!]
    rayName: String, rayName_in: [String!]
    clientRequestHTTPHost: String, clientRequestPath: String, clientCountryName: String, clientIP: String
  }

  enum FirewallEventsAdaptiveOrderBy { datetime_ASC, datetime_DESC, rayName_ASC, rayName_DESC }
  enum FirewallEventsAdaptiveGroupsOrderBy { count_ASC, count_DESC, datetimeHour_ASC, datetimeHour_DESC, date_ASC, date_DESC }

  type FirewallEventsAdaptive {
    rayName: String!, datetime: Time!, source: String!, action: String!, ruleId: String!, description: String!
    clientRequestHTTPHost: String!, clientRequestPath: String!, clientRequestQuery: String!
    clientIP: String!, clientCountryName: String!, clientAsn: String!, userAgent: String!
  }

  type FirewallEventsAdaptiveGroupsDimensions {
    action: String, source: String, ruleId: String, datetimeHour: Time, date: Date
    clientRequestHTTPHost: String, clientRequestPath: String, clientCountryName: String
  }
  type FirewallEventsAdaptiveGroupsAverage { sampleInterval: Float }
  type FirewallEventsAdaptiveGroups { count: Int!, avg: FirewallEventsAdaptiveGroupsAverage, dimensions: FirewallEventsAdaptiveGroupsDimensions }

  input HttpRequestsAdaptiveGroupsFilter_InputObject {
    datetime_geq: Time, datetime_gt: Time, datetime_leq: Time, datetime_lt: Time
    requestSource: String, requestSource_in: [String!]
    clientRequestHTTPHost: String, clientRequestHTTPHost_in: [String!]
    userAgentOS: String, userAgentOS_in: [String!]
  }
  enum HttpRequestsAdaptiveGroupsOrderBy { count_ASC, count_DESC, datetimeHour_ASC, datetimeHour_DESC, date_ASC, date_DESC }
  type HttpRequestsAdaptiveGroupsDimensions {
    clientRequestHTTPHost: String, userAgent: String, userAgentOS: String, requestSource: String, datetimeHour: Time, date: Date
  }
  type ConfidenceInterval { estimate: Float, lower: Float, upper: Float, sampleSize: Int }
  type HttpRequestsAdaptiveGroupsConfidence { count: ConfidenceInterval }
  type HttpRequestsAdaptiveGroups {
    count: Int!, avg: FirewallEventsAdaptiveGroupsAverage, dimensions: HttpRequestsAdaptiveGroupsDimensions
    confidence(level: Float!): HttpRequestsAdaptiveGroupsConfidence
  }

  type DatasetSettings { enabled: Boolean!, maxDuration: Int!, maxNumberOfFields: Int!, maxPageSize: Int!, notOlderThan: Int!, availableFields: [String!]! }
  type ZoneSettings {
    firewallEventsAdaptive: DatasetSettings, firewallEventsAdaptiveGroups: DatasetSettings, httpRequestsAdaptiveGroups: DatasetSettings
  }

  type Zone {
    zoneTag: String!
    settings: ZoneSettings
    firewallEventsAdaptive(
      filter: FirewallEventsAdaptiveFilter_InputObject!, limit: Int!, orderBy: [FirewallEventsAdaptiveOrderBy!]
    ): [FirewallEventsAdaptive!]!
    firewallEventsAdaptiveGroups(
      filter: FirewallEventsAdaptiveFilter_InputObject!, limit: Int!, orderBy: [FirewallEventsAdaptiveGroupsOrderBy!]
    ): [FirewallEventsAdaptiveGroups!]!
    httpRequestsAdaptiveGroups(
      filter: HttpRequestsAdaptiveGroupsFilter_InputObject!, limit: Int!, orderBy: [HttpRequestsAdaptiveGroupsOrderBy!]
    ): [HttpRequestsAdaptiveGroups!]!
  }
  type Viewer { zones(filter: ZoneFilter_InputObject!): [Zone!]! }
  type Query { viewer: Viewer! }
`);

type Filter = Record<string, string | string[] | null | undefined>;
/** A zone's events and plan; undefined when the account has no such zone. */
type ZoneData = (zoneTag: string) => { events: FirewallEvent[]; plan: PlanLegacyId; name?: string } | undefined;

const EVENT_FIELDS = [
  "rayName",
  "datetime",
  "source",
  "action",
  "ruleId",
  "description",
  "clientRequestHTTPHost",
  "clientRequestPath",
  "clientRequestQuery",
  "clientIP",
  "clientCountryName",
  "clientAsn",
  "userAgent",
];
const GROUP_FIELDS = [
  "count",
  "avg_sampleInterval",
  "dimensions_action",
  "dimensions_source",
  "dimensions_ruleId",
  "dimensions_datetimeHour",
  "dimensions_date",
];

const DIMENSIONS = [
  "action",
  "source",
  "ruleId",
  "datetimeHour",
  "date",
  "clientRequestHTTPHost",
  "clientRequestPath",
  "clientCountryName",
] as const;
type Dimension = (typeof DIMENSIONS)[number];

/** The root value: resolvers are functions on plain objects, called by graphql-js with (args, context, info).
 * `maxNumberOfFields` (the `graphqlMaxNumberOfFields` fault) stands in for the plan's, in settings and checks. */
export function rootValue(zoneData: ZoneData, nowMs: number, maxNumberOfFields?: number) {
  return {
    viewer: {
      zones: ({ filter }: { filter: { zoneTag?: string; zoneTag_in?: string[] } }) => {
        const tags = filter.zoneTag_in ?? (filter.zoneTag ? [filter.zoneTag] : []);
        if (tags.length === 0) throw new GraphQLError("zones: filter must name a zoneTag");
        return tags.map((zoneTag) => {
          const zone = zoneData(zoneTag);
          if (!zone)
            throw new GraphQLError(`zone '${zoneTag}' does not exist or you do not have access to it`, { extensions: { code: "authz" } });
          const limits = withFieldLimit(PLAN_LIMITS[zone.plan], maxNumberOfFields);
          const rows = (dataset: Dataset, args: { filter: Filter; limit: number }, info: GraphQLResolveInfo) => {
            const fields = selectedFieldPaths(info);
            return applyFilter(zone.events, args.filter, (range) =>
              checkLimits(zoneTag, dataset, limits[dataset], { range, limit: args.limit, fields }, nowMs),
            );
          };
          return {
            zoneTag,
            settings: {
              firewallEventsAdaptive: { ...limits.firewallEventsAdaptive, availableFields: EVENT_FIELDS },
              firewallEventsAdaptiveGroups: { ...limits.firewallEventsAdaptiveGroups, availableFields: GROUP_FIELDS },
              httpRequestsAdaptiveGroups: { ...limits.httpRequestsAdaptiveGroups, availableFields: HTTP_GROUP_FIELDS },
            },
            firewallEventsAdaptive: (
              args: { filter: Filter; limit: number; orderBy?: string[] },
              _context: unknown,
              info: GraphQLResolveInfo,
            ) => {
              const found = rows("firewallEventsAdaptive", args, info);
              if (args.orderBy?.[0]) found.sort(byField(args.orderBy[0]));
              return found.slice(0, args.limit);
            },
            firewallEventsAdaptiveGroups: (
              args: { filter: Filter; limit: number; orderBy?: string[] },
              _context: unknown,
              info: GraphQLResolveInfo,
            ) => groups(rows("firewallEventsAdaptiveGroups", args, info), requestedDimensions(info), args),
            httpRequestsAdaptiveGroups: (
              args: { filter: Filter; limit: number; orderBy?: string[] },
              _context: unknown,
              info: GraphQLResolveInfo,
            ) => {
              const range = boundsOf(args.filter);
              const query = { range, limit: args.limit, fields: selectedFieldPaths(info) };
              checkLimits(zoneTag, "httpRequestsAdaptiveGroups", limits.httpRequestsAdaptiveGroups, query, nowMs);
              return httpRequestGroups({ tag: zoneTag, name: zone.name ?? zoneTag }, args, info, range, nowMs);
            },
          };
        });
      },
    },
  };
}

function withFieldLimit(limits: Record<Dataset, DatasetSettings>, maxNumberOfFields: number | undefined): Record<Dataset, DatasetSettings> {
  if (!maxNumberOfFields) return limits;
  return {
    firewallEventsAdaptive: { ...limits.firewallEventsAdaptive, maxNumberOfFields },
    firewallEventsAdaptiveGroups: { ...limits.firewallEventsAdaptiveGroups, maxNumberOfFields },
    httpRequestsAdaptiveGroups: { ...limits.httpRequestsAdaptiveGroups, maxNumberOfFields },
  };
}

/** The filter's time range; the platform refuses a query without one (the sandbox's words). */
function boundsOf(filter: Filter): { fromMs: number; toMs: number } {
  const fromMs = time(filter.datetime_geq) ?? time(filter.datetime_gt);
  const toMs = time(filter.datetime_leq) ?? time(filter.datetime_lt);
  if (fromMs === undefined || toMs === undefined)
    throw new GraphQLError("the filter must bound datetime on both sides", { extensions: { code: "bad_input" } });
  return { fromMs, toMs };
}

function applyFilter(events: FirewallEvent[], filter: Filter, check: (range: { fromMs: number; toMs: number }) => void): FirewallEvent[] {
  const after = time(filter.datetime_geq) ?? time(filter.datetime_gt);
  const before = time(filter.datetime_leq) ?? time(filter.datetime_lt);
  if (after === undefined || before === undefined)
    throw new GraphQLError("the filter must bound datetime on both sides", { extensions: { code: "bad_input" } });
  check({ fromMs: after, toMs: before });
  return events.filter((event) => {
    const at = Date.parse(event.datetime);
    if (at < after || (filter.datetime_gt && at === after) || at > before || (filter.datetime_lt && at === before)) return false;
    if (filter.source_neq !== undefined && event.source === filter.source_neq) return false;
    for (const [name, value] of Object.entries(filter)) {
      if (value === undefined || value === null || name.startsWith("datetime") || name.endsWith("_neq")) continue;
      const field = name.replace(/_in$/, "") as keyof FirewallEvent;
      if (Array.isArray(value) ? !value.includes(String(event[field])) : String(event[field]) !== value) return false;
    }
    return true;
  });
}

function time(value: Filter[string]): number | undefined {
  if (typeof value !== "string") return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new GraphQLError(`not a Time: ${value}`, { extensions: { code: "bad_input" } });
  return ms;
}

function byField(orderBy: string) {
  const [field, direction] = orderBy.split("_") as [string, string];
  const sign = direction === "DESC" ? -1 : 1;
  return (a: object, b: object) =>
    sign * String((a as Record<string, unknown>)[field] ?? "").localeCompare(String((b as Record<string, unknown>)[field] ?? ""));
}

/** Groups are keyed by the dimensions the query selects, as on the platform. */
function requestedDimensions(info: GraphQLResolveInfo): Dimension[] {
  const dimensions = info.fieldNodes[0]?.selectionSet?.selections.find(
    (s): s is FieldNode => s.kind === "Field" && s.name.value === "dimensions",
  );
  const names = dimensions?.selectionSet?.selections.flatMap((s) => (s.kind === "Field" ? [s.name.value] : [])) ?? [];
  return DIMENSIONS.filter((d) => names.includes(d));
}

function dimensionOf(event: FirewallEvent, dimension: Dimension): string {
  if (dimension === "datetimeHour") return `${event.datetime.slice(0, 13)}:00:00Z`;
  if (dimension === "date") return event.datetime.slice(0, 10);
  return event[dimension];
}

function groups(events: FirewallEvent[], dimensions: Dimension[], args: { limit: number; orderBy?: string[] }) {
  const byKey = new Map<string, { count: number; rows: number; dimensions: Record<string, string> }>();
  for (const event of events) {
    const values = Object.fromEntries(dimensions.map((d) => [d, dimensionOf(event, d)]));
    const key = JSON.stringify(values);
    const group = byKey.get(key) ?? { count: 0, rows: 0, dimensions: values };
    // An adaptive group's count is the estimate (rows × their interval), as in confidence-intervals.mdx.
    group.count += event.sampleInterval;
    group.rows++;
    byKey.set(key, group);
  }
  const rows = [...byKey.values()].map(({ rows: n, ...group }) => ({ ...group, avg: { sampleInterval: group.count / n } }));
  const order = args.orderBy?.[0];
  if (order?.startsWith("count")) rows.sort((a, b) => (order.endsWith("DESC") ? b.count - a.count : a.count - b.count));
  else if (order) rows.sort((a, b) => byField(order)(a.dimensions, b.dimensions));
  return rows.slice(0, args.limit);
}
