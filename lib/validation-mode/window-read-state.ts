// The state of reading one zone's window: the slices planned from the hourly counts, each slice's events
// once read, and (when every slice is read) the joined requests. Shared by the summary, the drill-down and
// the CSV export, and continued across server requests: this is what a cursor points at.
import type { FirewallEvent } from "@/lib/validation-mode/events";
import { joinRequests, type ComparedRequest } from "@/lib/validation-mode/join";
import { estimateEvents } from "@/lib/validation-mode/sampling";
import type { Slice } from "@/lib/validation-mode/slices";
import type { TimeWindow } from "@/lib/validation-mode/window";

export interface SliceRead extends Slice {
  events?: FirewallEvent[];
  /** Set while some request reads it, so a second request waits for it instead of reading it again. */
  reading?: Promise<void>;
}

export interface WindowRead {
  id: string;
  zoneId: string;
  window: TimeWindow;
  /** When the read started (epoch ms): the freshness of what it holds. */
  startedAt: number;
  /** The hourly counts read so far, one query per range of at most the groups' `maxDuration`. */
  counts?: HourlyCounts;
  /** Undefined until the hourly counts are read. */
  slices?: SliceRead[];
  planning?: Promise<void>;
  /** Kept once every slice is read; the slices' events are then let go. */
  joined?: JoinedRead;
}

export interface HourlyCounts {
  /** Ranges of the window whose counts are read (they are read in order). */
  rangesDone: number;
  /** Sampled rows expected per hour start (`2025-03-01T10:00:00Z`). */
  rows: Map<string, number>;
  /** The hour's average sample interval: stands in for an event's own when the answer lacks it. */
  intervals: Map<string, number>;
}

export interface JoinedRead {
  requests: ComparedRequest[];
  /** Rows read. */
  events: number;
  /** Events they stand for (each row weighed by its sample interval). */
  estimatedEvents: number;
}

/** Slices read so far, slices in all, events read so far: the progress a page shows. */
export interface ReadProgress {
  slicesDone: number;
  slices: number;
  events: number;
}

export function progressOf(read: WindowRead): ReadProgress {
  const slices = read.slices ?? [];
  if (read.joined) return { slicesDone: slices.length, slices: slices.length, events: read.joined.events };
  const done = slices.filter((slice) => slice.events);
  return { slicesDone: done.length, slices: slices.length, events: done.reduce((n, slice) => n + slice.events!.length, 0) };
}

export function isComplete(read: WindowRead): boolean {
  return read.joined !== undefined || (read.slices !== undefined && read.slices.every((slice) => slice.events));
}

/** The requests joined from what has been read: the whole window once complete (joined once, then kept). */
export function requestsSoFar(read: WindowRead): JoinedRead {
  if (read.joined) return read.joined;
  const events = (read.slices ?? []).flatMap((slice) => slice.events ?? []);
  const joined = { requests: joinRequests(events), events: events.length, estimatedEvents: estimateEvents(events) };
  if (isComplete(read)) {
    read.joined = joined;
    for (const slice of read.slices!) slice.events = [];
  }
  return joined;
}
