// The two GraphQL analytics queries of a comparison; the window and sources travel as variables.
import { z } from "zod";
import { firewallEventSchema } from "@/lib/validation/event-schema";
import { EVENT_FIELDS } from "@/lib/validation/events";

export const HOURLY_COUNTS_QUERY = `query HourlyCounts($zoneTag: String!, $from: Time!, $to: Time!, $sources: [String!]) {
  viewer {
    zones(filter: { zoneTag: $zoneTag }) {
      firewallEventsAdaptiveGroups(filter: { datetime_geq: $from, datetime_lt: $to, source_in: $sources }, limit: 10000, orderBy: [datetimeHour_ASC]) {
        count
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
  z.object({ firewallEventsAdaptiveGroups: z.array(z.object({ count: z.number(), dimensions: z.object({ datetimeHour: z.string() }) })) }),
);

export const eventsSchema = zonesOf(z.object({ firewallEventsAdaptive: z.array(firewallEventSchema) }));
