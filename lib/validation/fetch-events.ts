// Reads every firewall event of both managed-rule versions in a window: hourly counts first, then the
// raw events in slices under the row limit (a slice that still comes back full is halved and read again).
import "server-only";
import type { PlatformClient } from "@/lib/platform/client";
import { PlatformError } from "@/lib/platform/errors";
import { NEW_SOURCE, OLD_SOURCE, type FirewallEvent } from "@/lib/validation/events";
import { EVENTS_QUERY, eventsSchema, HOURLY_COUNTS_QUERY, hourlyCountsSchema } from "@/lib/validation/queries";
import { planSlices, splitEvenly, type Slice } from "@/lib/validation/slices";
import { isoSecond, type TimeWindow } from "@/lib/validation/window";

/** firewallEventsAdaptive returns at most this many rows per query. */
export const ROW_LIMIT = 10_000;
const SOURCES = [OLD_SOURCE, NEW_SOURCE];

export interface FetchProgress {
  slicesDone: number;
  slices: number;
  events: number;
}

export interface FetchedEvents {
  events: FirewallEvent[];
  /** Queries of raw events the window took (1 when it fits one). */
  slices: number;
}

export async function fetchFirewallEvents(
  platform: PlatformClient,
  zoneId: string,
  window: TimeWindow,
  options: { rowLimit?: number; onProgress?: (progress: FetchProgress) => void } = {},
): Promise<FetchedEvents> {
  const rowLimit = options.rowLimit ?? ROW_LIMIT;
  const sinceMs = Date.parse(window.since);
  const untilMs = Date.parse(window.until);
  const counts = await platform.graphql(HOURLY_COUNTS_QUERY, { zoneTag: zoneId, from: window.since, to: isoSecond(untilMs + 1000), sources: SOURCES }, hourlyCountsSchema);
  const hours = new Map(
    (counts.viewer.zones[0]?.firewallEventsAdaptiveGroups ?? []).map((g) => [isoSecond(Date.parse(g.dimensions.datetimeHour)), g.count]),
  );
  const planned = planSlices(sinceMs, untilMs, hours, rowLimit).filter((slice) => slice.expected > 0);
  const progress: FetchProgress = { slicesDone: 0, slices: planned.length, events: 0 };
  options.onProgress?.({ ...progress });

  const readSlice = async (slice: Slice): Promise<FirewallEvent[]> => {
    const data = await platform.graphql(
      EVENTS_QUERY,
      { zoneTag: zoneId, from: isoSecond(slice.fromMs), to: isoSecond(slice.toMs), sources: SOURCES, limit: rowLimit },
      eventsSchema,
    );
    const events = data.viewer.zones[0]?.firewallEventsAdaptive ?? [];
    if (events.length >= rowLimit) {
      // Full: more events arrived than the counts said. Halve it, rather than lose any.
      const halves = splitEvenly(slice, 2);
      if (halves.length < 2) {
        const message = `POST /graphql holds more than ${rowLimit} firewall events in the second ${isoSecond(slice.fromMs)}; they cannot all be read`;
        throw new PlatformError({ kind: "api", operation: "POST /graphql", message });
      }
      progress.slices += 1;
      return (await Promise.all(halves.map(readSlice))).flat();
    }
    progress.slicesDone++;
    progress.events += events.length;
    options.onProgress?.({ ...progress });
    return events;
  };
  const events = (await Promise.all(planned.map(readSlice))).flat();
  return { events, slices: progress.slices };
}
