// The dataset limits applied to a comparison's window: a dataset the zone's plan does not include is said
// so; a `since` older than `notOlderThan` is refused (400 naming `since` and the limit), and every query's
// time range is cut to at most `maxDuration`.
import { ConflictError } from "@/lib/errors/conflict-error";
import { InputError } from "@/lib/errors/input-error";
import { EVENTS_DATASET, GROUPS_DATASET, type ZoneDatasetLimits } from "@/lib/validation-mode/dataset-limits";
import { describeSeconds } from "@/lib/validation-mode/duration-words";
import { isoSecond, type TimeWindow } from "@/lib/validation-mode/window";

/** Reads go on for minutes (rate-limit pauses): a `since` this close to the limit would age out meanwhile. */
export const AGE_MARGIN_MS = 10 * 60_000;

/** Both datasets must be enabled for the zone: the comparison reads counts and events. */
export function requireEnabled(zoneId: string, limits: ZoneDatasetLimits): void {
  const disabled = [limits.events.enabled ? undefined : EVENTS_DATASET, limits.groups.enabled ? undefined : GROUPS_DATASET].filter(Boolean);
  if (disabled.length === 0) return;
  throw new ConflictError(
    `The zone ${zoneId}'s plan does not include the GraphQL dataset${disabled.length > 1 ? "s" : ""} ${disabled.join(" and ")} ` +
      `(settings: enabled is false), so its firewall events cannot be compared here`,
    "dataset_not_enabled",
    { datasets: disabled },
  );
}

/**
 * The window within the dataset's reach: an explicit `since` older than `notOlderThan` (less a margin) is a
 * 400; the default window (no `since` given) starts at the oldest instant allowed instead.
 */
export function windowWithinReach(window: TimeWindow, limits: ZoneDatasetLimits, now: number, sinceGiven: boolean): TimeWindow {
  const reach = Math.min(limits.events.notOlderThanSeconds, limits.groups.notOlderThanSeconds);
  const oldest = now - reach * 1000 + AGE_MARGIN_MS;
  if (Date.parse(window.since) >= oldest) return window;
  if (sinceGiven || Date.parse(window.until) <= oldest) {
    throw new InputError(
      "since",
      `since must be no earlier than ${isoSecond(oldest + 1000)}: the zone's firewall events reach back ${describeSeconds(reach)} (notOlderThan)`,
    );
  }
  return { since: isoSecond(oldest + 1000), until: window.until };
}

/** [fromMs, toMs) cut into consecutive ranges of at most `maxSeconds`, on whole seconds. */
export function splitRange(fromMs: number, toMs: number, maxSeconds: number): Array<{ fromMs: number; toMs: number }> {
  const step = Math.max(1, Math.floor(maxSeconds)) * 1000;
  const ranges: Array<{ fromMs: number; toMs: number }> = [];
  for (let start = fromMs; start < toMs; start += step) ranges.push({ fromMs: start, toMs: Math.min(start + step, toMs) });
  return ranges;
}
