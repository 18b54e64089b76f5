// A dataset limit's length in words ("3 days (259200 s)"), for the page and the server's messages alike.
// Its own module: the page imports it, and window-limits.ts brings zod, which must stay out of the browser.

export function describeSeconds(seconds: number): string {
  if (seconds % 86_400 === 0) return `${seconds / 86_400} day${seconds === 86_400 ? "" : "s"} (${seconds} s)`;
  if (seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? "" : "s"} (${seconds} s)`;
  return `${seconds} s`;
}
