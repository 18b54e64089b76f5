// The GraphQL analytics queries of a comparison; the window and sources travel as variables. Each query's
// time range is at most the dataset's `maxDuration`, and its `limit` at most its `maxPageSize`.
import { z } from "zod";
import { firewallEventSchema } from "@/lib/validation-mode/event-schema";
import { EVENT_FIELDS } from "@/lib/validation-mode/events";

/** `count` of an adaptive dataset's group is already an estimate (sampled rows × their interval), and
 * `avg.sampleInterval` says by how much it was scaled (cloudflare-docs graphql-api/features/confidence-intervals.mdx). */
export const HOURLY_COUNTS_QUERY = `query HourlyCounts($zoneTag: String!, $from: Time!, $to: Time!, $sources: [String!], $limit: Int!) {
  viewer {
    zones(filter: { zoneTag: $zoneTag }) {
      firewallEventsAdaptiveGroups(filter: { datetime_geq: $from, datetime_lt: $to, source_in: $sources }, limit: $limit, orderBy: [datetimeHour_ASC]) {
        count
        avg { sampleInterval }
        dimensions { datetimeHour }
      }
    }
  }
}`;

export const EVENTS_QUERY = `query FirewallEvents($zoneTag: String!, $from: Time!, $to: Time!, $sources: [String!], $limit: Int!) {
  viewer {
    zones(filter: { zoneTag: $zoneTag }) {
      firewallEventsAdaptive(filter: { datetime_geq: $from, datetime_lt: $to, source_in: $sources }, limit: $limit, orderBy: [datetime_ASC]) {
        ${EVENT_FIELDS.join(" ")}
      }
    }
  }
}`;

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
