// What a count on a page covers while a listing is still being read: "190 of 240 zones read", and a
// count that may still grow shown as at least so many, never a bare 0 for what was not read. Pure.

export interface Coverage {
  /** Items read so far (zones scanned, zones audited). */
  read: number;
  /** How many the account has, once the server knows it. */
  total?: number;
  complete: boolean;
  /** Plural noun of what is counted: "zones". */
  noun: string;
}

/** "All 240 zones read", "190 of 240 zones read", "190 zones read; the account's total is not known yet". */
export function coverageLabel({ read, total, complete, noun }: Coverage): string {
  if (complete) return `All ${read} ${noun} read`;
  if (total === undefined) return `${read} ${noun} read; the account's total is not known yet`;
  return `${read} of ${total} ${noun} read`;
}

/** A count over what was read: exact when complete; "12+" while it may grow; "—" for a 0 not yet known. */
export function partialCount(count: number, complete: boolean): string {
  if (complete) return count.toLocaleString("en-US");
  return count === 0 ? "—" : `${count.toLocaleString("en-US")}+`;
}

/** The hover and screen-reader text of a partial count: what it is at least, and over how much. */
export function partialCountTitle(count: number, coverage: Coverage): string | undefined {
  if (coverage.complete) return undefined;
  const over = coverageLabel(coverage);
  return count === 0 ? `None found yet: ${over}` : `At least ${count.toLocaleString("en-US")}: ${over}`;
}
