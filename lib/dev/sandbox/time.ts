// v4 timestamps carry microseconds (`2014-01-01T05:20:00.123456Z`); JavaScript dates stop at milliseconds.
import type { Random } from "./random";

/** ISO 8601 UTC with six fractional digits; the extra three come from the PRNG. */
export function isoMicro(ms: number, rng: Random): string {
  const micros = String(rng.int(0, 999)).padStart(3, "0");
  return new Date(ms).toISOString().replace(/Z$/, `${micros}Z`);
}

/** A moment in [fromMs, toMs], whole milliseconds. */
export function between(rng: Random, fromMs: number, toMs: number): number {
  return fromMs + Math.floor(rng.float() * Math.max(0, toMs - fromMs));
}

export const DAY_MS = 86_400_000;
/** Fixed bounds (never `Date.now()`), so a seed produces the same data on every run. */
export const SEED_EPOCH_START = Date.UTC(2014, 0, 1);
export const SEED_EPOCH_END = Date.UTC(2024, 7, 1);
