// Slicing a window so that each query of raw events stays under the dataset's row limit (`maxPageSize`) and
// its time range under `maxDuration`: hours are packed by their expected rows (from firewallEventsAdaptiveGroups),
// an hour over the limit is cut in equal parts, and a slice wider than `maxDuration` is cut too.
import { isoSecond } from "@/lib/validation-mode/window";

const HOUR_MS = 3_600_000;

export interface Slice {
  /** Whole seconds, start inclusive, end exclusive: the last slice ends 1 s after `until`, so `until` is in. */
  fromMs: number;
  toMs: number;
  expected: number;
}

/** `hourCounts` maps an hour's start (`2025-03-01T10:00:00Z`) to the rows it holds in the window (sampled
 * rows: the group's estimated count divided by its average sample interval). */
export function planSlices(
  sinceMs: number,
  untilMs: number,
  hourCounts: ReadonlyMap<string, number>,
  rowLimit: number,
  maxDurationSeconds = Number.POSITIVE_INFINITY,
): Slice[] {
  const maxMs = maxDurationSeconds * 1000;
  const slices: Slice[] = [];
  let current: Slice | undefined;
  for (let hour = Math.floor(sinceMs / HOUR_MS) * HOUR_MS; hour <= untilMs; hour += HOUR_MS) {
    const fromMs = Math.max(hour, sinceMs);
    const toMs = Math.min(hour + HOUR_MS, untilMs + 1000);
    const count = hourCounts.get(isoSecond(hour)) ?? 0;
    if (count > rowLimit) {
      if (current) slices.push(current);
      current = undefined;
      slices.push(...splitEvenly({ fromMs, toMs, expected: count }, Math.ceil(count / rowLimit) + 1));
    } else if (current && current.expected + count <= rowLimit && toMs - current.fromMs <= maxMs) {
      current.toMs = toMs;
      current.expected += count;
    } else {
      if (current) slices.push(current);
      current = { fromMs, toMs, expected: count };
    }
  }
  if (current) slices.push(current);
  return slices
    .filter((slice) => slice.toMs > slice.fromMs)
    .flatMap((slice) => (slice.toMs - slice.fromMs > maxMs ? splitEvenly(slice, Math.ceil((slice.toMs - slice.fromMs) / maxMs)) : [slice]));
}

/** Equal parts of whole seconds (the dataset's precision); the expected count is an estimate. */
export function splitEvenly(slice: Slice, parts: number): Slice[] {
  const seconds = Math.max(1, Math.floor((slice.toMs - slice.fromMs) / 1000));
  const n = Math.min(parts, seconds);
  const out: Slice[] = [];
  for (let i = 0; i < n; i++) {
    const fromMs = slice.fromMs + Math.floor((seconds * i) / n) * 1000;
    const toMs = i === n - 1 ? slice.toMs : slice.fromMs + Math.floor((seconds * (i + 1)) / n) * 1000;
    out.push({ fromMs, toMs, expected: Math.ceil(slice.expected / n) });
  }
  return out;
}
