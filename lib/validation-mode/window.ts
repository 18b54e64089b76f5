// The time window of a comparison, checked: each mistake is an InputError naming `since` or `until`.
import { InputError } from "@/lib/errors/input-error";

export const DAY_MS = 86_400_000;
/** The default window, and the longest one: the dataset keeps about a month of events. */
export const DEFAULT_WINDOW_DAYS = 7;
export const MAX_WINDOW_DAYS = 30;

export interface TimeWindow {
  since: string;
  until: string;
}

function parseInstant(field: "since" | "until", raw: string): number {
  // ISO 8601 with a date and a time and a zone (Z or ±hh:mm), so "3/4/2025" is not guessed at.
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(raw) ? Date.parse(raw) : NaN;
  if (Number.isNaN(ms)) throw new InputError(field, `${field} must be an ISO 8601 date and time with a zone, e.g. 2025-03-01T00:00:00Z`);
  return ms;
}

/** Absent bounds default to the last 7 days before `now`; times are whole seconds, as the dataset's. */
export function parseWindow(since: string | null | undefined, until: string | null | undefined, now: number): TimeWindow {
  const untilMs = until ? parseInstant("until", until) : now;
  const sinceMs = since ? parseInstant("since", since) : untilMs - DEFAULT_WINDOW_DAYS * DAY_MS;
  if (untilMs <= sinceMs) throw new InputError("until", "until must be after since");
  if (untilMs - sinceMs > MAX_WINDOW_DAYS * DAY_MS)
    throw new InputError("since", `the window from since to until must be at most ${MAX_WINDOW_DAYS} days`);
  return { since: isoSecond(sinceMs), until: isoSecond(untilMs) };
}

export function isoSecond(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.000Z$/, "Z");
}
