// The GraphQL analytics queries of a comparison; the window and sources travel as variables. Each query's
// time range is at most the dataset's `maxDuration`, its `limit` at most its `maxPageSize`, and its fields
// those query-fields.ts chose from the zone's settings (`availableFields`, `maxNumberOfFields`).
import { z } from "zod";
import { firewallEventSchema } from "@/lib/validation-mode/event-schema";
import {
  OPTIONAL_EVENT_FIELDS,
  OPTIONAL_GROUP_FIELDS,
  REQUIRED_EVENT_FIELDS,
  REQUIRED_GROUP_FIELDS,
  selectionOf,
} from "@/lib/validation-mode/query-fields";

/** `count` of an adaptive dataset's group is already an estimate (sampled rows × their interval), and
 * `avg.sampleInterval` says by how much it was scaled (cloudflare-docs graphql-api/features/confidence-intervals.mdx).
 * The raw rows have no documented `sampleInterval`: a row's figure is its hour's average, read here. */
export function hourlyCountsQuery(fields: readonly string[]): string {
  return `query HourlyCounts($zoneTag: String!, $from: Time!, $to: Time!, $sources: [String!], $limit: Int!) {
  viewer {
    zones(filter: { zoneTag: $zoneTag }) {
      firewallEventsAdaptiveGroups(filter: { datetime_geq: $from, datetime_lt: $to, source_in: $sources }, limit: $limit, orderBy: [datetimeHour_ASC]) {
        ${selectionOf(fields)}
      }
    }
  }
}`;
}

export function eventsQuery(fields: readonly string[]): string {
  return `query FirewallEvents($zoneTag: String!, $from: Time!, $to: Time!, $sources: [String!], $limit: Int!) {
  viewer {
    zones(filter: { zoneTag: $zoneTag }) {
      firewallEventsAdaptive(filter: { datetime_geq: $from, datetime_lt: $to, source_in: $sources }, limit: $limit, orderBy: [datetime_ASC]) {
        ${selectionOf(fields)}
      }
    }
  }
}`;
}

/** Every field each query may select: what is sent when the settings allow all of them. */
export const HOURLY_COUNTS_QUERY = hourlyCountsQuery([...REQUIRED_GROUP_FIELDS, ...OPTIONAL_GROUP_FIELDS]);
export const EVENTS_QUERY = eventsQuery([...REQUIRED_EVENT_FIELDS, ...OPTIONAL_EVENT_FIELDS]);

const zonesOf = <T extends z.ZodType>(zone: T) => z.object({ viewer: z.object({ zones: z.array(zone) }) });

export const hourlyCountsSchema = zonesOf(
  z.object({
    firewallEventsAdaptiveGroups: z.array(
      z.object({
        count: z.number(),
        avg: z.object({ sampleInterval: z.number().nullish() }).nullish(),
        dimensions: z.object({ datetimeHour: z.string() }),
      }),
    ),
  }),
);

export const eventsSchema = zonesOf(z.object({ firewallEventsAdaptive: z.array(firewallEventSchema) }));
