// The window an impact figure covers: `window=7d` (default) or `window=48h`, ending now. It must lie within
// what the dataset keeps (`notOlderThan` of the zone's settings, less a margin for the reads' own duration):
// a longer one is a 400 naming `window`; each query then covers at most `maxDuration` (window-limits.ts).
import { InputError } from "@/lib/errors/input-error";
import { describeSeconds } from "@/lib/validation-mode/duration-words";
import { AGE_MARGIN_MS, splitRange } from "@/lib/validation-mode/window-limits";
import { isoSecond } from "@/lib/validation-mode/window";
import type { DatasetLimits } from "@/lib/validation-mode/dataset-limits";

export const DEFAULT_WINDOW_SECONDS = 7 * 86_400;
const MAX_WINDOW_SECONDS = 31 * 86_400;

/** `7d`, `48h` → seconds; a 400 naming `window` for anything else. */
export function parseWindowParam(value: string | null): number {
  if (value === null || value === "") return DEFAULT_WINDOW_SECONDS;
  const match = /^(\d{1,3})(h|d)$/.exec(value);
  const seconds = match ? Number(match[1]) * (match[2] === "d" ? 86_400 : 3_600) : 0;
  if (seconds < 3_600 || seconds > MAX_WINDOW_SECONDS) {
    throw new InputError("window", "window must be a number of hours or days between 1h and 31d, such as 7d or 48h");
  }
  return seconds;
}

export interface ImpactRange {
  from: string;
  to: string;
}

/** The window's ranges, each at most the dataset's `maxDuration`; a 400 when the dataset does not reach back so far. */
export function impactRanges(
  windowSeconds: number,
  limits: DatasetLimits,
  nowMs: number,
): { since: string; until: string; ranges: ImpactRange[] } {
  const reachMs = limits.notOlderThanSeconds * 1000 - AGE_MARGIN_MS;
  if (windowSeconds * 1000 > reachMs) {
    throw new InputError(
      "window",
      `window must be at most ${describeSeconds(Math.floor(reachMs / 1000))}: the zone's HTTP requests reach back ` +
        `${describeSeconds(limits.notOlderThanSeconds)} (notOlderThan)`,
    );
  }
  const untilMs = Math.floor(nowMs / 1000) * 1000;
  const sinceMs = untilMs - windowSeconds * 1000;
  const ranges = splitRange(sinceMs, untilMs, limits.maxDurationSeconds).map((r) => ({ from: isoSecond(r.fromMs), to: isoSecond(r.toMs) }));
  return { since: isoSecond(sinceMs), until: isoSecond(untilMs), ranges };
}
