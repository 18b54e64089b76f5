// What a count on a page covers while a listing is still being read: "190 of 240 zones read", and a
// count that may still grow shown as at least so many, never a bare 0 for what was not read. Pure.
import { formatCount } from "@/lib/client/format";

export interface Coverage {
  /** Items read so far (zones scanned, zones audited), the failed ones included. */
  read: number;
  /** How many the account has, once the server knows it. */
  total?: number;
  complete: boolean;
  /** Of `read`, how many could not be read (failed zones): their part of every count is unknown. */
  failed?: number;
  /** Plural noun of what is counted: "zones". */
  noun: string;
}

/** Every item read and none failed: only then is a count exact. */
export function isExact(coverage: Coverage): boolean {
  return coverage.complete && !coverage.failed;
}

/** "All 240 zones read", "190 of 240 zones read", "240 of 240 zones read, 2 failed", or the total not known yet. */
export function coverageLabel({ read, total, complete, failed = 0, noun }: Coverage): string {
  const failures = failed > 0 ? `, ${failed} failed` : "";
  if (complete && failed === 0) return `All ${read} ${noun} read`;
  if (complete) return `${read} of ${read} ${noun} read${failures}`;
  if (total === undefined) return `${read} ${noun} read${failures}; the account's total is not known yet`;
  return `${read} of ${total} ${noun} read${failures}`;
}

/** A count over what was read: exact when it is; "12+" while it may grow; "—" for a 0 not yet known. */
export function partialCount(count: number, exact: boolean): string {
  if (exact) return formatCount(count);
  return count === 0 ? "—" : `${formatCount(count)}+`;
}

/** The hover and screen-reader text of a partial count: what it is at least, and over how much. */
export function partialCountTitle(count: number, coverage: Coverage): string | undefined {
  if (isExact(coverage)) return undefined;
  const over = coverageLabel(coverage);
  return count === 0 ? `None found yet: ${over}` : `At least ${formatCount(count)}: ${over}`;
}
