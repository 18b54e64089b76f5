// How dates, counts and durations read on every page: one module, so two views never say the same thing twice differently.

/** A count with thousands separators, the same on the server's render and in every browser ("12,345"). */
export function formatCount(value: number): string {
  return value.toLocaleString("en-US");
}

/** A share as a percentage with one decimal ("12.5%"). */
export function formatPercent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

/** The UTC day of an ISO timestamp as the platform wrote it ("2024-09-09"); a dash when there is none. */
export function formatDay(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 10) : "—";
}

/** The UTC month of an instant in milliseconds ("2024-09"), for a chart's axis. */
export function formatMonth(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

/** An instant as a time of day in the reader's own locale and time zone. */
export function formatTime(at: string | number): string {
  return new Date(at).toLocaleTimeString();
}

/** An instant as date and time in the reader's own locale and time zone. */
export function formatDateTime(at: string | number): string {
  return new Date(at).toLocaleString();
}

/** How long ago, roughly ("12 min", "3 h", "2 days"). */
export function formatAge(seconds: number): string {
  if (seconds < 60) return "less than a minute";
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
}

/** Whole seconds left until an instant in milliseconds, never negative ("42 s"). */
export function formatSecondsLeft(until: number, now: number): string {
  return `${Math.max(0, Math.ceil((until - now) / 1000))} s`;
}
