// Reads a zone's window within one server request's subrequest budget and the rate limits: hourly counts
// first (firewallEventsAdaptiveGroups, one query per range of at most the dataset's maxDuration), then the
// raw events in slices under the row limit (maxPageSize) and maxDuration, 6 at a time. When
// the budget runs out or a limit asks for a long wait, it stops with a cursor; the next request continues
// the same read (from the window cache) with the slices not yet read: none is read twice or skipped.
import "server-only";
import { z } from "zod";
import type { PlatformClient } from "@/lib/platform/client";
import { InvalidCursorError } from "@/lib/errors/input-error";
import { decodeCursor, encodeCursor } from "@/lib/platform/cursor";
import { DeferredError, PlatformError, RateLimitDeferredError, type RateLimitName } from "@/lib/errors/platform-errors";
import { MAX_IN_FLIGHT } from "@/lib/platform/scheduler";
import { NEW_SOURCE, OLD_SOURCE, type FirewallEvent } from "@/lib/validation-mode/events";
import { eventsQuery, eventsSchema, hourlyCountsQuery, hourlyCountsSchema } from "@/lib/validation-mode/queries";
import { queryFields, type QueryFields } from "@/lib/validation-mode/query-fields";
import { DOCUMENTED_LIMITS, type ZoneDatasetLimits } from "@/lib/validation-mode/dataset-limits";
import { planSlices, splitEvenly, type Slice } from "@/lib/validation-mode/slices";
import { usableInterval } from "@/lib/validation-mode/sampling";
import { splitRange } from "@/lib/validation-mode/window-limits";
import { windowCache, type WindowCache } from "@/lib/validation-mode/window-cache";
import { isComplete, progressOf, type HourlyCounts, type ReadProgress, type WindowRead } from "@/lib/validation-mode/window-read-state";
import { isoSecond, type TimeWindow } from "@/lib/validation-mode/window";

/** firewallEventsAdaptive returns at most this many rows per query (the docs' maxPageSize; the zone's own wins). */
export const ROW_LIMIT = 10_000;
const SOURCES = [OLD_SOURCE, NEW_SOURCE];
const HOUR_MS = 3_600_000;
const OPERATION = "validation";
const cursorShape = {
  read: z.string().regex(/^[0-9a-f]{16}$/),
  zone: z.string(),
  since: z.string(),
  until: z.string(),
  startedAt: z.number().int(),
};

export interface ReadOptions {
  cursor?: string;
  refresh?: boolean;
  rowLimit?: number;
  onProgress?: (progress: ReadProgress) => void;
  cache?: WindowCache;
  /** The zone's dataset limits (settings); the documented example when not given. */
  limits?: ZoneDatasetLimits;
  /** A limit already stopped this request (reading the settings): answer the cursor without reading. */
  deferred?: DeferredError;
}

export interface WindowReadResult {
  read: WindowRead;
  complete: boolean;
  progress: ReadProgress;
  /** Continues the read in the next request; absent once complete. */
  cursor?: string;
  /** A rate limit stopped this part: continue after this many seconds. */
  retryAfterSeconds?: number;
  /** Which limit that was: the account's, or GraphQL analytics' own. */
  rateLimit?: RateLimitName;
}

/** A cursor of this operation for this zone, or a 400 naming `cursor`: checked before any upstream read. */
export function readCursor(zoneId: string, cursor: string) {
  const decoded = decodeCursor(OPERATION, cursorShape, cursor);
  if (decoded.zone !== zoneId) throw new InvalidCursorError();
  return decoded;
}

export async function readWindow(
  platform: PlatformClient,
  zoneId: string,
  window: TimeWindow,
  options: ReadOptions = {},
): Promise<WindowReadResult> {
  const cache = options.cache ?? windowCache;
  const limits = options.limits ?? { events: DOCUMENTED_LIMITS, groups: DOCUMENTED_LIMITS, assumed: [] };
  const rowLimit = Math.min(options.rowLimit ?? ROW_LIMIT, limits.events.maxPageSize);
  const fields = queryFields(limits);
  let read: WindowRead;
  if (options.cursor) {
    const cursor = readCursor(zoneId, options.cursor);
    read = cache.byId(cursor.read, zoneId, { since: cursor.since, until: cursor.until }, cursor.startedAt);
  } else read = cache.current(zoneId, window, options.refresh ?? false);

  const stop: { deferred?: DeferredError } = { deferred: options.deferred };
  try {
    if (!stop.deferred) await plan(platform, read, rowLimit, limits, fields);
    if (!stop.deferred) await readSlices(platform, read, { rowLimit, fields }, stop, options.onProgress);
  } catch (error) {
    if (!(error instanceof DeferredError)) throw error;
    stop.deferred = error;
  }
  const complete = isComplete(read);
  const result: WindowReadResult = { read, complete, progress: progressOf(read) };
  if (complete) return result;
  const { id, startedAt, window: w } = read;
  result.cursor = encodeCursor(OPERATION, { read: id, zone: zoneId, since: w.since, until: w.until, startedAt });
  if (stop.deferred && stop.deferred.retryAfterMs > 0) {
    result.retryAfterSeconds = Math.ceil(stop.deferred.retryAfterMs / 1000);
    if (stop.deferred instanceof RateLimitDeferredError) result.rateLimit = stop.deferred.limit;
  }
  return result;
}

/** The hourly counts give the slices; read once per window, whichever request gets there first. */
async function plan(
  platform: PlatformClient,
  read: WindowRead,
  rowLimit: number,
  limits: ZoneDatasetLimits,
  fields: QueryFields,
): Promise<void> {
  while (!read.slices) {
    if (read.planning) {
      await read.planning;
      continue;
    }
    let done = () => {};
    read.planning = new Promise<void>((resolve) => (done = resolve));
    try {
      const sinceMs = Date.parse(read.window.since);
      const untilMs = Date.parse(read.window.until);
      const counts: HourlyCounts = (read.counts ??= { rangesDone: 0, rows: new Map(), intervals: new Map() });
      const ranges = splitRange(sinceMs, untilMs + 1000, limits.groups.maxDurationSeconds);
      // One range after the other: a read stopped by the budget goes on from the first range not read.
      for (; counts.rangesDone < ranges.length; counts.rangesDone++)
        await readCounts(platform, read.zoneId, ranges[counts.rangesDone]!, limits, fields, counts);
      read.slices = planSlices(sinceMs, untilMs, counts.rows, rowLimit, limits.events.maxDurationSeconds).filter(
        (slice) => slice.expected > 0,
      );
    } finally {
      read.planning = undefined;
      done();
    }
  }
}

async function readCounts(
  platform: PlatformClient,
  zoneTag: string,
  range: { fromMs: number; toMs: number },
  limits: ZoneDatasetLimits,
  fields: QueryFields,
  counts: HourlyCounts,
) {
  const variables = {
    zoneTag,
    from: isoSecond(range.fromMs),
    to: isoSecond(range.toMs),
    sources: SOURCES,
    limit: Math.min(limits.groups.maxPageSize, ROW_LIMIT),
  };
  const answer = await platform.graphql(hourlyCountsQuery(fields.groups), variables, hourlyCountsSchema);
  for (const group of answer.viewer.zones[0]?.firewallEventsAdaptiveGroups ?? []) {
    const hour = isoSecond(Date.parse(group.dimensions.datetimeHour));
    const interval = usableInterval(group.avg?.sampleInterval);
    // `count` is an estimate (rows × their interval): the rows a query of that hour returns are fewer.
    counts.rows.set(hour, (counts.rows.get(hour) ?? 0) + Math.ceil(group.count / Math.max(1, interval ?? 1)));
    if (interval) counts.intervals.set(hour, interval);
  }
}

async function readSlices(
  platform: PlatformClient,
  read: WindowRead,
  query: { rowLimit: number; fields: QueryFields },
  stop: { deferred?: DeferredError },
  onProgress?: (progress: ReadProgress) => void,
): Promise<void> {
  const next = () => read.slices!.find((slice) => !slice.events && !slice.reading);
  const worker = async () => {
    for (let slice = next(); slice && !stop.deferred; slice = next()) {
      let done = () => {};
      slice.reading = new Promise<void>((resolve) => (done = resolve));
      try {
        const events = await readSlice(platform, read, slice, query);
        if (events.length >= query.rowLimit) {
          // Full: more events arrived than the counts said. Halve it, rather than lose any.
          const halves = splitEvenly(slice, 2);
          if (halves.length < 2) throw tooDense(slice, query.rowLimit);
          read.slices = read.slices!.flatMap((s) => (s === slice ? halves : [s]));
        } else {
          slice.events = events;
          onProgress?.(progressOf(read));
        }
      } catch (error) {
        if (!(error instanceof DeferredError)) throw error;
        // This request can make no more calls now: the slice stays unread for the next one.
        const earlier = stop.deferred as DeferredError | undefined; // set by another worker meanwhile
        if (!earlier || error.retryAfterMs > earlier.retryAfterMs) stop.deferred = error;
      } finally {
        slice.reading = undefined;
        done();
      }
    }
  };
  for (;;) {
    await Promise.all(Array.from({ length: MAX_IN_FLIGHT }, worker));
    // Slices another request is reading: wait for them (no call), then take any it had to leave.
    const elsewhere = read.slices!.flatMap((slice) => (slice.reading ? [slice.reading] : []));
    if (stop.deferred || elsewhere.length === 0) return;
    await Promise.all(elsewhere);
  }
}

async function readSlice(
  platform: PlatformClient,
  read: WindowRead,
  slice: Slice,
  query: { rowLimit: number; fields: QueryFields },
): Promise<FirewallEvent[]> {
  const variables = {
    zoneTag: read.zoneId,
    from: isoSecond(slice.fromMs),
    to: isoSecond(slice.toMs),
    sources: SOURCES,
    limit: query.rowLimit,
  };
  const data = await platform.graphql(eventsQuery(query.fields.events), variables, eventsSchema);
  const events = data.viewer.zones[0]?.firewallEventsAdaptive ?? [];
  // Raw rows carry no sampling figure: each takes its hour's average from the groups; without one it stays unknown.
  return events.map((event) => ({
    ...event,
    sampleInterval: read.counts?.intervals.get(isoSecond(Math.floor(Date.parse(event.datetime) / HOUR_MS) * HOUR_MS)) ?? null,
  }));
}

function tooDense(slice: Slice, rowLimit: number): PlatformError {
  const message = `POST /graphql holds more than ${rowLimit} firewall events in the second ${isoSecond(slice.fromMs)}; they cannot all be read`;
  return new PlatformError({ kind: "api", operation: "POST /graphql", message });
}
